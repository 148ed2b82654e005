/**
 * Who may have which document, in which format. The purchases table says what a user owns (the
 * token's `products` claim may predate a purchase, or a refund); a download is built from the last
 * submitted company file, never from a draft being edited; a preview, open to any logged-in user,
 * from the current answers, with the standard clauses of a document not bought withheld.
 *
 * What a user can make the server do here is bounded: a file holds no more people than its legal
 * form allows (`boundsProblem`), each account has a number of previews and downloads a minute, a
 * preview already built is answered from a cache, and the work itself runs in the worker threads
 * (`renderer`), which refuse rather than queue without end (security review R3-01).
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { asciiSlug } from '../../../src/shared/ascii-slug';
import type { Database } from '../../db/database';
import { purchases, users } from '../../db/schema';
import type { RateLimitRule, RateLimiter } from '../rate-limiter';
import { SERVER_LANGUAGES, type ServerLanguage } from '../i18n';
import { notApplicableReason } from './applicability';
import type { DocumentBuilder, DocumentSku } from './build-document';
import { inlineRenderer, type DocumentRenderer, type Rendered, type Unprintable } from './document-renderer';
import { CONTENT_TYPES, type DocumentFormat } from './write-document';
import type { components } from '../../../src/lib/api/schema';

export { CONTENT_TYPES, type DocumentFormat };
export type DocumentList = components['schemas']['DocumentList'];

export class DocumentError extends Error {
  /** The reason for the app (openapi: Error.code), with the handler's message in the user's language. */
  readonly publicCode?: 'UNPRINTABLE_CHARACTERS';
  constructor(
    readonly statusCode: 401 | 403 | 409 | 422,
    message: string,
    /** A value the documents cannot print (document-renderer.ts, checkPrintable). */
    readonly unprintable?: Unprintable,
  ) {
    super(message);
    if (unprintable) this.publicCode = 'UNPRINTABLE_CHARACTERS';
  }
}

export interface DownloadedDocument {
  /** e.g. `statuts-boulangerie-dupont.pdf`. */
  filename: string;
  contentType: string;
  body: Buffer;
}

/** Previews kept, the most recently used: a founder switching languages or reopening one pays once. */
const PREVIEW_CACHE_SIZE = 128;

export interface DocumentLimits {
  limiter: RateLimiter;
  /** Per account; a rule with `max` 0 is off. */
  previews: RateLimitRule;
  downloads: RateLimitRule;
}

export interface DocumentServiceDeps {
  db: Database;
  /** What forms and languages have templates (the building itself is the renderer's). */
  builder: DocumentBuilder;
  /** Builds and writes documents: the server's worker threads; the caller's thread when absent. */
  renderer?: DocumentRenderer;
  /** The last submitted company file, in the current version of the wizard's steps (null: none). */
  submittedData: (userId: string) => Promise<Record<string, unknown> | null>;
  /** The answers as they are now (the draft), empty when the user has not started. */
  currentData: (userId: string) => Promise<Record<string, unknown>>;
  /** Why a file cannot be made into documents (more people than its legal form allows), or null. */
  boundsProblem?: (data: Record<string, unknown>) => string | null;
  limits?: DocumentLimits;
  /** The signed documents of the submitted file's complete signing round (issue 35), or null. */
  signedPack?: (userId: string, data: Record<string, unknown>) => Promise<SignedPack | null>;
}

/** A complete signing round's sealed documents and evidence file (services/signing/rounds.ts). */
export interface SignedPack {
  roundId: string;
  completedAt: Date;
  evidence: { fileName: string; body: Uint8Array };
  documents: {
    id: string;
    sku: DocumentSku;
    title: string;
    fileName: string;
    sealedAt: Date;
    body: Uint8Array;
  }[];
}

/** A rendered document's value, or the refusal as a DocumentError (422: no template, unprintable answers). */
export function produced<T>(result: Rendered<T>): T {
  if (result.ok) return result.value;
  if ('unprintable' in result)
    throw new DocumentError(
      422,
      `${result.unprintable.field.join('/')} holds characters the documents cannot print: ${result.unprintable.characters.join(' ')}`,
      result.unprintable,
    );
  throw new DocumentError(422, result.noTemplate);
}

