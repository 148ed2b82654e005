import { useEffect, useState } from 'react';
import { slugProblem } from '@/shared/website-slug';
import { isTooMany, websiteApi } from './website-api';

/** How long after the last key the address is checked with the server. */
export const SLUG_CHECK_DELAY_MS = 400;

/**
 * What is known of an address: nothing yet (`idle`), being checked, free, or why not. A malformed or
 * reserved address is known at once (the shared rules); whether someone has it, only the server knows.
 * `limited`: the account checked too many addresses for now (429); publishing still checks it.
 */
export type SlugVerdict =
  'idle' | 'checking' | 'available' | 'taken' | 'held' | 'reserved' | 'format' | 'limited' | 'unknown';

export function useSlugCheck(slug: string, enabled: boolean, api = websiteApi): SlugVerdict {
  const [checked, setChecked] = useState<{ slug: string; verdict: SlugVerdict } | null>(null);
  const local = enabled && slug !== '' ? slugProblem(slug) : null;

  useEffect(() => {
    if (!enabled || slug === '' || slugProblem(slug)) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.checkSlug(slug, controller.signal).then(
        (answer) =>
          setChecked({ slug, verdict: answer.available ? 'available' : (answer.reason ?? 'taken') }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (isTooMany(error)) return setChecked({ slug, verdict: 'limited' });
          console.warn('Checking the address failed', error);
          setChecked({ slug, verdict: 'unknown' });
        },
      );
    }, SLUG_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug, enabled, api]);

  if (!enabled || slug === '') return 'idle';
  if (local) return local;
  return checked?.slug === slug ? checked.verdict : 'checking';
}
