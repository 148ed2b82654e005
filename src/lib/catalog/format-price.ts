// No imports: the end-to-end tests compute the prices they expect with it.
/**
 * The formats made so far, by language, currency and cents: making one costs a phone about a
 * millisecond, and a page of cards formats dozens of prices at each render.
 */
const formats = new Map<string, Intl.NumberFormat>();

/**
 * A price as the interface language writes it: "10 €" in French and Romanian, "€10" in English, with a
 * non-breaking space so the sign never wraps away from the number (issue 15 overrides the spec's
 * euro prefix). Cents only when there are some.
 */
export function formatPrice(price: number, language: string, currency = 'EUR'): string {
  const cents = !Number.isInteger(price);
  const key = `${language} ${currency} ${cents}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: cents ? 2 : 0,
      maximumFractionDigits: 2,
    });
    formats.set(key, format);
  }
  return format.format(price);
}
