/**
 * Who may have which document, in which format. The purchases table says what a user owns (the
 * token's `products` claim may predate a purchase, or a refund); a download is built from the last
 * submitted company file, never from a draft being edited; a preview, open to any logged-in user,
 * from the current answers.
 */
import { and, eq } from 'drizzle-orm';
import { asciiSlug } from '../../../src/shared/ascii-slug';
import type { Database } from '../../db/database';
import { purchases, users } from '../../db/schema';
import { SERVER_LANGUAGES, translator, type ServerLanguage } from '../i18n';
import {
  NoTemplateError,
  type BuiltDocument,
  type DocumentBuilder,
  type DocumentSku,
} from './build-document';
import { writeDocx } from './docx-writer';
import { writePdf } from './pdf-writer';
import type { components } from '../../../src/lib/api/schema';

export type DocumentFormat = components['schemas']['DocumentFormat'];
export type DocumentPreview = components['schemas']['DocumentPreview'];
export type DocumentList = components['schemas']['DocumentList'];

export class DocumentError extends Error {
  constructor(
    readonly statusCode: 401 | 403 | 409 | 422,
    message: string,
  ) {
    super(message);
  }
}

export const CONTENT_TYPES: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export interface DownloadedDocument {
  /** e.g. `statuts-boulangerie-dupont.pdf`. */
  filename: string;
  contentType: string;
  body: Buffer;
}

/** The words around the document (footer, translation banner), in the document's language. */
function pageChrome(document: BuiltDocument) {
  const t = translator(document.language);
  const label = t('legal-documents:footer.page', { page: '\u0001', pages: '\u0002' });
  const [before = '', rest = ''] = label.split('\u0001');
  const [between = '', after = ''] = rest.split('\u0002');
  const translationBanner = document.translation
    ? t('legal-documents:translation.banner', {
        language: t(`legal-documents:translation.languages.${document.filingLanguage}`),
      })
    : undefined;
  const reference = t('legal-documents:footer.reference', { reference: document.reference });
  return {
    page: (page: number, pages: number) => t('legal-documents:footer.page', { page, pages }),
    pageLabel: { before, between, after },
    reference,
    translationBanner,
  };
}

export async function writeDocument(document: BuiltDocument, format: DocumentFormat): Promise<Buffer> {
  const chrome = pageChrome(document);
  return format === 'pdf' ? writePdf(document, chrome) : writeDocx(document, chrome);
}

export interface DocumentServiceDeps {
  db: Database;
  builder: DocumentBuilder;
  /** The last submitted company file, in the current version of the wizard's steps (null: none). */
  submittedData: (userId: string) => Promise<Record<string, unknown> | null>;
  /** The answers as they are now (the draft), empty when the user has not started. */
  currentData: (userId: string) => Promise<Record<string, unknown>>;
}

export function createDocumentService({ db, builder, submittedData, currentData }: DocumentServiceDeps) {
  function build(
    sku: DocumentSku,
    data: Record<string, unknown>,
    language: ServerLanguage | undefined,
    preview: boolean,
  ): BuiltDocument {
    try {
      return builder.build(sku, data, { language, preview });
    } catch (error) {
      if (error instanceof NoTemplateError) throw new DocumentError(422, error.message);
      throw error;
    }
  }

  return {
    async download(
      userId: string,
      sku: DocumentSku,
      format: DocumentFormat,
      language?: ServerLanguage,
    ): Promise<DownloadedDocument> {
      const [[user], [purchase], data] = await Promise.all([
        db.select({ id: users.id }).from(users).where(eq(users.id, userId)),
        db
          .select({ sku: purchases.productSku })
          .from(purchases)
          .where(and(eq(purchases.userId, userId), eq(purchases.productSku, sku))),
        submittedData(userId),
      ]);
      if (!user) throw new DocumentError(401, 'Unknown user');
      if (!purchase) throw new DocumentError(403, `This document is not included in your purchases (${sku})`);
      if (!data) throw new DocumentError(409, 'Submit your company file before downloading your documents');
      const document = build(sku, data, language, false);
      const body = await writeDocument(document, format);
      // A translation's file name says so in its own words (templates.json: "statut-traducere").
      const name = [document.fileName, asciiSlug(document.company)].filter(Boolean).join('-');
      return { filename: `${name}.${format}`, contentType: CONTENT_TYPES[format], body };
    },

    /** The filing language of the user's legal form and, per document, the languages it exists in. */
    async list(userId: string, skus: readonly DocumentSku[]): Promise<DocumentList> {
      const form = builder.formOf(await currentData(userId));
      if (!form) return { filingLanguage: null, documents: skus.map((sku) => ({ sku, languages: [] })) };
      const filingLanguage = form.filingLanguage as ServerLanguage;
      // The filing copy first, then the translations in the order of the language menu.
      const rank = (language: ServerLanguage) =>
        language === filingLanguage ? -1 : SERVER_LANGUAGES.indexOf(language);
      return {
        filingLanguage,
        documents: skus.map((sku) => ({
          sku,
          languages: builder
            .languagesOf(sku, `${form.jurisdiction}-${form.code}`)
            .sort((a, b) => rank(a) - rank(b)),
        })),
      };
    },

    async preview(userId: string, sku: DocumentSku, language?: ServerLanguage): Promise<DocumentPreview> {
      const data = await currentData(userId);
      if (!builder.formOf(data))
        throw new DocumentError(409, 'Start your company file to preview your documents');
      const document = build(sku, data, language, true);
      return {
        sku,
        title: document.title,
        language: document.language,
        filingLanguage: document.filingLanguage,
        translation: document.translation,
        templateVersion: document.templateVersion,
        blocks: document.blocks,
      };
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
