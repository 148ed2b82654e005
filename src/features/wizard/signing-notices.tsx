/**
 * The wizard's words about signatures: a notice while a round of signatures exists (changing the
 * submitted answers voids them), and the confirmation asked when a submission would void them.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconSignature } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSigningState, type SigningRound } from '@/lib/signing/signing-api';

/** The user's live round (open or complete), or null: none yet (404), voided, or unreadable. */
function useLiveRound(fileId: string): SigningRound | null {
  const [round, setRound] = useState<SigningRound | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void fetchSigningState(fileId, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      const next = result.status === 'ready' ? result.state.round : null;
      setRound(next && next.status !== 'voided' ? next : null);
    });
    return () => controller.abort();
  }, [fileId]);
  return round;
}

/** While documents are signed or being signed: changing the submitted answers will void the signatures. */
export function SigningRoundNotice({ fileId }: { fileId: string }) {
  // Its words are the wizard's (loaded with it): the signing page's namespace is not.
  const { t } = useTranslation('wizard');
  const round = useLiveRound(fileId);
  if (!round) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconSignature aria-hidden="true" />}
      title={
        round.status === 'complete' ? t('signatures.notice.titleComplete') : t('signatures.notice.title')
      }
    >
      {t('signatures.notice.body')}
    </Alert>
  );
}

/** Asked when the server refused a submission that would void the signatures (409 SIGNATURES_WOULD_BE_VOIDED). */
export function VoidSignaturesModal({
  opened,
  submitting,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  submitting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('wizard');
  return (
    <Modal opened={opened} onClose={onCancel} title={t('signatures.confirm.title')} centered>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconAlertTriangle size={24} color="var(--mantine-color-red-7)" aria-hidden="true" />
          <Text size="sm">{t('signatures.confirm.body')}</Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {t('signatures.confirm.cancel')}
          </Button>
          <Button color="red" loading={submitting} onClick={onConfirm}>
            {t('signatures.confirm.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
