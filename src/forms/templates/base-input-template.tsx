import { TextInput } from '@mantine/core';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { emptyToUndefined, useControlProps } from '../widgets/control-props';
import { deferredControl, type StandInProps } from '../widgets/deferred-control';
import { editableAmount } from './number-value';
import { useUnit } from './use-unit';

/**
 * A number field while its code loads (as soon as a form shows one): the same box with the value and
 * the unit. It takes no typing (a key would be lost in the swap); the focus moves to the number field.
 */
function NumberStandIn({ handoff, ...props }: StandInProps<BaseInputTemplateProps>) {
  const { id, value, placeholder, options, onBlur, onFocus } = props;
  const unit = useUnit(options);
  const { i18n } = useTranslation();
  return (
    <TextInput
      {...useControlProps(props)}
      readOnly
      inputMode="decimal"
      value={editableAmount(value, i18n.language)}
      placeholder={placeholder}
      rightSection={unit}
      rightSectionWidth={unit && unit.length > 2 ? 48 : undefined}
      rightSectionPointerEvents="none"
      onBlur={() => {
        handoff.blur();
        onBlur(id, value);
      }}
      onFocus={() => {
        handoff.focus();
        onFocus(id, value);
      }}
    />
  );
}

const NumberField = deferredControl<BaseInputTemplateProps>(
  () => import('./number-input'),
  NumberStandIn,
  (props) => props.id,
  'render',
);

/**
 * Text-like fields: text, e-mail, telephone (`ui:options.inputType`) and numbers (schema type number or
 * integer, read as typed in the user's language; `ui:options.unit` shows e.g. % after the value,
 * `ui:options.currency` (EUR, RON) the currency's sign in the user's language ("€", "lei") and an echo
 * of the amount read, and `decimalScale` limits the decimals). The number field's code loads when a
 * form first shows one (number-input.tsx).
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, value, placeholder, schema, options, onChange, onBlur, onFocus } = props;
  const common = useControlProps(props);
  const autoComplete = typeof options.autocomplete === 'string' ? options.autocomplete : undefined;

  if (schema.type === 'number' || schema.type === 'integer') return <NumberField {...props} />;

  const inputType = typeof options.inputType === 'string' ? options.inputType : 'text';
  return (
    <TextInput
      {...common}
      type={inputType}
      value={typeof value === 'string' ? value : ''}
      placeholder={placeholder}
      autoComplete={autoComplete}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      onChange={(event) => onChange(emptyToUndefined(event.currentTarget.value))}
      onBlur={(event) => onBlur(id, event.currentTarget.value)}
      onFocus={(event) => onFocus(id, event.currentTarget.value)}
    />
  );
}
