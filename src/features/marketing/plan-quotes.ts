import { useEffect, useState } from 'react';
import { apiClient } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import type { Offer } from '@/lib/catalog/catalog';

type PlanQuote = components['schemas']['PlanQuote'];

/** Where an offer stands for the account: the plan it owns, one its plan includes, or an upgrade. */
export type Standing =
  { kind: 'yours' } | { kind: 'included' } | { kind: 'upgrade'; dueCents: number; currency: string };

/**
 * What each plan costs this account now (GET /api/orders, `plans`): null for a visitor without a
 * session, while it loads, or when it cannot be had (the cards then show as to anyone).
 */
export function usePlanQuotes(isLoggedIn: boolean): PlanQuote[] | null {
  const [quotes, setQuotes] = useState<PlanQuote[] | null>(null);
  useEffect(() => {
    if (!isLoggedIn) return undefined;
    const controller = new AbortController();
    apiClient
      .GET('/api/orders', { signal: controller.signal })
      .then(({ data }) => setQuotes(data?.plans ?? null))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('The plans owned could not be read.', error);
      });
    return () => controller.abort();
  }, [isLoggedIn]);
  return isLoggedIn ? quotes : null;
}

/**
 * An offer's standing: the dearest plan the account owns is "yours", the cheaper ones it owns are
 * included in it (not offered again: the server refuses them, ALREADY_OWNED), and a dearer one costs
 * the difference (the credit of the earlier orders deducted).
 */
export function standingOf(offer: Offer, quotes: readonly PlanQuote[] | null): Standing | null {
  const quote = quotes?.find((candidate) => candidate.offerSku === offer.sku);
  if (!quotes || !quote) return null;
  if (quote.owned) {
    const dearestOwned = Math.max(...quotes.filter((q) => q.owned).map((q) => q.priceCents));
    return quote.priceCents >= dearestOwned ? { kind: 'yours' } : { kind: 'included' };
  }
  if (quote.creditCents > 0)
    return { kind: 'upgrade', dueCents: quote.dueCents, currency: offer.plans[0]?.currency ?? 'EUR' };
  return null;
}
