import { DateInput, DatesProvider } from '@mantine/dates';
import { IconCalendarEvent } from '@tabler/icons-react';
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/fr';
import 'dayjs/locale/ro';
import { STEP_DATE_FORMATS, parseStepDate } from './step-date';

export interface StepDateFieldProps {
  language: string;
  label: string;
  placeholder: string;
  /** YYYY-MM-DD, or null while empty. */
  value: string | null;
  onChange: (value: string | null) => void;
  error: string | undefined;
}

/**
 * The date a step was done on: Mantine's date field, typed in the founder's way of writing dates or
 * picked. Its own chunk, loaded as the dashboard loads: the date library stays out of the list of
 * files every other page's start-up code names.
 */
export function StepDateField({ language, label, placeholder, value, onChange, error }: StepDateFieldProps) {
  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: 1 }}>
      <DateInput
        label={label}
        placeholder={placeholder}
        value={value}
        valueFormat={STEP_DATE_FORMATS[language] ?? 'YYYY-MM-DD'}
        dateParser={parseStepDate}
        onChange={onChange}
        error={error}
        leftSection={<IconCalendarEvent size={16} aria-hidden="true" />}
        leftSectionPointerEvents="none"
        popoverProps={{ withinPortal: true }}
      />
    </DatesProvider>
  );
}
