import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { checkoutPath, loginHref, paths } from '@/config/paths';
import type { Offer } from '@/lib/catalog/catalog';
import { isLoggedInAtom } from '@/lib/session/session';

/** The query parameter of older links to a plan chosen before logging in (/plans?offer=SKU). */
export const CHOSEN_OFFER_PARAM = 'offer';

/** /plans?offer=SKU: an older way back to a chosen plan, which now leads to its order page. */
export function chosenPlanPath(offerSku: string): string {
  return `${paths.plans}?${new URLSearchParams({ [CHOSEN_OFFER_PARAM]: offerSku }).toString()}`;
}

/**
 * Select Plan: the order page of the offer (/checkout/<sku>: summary, billing address, consent, then
 * payment). Without a session, log in first and come back to that page.
 */
export function useSelectPlan() {
  const navigate = useNavigate();
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const select = useCallback(
    (offer: Offer, options?: { replace?: boolean }) => {
      const target = checkoutPath(offer.sku);
      void navigate(isLoggedIn ? target : loginHref(target), options);
    },
    [isLoggedIn, navigate],
  );
  return { select };
}
