import { DatePickerInput, DatesProvider, type CalendarLevel } from '@mantine/dates';
import type { WidgetProps } from '@rjsf/utils';
import { IconCalendar } from '@tabler/icons-react';
import 'dayjs/locale/fr';
import 'dayjs/locale/ro';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@mantine/dates/styles.layer.css';
import { useControlProps } from './control-props';
import { dateBound, longDate, monthLabel, openingDate } from './date-values';

/**
 * The date field's calendar (see date-widget.tsx, which loads this module when a form shows a date):
 * a date chosen in a calendar, never typed (spec: the date input blocks typing); the value is an ISO
 * YYYY-MM-DD string and the button shows it in the user's language. `ui:options`: minDate, maxDate
 * ("today" or a date), openOn (the month shown while empty: "today" or a date, December 2000 by
 * default), clearable. The calendar's heading switches to the months of a year, then to the years of a
 * decade; every arrow is named for screen readers.
 */
export default function DatePicker(props: WidgetProps) {
  const { t, i18n } = useTranslation('forms');
  const { id, value, placeholder, options, onChange, onBlur, onFocus } = props;
  // The calendar's view (days, months or years): the heading's hint says where a click on it leads.
  const [level, setLevel] = useState<CalendarLevel>('month');
  const minDate = dateBound(options.minDate);
  const maxDate = dateBound(options.maxDate);
  const levelHint =
    level === 'month' ? t('date.monthLevel') : level === 'year' ? t('date.yearLevel') : undefined;
  return (
    // The calendar's month and day names follow the page's language; weeks start on Monday.
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <DatePickerInput
        {...useControlProps(props)}
        value={typeof value === 'string' && value !== '' ? value : null}
        placeholder={placeholder || t('date.placeholder')}
        valueFormatter={({ date, locale }) => longDate(date, locale)}
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
    </DatesProvider>
  );
}
