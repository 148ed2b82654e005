import { Alert, Container } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RouteNoticeKey } from './route-notice';

/** A notice at the top of the page, announced to screen readers, that the reader can dismiss. */
export function RouteNoticeAlert({ notice, onClose }: { notice: RouteNoticeKey; onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Container size="lg" pt="md">
      <Alert
        color="brand"
        variant="light"
        role="status"
        icon={<IconCircleCheck aria-hidden="true" />}
        withCloseButton
        closeButtonLabel={t('notices.dismiss')}
        onClose={onClose}
      >
        {t(`notices.${notice}`)}
      </Alert>
    </Container>
  );
}
