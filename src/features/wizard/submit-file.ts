import type { CompanyFileApi, SubmitResult } from './company-file-api';
import type { FileData } from './draft-merge';
import type { DraftSync } from './draft-sync';

/** What Complete ends with: the server's answer, or `merged` when the file changed meanwhile. */
export type SubmitOutcome = Exclude<SubmitResult, { conflict: unknown }> | { merged: true };

/**
 * Submits `data` from the revision the answers on screen started from. When the file changed since
 * (a co-founder corrected their own record, another tab saved), nothing was stored: the server's file
 * is merged into the draft as a draft's conflict is, and `merged` asks the founder to review the
 * file and submit again. When the merge changes nothing on screen (only this page's own draft save
 * came between), the answers are sent once more from the new revision.
 */
export async function submitFromRevision(
  sync: Pick<DraftSync, 'baseRevision' | 'mergeSubmitConflict' | 'flush'>,
  api: Pick<CompanyFileApi, 'submit'>,
  data: FileData,
  version: number,
  confirmVoidSignatures = false,
): Promise<SubmitOutcome> {
  const send = () => api.submit(data, version, { baseRevision: sync.baseRevision(), confirmVoidSignatures });
  const first = await send();
  if (!('conflict' in first)) return first;
  if (sync.mergeSubmitConflict(first.conflict)) return { merged: true };
  // The draft waiting to be saved goes first, so that the retry starts from the revision it makes.
  await sync.flush();
  const again = await send();
  if (!('conflict' in again)) return again;
  sync.mergeSubmitConflict(again.conflict);
  return { merged: true };
}
