import { getDecimalSeparator } from '@rjsf/utils';

/**
 * The number a number field shows, from the `value` RJSF gives it. RJSF's NumberField hands a text
 * widget (ours: no `ui:widget`) a number as text in the browser's decimal separator when that is not
 * "." ("99", "1234,5" in a French browser): read back here, or the field would show nothing.
 */
export function numberValue(value: unknown): number | '' {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return '';
  const parsed = Number(value.trim().replace(getDecimalSeparator(), '.'));
  return Number.isFinite(parsed) ? parsed : '';
}
