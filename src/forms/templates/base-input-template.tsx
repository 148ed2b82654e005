import { NumberInput, TextInput } from '@mantine/core';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { currencySign } from '../currency';
import { emptyToUndefined, useControlProps } from '../widgets/control-props';

/**
 * Text-like fields: text, e-mail, telephone (`ui:options.inputType`) and numbers (schema type number or
 * integer, with the schema's minimum and maximum; `ui:options.unit` shows e.g. € after the value,
 * `ui:options.currency` (EUR, RON) the currency's sign in the user's language, and `decimalScale`
 * limits the decimals).
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, value, placeholder, schema, options, onChange, onBlur, onFocus } = props;
  const common = useControlProps(props);
  const { i18n } = useTranslation();
  const unit =
    typeof options.currency === 'string'
      ? currencySign(options.currency, i18n.language)
      : typeof options.unit === 'string'
        ? options.unit
        : undefined;
  const autoComplete = typeof options.autocomplete === 'string' ? options.autocomplete : undefined;

  if (schema.type === 'number' || schema.type === 'integer') {
    return (
      <NumberInput
        {...common}
        value={typeof value === 'number' ? value : ''}
        placeholder={placeholder}
        min={typeof schema.minimum === 'number' ? schema.minimum : undefined}
        max={typeof schema.maximum === 'number' ? schema.maximum : undefined}
        // What was typed stays as typed (0 is not silently turned into the minimum 1): the rule's message explains.
        clampBehavior="none"
        allowDecimal={schema.type === 'number'}
        decimalScale={typeof options.decimalScale === 'number' ? options.decimalScale : undefined}
        rightSection={unit}
        rightSectionWidth={unit && unit.length > 2 ? 48 : undefined}
        rightSectionPointerEvents="none"
        onChange={(next) => onChange(typeof next === 'number' ? next : undefined)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
    );
  }

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
