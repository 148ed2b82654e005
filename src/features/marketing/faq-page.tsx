import { useTranslation } from 'react-i18next';
import { PageIntro } from '@/components/page-intro';

/** /faq: the questions entrepreneurs ask before they start. */
export function FaqPage() {
  const { t } = useTranslation('marketing');
  return <PageIntro title={t('faq.title')} lead={t('faq.lead')} />;
}
