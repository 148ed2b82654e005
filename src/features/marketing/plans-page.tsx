import { useTranslation } from 'react-i18next';
import { PageIntro } from '@/components/page-intro';

/** /plans: the packages and their prices. */
export function PlansPage() {
  const { t } = useTranslation('marketing');
  return <PageIntro title={t('plans.title')} lead={t('plans.lead')} />;
}
