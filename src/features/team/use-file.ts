import { useCallback, useEffect, useState } from 'react';
import type { StepDefinition } from '@/forms/form-definition';
import { loadLegalFormSteps } from '@/forms/generated/wizard-steps';
import { legalFormOf, type FileData } from './file-words';
import { fetchSharedFile, statusOf, type SharedFile } from './team-api';

export type FileLoad =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed' }
  | { status: 'ready'; file: SharedFile };

/** A company file as the account sees it (getSharedFile), with a way to load it again or replace it. */
export function useSharedFile(fileId: string | null) {
  const [load, setLoad] = useState<FileLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!fileId) return undefined;
    const controller = new AbortController();
    fetchSharedFile(fileId, controller.signal).then(
      (file) => setLoad({ status: 'ready', file }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (statusOf(error) === 404) setLoad({ status: 'missing' });
        else {
          console.warn('The company file could not be loaded.', error);
          setLoad({ status: 'failed' });
        }
      },
    );
    return () => controller.abort();
  }, [fileId, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const replace = useCallback((file: SharedFile) => setLoad({ status: 'ready', file }), []);
  return { load, reload, replace };
}

/** The wizard's steps of the file's legal form (their schemas, rules and labels), null until loaded. */
export function useFileSteps(data: FileData | null): StepDefinition[] | null {
  const formId = data ? (legalFormOf(data)?.id ?? null) : null;
  const [loaded, setLoaded] = useState<{ id: string; steps: StepDefinition[] } | null>(null);
  useEffect(() => {
    const load = formId ? loadLegalFormSteps[formId] : undefined;
    if (!formId || !load) return undefined;
    let live = true;
    load().then(
      (steps) => live && setLoaded({ id: formId, steps }),
      (error: unknown) => console.warn('The steps of the form could not be loaded.', error),
    );
    return () => {
      live = false;
    };
  }, [formId]);
  return loaded && loaded.id === formId ? loaded.steps : null;
}
