import { Alert, List, Text } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileData } from './draft-merge';

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Answers from an older version of the wizard that have no place in this one: shown, so the founder
 * can copy them where they belong, rather than silently lost.
 */
export const SetAsideNotice = memo(function SetAsideNotice({ setAside }: { setAside: FileData }) {
  const { t } = useTranslation('wizard');
  const entries = Object.entries(setAside);
  if (entries.length === 0) return null;
  return (
    <Alert color="yellow" icon={<IconArchive aria-hidden="true" />} title={t('ui.setAside.title')}>
      <Text size="sm">{t('ui.setAside.body')}</Text>
      <List size="sm" mt="xs">
        {entries.map(([name, value]) => (
          <List.Item key={name}>
            <strong>{name}</strong> : {shown(value)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
});
