import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { OutsideFeesSection } from './outside-fees-section';
import { PricingSection } from './pricing-section';
import { TotalCostSection } from './total-cost-section';
import { CHOSEN_OFFER_PARAM } from './use-select-plan';

/**
 * /plans: the packages and their prices, the total a founder pays per legal form, then what they still
 * pay outside Kreo per country;
 * /plans?offer=SKU resumes a choice made before logging in.
 */
export function PlansPage() {
  const { t } = useTranslation('marketing');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // Replaced, not pushed: Back from the payment page must not land on a page that starts it again.
  const forgetChosenOffer = useCallback(() => void navigate(paths.plans, { replace: true }), [navigate]);
  return (
    <>
      <PricingSection
        headingOrder={1}
        title={t('plans.title')}
        lead={t('plans.lead')}
        resumeOfferSku={searchParams.get(CHOSEN_OFFER_PARAM)}
        onResumeHandled={forgetChosenOffer}
      />
      <TotalCostSection />
      <OutsideFeesSection />
    </>
  );
}
