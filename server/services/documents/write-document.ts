/**
 * A built document as a file: PDF/A-2b or Word, with the words around it (footer, translation
 * banner) in the document's language. Runs in the documents' worker threads (services/workers/).
 */
import type { components } from '../../../src/lib/api/schema';
import { translator } from '../i18n';
import type { BuiltDocument } from './build-document';
import { signedOnOriginal, type DocumentPreviewBlock } from './document-model';
import { writeDocx } from './docx-writer';
import { writePdf, type SigningPages, type SigningWords } from './pdf-writer';

export type DocumentFormat = components['schemas']['DocumentFormat'];

export const CONTENT_TYPES: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

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
    ...(document.initials ? { initials: t('legal-documents:footer.initials') } : {}),
  };
}

/**
 * A document as its reader gets it: a courtesy translation says, where the original is signed,
 * that the signature is on the original (in the translation's language), with no line to sign.
 */
export function asDelivered<
  B extends DocumentPreviewBlock,
  D extends { translation: boolean; language: string; blocks: B[] },
>(document: D): D {
  if (!document.translation) return document;
  const mention = translator(document.language)('legal-documents:translation.signatureOnOriginal');
  return { ...document, blocks: signedOnOriginal(document.blocks, mention) } as D;
}

/** A signature's moment as the signed documents print it: `2026-01-15 14:03:27 UTC`, in every language. */
export function utcDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** The words of the signature page and of the qualified signature's fields (`documents:signed.*`). */
export function signingWords(language: string): SigningWords {
  const t = translator(language);
  return {
    title: t('documents:signed.title'),
    intro: t('documents:signed.intro'),
    seal: t('documents:signed.seal'),
    signer: t('documents:signed.signer'),
    role: t('documents:signed.role'),
    signedAt: t('documents:signed.signedAt'),
    method: t('documents:signed.method'),
    methodOf: (sentTo) => t('documents:signed.methodSimple', { sentTo }),
    sha256: t('documents:signed.sha256'),
    dateTime: utcDateTime,
    qualifiedTitle: t('documents:signed.qualified.title'),
    qualifiedIntro: t('documents:signed.qualified.intro'),
    qualifiedField: (name, role) => t('documents:signed.qualified.field', { name, role }),
  };
}

/**
 * `signing`: the electronic signatures' last page, or the empty fields of a qualified signature
 * (PDF only: a Word file is not what is signed).
 */
export async function writeDocument(
  document: BuiltDocument,
  format: DocumentFormat,
  signing: SigningPages = {},
): Promise<Buffer> {
  const chrome = pageChrome(document);
  const delivered = asDelivered(document);
  if (format !== 'pdf') return writeDocx(delivered, chrome);
  const pages = signing.signaturePage || signing.qualifiedFields?.length ? signing : null;
  return writePdf(delivered, chrome, pages ? { ...pages, words: signingWords(document.language) } : {});
}
