import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components, paths } from '@/lib/api/schema';

export type DownloadableSku = paths['/api/documents/{sku}']['get']['parameters']['path']['sku'];
export type DocumentFormat = components['schemas']['DocumentFormat'];
export type DocumentPreview = components['schemas']['DocumentPreview'];

/** The formats offered for each unlocked document, in the order of their buttons. */
export const DOCUMENT_FORMATS: readonly DocumentFormat[] = ['pdf', 'docx'];

export type DownloadOutcome = 'saved' | 'not-submitted' | 'not-owned' | 'no-template' | 'failed';

/** The file name the server chose (Content-Disposition), RFC 5987 form first. */
export function attachmentFileName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoding: fall through to the plain form.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/** Hands a file to the browser's downloads, as a click on a link to it would. */
function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the object URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * GET /api/documents/{sku}: the server writes the document from the submitted company file, in the
 * filing language of its country, as PDF or Word, and refuses products the user has not bought
 * (whatever the token says).
 */
export async function downloadDocument(
  sku: DownloadableSku,
  format: DocumentFormat,
): Promise<DownloadOutcome> {
  try {
    const { data, response } = await apiClient.GET('/api/documents/{sku}', {
      params: { path: { sku }, query: { format } },
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
    if (error instanceof ApiError && error.status === 422) return 'no-template';
    console.warn('The document download failed.', error);
    return 'failed';
  }
}

export type PreviewResult =
  { status: 'ready'; preview: DocumentPreview } | { status: 'not-started' | 'no-template' | 'failed' };

/** GET /api/documents/{sku}/preview: the document built from the current answers, bought or not. */
export async function fetchDocumentPreview(sku: DownloadableSku): Promise<PreviewResult> {
  try {
    const { data } = await apiClient.GET('/api/documents/{sku}/preview', { params: { path: { sku } } });
    return data ? { status: 'ready', preview: data } : { status: 'failed' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { status: 'not-started' };
    if (error instanceof ApiError && error.status === 422) return { status: 'no-template' };
    console.warn('The document preview failed.', error);
    return { status: 'failed' };
  }
}
