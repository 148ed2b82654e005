/**
 * Who may download which document: the purchases table says what a user owns (the token's
 * `products` claim may predate a purchase, or a refund), and the document is generated from the
 * last submitted company file, never from a draft being edited.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { purchases, users } from '../../db/schema';
import { isServerLanguage, type ServerLanguage } from '../i18n';
import { renderDocument, type DocumentSku, type RenderedDocument } from './render-document';

export class DocumentError extends Error {
  constructor(
    readonly statusCode: 401 | 403 | 409,
    message: string,
  ) {
    super(message);
  }
}

export interface DocumentServiceDeps {
  db: Database;
  /** The last submitted company file, in the current version of the wizard's steps (null: none). */
  submittedData: (userId: string) => Promise<Record<string, unknown> | null>;
}

export function createDocumentService({ db, submittedData }: DocumentServiceDeps) {
  return {
    /** The document in `language`, or else in the user's own language. */
    async render(userId: string, sku: DocumentSku, language?: ServerLanguage): Promise<RenderedDocument> {
      const [[user], [purchase], data] = await Promise.all([
        db.select({ language: users.language }).from(users).where(eq(users.id, userId)),
        db
          .select({ sku: purchases.productSku })
          .from(purchases)
          .where(and(eq(purchases.userId, userId), eq(purchases.productSku, sku))),
        submittedData(userId),
      ]);
      if (!user) throw new DocumentError(401, 'Unknown user');
      if (!purchase) throw new DocumentError(403, `This document is not included in your purchases (${sku})`);
      if (!data) {
        throw new DocumentError(409, 'Submit your company file before downloading your documents');
      }
      const chosen = language ?? (isServerLanguage(user.language) ? user.language : 'fr');
      return renderDocument(sku, data, chosen);
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
