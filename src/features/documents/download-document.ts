import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components, paths } from '@/lib/api/schema';
import { attachmentFileName, saveFile } from '@/lib/save-file';

// Kept importable from here: the documents' tests and callers know it by this module.
export { attachmentFileName };

export type DownloadableSku = paths['/api/documents/{sku}']['get']['parameters']['path']['sku'];
export type DocumentFormat = components['schemas']['DocumentFormat'];
export type DocumentPreview = components['schemas']['DocumentPreview'];
export type DocumentList = components['schemas']['DocumentList'];
export type DocumentLanguage = components['schemas']['Language'];

/** The formats offered for each unlocked document, in the order of their buttons. */
export const DOCUMENT_FORMATS: readonly DocumentFormat[] = ['pdf', 'docx'];

export type DownloadOutcome =
  | 'saved'
  | 'not-submitted'
  | 'not-owned'
  | 'no-template'
  | 'too-many'
  | 'busy'
  | 'failed'
  /** An answer the documents cannot print: the server's message names it, in the user's language. */
  | { unprintable: string };

/** The server's words when an answer holds characters the documents cannot print (422 UNPRINTABLE_CHARACTERS). */
function unprintableMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const body = error.body as { code?: unknown; message?: unknown } | undefined;
  return body?.code === 'UNPRINTABLE_CHARACTERS' && typeof body.message === 'string' ? body.message : null;
}

/** Refusals that pass with time: too many requests from this account (429), the writers busy (503). */
function waitOutcome(error: unknown): 'too-many' | 'busy' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 429) return 'too-many';
  return error.status === 503 ? 'busy' : null;
}

/**
 * GET /api/documents/{sku}: the server writes the document from the submitted company file, in the
 * filing language of its country (or, with `language`, a courtesy translation), as PDF or Word, and
 * refuses products the user has not bought (whatever the token says).
 */
export async function downloadDocument(
  sku: DownloadableSku,
  format: DocumentFormat,
  language?: DocumentLanguage,
): Promise<DownloadOutcome> {
  try {
    const { data, response } = await apiClient.GET('/api/documents/{sku}', {
      params: { path: { sku }, query: language ? { format, lang: language } : { format } },
      parseAs: 'blob',
    });
    if (!data) return 'failed';
    saveFile(
      data,
      attachmentFileName(response.headers.get('content-disposition'), `${sku.toLowerCase()}.${format}`),
    );
    return 'saved';
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return 'not-submitted';
    if (error instanceof ApiError && error.status === 403) return 'not-owned';
    const unprintable = unprintableMessage(error);
    if (unprintable) return { unprintable };
    if (error instanceof ApiError && error.status === 422) return 'no-template';
    const wait = waitOutcome(error);
    if (wait) return wait;
    console.warn('The document download failed.', error);
    return 'failed';
  }
}

export type PreviewResult =
  | { status: 'ready'; preview: DocumentPreview }
  | { status: 'not-started' | 'no-template' | 'too-many' | 'busy' | 'failed' }
  | { status: 'unprintable'; message: string };

/** GET /api/documents/{sku}/preview: the document built from the current answers, bought or not. */
export async function fetchDocumentPreview(
  sku: DownloadableSku,
  language?: DocumentLanguage,
): Promise<PreviewResult> {
  try {
    const { data } = await apiClient.GET('/api/documents/{sku}/preview', {
      params: { path: { sku }, query: language ? { lang: language } : {} },
    });
    return data ? { status: 'ready', preview: data } : { status: 'failed' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { status: 'not-started' };
    const unprintable = unprintableMessage(error);
    if (unprintable) return { status: 'unprintable', message: unprintable };
    if (error instanceof ApiError && error.status === 422) return { status: 'no-template' };
    const wait = waitOutcome(error);
    if (wait) return { status: wait };
    console.warn('The document preview failed.', error);
    return { status: 'failed' };
  }
}

/**
 * GET /api/documents: the filing language of the user's legal form and the languages each document is
 * written in; null when it cannot be had (the page then offers the filing copies only).
 */
export async function fetchDocumentLanguages(): Promise<DocumentList | null> {
  try {
    const { data } = await apiClient.GET('/api/documents');
    return data ?? null;
  } catch (error) {
    console.warn('The documents’ languages could not be loaded.', error);
    return null;
  }
}

/** The courtesy translation to offer in the interface language, if the document has one. */
export function translationLanguage(
  list: DocumentList | null,
  sku: string,
  interfaceLanguage: string,
): DocumentLanguage | null {
  if (!list?.filingLanguage || list.filingLanguage === interfaceLanguage) return null;
  const languages = list.documents.find((document) => document.sku === sku)?.languages ?? [];
  return languages.find((language) => language === interfaceLanguage) ?? null;
}

/** Why the answers do not call for a document (GET /api/documents), or null. */
export type NotApplicable = NonNullable<DocumentList['documents'][number]['notApplicable']>;

/** What the answers say of a document: null while the list is unknown or when the document applies. */
export function notApplicableOf(list: DocumentList | null, sku: string): NotApplicable | null {
  return list?.documents.find((document) => document.sku === sku)?.notApplicable ?? null;
}

/**
 * Whether the documents page shows a document's card: every card until the list says which documents
 * the file's legal form has, then only those (a French company has no Romanian declaration).
 */
export function listsDocument(list: DocumentList | null, sku: string): boolean {
  if (!list?.legalForm) return true;
  return list.documents.some((document) => document.sku === sku);
}

/**
 * The paragraphs of a document's first section (under its first `##` heading), one blank line apart:
 * the legal notice to paste (schemas/documents/templates/fr/annonce-legale.liquid keeps it there).
 */
export function firstSectionText(preview: DocumentPreview): string {
  const paragraphs: string[] = [];
  let inside = false;
  for (const block of preview.blocks) {
    if (block.kind === 'heading') {
      if (inside) break;
      inside = block.level === 2;
    } else if (inside && block.kind === 'paragraph') paragraphs.push(block.text);
  }
  return paragraphs.join('\n\n');
}

export type CopyOutcome = 'copied' | 'failed';

/** Copies the first section of the document built from the current answers (owned: its whole text). */
export async function copyFirstSection(sku: DownloadableSku): Promise<CopyOutcome> {
  const result = await fetchDocumentPreview(sku);
  if (result.status !== 'ready') return 'failed';
  const text = firstSectionText(result.preview);
  if (text === '' || !navigator.clipboard) return 'failed';
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}
