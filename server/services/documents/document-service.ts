/**
 * Who may download which document: the purchases table says what a user owns (the token's
 * `products` claim may predate a purchase, or a refund), and the document is generated from the
 * last submitted company file, never from a draft being edited.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { companyFiles, purchases, users } from '../../db/schema';
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

export function createDocumentService(db: Database) {
  return {
    /** The document in `language`, or else in the user's own language. */
    async render(userId: string, sku: DocumentSku, language?: ServerLanguage): Promise<RenderedDocument> {
      const [[user], [purchase], [file]] = await Promise.all([
        db.select({ language: users.language }).from(users).where(eq(users.id, userId)),
        db
          .select({ sku: purchases.productSku })
          .from(purchases)
          .where(and(eq(purchases.userId, userId), eq(purchases.productSku, sku))),
        db
          .select({ submittedData: companyFiles.submittedData })
          .from(companyFiles)
          .where(eq(companyFiles.userId, userId)),
      ]);
      if (!user) throw new DocumentError(401, 'Unknown user');
      if (!purchase) throw new DocumentError(403, `This document is not included in your purchases (${sku})`);
      if (!file?.submittedData) {
        throw new DocumentError(409, 'Submit your company file before downloading your documents');
      }
      const chosen = language ?? (isServerLanguage(user.language) ? user.language : 'fr');
      return renderDocument(sku, file.submittedData, chosen);
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
