import { Button } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './wizard-assistant.module.css';

/**
 * The rest of an answer, folded behind a "Details" button that says whether it is open. `label`
 * names a second fold in the same reply (two buttons with one name read the same to a screen reader).
 */
export function Details({ children, label }: { children: ReactNode; label?: string }) {
  const { t } = useTranslation('assistant');
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((previous) => !previous)}
        rightSection={
          <IconChevronDown size={14} aria-hidden="true" className={open ? classes.detailsOpen : undefined} />
        }
        className={classes.details}
      >
        {label ?? t('chat.answer.details')}
      </Button>
      <div id={id} hidden={!open}>
        {children}
      </div>
    </>
  );
}
