import type { TFunction } from 'i18next';
import type { DownloadOutcome } from './download-document';

/** What the page says when a download (one document or the whole pack) was refused or failed. */
export function downloadFailureMessage(
  t: TFunction<'documents'>,
  outcome: Exclude<DownloadOutcome, 'saved'>,
): string {
  // An answer the documents cannot print: the server's words, which name the field.
  if (typeof outcome === 'object') return outcome.unprintable;
  return {
    'not-submitted': t('download.fileNotSubmitted'),
    'not-owned': t('download.notOwned'),
    'no-template': t('download.noTemplate'),
    'too-many': t('download.tooMany'),
    busy: t('download.busy'),
    failed: t('download.failed'),
  }[outcome];
}
