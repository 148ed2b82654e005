import { Input, InputBase } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useControlProps } from './control-props';
import { dateBound, longDate } from './date-values';
import { deferredControl, type StandInProps } from './deferred-control';
import classes from './inputs.module.css';

/**
 * The browser's own date field, for a prerendered form sent without JavaScript. Sent after the
 * hidden input under the same name, its value is the one the server reads.
 */
function NativeDateField(props: {
  id: string;
  name: string;
  required: boolean | undefined;
  min: string | undefined;
  value: string | undefined;
}) {
  return (
    <noscript>
      <style
        dangerouslySetInnerHTML={{
          __html: `[data-field="${props.id}"] .mantine-InputWrapper-root{display:none}`,
        }}
      />
      <Input
        component="input"
        type="date"
        id={`${props.id}-date`}
        name={props.name}
        aria-labelledby={`${props.id}-label`}
        required={props.required}
        min={props.min}
        defaultValue={props.value}
      />
    </noscript>
  );
}

/**
 * The date field until its calendar is needed: the button the picker draws (title, date or
 * placeholder, errors, clear button). The calendar's code loads when the pointer comes over the
 * field or it gets the focus; a click made meanwhile opens the calendar once it is there.
 */
function DateStandIn({ handoff, ...props }: StandInProps<WidgetProps>) {
  const { t, i18n } = useTranslation('forms');
  const { id, value, placeholder, options, onChange, onFocus } = props;
  const { name, classNames, ...control } = useControlProps(props);
  const shown = longDate(value, i18n.language);
  return (
    <>
      <InputBase
        {...control}
        component="button"
        type="button"
        multiline
        data-dates-input
        classNames={{ ...classNames, input: `${classNames.input} ${classes.dateButton}` }}
        leftSection={<IconCalendar size={16} aria-hidden="true" />}
        leftSectionPointerEvents="none"
        aria-haspopup="dialog"
        aria-expanded={false}
        __clearable={options.clearable === true && shown !== '' && !control.disabled}
        __clearSection={
          <Input.ClearButton aria-label={t('date.clear')} onClick={() => onChange(undefined)} />
        }
        onPointerEnter={handoff.hover}
        onPointerLeave={handoff.leave}
        onPointerDown={handoff.press}
        onClick={handoff.click}
        onFocus={() => {
          handoff.focus();
          onFocus(id, value);
        }}
        onBlur={handoff.blur}
      >
        {shown || (
          <Input.Placeholder error={control.error} classNames={classNames}>
            {placeholder || t('date.placeholder')}
          </Input.Placeholder>
        )}
      </InputBase>
      <input type="hidden" value={shown ? String(value).slice(0, 10) : ''} name={name} />
      {/*
        Without JavaScript the calendar never opens, yet a prerendered form (sign-up) is sent by the
        browser itself: the browser's own date field takes the button's place. React renders a
        <noscript>'s content on the server only, so hydration never meets it, and the browser's
        bundle leaves it out (import.meta.env.SSR is false there): a phone receives none of it.
      */}
      {import.meta.env.SSR ? (
        <NativeDateField
          id={id}
          name={name}
          required={props.required}
          min={dateBound(options.minDate)}
          value={shown ? String(value).slice(0, 10) : undefined}
        />
      ) : (
        <noscript />
      )}
    </>
  );
}

const DeferredDatePicker = deferredControl<WidgetProps>(
  () => import('./date-picker'),
  DateStandIn,
  (props) => props.id,
  'intent',
);

/**
 * `ui:widget: "date"`: a date chosen in a calendar (date-picker.tsx). The calendar, its date library
 * and its pop-up load when the user goes to a date field, not with every form that has one: they
 * weigh as much as the sign-up form's other fields together.
 */
export function DateWidget(props: WidgetProps) {
  return <DeferredDatePicker {...props} />;
}
