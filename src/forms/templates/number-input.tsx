import { TextInput } from '@mantine/core';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../money';
import { readAmount, type AmountReading } from '../read-amount';
import { useFormTranslate } from '../translation';
import { useControlProps } from '../widgets/control-props';
import { editableAmount } from './number-value';
import { useUnit } from './use-unit';

/** What the form holds for a text: nothing, the number read, or the text itself when it cannot be read. */
function storedValue(text: string, reading: AmountReading): number | string | undefined {
  if (text.trim() === '') return undefined;
  return reading.problem ? text : reading.value;
}

/** An example written the way the field expects it: "1 000,50" (money) or "1 000" in French. */
function exampleOf(language: string, decimals: number | undefined): string {
  const withCents = decimals !== 0;
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: withCents ? 2 : 0,
    maximumFractionDigits: withCents ? 2 : 0,
  }).format(withCents ? 1000.5 : 1000);
}

/**
 * A number field (see base-input-template.tsx, which loads this module when a form shows one), read
 * as the user types it in the interface's language (read-amount.ts): "1 000,50" and "1.000" in French
 * and Romanian, "1,000.50" in English. The text stays as typed, never reformatted under the cursor;
 * the form holds the number read, and a money field (`ui:options.currency`) echoes it under the field
 * ("soit 1 000,50 €") so the founder sees what was understood. A text that cannot be read stays in the
 * form as text (the schema's type refuses it) and the field says why, in the user's language.
 */
export default function NumberField(props: BaseInputTemplateProps) {
  const { id, value, placeholder, schema, options, onChange, onBlur, onFocus } = props;
  const { i18n } = useTranslation();
  const language = i18n.language;
  const translate = useFormTranslate();
  const unit = useUnit(options);
  const control = useControlProps(props);
  const currency = typeof options.currency === 'string' ? options.currency : undefined;
  const decimals =
    schema.type === 'integer'
      ? 0
      : typeof options.decimalScale === 'number'
        ? options.decimalScale
        : undefined;
  const readOptions = { decimals, currencyWords: [currency, unit].filter((word) => word !== undefined) };
  const read = (text: string) => readAmount(text, language, readOptions);

  // The text as typed, and the value and language it was last shown for.
  const [typed, setTyped] = useState(() => ({ text: editableAmount(value, language), value, language }));
  const reading = read(typed.text);
  // The value changed from elsewhere (a draft loaded, a list filled in) or the language did: show it
  // anew. The value this field itself reported, arriving back, leaves the text as typed.
  if (value !== typed.value || language !== typed.language) {
    const own = language === typed.language && Object.is(value, storedValue(typed.text, reading));
    const keep = own || (language !== typed.language && typeof value !== 'number');
    setTyped({ text: keep ? typed.text : editableAmount(value, language), value, language });
  }

  const [focused, setFocused] = useState(false);
  // A problem the next keys may solve (a lone "-") waits for the user to leave the field.
  const problem = reading.problem && (!reading.pending || !focused) ? reading.problem : undefined;
  const problemMessage = problem
    ? translate(`forms:number.errors.${problem}`, {
        limit: decimals,
        example: exampleOf(language, decimals),
      })
    : undefined;
  const echo =
    currency && reading.value !== undefined && !reading.problem
      ? translate('forms:number.echo', { amount: formatMoney(reading.value, currency, language, translate) })
      : undefined;
  const description =
    control.description && echo ? `${control.description} ${echo}` : (control.description ?? echo);

  return (
    <TextInput
      {...control}
      // A problem the field found replaces the schema's messages, which would only say "invalid"; while
      // a pending one waits, so do they.
      error={problemMessage ? <div>{problemMessage}</div> : reading.problem ? undefined : control.error}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      inputMode={decimals === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={typed.text}
      placeholder={placeholder}
      rightSection={unit}
      rightSectionWidth={unit && unit.length > 2 ? 48 : undefined}
      rightSectionPointerEvents="none"
      onChange={(event) => {
        const text = event.currentTarget.value;
        setTyped((current) => ({ ...current, text }));
        onChange(storedValue(text, read(text)));
      }}
      onBlur={() => {
        setFocused(false);
        onBlur(id, value);
      }}
      onFocus={() => {
        setFocused(true);
        onFocus(id, value);
      }}
    />
  );
}
