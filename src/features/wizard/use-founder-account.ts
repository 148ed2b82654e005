import { useEffect, useRef, useState } from 'react';
import { apiClient } from '@/lib/api/client';
import type { DraftSync, DraftView } from './draft-sync';
import { isNewEmptyDraft, withAccountValues, type FounderAccount } from './founder-details';
import type { FileData } from './draft-merge';

/** The founder's account (name, birth date), or null while it loads or when it cannot be read. */
export function useFounderAccount(): FounderAccount | null {
  const [account, setAccount] = useState<FounderAccount | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    apiClient
      .GET('/api/user/info', { signal: controller.signal })
      .then(({ data }) => setAccount(data ?? null))
      // Without it the wizard works as before: nothing pre-filled, shortcuts from the file only.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return account;
}

/**
 * Pre-fills a new, empty draft with what the account says (`values`: the founder's name and birth
 * date), once. Whether the draft is new and empty is decided when it first loads; the values go in
 * when they are known (the account, and the legal form's steps that name them), into the fields still
 * empty: nothing the founder typed is ever overwritten, and a draft with values is left alone.
 */
export function useAccountPrefill(
  view: DraftView,
  sync: DraftSync,
  values: FileData,
  /** What the page derives from the values (a person's id): applied to the pre-filled draft. */
  derive: (data: FileData) => FileData = (data) => data,
): void {
  const decision = useRef<'undecided' | 'eligible' | 'done'>('undecided');
  useEffect(() => {
    if (view.phase !== 'ready' || !view.file) return;
    if (decision.current === 'undecided')
      decision.current = isNewEmptyDraft(view.file, sync.getState().data) ? 'eligible' : 'done';
    if (decision.current !== 'eligible' || Object.keys(values).length === 0) return;
    decision.current = 'done';
    const data = sync.getState().data;
    const next = withAccountValues(data, values);
    if (next !== data) sync.replace(derive(next));
  }, [view.phase, view.file, values, sync, derive]);
}
