import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { refusalKey } from './member-outcomes';
import { leaveFile } from './team-api';

/** A co-founder leaves the file, once they confirmed what it does; the founder is told by e-mail. */
export function LeaveFile({ fileId, founder }: { fileId: string; founder: string }) {
  const { t } = useTranslation('cofounders');
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const leave = async () => {
    setLeaving(true);
    setFailure(null);
    try {
      await leaveFile(fileId);
      void navigate(paths.dashboard);
    } catch (error) {
      setFailure(refusalKey(error));
      setLeaving(false);
      setConfirming(false);
    }
  };

  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconLogout size={16} aria-hidden="true" />}
        onClick={() => setConfirming(true)}
      >
        {t('leave.button')}
      </Button>
      {failure ? (
        <Alert color="red" role="alert">
          {t(failure as never)}
        </Alert>
      ) : null}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('leave.title')}>
        <Stack gap="md">
          <Text size="sm">{t('leave.body', { founder })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('actions.keep')}
            </Button>
            <Button color="red" loading={leaving} onClick={() => void leave()}>
              {t('leave.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
