import { useTranslation } from 'react-i18next';
import { PageIntro } from '@/components/page-intro';

/** /about: placeholder (spec section 2). */
export function AboutPage() {
  const { t } = useTranslation('info');
  return <PageIntro title={t('about.title')} lead={t('about.text')} />;
}
