import { useTranslation } from 'react-i18next';
import { PageIntro } from '@/components/page-intro';

/** /ai-powered-form: the five-step company-creation wizard (needs a session). */
export function WizardPage() {
  const { t } = useTranslation('wizard');
  return <PageIntro title={t('page.title')} lead={t('page.lead')} />;
}
