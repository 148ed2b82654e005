/**
 * From a company file to a document's structure: pick the template of schemas/documents/templates.json
 * for the document, the file's legal form and the language; fill it; parse its markup. The same
 * structure becomes the PDF, the Word file and the browser's preview.
 */
import { createHash } from 'node:crypto';
import type { Liquid } from 'liquidjs';
import type { components } from '../../../src/lib/api/schema';
import type { CaenClass, LegalForm } from '../../../src/shared/jurisdictions';
import { readCaenGroups } from './caen-groups';
import { buildDocumentContext } from './document-context';
import {
  DocumentMarkupError,
  parseDocumentMarkup,
  type DocumentBlock,
  type DocumentPreviewBlock,
} from './document-model';
import type { DocumentLanguage } from './formats';
import { createTemplateEngine, readTemplateManifest, templateDigest, type TemplateEntry } from './templates';

export type DocumentSku = components['schemas']['DocumentSku'];

/** Every document the server writes, in the order of the documents page (openapi: DocumentSku). */
export const DOCUMENT_SKUS = [
  'LEGAL_STATUSES',
  'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
  'LIST_OF_BENEFICIARIES',
  'SUBSCRIBERS_LIST',
  'FILING_MANDATE',
  'REGISTERED_OFFICE_PROOF',
  'LEGAL_NOTICE',
  'OPERATING_CONDITIONS_DECLARATION',
] as const satisfies readonly DocumentSku[];

export interface BuiltDocument {
  sku: DocumentSku;
  title: string;
  company: string;
  /** `JURISDICTION-FORM`. */
  form: string;
  language: DocumentLanguage;
  filingLanguage: DocumentLanguage;
  translation: boolean;
  templateFile: string;
  templateVersion: string;
  templateDigest: string;
  /** SHA-256 of the answers (keys sorted), in hex. */
  answersDigest: string;
  /** A short reference printed on every page, from the answers' digest. */
  reference: string;
  /** The first words of the file name ("statuts"). */
  fileName: string;
  /** Initials on every page (templates.json `initials`): the filing copy only, never a translation. */
  initials: boolean;
  createdAt: Date;
  blocks: DocumentBlock[];
}

/** A document as a preview shows it: its standard clauses may be withheld blocks. */
export type PreviewDocument = Omit<BuiltDocument, 'blocks'> & { blocks: DocumentPreviewBlock[] };

/** Thrown when no template writes this document for this form in this language (422). */
export class NoTemplateError extends Error {}

/** JSON with sorted keys: the same answers always give the same digest. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export interface DocumentBuilderOptions {
  legalForms: readonly LegalForm[];
  caenClasses: readonly CaenClass[];
  /** The repository root (tests point it at a copy with other templates). */
  root?: string;
}

