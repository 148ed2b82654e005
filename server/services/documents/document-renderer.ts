/**
 * Where documents are built and written. The server hands this work to its worker threads
 * (services/workers/worker-pool.ts), so that a large company file never holds up other requests;
 * tests and scripts may do it in their own thread. Both run the functions below, so a document is
 * the same whichever thread writes it.
 */
import {
  NoTemplateError,
  type DocumentBuilder,
  type DocumentSku,
  type PreviewDocument,
} from './build-document';
import type { components } from '../../../src/lib/api/schema';
import type { DocumentPreviewBlock } from './document-model';
import type { DocumentLanguage } from './formats';
import { unprintableCharacters, type QualifiedField, type SignaturePage } from './pdf-writer';
import { asDelivered, writeDocument, type DocumentFormat } from './write-document';

export type DocumentPreview = components['schemas']['DocumentPreview'];
export type { QualifiedField, SignaturePage, SignaturePageSigner } from './pdf-writer';

export interface PreviewRequest {
  sku: DocumentSku;
  data: Record<string, unknown>;
  language?: DocumentLanguage;
  /** Keep the standard clauses back (a document the user has not bought). */
  withhold: boolean;
  /** Only this person's declaration (see FileRequest's `onlyPersonId`). */
  onlyPersonId?: string;
}

export interface FileRequest {
  sku: DocumentSku;
  data: Record<string, unknown>;
  language?: DocumentLanguage;
  format: DocumentFormat;
  /**
   * When the document was made (ISO 8601): its PDF's dates and identifier are those of this moment,
   * so that the same request writes the same bytes again (a signing round renders each document at
   * its start, then again with the signature page). Now, when absent.
   */
  createdAt?: string;
  /** A last page listing the electronic signatures (PDF only): see pdf-writer.ts. */
  signaturePage?: SignaturePage;
  /**
   * A last page with one empty signature field per signatory, for a qualified signature made in a
   * PDF reader (Romania's online filing; PDF only).
   */
  qualifiedFields?: QualifiedField[];
  /**
   * A document of one declaration per manager (the declarations of non-conviction, the
   * administrators' declarations): only the declaration of this person (or of the company they
   * represent), for a signing round in which each declarant signs their own, and no one else reads
   * their parents' names. The whole document when absent (the filing pack's download).
   */
  onlyPersonId?: string;
}

export interface RenderedFile {
  body: Uint8Array;
  /** The first words of the file's name ("statuts"). */
  fileName: string;
  company: string;
  /** The document's title, in its language (the filing pack's checklist lists it). */
  title: string;
}

/**
 * A value of the company file holding characters the documents' fonts cannot draw: `field`, its
 * path in the file (`persons/1/lastName`), and those characters.
 */
export interface Unprintable {
  field: (string | number)[];
  characters: string[];
}

/**
 * A result, or why it cannot be made: no template writes it, or a value holds characters the PDF
 * cannot print. Answers (422), not failures, whichever thread found them.
 */
export type Rendered<T> =
  { ok: true; value: T } | { ok: false; noTemplate: string } | { ok: false; unprintable: Unprintable };

class UnprintableError extends Error {
  constructor(readonly unprintable: Unprintable) {
    super(`Unprintable characters in ${unprintable.field.join('/')}`);
  }
}

function rendered<T>(render: () => T): Rendered<T> {
  try {
    return { ok: true, value: render() };
  } catch (error) {
    if (error instanceof NoTemplateError) return { ok: false, noTemplate: error.message };
    if (error instanceof UnprintableError) return { ok: false, unprintable: error.unprintable };
    throw error;
  }
}

