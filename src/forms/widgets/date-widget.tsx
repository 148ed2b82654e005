import { DatePickerInput, type DateFormatter } from '@mantine/dates';
import type { WidgetProps } from '@rjsf/utils';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useControlProps } from './control-props';

function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The chosen date as the user's language writes it (Intl, as on the profile page): "1 janvier 2000",
 * "1 ianuarie 2000", "January 1, 2000".
 */
const formatLongDate: DateFormatter = ({ date, locale }) => {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(date)) return '';
  const [year, month, day] = date.slice(0, 10).split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 2000, (month ?? 1) - 1, day ?? 1)),
  );
};

/** The calendar's month heading from Intl too ("martie 1990", not the date library's "Martie 1990"). */
function monthLabel(language: string) {
  return (date: string) =>
    new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${date.slice(0, 10)}T00:00:00Z`),
    );
}

/** `"today"` or a YYYY-MM-DD date from ui:options, as the picker's bound. */
function dateBound(option: unknown): string | undefined {
  if (option === 'today') return today();
  return typeof option === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(option) ? option : undefined;
}

/**
 * A date chosen in a calendar, never typed (spec: the date input blocks typing); the value is an ISO
 * YYYY-MM-DD string and the button shows it in the user's language. `ui:options`: minDate, maxDate
 * ("today" or a date), clearable.
 */
export function DateWidget(props: WidgetProps) {
  const { t, i18n } = useTranslation('forms');
  const { id, value, placeholder, options, onChange, onBlur, onFocus } = props;
  return (
    <DatePickerInput
      {...useControlProps(props)}
      value={typeof value === 'string' && value !== '' ? value : null}
      placeholder={placeholder || t('date.placeholder')}
      valueFormatter={formatLongDate}
      monthLabelFormat={monthLabel(i18n.language)}
      minDate={dateBound(options.minDate)}
      maxDate={dateBound(options.maxDate)}
      clearable={options.clearable === true}
      clearButtonProps={{ 'aria-label': t('date.clear') }}
      leftSection={<IconCalendar size={16} aria-hidden="true" />}
      leftSectionPointerEvents="none"
      popoverProps={{ onClose: () => onBlur(id, value), returnFocus: true }}
      onChange={(next) => onChange(next ?? undefined)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
