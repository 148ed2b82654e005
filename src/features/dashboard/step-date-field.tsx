import { ActionIcon } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/fr';
import 'dayjs/locale/ro';
import { STEP_DATE_FORMATS, parseStepDate } from './step-date';

export interface StepDateFieldProps {
  language: string;
  label: string;
  placeholder: string;
  /** The name of the button that opens the calendar. */
  calendarLabel: string;
  /** YYYY-MM-DD, or null while empty. */
  value: string | null;
  onChange: (value: string | null) => void;
  error: string | undefined;
}

/**
 * The date a step was done on: typed in the founder's way of writing dates, or picked in a calendar
 * that its button opens. Mantine opens the calendar on focus and on each key typed, right over the
 * "Mark as done" button below the field: a founder who had typed the date then had to close the
 * calendar to reach the button, and a click meant for it landed in the calendar. So the calendar opens
 * only from its button, and closes on a date picked or typed whole, Escape, its button, or a click
 * elsewhere. The button is for pointers: the calendar takes no keyboard focus (Mantine's DateInput keeps
 * it out of the tab order), and the keyboard's way is typing the date.
 * Its own chunk, loaded as the dashboard loads: the date library stays out of the list of files every
 * other page's start-up code names.
 */
export function StepDateField({
  language,
  label,
  placeholder,
  calendarLabel,
  value,
  onChange,
  error,
}: StepDateFieldProps) {
  const [calendarOpened, setCalendarOpened] = useState(false);
  // Escape closes it wherever the focus is: on the field, on its button, or elsewhere on the page.
  useEffect(() => {
    if (!calendarOpened) return undefined;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setCalendarOpened(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [calendarOpened]);
  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: 1 }}>
      <DateInput
        label={label}
        placeholder={placeholder}
        value={value}
        valueFormat={STEP_DATE_FORMATS[language] ?? 'YYYY-MM-DD'}
        dateParser={parseStepDate}
        onChange={(next) => {
          setCalendarOpened(false);
          onChange(next);
        }}
        error={error}
        // Mantine lets clicks through its sections to the input by default: this one holds a button.
        rightSectionPointerEvents="all"
        rightSection={
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={calendarLabel}
            aria-expanded={calendarOpened}
            tabIndex={-1}
            // The popover closes on a press outside it, which this button is: kept from it, so the
            // button itself opens and closes the calendar.
            onMouseDown={(event) => event.stopPropagation()}
            onTouchStart={(event) => event.stopPropagation()}
            onClick={() => setCalendarOpened((opened) => !opened)}
          >
            <IconCalendarEvent size={18} aria-hidden="true" />
          </ActionIcon>
        }
        popoverProps={{
          withinPortal: true,
          opened: calendarOpened,
          onDismiss: () => setCalendarOpened(false),
        }}
      />
    </DatesProvider>
  );
}
