/**
 * The text a number field shows for the value it holds, as the user would type it in `language`:
 * "1000,5" reads "1000,50" in French and Romanian, "1000.50" in English (no thousands separator: the
 * figures stay easy to edit, and the echo under a money field writes them grouped). A text the field
 * could not read is kept as it was typed; no value shows an empty field.
 */
export function editableAmount(value: unknown, language: string): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return new Intl.NumberFormat(language, {
    useGrouping: false,
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 15,
  }).format(value);
}
