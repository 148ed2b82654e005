/**
 * Numbers, amounts, dates, countries and nationalities as a document in one language writes them:
 * 1 000,00 € in French, 1.000,00 lei in Romanian, €1,000.00 in English; amounts in words as legal texts
 * state the capital ("mille euros", "o mie de lei"); "française", "română", "French".
 */
import { toCardinal as frenchCardinal } from 'n2words/fr-FR';
import { toCardinal as romanianCardinal } from 'n2words/ro-RO';
import { toCardinal as englishCardinal } from 'n2words/en-GB';
import {
  nationalityAdjective,
  type NationalityForm,
  type NationalityWords,
} from '../../../src/shared/nationalities';
import { serverWords } from '../i18n';

export type DocumentLanguage = 'fr' | 'en' | 'ro';

const LOCALES: Record<DocumentLanguage, string> = { fr: 'fr-FR', en: 'en-IE', ro: 'ro-RO' };

export interface DocumentFormats {
  money(amount: number, currency: string): string;
  number(value: number, fractionDigits?: number): string;
  /** A percentage given in percent (66.67 → "66,67 %"). */
  percent(value: number): string;
  /** A YYYY-MM-DD date in words ("15 janvier 2026"); anything else as written. */
  longDate(isoDate: string): string;
  /** The day and month of a YYYY-MM-DD or MM-DD date ("31 décembre"), every year's; anything else as written. */
  dayMonth(date: string): string;
  /** A whole number in words. */
  words(value: number): string;
  /** An amount in words with its currency ("mille cinq cents euros", "o mie cinci sute de lei"). */
  moneyInWords(amount: number, currency: string): string;
  /** A country's name from its ISO 3166-1 alpha-2 code; anything else as written. */
  country(code: string): string;
  /**
   * The nationality of a country's people from its ISO code, as an adjective (locales/<lang>/
   * nationalities.json): feminine by default, agreeing with "nationalité" and "cetățenie"
   * ("française", "română"), masculine on request ("cetățean român"). A territory gives its state's
   * ("française" for GF); where no nationality fits (AQ, EH), the country's name; anything else as written.
   */
  nationality(code: string, form?: NationalityForm): string;
}

const CARDINALS: Record<DocumentLanguage, (value: number) => string> = {
  fr: frenchCardinal,
  ro: romanianCardinal,
  en: englishCardinal,
};

/** The currency's name after a number, by language; the ISO code for any other currency. */
function currencyNoun(language: DocumentLanguage, currency: string, whole: number): string {
  if (currency === 'EUR') return language === 'ro' || whole === 1 ? 'euro' : 'euros';
  if (currency === 'RON') return whole === 1 ? 'leu' : 'lei';
  return currency;
}

/**
 * Romanian puts "de" between a number and its noun when the number's last two digits are 00 or 20 to
 * 99 ("douăzeci de lei", "o sută de lei"), not for 1 to 19 ("cinci lei", "o mie unsprezece lei").
 */
export function romanianNeedsDe(whole: number): boolean {
  const lastTwo = whole % 100;
  return whole !== 0 && (lastTwo === 0 || lastTwo >= 20);
}

/** French: "un million d'euros", "deux millions d'euros" (a noun of quantity takes "de"). */
function frenchNeedsDe(whole: number): boolean {
  return whole >= 1_000_000 && whole % 1_000_000 === 0;
}

export function documentFormats(language: DocumentLanguage): DocumentFormats {
  const locale = LOCALES[language];
  const cardinal = CARDINALS[language];
  const numberFormats = new Map<number, Intl.NumberFormat>();
  const numberFormat = (digits: number) => {
    let format = numberFormats.get(digits);
    if (!format) {
      format = new Intl.NumberFormat(locale, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
      numberFormats.set(digits, format);
    }
    return format;
  };
  const regions = new Intl.DisplayNames([locale], { type: 'region' });
  const nationalities = serverWords(language, 'nationalities') as NationalityWords;
  const country = (code: string) => {
    if (!/^[A-Z]{2}$/.test(code)) return code;
    try {
      return regions.of(code) ?? code;
    } catch {
      return code;
    }
  };
  const dates = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

  const daysAndMonths = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' });

  const amountWithSymbol = (amount: number, currency: string) => {
    const digits = Number.isInteger(amount) ? 2 : Math.min(4, Math.max(2, decimalsOf(amount)));
    const figures = numberFormat(digits).format(amount);
    if (currency === 'EUR') return language === 'en' ? `€${figures}` : `${figures} €`;
    if (currency === 'RON') return `${figures} lei`;
    return `${figures} ${currency}`;
  };

  return {
    money: amountWithSymbol,
    number: (value, fractionDigits) =>
      numberFormat(fractionDigits ?? (Number.isInteger(value) ? 0 : Math.min(4, decimalsOf(value)))).format(
        value,
      ),
    percent: (value) => {
      const figures = numberFormat(2).format(value);
      return language === 'en' ? `${figures}%` : `${figures} %`;
    },
    longDate: (isoDate) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
      if (!match) return isoDate;
      const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      if (Number.isNaN(date.getTime())) return isoDate;
      const written = dates.format(date);
      // French writes the first of a month as an ordinal: "1er mars 2022", not "1 mars 2022".
      return language === 'fr' && date.getUTCDate() === 1 ? written.replace(/^1 /, '1er ') : written;
    },
    dayMonth: (date) => {
      const match = /^(?:\d{4}-)?(\d{2})-(\d{2})$/.exec(date);
      if (!match) return date;
      // A leap year, so that 29 February has a name too.
      const day = new Date(Date.UTC(2000, Number(match[1]) - 1, Number(match[2])));
      return day.getUTCMonth() === Number(match[1]) - 1 ? daysAndMonths.format(day) : date;
    },
    words: (value) =>
      Number.isSafeInteger(value) && value >= 0 ? cardinal(value) : numberFormat(2).format(value),
    moneyInWords: (amount, currency) => {
      if (!Number.isFinite(amount) || amount < 0) return amountWithSymbol(amount, currency);
      const whole = Math.trunc(amount);
      const cents = Math.round((amount - whole) * 100);
      const noun = currencyNoun(language, currency, whole);
      let text: string;
      if (language === 'ro') text = `${cardinal(whole)} ${romanianNeedsDe(whole) ? 'de ' : ''}${noun}`;
      else if (language === 'fr') text = `${cardinal(whole)} ${frenchNeedsDe(whole) ? `d'${noun}` : noun}`;
      else text = `${cardinal(whole)} ${noun}`;
      if (cents === 0) return text;
      const centNoun = {
        ro: `${romanianNeedsDe(cents) ? 'de ' : ''}${currency === 'RON' ? 'bani' : 'cenți'}`,
        fr: cents === 1 ? 'centime' : 'centimes',
        en: cents === 1 ? 'cent' : 'cents',
      }[language];
      const and = { ro: 'și', fr: 'et', en: 'and' }[language];
      return `${text} ${and} ${cardinal(cents)} ${centNoun}`;
    },
    country,
    nationality: (code, form = 'feminine') =>
      /^[A-Z]{2}$/.test(code) ? (nationalityAdjective(nationalities, code, form) ?? country(code)) : code,
  };
}

function decimalsOf(value: number): number {
  const text = String(value);
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}
