import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { sharedFilePath } from '@/config/paths';
import { fetchSharedFiles, type SharedFileSummary } from './team-api';

/**
 * The company files the account was invited to and joined (listSharedFiles), each a link to its page.
 * Shows nothing when there is none: most accounts are founders only.
 */
export function SharedFilesList() {
  // No suspense: the dashboard around it must not wait for these words; the list shows once they came.
  const { t, ready } = useTranslation('cofounders', { useSuspense: false });
  const [files, setFiles] = useState<SharedFileSummary[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    fetchSharedFiles(controller.signal).then(
      (list) => setFiles(list.filter((file) => file.role === 'coFounder')),
      (error: unknown) => {
        if (!controller.signal.aborted) console.warn('The shared files could not be loaded.', error);
      },
    );
    return () => controller.abort();
  }, []);

  if (files.length === 0 || !ready) return null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="shared-files-title">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="shared-files-title">
          {t('sharedFiles.title')}
        </Title>
        <Text c="dimmed">{t('sharedFiles.lead')}</Text>
        {files.map((file) => {
          const company =
            [file.company, file.legalForm].filter(Boolean).join(' ') || t('shared.unnamedCompany');
          return (
            <Stack key={file.fileId} gap={2}>
              <Anchor component={Link} to={sharedFilePath(file.fileId)} fw={600}>
                {t('sharedFiles.open', { company })}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t('sharedFiles.by', { founder: file.founder })}
              </Text>
            </Stack>
          );
        })}
      </Stack>
    </Card>
  );
}
