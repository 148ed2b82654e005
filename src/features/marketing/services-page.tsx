import { useTranslation } from 'react-i18next';
import { PageIntro } from '@/components/page-intro';

/** /services: what we do for an entrepreneur. */
export function ServicesPage() {
  const { t } = useTranslation('marketing');
  return <PageIntro title={t('services.title')} lead={t('services.lead')} />;
}
