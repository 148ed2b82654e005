import { startTransition, useCallback, useEffect, useState } from 'react';

export type RemoteList<T> =
  | { status: 'loading'; retry: () => void }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; items: T[]; retry: () => void };

type State<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: T[] };

/**
 * A list the page needs from the server, with its three states: loading (the page shows
 * skeletons), error (a message and a retry button) and ready. `retry` asks again.
 * `peek` gives the list known before asking (the prerendered page's copy): the page starts ready with
 * it, as the server rendered it, and the server's answer replaces it; a failed refresh keeps it.
 */
export function useRemoteList<T>(load: () => Promise<T[]>, peek?: () => T[] | undefined): RemoteList<T> {
  const [state, setState] = useState<State<T>>(() => {
    const known = peek?.();
    return known ? { status: 'ready', items: known } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    load().then(
      (items) => {
        if (!current) return;
        // A low-priority update, which React renders in slices: a page of cards re-renders with the
        // list. The prerendered copy, when the answer is the same, stays as it is (no render at all).
        startTransition(() =>
          setState((previous) =>
            previous.status === 'ready' && JSON.stringify(previous.items) === JSON.stringify(items)
              ? previous
              : { status: 'ready', items },
          ),
        );
      },
      (error: unknown) => {
        console.warn('Could not load the catalog.', error);
        if (current) setState((previous) => (previous.status === 'ready' ? previous : { status: 'error' }));
      },
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  return { ...state, retry };
}
