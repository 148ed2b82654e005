import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { attachmentFileName, saveFile } from '@/lib/save-file';
import type { DocumentFormat, DocumentLanguage, DownloadOutcome } from './download-document';

export type FilingCheck = components['schemas']['FilingCheck'];
export type FilingProblem = components['schemas']['FilingProblem'];

export type FilingCheckResult = { status: 'ready'; check: FilingCheck } | { status: 'none' | 'failed' };

/**
 * GET /api/documents/filing-check: the submitted file's check for a user who bought documents (what
 * the documents are written from), else, or before a submission, the draft's.
 */
export async function fetchFilingCheck(ownsDocuments: boolean): Promise<FilingCheckResult> {
  const ask = async (source: 'submitted' | 'draft') => {
    const { data } = await apiClient.GET('/api/documents/filing-check', { params: { query: { source } } });
    return data;
  };
  try {
    if (ownsDocuments) {
      try {
        const submitted = await ask('submitted');
        if (submitted) return { status: 'ready', check: submitted };
      } catch (error) {
        // Not submitted yet (409), or the purchase not seen yet (403): the draft then.
        if (!(error instanceof ApiError && (error.status === 409 || error.status === 403))) throw error;
      }
    }
    const draft = await ask('draft');
    return draft ? { status: 'ready', check: draft } : { status: 'failed' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { status: 'none' };
    console.warn('The filing check failed.', error);
    return { status: 'failed' };
  }
}

/** The wizard's address that opens the step of a problem's field (wizard-page.tsx reads it). */
export function wizardLinkOf(problem: Pick<FilingProblem, 'field' | 'item'>, wizardPath: string): string {
  const query = new URLSearchParams({ field: problem.field });
  if (problem.item !== undefined) query.set('item', String(problem.item));
  return `${wizardPath}?${query.toString()}`;
}

/** GET /api/documents/pack: every document bought in one ZIP, with the checklist. */
export async function downloadFilingPack(
  format: DocumentFormat,
  language?: DocumentLanguage,
): Promise<DownloadOutcome> {
  try {
    const { data, response } = await apiClient.GET('/api/documents/pack', {
      params: { query: language ? { format, lang: language } : { format } },
      parseAs: 'blob',
    });
    if (!data) return 'failed';
    saveFile(data, attachmentFileName(response.headers.get('content-disposition'), 'filing-pack.zip'));
    return 'saved';
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 409) return 'not-submitted';
      if (error.status === 403) return 'not-owned';
      if (error.status === 422) return 'no-template';
      if (error.status === 429) return 'too-many';
      if (error.status === 503) return 'busy';
    }
    console.warn('The filing pack download failed.', error);
    return 'failed';
  }
}