export function createDocumentBuilder({ legalForms, caenClasses, root }: DocumentBuilderOptions) {
  const manifest = readTemplateManifest(root);
  const caen = new Map(caenClasses.map((entry) => [entry.code, entry]));
  const caenGroups = readCaenGroups(root);
  const engines = new Map<DocumentLanguage, Liquid>();
  const engineFor = (language: DocumentLanguage) => {
    let engine = engines.get(language);
    if (!engine) {
      engine = createTemplateEngine(language, root);
      engines.set(language, engine);
    }
    return engine;
  };
  const digests = new Map<string, string>();
  const digestOf = (entry: TemplateEntry) => {
    let digest = digests.get(entry.file);
    if (!digest) {
      digest = templateDigest(entry, root);
      digests.set(entry.file, digest);
    }
    return digest;
  };

  /** The template entry for a document, a form and a language, if staff wrote one. */
  function templateFor(sku: DocumentSku, formId: string, language: string): TemplateEntry | undefined {
    return manifest.templates.find(
      (entry) => entry.sku === sku && entry.forms.includes(formId) && entry.language === language,
    );
  }

  return {
    manifest,
    templateFor,

    /** The languages staff wrote a template of `sku` in for a form, in the manifest's order. */
    languagesOf(sku: DocumentSku, formId: string): DocumentLanguage[] {
      return manifest.templates
        .filter((entry) => entry.sku === sku && entry.forms.includes(formId))
        .map((entry) => entry.language);
    },

    /** The file's legal form, or undefined when it names none this server knows. */
    formOf(data: Record<string, unknown>): LegalForm | undefined {
      return legalForms.find(
        (form) => form.jurisdiction === data.jurisdiction && form.code === data.legalForm,
      );
    },

    /**
     * The document in `language` (the filing language when absent). Throws NoTemplateError when the
     * form or that language has no template.
     */
    build(
      sku: DocumentSku,
      data: Record<string, unknown>,
      options: { language?: DocumentLanguage; preview?: boolean; now?: Date; onlyPersonId?: string } = {},
    ): BuiltDocument {
      const { document, markup, file } = this.render(sku, data, options);
      return { ...document, ...parsed(file, () => parseDocumentMarkup(markup)) };
    },

    /**
     * The document as a preview shows it: marked as a draft, and with `withhold`, its standard
     * clauses kept back (parseDocumentMarkup's `withhold`).
     */
    buildPreview(
      sku: DocumentSku,
      data: Record<string, unknown>,
      options: { language?: DocumentLanguage; withhold: boolean; onlyPersonId?: string },
    ): PreviewDocument {
      const { document, markup, file } = this.render(sku, data, { ...options, preview: true });
      return {
        ...document,
        ...parsed(file, () =>
          options.withhold ? parseDocumentMarkup(markup, { withhold: true }) : parseDocumentMarkup(markup),
        ),
      };
    },

    /** The template's markup filled with the file, and what the document says of itself. */
    render(
      sku: DocumentSku,
      data: Record<string, unknown>,
      options: { language?: DocumentLanguage; preview?: boolean; now?: Date; onlyPersonId?: string },
    ): { document: Omit<BuiltDocument, 'title' | 'blocks'>; markup: string; file: string } {
      const form = this.formOf(data);
      if (!form) throw new NoTemplateError(`The company file has no legal form with templates for ${sku}`);
      const formId = `${form.jurisdiction}-${form.code}`;
      const filingLanguage = form.filingLanguage as DocumentLanguage;
      const language = options.language ?? filingLanguage;
      const entry = templateFor(sku, formId, language);
      if (!entry) throw new NoTemplateError(`No template for ${sku} of a ${formId} company in ${language}`);
      const answersDigest = createHash('sha256').update(canonicalJson(data)).digest('hex');
      const reference = `KR-${answersDigest.slice(0, 4)}-${answersDigest.slice(4, 8)}`.toUpperCase();
      const context = buildDocumentContext({
        data,
        form,
        language,
        caen,
        caenGroups,
        reference,
        preview: options.preview ?? false,
        ...(options.onlyPersonId ? { onlyPersonId: options.onlyPersonId } : {}),
      });
      const markup = engineFor(language).renderFileSync(entry.file, context) as string;
      return {
        markup,
        file: entry.file,
        document: {
          sku,
          company: context.company.name,
          form: formId,
          language,
          filingLanguage,
          translation: language !== filingLanguage,
          templateFile: entry.file,
          templateVersion: entry.version,
          templateDigest: digestOf(entry),
          answersDigest,
          reference,
          fileName: entry.fileName,
          initials: (entry.initials ?? false) && language === filingLanguage,
          createdAt: options.now ?? new Date(),
        },
      };
    },
  };
}

/** A template whose markup does not parse is a template without a document (422), said with its file. */
function parsed<T>(file: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof DocumentMarkupError) throw new NoTemplateError(`${file}: ${error.message}`);
    throw error;
  }
}

export type DocumentBuilder = ReturnType<typeof createDocumentBuilder>;
