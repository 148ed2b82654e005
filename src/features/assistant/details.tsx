import { Button } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './wizard-assistant.module.css';

/** The rest of an answer, folded behind a "Details" button that says whether it is open. */
export function Details({ children }: { children: ReactNode }) {
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
        {t('chat.answer.details')}
      </Button>
      <div id={id} hidden={!open}>
        {children}
      </div>
    </>
  );
}
