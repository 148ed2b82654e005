import { NumberInput } from '@mantine/core';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { useControlProps } from '../widgets/control-props';
import { numberValue } from './number-value';
import { useUnit } from './use-unit';

/**
 * A number field (see base-input-template.tsx, which loads this module when a form shows one: the
 * number formatting library weighs more than a short form), with the schema's minimum and maximum.
 */
export default function NumberField(props: BaseInputTemplateProps) {
  const { id, value, placeholder, schema, options, onChange, onBlur, onFocus } = props;
  const unit = useUnit(options);
  return (
    <NumberInput
      {...useControlProps(props)}
      value={numberValue(value)}
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
