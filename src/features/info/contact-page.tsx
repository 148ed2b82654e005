import { useTranslation } from 'react-i18next';
import { PageIntro } from '@/components/page-intro';

/** /contact: placeholder (spec section 2). */
export function ContactPage() {
  const { t } = useTranslation('info');
  return <PageIntro title={t('contact.title')} lead={t('contact.text')} />;
}
