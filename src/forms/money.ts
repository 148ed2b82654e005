import type { FormTranslate } from './translation';

/**
 * Amounts as the wizard writes them in the interface language: euros with Intl's sign ("1 000,50 €",
 * "€1,000.50", "1.000,50 €"), lei as the language's number followed by "lei" ("1.000,50 lei"), as the
 * error messages, the FAQ and the documents write them: Intl would print "RON" in every language (and
 * "leu românesc" as the currency's name). Cents only when there are some.
 */
export function formatMoney(
  value: number,
  currency: string,
  language: string,
  translate: FormTranslate,
): string {
  const fractionDigits = Number.isInteger(value) ? 0 : 2;
  if (currency === 'RON') {
    const amount = new Intl.NumberFormat(language, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: 2,
    }).format(value);
    return translate(value === 1 ? 'forms:money.leu' : 'forms:money.lei', { amount });
  }
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: 2,
    }).format(value);
  } catch {
    return `${value} ${currency}`;
  }
}

/** What follows an amount in its field: "€" for euros, "lei" in every language for Romanian lei. */
export function currencyUnit(currency: string, language: string, translate: FormTranslate): string {
  if (currency === 'RON') return translate('forms:money.unit.RON');
  try {
    const parts = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}
