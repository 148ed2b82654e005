import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { loginHref, paths } from '@/config/paths';
import type { Offer } from '@/lib/catalog/catalog';
import { isLoggedInAtom } from '@/lib/session/session';
import { goToPaymentPage, startCheckout, type CheckoutOutcome } from './start-checkout';

/** The query parameter that brings a visitor back to the plan they chose before logging in. */
export const CHOSEN_OFFER_PARAM = 'offer';

/** /plans?offer=SKU: where login sends a visitor who chose a plan while logged out. */
export function chosenPlanPath(offerSku: string): string {
  return `${paths.plans}?${new URLSearchParams({ [CHOSEN_OFFER_PARAM]: offerSku }).toString()}`;
}

/**
 * Select Plan: with a session, open a payment session and go to its page; without one, log in
 * first and come back to the same plan. Failures become a message to show, not an alert().
 */
export function useSelectPlan() {
  const { t } = useTranslation('marketing');
  const navigate = useNavigate();
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const [pendingSku, setPendingSku] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const settle = useCallback(
    (offer: Offer, outcome: CheckoutOutcome) => {
      switch (outcome.kind) {
        case 'redirect':
          // The button keeps its spinner while the browser leaves for the payment page.
          goToPaymentPage(outcome.url);
          return;
        case 'login':
          void navigate(loginHref(chosenPlanPath(offer.sku)));
          break;
        case 'unreachable':
          setFailure(t('pricing.checkoutError', { error: t('pricing.networkError') }));
          break;
        case 'too-many':
          setFailure(t('pricing.checkoutError', { error: t('pricing.tooManyCheckouts') }));
          break;
        case 'error':
          setFailure(t('pricing.checkoutError', { error: outcome.error }));
          break;
      }
      setPendingSku(null);
    },
    [navigate, t],
  );

  const select = useCallback(
    (offer: Offer) => {
      setFailure(null);
      if (!isLoggedIn) {
        void navigate(loginHref(chosenPlanPath(offer.sku)));
        return;
      }
      setPendingSku(offer.sku);
      void startCheckout(offer).then((outcome) => settle(offer, outcome));
    },
    [settle, isLoggedIn, navigate],
  );

  return {
    select,
    /** Acts on a checkout's outcome: go to the payment page, to /login, or show the failure. */
    settle,
    pendingSku,
    failure,
    dismissFailure: useCallback(() => setFailure(null), []),
  };
}
