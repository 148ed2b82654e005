import { Alert, Button } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The catalog could not be fetched: say so, and offer to ask again (never an empty section). */
export function CatalogFailure({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('marketing');
  return (
    <Alert
      variant="light"
      color="red"
      icon={<IconCloudOff size={20} aria-hidden="true" />}
      role="alert"
      maw={640}
      mx="auto"
      w="100%"
    >
      {t('catalog.loadError')}
      <Button
        mt="sm"
        size="sm"
        variant="white"
        color="red"
        display="flex"
        leftSection={<IconRefresh size={16} aria-hidden="true" />}
        onClick={onRetry}
      >
        {t('catalog.retry')}
      </Button>
    </Alert>
  );
}
