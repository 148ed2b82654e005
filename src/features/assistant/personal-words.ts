/** The words and amounts of the personal blocks (personal-block.tsx and the answers next to it). */
import { useTranslation } from 'react-i18next';
import { formatFeeAmountIn, formatFeeMoneyIn, type FeeWords } from '@/lib/format/fee-amount';
import type { LegalForm, LegalParameterName } from '@/shared/jurisdictions';

/** The wizard's fields a block may ask for, by hint path (the assistant jumps to them). */
export type MissingField = 'legalForm' | 'shareCapital' | 'managers';

/** The words of the block (assistant.json `personal`), and the same for amounts. */
export function usePersonalWords() {
  const { t, i18n } = useTranslation('assistant', { keyPrefix: 'personal' });
  const { t: tJurisdictions } = useTranslation('jurisdictions');
  // `personal.outsideFees` carries the keys and interpolations of marketing's `outsideFees`.
  const feeWords = t as unknown as FeeWords;
  const language = i18n.language;
  return {
    t,
    language,
    tJurisdictions: (key: string) => tJurisdictions(key as never),
    money: (value: number, currency: string) => formatFeeMoneyIn(value, currency, language, feeWords),
    amount: (value: Parameters<typeof formatFeeAmountIn>[0], currency: string) =>
      formatFeeAmountIn(value, currency, language, feeWords),
    percent: (fraction: number) => new Intl.NumberFormat(language, { style: 'percent' }).format(fraction),
  };
}

/** A legal parameter of the form, with its source. */
export function parameter(form: LegalForm, name: LegalParameterName) {
  return form.parameters[name];
}
