import { useTranslation } from 'react-i18next';
import { PageIntro } from '@/components/page-intro';

/** /documents: the documents the user's packages unlock (needs a session). */
export function DocumentsPage() {
  const { t } = useTranslation('documents');
  return <PageIntro title={t('page.title')} lead={t('page.lead')} />;
}
