import { useEffect, useState } from 'react';
import type { StepDefinition } from '@/forms/form-definition';
import { loadLegalFormSteps } from '@/forms/generated/wizard-steps';

export type LegalFormSteps =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'failed'; retry: () => void }
  | { state: 'ready'; steps: StepDefinition[] };

/**
 * The steps of a legal form (`FR-SAS`), loaded when the founder chooses it: each form's steps, with
 * their figures and validators, are a chunk of their own. `none` before a form is chosen.
 */
export function useLegalFormSteps(legalFormId: string | null): LegalFormSteps {
  const [loaded, setLoaded] = useState<{ id: string; steps: StepDefinition[] } | null>(null);
  const [failedId, setFailedId] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const load = legalFormId ? loadLegalFormSteps[legalFormId] : undefined;

  useEffect(() => {
    if (!legalFormId || !load) return;
    let live = true;
    load().then(
      (steps) => live && setLoaded({ id: legalFormId, steps }),
      () => live && setFailedId(legalFormId),
    );
    return () => {
      live = false;
    };
  }, [legalFormId, load, attempt]);

  if (!legalFormId || !load) return { state: 'none' };
  if (loaded?.id === legalFormId) return { state: 'ready', steps: loaded.steps };
  if (failedId === legalFormId)
    return {
      state: 'failed',
      retry: () => {
        setFailedId(null);
        setAttempt((count) => count + 1);
      },
    };
  return { state: 'loading' };
}