/** The first string of `value` (depth first, in the file's order) holding one of `characters`, and its path. */
function fieldHolding(
  value: unknown,
  characters: string[],
  path: (string | number)[] = [],
): Unprintable | null {
  if (typeof value === 'string') {
    const found = characters.filter((character) => value.includes(character));
    return found.length > 0 ? { field: path, characters: found } : null;
  }
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : value && typeof value === 'object'
      ? Object.entries(value)
      : [];
  for (const [key, item] of entries) {
    const found = fieldHolding(item, characters, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * PDF/A forbids a character drawn as the empty .notdef box (ISO 19005-2, 6.2.11.8), and the
 * documents' fonts draw every Latin, Greek and Cyrillic letter but not every script (Arabic, CJK,
 * emoji). A document is written only when all its text prints: otherwise the founder is told which
 * answer to write in Latin letters, as on the identity document the registry receives.
 */
function checkPrintable(
  document: { title: string; blocks: DocumentPreviewBlock[] },
  data: Record<string, unknown>,
) {
  const text = [
    document.title,
    ...document.blocks.map((block) =>
      block.kind === 'table'
        ? [...block.header, ...block.rows, ...block.footer].flat().join(' ')
        : block.kind === 'list'
          ? block.items.join(' ')
          : block.kind === 'signatures'
            ? block.signers.map((signer) => `${signer.name} ${signer.role} ${signer.note}`).join(' ')
            : 'text' in block
              ? block.text
              : '',
    ),
  ].join(' ');
  const missing = unprintableCharacters(text);
  if (missing.length === 0) return;
  const field = fieldHolding(data, missing);
  // Not from the file: the template's own words, which check:forms and the tests would have caught.
  if (!field) throw new Error(`The template prints characters its font lacks: ${missing.join(' ')}`);
  throw new UnprintableError(field);
}

/**
 * The preview as the API answers it (openapi: DocumentPreview), already as JSON text: the largest
 * file's preview is half a megabyte, and writing it out is work the event loop is spared.
 */
export function renderPreview(builder: DocumentBuilder, request: PreviewRequest): Rendered<string> {
  return rendered(() => {
    const document: PreviewDocument = asDelivered(
      builder.buildPreview(request.sku, request.data, {
        ...(request.language ? { language: request.language } : {}),
        ...(request.onlyPersonId ? { onlyPersonId: request.onlyPersonId } : {}),
        withhold: request.withhold,
      }),
    );
    checkPrintable(document, request.data);
    const preview: DocumentPreview = {
      sku: request.sku,
      title: document.title,
      language: document.language,
      filingLanguage: document.filingLanguage,
      translation: document.translation,
      templateVersion: document.templateVersion,
      complete: !request.withhold,
      blocks: document.blocks,
    };
    return JSON.stringify(preview);
  });
}

export async function renderFile(
  builder: DocumentBuilder,
  request: FileRequest,
): Promise<Rendered<RenderedFile>> {
  const built = rendered(() => {
    const document = builder.build(request.sku, request.data, {
      ...(request.language ? { language: request.language } : {}),
      ...(request.createdAt ? { now: new Date(request.createdAt) } : {}),
      ...(request.onlyPersonId ? { onlyPersonId: request.onlyPersonId } : {}),
    });
    checkPrintable(document, request.data);
    return document;
  });
  if (!built.ok) return built;
  const document = built.value;
  const body = await writeDocument(document, request.format, {
    ...(request.signaturePage ? { signaturePage: request.signaturePage } : {}),
    ...(request.qualifiedFields ? { qualifiedFields: request.qualifiedFields } : {}),
  });
  return {
    ok: true,
    value: { body, fileName: document.fileName, company: document.company, title: document.title },
  };
}

/** `owner`: the account asking, whose share of the server's workers the work counts against. */
export interface DocumentRenderer {
  /** The preview as JSON text (openapi: DocumentPreview). */
  preview(request: PreviewRequest, owner: string): Promise<Rendered<string>>;
  file(request: FileRequest, owner: string): Promise<Rendered<RenderedFile>>;
}

/** Builds and writes in the caller's thread: for tests and scripts, never for the server's requests. */
export function inlineRenderer(builder: DocumentBuilder): DocumentRenderer {
  return {
    preview: (request) => Promise.resolve(renderPreview(builder, request)),
    file: (request) => renderFile(builder, request),
  };
}