export function createDocumentService({
  db,
  builder,
  renderer = inlineRenderer(builder),
  submittedData,
  currentData,
  boundsProblem = () => null,
  limits,
  signedPack = () => Promise.resolve(null),
}: DocumentServiceDeps) {
  const previews = new Map<string, string>();
  const remember = (key: string, preview: string) => {
    previews.delete(key);
    previews.set(key, preview);
    if (previews.size > PREVIEW_CACHE_SIZE) previews.delete(previews.keys().next().value ?? '');
  };

  const limit = async (what: 'previews' | 'downloads', userId: string) => {
    if (limits) await limits.limiter.enforce(`account:documents-${what}:${userId}`, limits[what]);
  };
  const checkBounds = (data: Record<string, unknown>) => {
    const problem = boundsProblem(data);
    if (problem) throw new DocumentError(422, problem);
  };
  /** A document the answers do not call for (a proof of a seat the file does not have) is not written. */
  const checkApplies = (sku: DocumentSku, data: Record<string, unknown>) => {
    const form = builder.formOf(data);
    const reason = form ? notApplicableReason(sku, data, form) : null;
    if (reason) throw new DocumentError(422, `This document does not apply to your company file (${reason})`);
  };
  const owns = async (userId: string, sku: DocumentSku) => {
    const [purchase] = await db
      .select({ sku: purchases.productSku })
      .from(purchases)
      .where(and(eq(purchases.userId, userId), eq(purchases.productSku, sku)));
    return purchase !== undefined;
  };

  return {
    async download(
      userId: string,
      sku: DocumentSku,
      format: DocumentFormat,
      language?: ServerLanguage,
    ): Promise<DownloadedDocument> {
      await limit('downloads', userId);
      const [[user], owned, data] = await Promise.all([
        db.select({ id: users.id }).from(users).where(eq(users.id, userId)),
        owns(userId, sku),
        submittedData(userId),
      ]);
      if (!user) throw new DocumentError(401, 'Unknown user');
      if (!owned) throw new DocumentError(403, `This document is not included in your purchases (${sku})`);
      if (!data) throw new DocumentError(409, 'Submit your company file before downloading your documents');
      checkBounds(data);
      checkApplies(sku, data);
      const file = produced(
        await renderer.file({ sku, data, format, ...(language ? { language } : {}) }, userId),
      );
      // A translation's file name says so in its own words (templates.json: "statut-traducere").
      const name = [file.fileName, asciiSlug(file.company)].filter(Boolean).join('-');
      return {
        filename: `${name}.${format}`,
        contentType: CONTENT_TYPES[format],
        body: Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength),
      };
    },

    /**
     * The user's legal form, its filing language and, per document written for that form, the languages
     * it exists in and, when the answers do not call for it, why: the page names the documents after the
     * form (an SRL's act constitutiv) and shows only those of its country.
     */
    async list(userId: string, skus: readonly DocumentSku[]): Promise<DocumentList> {
      const [data, submitted] = await Promise.all([currentData(userId), submittedData(userId)]);
      const signed = submitted ? await signedPack(userId, submitted) : null;
      const form = builder.formOf(data);
      if (!form)
        return {
          legalForm: null,
          filingLanguage: null,
          documents: skus.map((sku) => ({ sku, languages: [] })),
        };
      const filingLanguage = form.filingLanguage as ServerLanguage;
      // The filing copy first, then the translations in the order of the language menu.
      const rank = (language: ServerLanguage) =>
        language === filingLanguage ? -1 : SERVER_LANGUAGES.indexOf(language);
      return {
        legalForm: form.id,
        filingLanguage,
        documents: skus.flatMap((sku) => {
          const languages = builder
            .languagesOf(sku, `${form.jurisdiction}-${form.code}`)
            .sort((a, b) => rank(a) - rank(b));
          if (languages.length === 0) return [];
          const notApplicable = notApplicableReason(sku, data, form);
          const sealed = signed?.documents.find((document) => document.sku === sku);
          return [
            {
              sku,
              languages,
              ...(notApplicable ? { notApplicable } : {}),
              ...(sealed
                ? { signed: { documentId: sealed.id, sealedAt: sealed.sealedAt.toISOString() } }
                : {}),
            },
          ];
        }),
        ...(signed
          ? { signing: { roundId: signed.roundId, completedAt: signed.completedAt.toISOString() } }
          : {}),
      };
    },

    /** The preview as JSON text (openapi: DocumentPreview), written by the renderer's thread. */
    async preview(userId: string, sku: DocumentSku, language?: ServerLanguage): Promise<string> {
      await limit('previews', userId);
      const [data, owned] = await Promise.all([currentData(userId), owns(userId, sku)]);
      if (!builder.formOf(data))
        throw new DocumentError(409, 'Start your company file to preview your documents');
      checkBounds(data);
      checkApplies(sku, data);
      const withhold = !owned;
      // The answers as the database gives them back (jsonb: its keys always in the same order).
      const key = createHash('sha256')
        .update(`${sku}\0${language ?? ''}\0${String(withhold)}\0${JSON.stringify(data)}`)
        .digest('hex');
      const cached = previews.get(key);
      if (cached !== undefined) {
        remember(key, cached);
        return cached;
      }
      const preview = produced(
        await renderer.preview({ sku, data, withhold, ...(language ? { language } : {}) }, userId),
      );
      remember(key, preview);
      return preview;
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
