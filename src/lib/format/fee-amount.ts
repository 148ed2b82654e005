import type { TFunction } from 'i18next';
import { formatPrice } from '@/lib/catalog/format-price';
import type { FeeAmount } from '@/shared/jurisdictions';

type FeeWord = 'free' | 'varies' | 'range' | 'atLeast' | 'upTo' | 'estimated' | 'lei';

/**
 * The words of an amount, `outsideFees.<word>`: the marketing namespace's (/plans, the dashboard), or
 * another namespace's that carries the same keys (the wizard assistant's, under `personal`).
 */
export type FeeWords = (key: `outsideFees.${FeeWord}`, values?: Record<string, string>) => string;

// The marketing namespace has every key of FeeWords (outsideFees.*), with the same interpolations.
const marketingWords = (t: TFunction<'marketing'>) => t as unknown as FeeWords;

/**
 * One amount in the interface language: euros through formatPrice ("35,59 €", "€35.59"); lei as the
 * language's number followed by "lei", as the FAQ writes them, because Intl's narrow symbol for RON is
 * "L" in French and a leading "lei" in English.
 */
export function formatFeeMoney(
  value: number,
  currency: string,
  language: string,
  t: TFunction<'marketing'>,
): string {
  return formatFeeMoneyIn(value, currency, language, marketingWords(t));
}

/** formatFeeMoney with the words of another namespace. */
export function formatFeeMoneyIn(value: number, currency: string, language: string, t: FeeWords): string {
  if (currency === 'EUR') return formatPrice(value, language, currency);
  const amount = new Intl.NumberFormat(language, {
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(value);
  return currency === 'RON' ? t('outsideFees.lei', { amount }) : formatPrice(value, language, currency);
}

/**
 * What a fee costs, as a sentence fragment: "Free" for 0, the single value, "from … to …" when only
 * bounds are known, "Varies" when nothing is; "(estimate)" when practice, not a text, gives the figure.
 */
export function formatFeeAmount(
  amount: FeeAmount,
  currency: string,
  language: string,
  t: TFunction<'marketing'>,
): string {
  return formatFeeAmountIn(amount, currency, language, marketingWords(t));
}

/** formatFeeAmount with the words of another namespace. */
export function formatFeeAmountIn(
  amount: FeeAmount,
  currency: string,
  language: string,
  t: FeeWords,
): string {
  const money = (value: number) => formatFeeMoneyIn(value, currency, language, t);
  let text: string;
  if (amount.value === 0) text = t('outsideFees.free');
  else if (amount.value !== null) text = money(amount.value);
  else if (amount.min !== undefined && amount.max !== undefined)
    text = t('outsideFees.range', { min: money(amount.min), max: money(amount.max) });
  else if (amount.min !== undefined) text = t('outsideFees.atLeast', { min: money(amount.min) });
  else if (amount.max !== undefined) text = t('outsideFees.upTo', { max: money(amount.max) });
  else text = t('outsideFees.varies');
  return amount.estimate ? t('outsideFees.estimated', { amount: text }) : text;
}
