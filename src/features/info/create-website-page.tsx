import { useTranslation } from 'react-i18next';
import { PageIntro } from '@/components/page-intro';

/** /create-your-website: placeholder text only (spec section 2). */
export function CreateWebsitePage() {
  const { t } = useTranslation('info');
  return <PageIntro title={t('createWebsite.title')} lead={t('createWebsite.text')} />;
}
