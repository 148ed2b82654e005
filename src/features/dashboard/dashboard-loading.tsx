import { SimpleGrid, Skeleton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '@/components/page-intro';

/**
 * The dashboard while its overview loads; also what the server sends before the app runs (the session
 * shell, app/routes/session-shells.tsx), so that the page does not change when the overview is asked for.
 */
export function DashboardLoading() {
  const { t } = useTranslation('dashboard');
  return (
    <PageIntro title={t('page.title')} lead={t('page.lead')}>
      <VisuallyHidden role="status">{t('loading')}</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-hidden="true">
        <Skeleton height={320} radius="lg" />
        <Skeleton height={320} radius="lg" />
      </SimpleGrid>
    </PageIntro>
  );
}
