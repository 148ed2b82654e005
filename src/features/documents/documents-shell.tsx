import { useTranslation } from 'react-i18next';
import { PageIntro } from '@/components/page-intro';
import { PageLoader } from '@/components/page-loader';

/**
 * The documents page before the session is known: its heading and lead as the page shows them, and a
 * loader where the documents will be. The server sends it painted (app/routes/session-shells.tsx).
 */
export function DocumentsShell() {
  const { t } = useTranslation('documents');
  return (
    <PageIntro title={t('page.title')} lead={t('page.lead')}>
      <PageLoader />
    </PageIntro>
  );
}
