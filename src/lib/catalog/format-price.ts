// No imports: the end-to-end tests compute the prices they expect with it.
/**
 * A price as the interface language writes it: "10 €" in French and Romanian, "€10" in English, with a
 * non-breaking space so the sign never wraps away from the number (issue 15 overrides the spec's
 * euro prefix). Cents only when there are some.
 */
export function formatPrice(price: number, language: string, currency = 'EUR'): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: Number.isInteger(price) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(price);
}
