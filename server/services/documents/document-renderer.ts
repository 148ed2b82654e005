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
import type { DocumentLanguage } from './formats';
import { writeDocument, type DocumentFormat } from './write-document';

export type DocumentPreview = components['schemas']['DocumentPreview'];

export interface PreviewRequest {
  sku: DocumentSku;
  data: Record<string, unknown>;
  language?: DocumentLanguage;
  /** Keep the standard clauses back (a document the user has not bought). */
  withhold: boolean;
}

export interface FileRequest {
  sku: DocumentSku;
  data: Record<string, unknown>;
  language?: DocumentLanguage;
  format: DocumentFormat;
}

export interface RenderedFile {
  body: Uint8Array;
  /** The first words of the file's name ("statuts"). */
  fileName: string;
  company: string;
  /** The document's title, in its language (the filing pack's checklist lists it). */
  title: string;
}

/** A result, or why no template writes it: an answer (422), not a failure, whichever thread found it. */
export type Rendered<T> = { ok: true; value: T } | { ok: false; noTemplate: string };

function rendered<T>(render: () => T): Rendered<T> {
  try {
    return { ok: true, value: render() };
  } catch (error) {
    if (error instanceof NoTemplateError) return { ok: false, noTemplate: error.message };
    throw error;
  }
}

/**
 * The preview as the API answers it (openapi: DocumentPreview), already as JSON text: the largest
 * file's preview is half a megabyte, and writing it out is work the event loop is spared.
 */
export function renderPreview(builder: DocumentBuilder, request: PreviewRequest): Rendered<string> {
  return rendered(() => {
    const document: PreviewDocument = builder.buildPreview(request.sku, request.data, {
      ...(request.language ? { language: request.language } : {}),
      withhold: request.withhold,
    });
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
  const built = rendered(() =>
    builder.build(request.sku, request.data, request.language ? { language: request.language } : {}),
  );
  if (!built.ok) return built;
  const document = built.value;
  const body = await writeDocument(document, request.format);
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
