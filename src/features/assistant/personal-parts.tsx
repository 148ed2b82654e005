/**
 * The pieces every personal block is made of (personal-block.tsx and the three answers next to it): a
 * line with its source, a missing fact with a link to its field.
 */
import { Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePersonalWords, type MissingField } from './personal-words';
import classes from './wizard-assistant.module.css';

/** Where a figure comes from, under it. */
export function Source({ law }: { law: string | undefined }) {
  const { t } = usePersonalWords();
  if (!law) return null;
  return (
    <Text size="xs" c="dimmed" className={classes.personalSource}>
      {t('source', { law })}
    </Text>
  );
}

/** A line of the block with its source. */
export function Line({ children, law }: { children: ReactNode; law?: string }) {
  return (
    <li>
      <Text size="sm" component="span">
        {children}
      </Text>
      <Source law={law} />
    </li>
  );
}

/** A fact the block needs and the file lacks: what to fill in, with a link to the field. */
export function Missing({ field, onJump }: { field: MissingField; onJump: (field: string) => void }) {
  const { t } = usePersonalWords();
  return (
    <Stack gap={2}>
      <Text size="sm">{t(`fill.${field}`)}</Text>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        className={classes.jump}
        onClick={() => onJump(field)}
      >
        {t(`goTo.${field}`)}
      </Button>
    </Stack>
  );
}
