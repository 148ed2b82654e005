import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';

/**
 * What the founder reads once "Envoyer le dossier" succeeded: the file is saved in Kreo, not filed
 * with any registry (the founder files it), and the way on (the documents when a package is owned,
 * else the plans). The one box of that moment: the "saved on <date>" notice of a reopened file
 * (FileStatusNotice) stays hidden meanwhile.
 */
export function SubmittedNotice({
  destination,
  onContinue,
}: {
  /** paths.documents when the founder owns a package, else paths.plans. */
  destination: string;
  onContinue: () => void;
}) {
  const { t } = useTranslation('wizard');
  return (
    <Alert
      color="green"
      icon={<IconCircleCheck aria-hidden="true" />}
      title={t('review.submitted.title')}
      role="status"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('review.submitted.body')}</Text>
        <Text size="sm">{t('review.submitted.next')}</Text>
        <Button onClick={onContinue}>
          {t(destination === paths.documents ? 'review.submitted.documents' : 'review.submitted.plans')}
        </Button>
      </Stack>
    </Alert>
  );
}
