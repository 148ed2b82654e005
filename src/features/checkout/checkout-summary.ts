import { useEffect, useState } from 'react';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

export type CheckoutSummary = components['schemas']['CheckoutSummary'];

/** With Stripe, the payment may still be `open` a few seconds after the redirect: asked again this often… */
export const SUMMARY_POLL_MS = 2_000;
/** …for this long, after which the page says calmly that the confirmation is late. */
export const SUMMARY_POLL_LIMIT_MS = 30_000;

export type SummaryState =
  | { status: 'loading' }
  | { status: 'ready'; summary: CheckoutSummary; waitedTooLong: boolean }
  | { status: 'not-found' }
  | { status: 'failed' }
  /** No session id in the address: nothing to ask. */
  | { status: 'none' };

/** GET /api/checkout/sessions/{sessionId}, asked again while the payment is still being confirmed. */
export function useCheckoutSummary(sessionId: string | null): SummaryState {
  const [state, setState] = useState<SummaryState>({ status: 'loading' });

  useEffect(() => {
    if (!sessionId) return undefined;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startedAt = Date.now();
    const ask = async () => {
      try {
        const { data } = await apiClient.GET('/api/checkout/sessions/{sessionId}', {
          params: { path: { sessionId } },
        });
        if (!current) return;
        if (!data) {
          setState({ status: 'failed' });
          return;
        }
        const stillOpen = data.status === 'open';
        const waitedTooLong = stillOpen && Date.now() - startedAt >= SUMMARY_POLL_LIMIT_MS;
        setState({ status: 'ready', summary: data, waitedTooLong });
        if (stillOpen && !waitedTooLong) timer = setTimeout(() => void ask(), SUMMARY_POLL_MS);
      } catch (error) {
        if (!current) return;
        if (error instanceof ApiError && error.status === 404) {
          setState({ status: 'not-found' });
        } else {
          console.warn('The summary of the payment could not be loaded.', error);
          setState({ status: 'failed' });
        }
      }
    };
    void ask();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [sessionId]);

  return sessionId ? state : { status: 'none' };
}
