import { Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDatabase, IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api/client';
import { saveFile } from '@/lib/save-file';
import { DeleteAccountModal } from './delete-account-modal';
import { localDay } from './profile-data';
import { ProfileMessageAlert, type ProfileMessage } from './profile-messages';

/**
 * "Your data" (GDPR art. 15, 17 and 20): a copy of everything held about the user, saved as a JSON file
 * exactly as the server wrote it, and the way to delete the account.
 */
export function YourDataCard() {
  const { t } = useTranslation('profile');
  const [exporting, setExporting] = useState(false);
  const [message, setMessage] = useState<ProfileMessage | null>(null);
  const [confirmingDeletion, setConfirmingDeletion] = useState(false);

  const download = async () => {
    setExporting(true);
    setMessage(null);
    try {
      const { data } = await apiClient.GET('/api/user/export', { parseAs: 'blob' });
      if (!data) throw new Error('The export answered without data');
      saveFile(data, t('data.fileName', { date: localDay(new Date()) }));
      setMessage({ key: 'messages.exportSuccess', tone: 'success' });
    } catch (error) {
      console.warn('The data export failed.', error);
      setMessage({ key: 'messages.exportError', tone: 'error' });
    }
    setExporting(false);
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="profile-data-title">
      <Stack gap="sm" align="flex-start">
        <Group gap="xs">
          <IconDatabase size={22} aria-hidden="true" />
          <Title order={2} fz="h3" id="profile-data-title">
            {t('data.title')}
          </Title>
        </Group>
        <Text c="dimmed">{t('data.text')}</Text>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            loading={exporting}
            onClick={() => void download()}
          >
            {t('data.download')}
          </Button>
          <Button
            variant="outline"
            // red.9: Mantine's red is under 4.5:1 on white for a button's text (WCAG AA); this one is 5.6:1.
            color="red.9"
            leftSection={<IconTrash size={16} aria-hidden="true" />}
            onClick={() => setConfirmingDeletion(true)}
          >
            {t('data.delete')}
          </Button>
        </Group>
        {message ? (
          <Box w="100%">
            <ProfileMessageAlert message={message} onClose={() => setMessage(null)} />
          </Box>
        ) : null}
      </Stack>
      <DeleteAccountModal opened={confirmingDeletion} onClose={() => setConfirmingDeletion(false)} />
    </Card>
  );
}
