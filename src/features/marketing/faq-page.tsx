import { useTranslation } from 'react-i18next';
import { FaqSection } from './faq-section';

/** /faq: the questions entrepreneurs ask before they start. */
export function FaqPage() {
  const { t } = useTranslation('marketing');
  return <FaqSection headingOrder={1} title={t('faq.title')} lead={t('faq.lead')} />;
}
