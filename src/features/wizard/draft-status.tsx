import { Button, Group, Text } from '@mantine/core';
import { IconCloudCheck, IconCloudOff, IconCloudUpload, IconAlertTriangle } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncStatus } from './draft-sync';

const ICONS = {
  saved: IconCloudCheck,
  pending: IconCloudUpload,
  saving: IconCloudUpload,
  offline: IconCloudOff,
  failed: IconAlertTriangle,
} as const;

/** Where the user's edits are, said politely to screen readers; offline and refused drafts offer a retry. */
export const DraftStatus = memo(function DraftStatus({
  status,
  onRetry,
}: {
  status: SyncStatus;
  onRetry: () => void;
}) {
  const { t } = useTranslation('wizard');
  const Icon = ICONS[status];
  const trouble = status === 'offline' || status === 'failed';
  return (
    <Group gap={6} wrap="nowrap" align="center" data-sync={status}>
      <Icon size={16} aria-hidden="true" color={trouble ? 'var(--mantine-color-orange-8)' : undefined} />
      <Text size="sm" c={trouble ? 'orange.9' : 'dimmed'} role="status" aria-live="polite">
        {t(`ui.sync.${status}`)}
      </Text>
      {trouble ? (
        <Button variant="subtle" size="compact-sm" onClick={onRetry}>
          {t('ui.retry')}
        </Button>
      ) : null}
    </Group>
  );
});
