import { DatePickerInput, type CalendarLevel, type DateFormatter } from '@mantine/dates';
import type { WidgetProps } from '@rjsf/utils';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useControlProps } from './control-props';

/**
 * Where an empty calendar opens: the spec's display default (section 9), December 2000, so that a
 * birth year is a few clicks away instead of a scroll back from today. `ui:options.openOn` changes it
 * per field ("today" for a signature date).
 */
export const DISPLAY_DEFAULT_DATE = '2000-12-31';

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

/** The month an empty calendar shows, kept within the field's bounds (ISO dates compare as text). */
function openingDate(option: unknown, minDate: string | undefined, maxDate: string | undefined): string {
  const wanted = dateBound(option) ?? DISPLAY_DEFAULT_DATE;
  if (minDate && wanted < minDate) return minDate;
  if (maxDate && wanted > maxDate) return maxDate;
  return wanted;
}

/**
 * A date chosen in a calendar, never typed (spec: the date input blocks typing); the value is an ISO
 * YYYY-MM-DD string and the button shows it in the user's language. `ui:options`: minDate, maxDate
 * ("today" or a date), openOn (the month shown while empty: "today" or a date, December 2000 by
 * default), clearable. The calendar's heading switches to the months of a year, then to the years of a
 * decade; every arrow is named for screen readers.
 */
export function DateWidget(props: WidgetProps) {
  const { t, i18n } = useTranslation('forms');
  const { id, value, placeholder, options, onChange, onBlur, onFocus } = props;
  // The calendar's view (days, months or years): the heading's hint says where a click on it leads.
  const [level, setLevel] = useState<CalendarLevel>('month');
  const minDate = dateBound(options.minDate);
  const maxDate = dateBound(options.maxDate);
  const levelHint =
    level === 'month' ? t('date.monthLevel') : level === 'year' ? t('date.yearLevel') : undefined;
  return (
    <DatePickerInput
      {...useControlProps(props)}
      value={typeof value === 'string' && value !== '' ? value : null}
      placeholder={placeholder || t('date.placeholder')}
      valueFormatter={formatLongDate}
      monthLabelFormat={monthLabel(i18n.language)}
      minDate={minDate}
      maxDate={maxDate}
      defaultDate={openingDate(options.openOn, minDate, maxDate)}
      level={level}
      onLevelChange={setLevel}
      ariaLabels={{
        previousMonth: t('date.previousMonth'),
        nextMonth: t('date.nextMonth'),
        previousYear: t('date.previousYear'),
        nextYear: t('date.nextYear'),
        previousDecade: t('date.previousDecade'),
        nextDecade: t('date.nextDecade'),
      }}
      // The heading keeps its visible text ("décembre 2000") as its name, so speech input and the
      // e2e tests find it by what it shows; the title says what it does.
      attributes={{ calendarHeaderLevel: levelHint ? { title: levelHint } : {} }}
      clearable={options.clearable === true}
      clearButtonProps={{ 'aria-label': t('date.clear') }}
      leftSection={<IconCalendar size={16} aria-hidden="true" />}
      leftSectionPointerEvents="none"
      popoverProps={{ onClose: () => onBlur(id, value), returnFocus: true }}
      // Each opening starts on the days of the chosen month (or of openOn).
      onClick={() => setLevel('month')}
      onChange={(next) => onChange(next ?? undefined)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
