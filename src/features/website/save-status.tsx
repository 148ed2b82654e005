import { Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudUpload, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SaveStatus } from './use-website-draft';

const ICONS = {
  saved: IconCloudCheck,
  pending: IconPencil,
  saving: IconCloudUpload,
  failed: IconAlertTriangle,
} as const;

/** Whether the server has the edits, said politely to screen readers; a failed save offers a retry. */
export function SaveStatusLine({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const { t } = useTranslation('website');
  const Icon = ICONS[status];
  const failed = status === 'failed';
  return (
    <Group gap={6} wrap="nowrap" align="center" data-testid="website-save-status" data-status={status}>
      <Icon size={16} aria-hidden="true" color={failed ? 'var(--mantine-color-red-8)' : undefined} />
      <Text size="sm" c={failed ? 'red.9' : 'dimmed'} role="status" aria-live="polite">
        {t(`save.${status}`)}
      </Text>
      {failed ? (
        <Button variant="subtle" size="compact-sm" onClick={onRetry}>
          {t('save.retry')}
        </Button>
      ) : null}
    </Group>
  );
}
