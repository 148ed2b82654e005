/**
 * Reads a number as people type it in the interface's language, separators included: "1 000,50",
 * "1.000", "1.000,50" in French and Romanian, "1,000.50" in English. Nothing is ever dropped or
 * guessed silently: a text that cannot be read says why, and the field shows it.
 *
 * The rules, for a language whose decimal separator is D and whose other mark G ("." in French and
 * Romanian, "," in English):
 * - Spaces of any kind (space, no-break space, narrow no-break space) separate thousands anywhere.
 * - D separates the decimals; there is at most one, and no G after it.
 * - G separates thousands when every G is followed by exactly three digits and the first group has
 *   one to three ("1.000", "12.345.678" in French; "1,000" in English).
 * - Otherwise, with no D, the last G is read as the decimal separator (a numeric keypad's "." in
 *   France): "1.5" is 1,5 and "1.000.50" is 1 000,50 in French, "1,5" is 1.5 in English. Every G
 *   before it must then separate thousands, or the text cannot be read ("1.5.000").
 * - "1.000" is one thousand in French and Romanian, and one in English; "1,000" the reverse. A field
 *   with at most two decimals (money) refuses "1,000" in French and "1.000" in English rather than
 *   read one: the user who meant a thousand in the other convention sees why.
 * - A leading "-" (or "−") makes a negative number (the field's minimum then explains); the field's
 *   currency may be written before or after the figures ("1 000 €", "€1,000", "500 lei").
 *
 * While a user types, every prefix of a readable text is either readable ("1.0" on the way to "1.000"
 * reads as 1) or flagged `pending` (a lone "-"), so no key press ever shows an error that the next one
 * takes back, and no digit typed is lost.
 */

export type AmountProblem =
  /** Something other than figures, separators, a sign or the field's currency; or no figure at all. */
  | 'digits'
  /** Separators in places that no reading explains ("1,2,3" in French, "1.5.000"). */
  | 'separators'
  /** More decimals than the field allows (cents: 2). */
  | 'decimals'
  /** Decimals in a field of whole numbers. */
  | 'whole'
  /** More significant digits than a number keeps exactly. */
  | 'tooLong';

export interface AmountReading {
  /** The number read; undefined when the text is empty or has a problem. */
  value: number | undefined;
  problem?: AmountProblem;
  /** The problem may go with the next keys (a lone sign; "1.5" on the way to "1.500" in a whole-number field). */
  pending?: boolean;
}

export interface ReadAmountOptions {
  /** At most this many decimals: 2 for money, 0 for a whole number; any number when absent. */
  decimals?: number;
  /** How the field's currency may be written around the figures ("€", "eur", "lei", "ron"). */
  currencyWords?: readonly string[];
}

/** Beyond this many significant digits a JavaScript number no longer holds every one. */
const MAX_DIGITS = 15;

const separatorCache = new Map<string, ',' | '.'>();

/** The language's decimal separator: "," in French and Romanian, "." in English. */
export function decimalSeparatorOf(language: string): ',' | '.' {
  let separator = separatorCache.get(language);
  if (!separator) {
    let part: string | undefined;
    try {
      part = new Intl.NumberFormat(language).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
    } catch {
      part = undefined;
    }
    separator = part === ',' ? ',' : '.';
    separatorCache.set(language, separator);
  }
  return separator;
}

/** One to three digits, then groups of exactly three, each after `group`. */
function isGrouped(text: string, group: string): boolean {
  const [first = '', ...rest] = text.split(group);
  return /^\d{1,3}$/.test(first) && rest.every((segment) => /^\d{3}$/.test(segment));
}

function withoutCurrency(text: string, words: readonly string[]): string {
  const sorted = [...words].map((word) => word.toLowerCase()).sort((a, b) => b.length - a.length);
  let rest = text;
  for (const word of sorted) {
    if (!word) continue;
    if (rest.toLowerCase().startsWith(word)) {
      rest = rest.slice(word.length).trim();
      break;
    }
  }
  for (const word of sorted) {
    if (!word) continue;
    if (rest.toLowerCase().endsWith(word)) {
      rest = rest.slice(0, rest.length - word.length).trim();
      break;
    }
  }
  return rest;
}

/** Reads `text` as a number written in `language` (see the rules above). */
export function readAmount(text: string, language: string, options: ReadAmountOptions = {}): AmountReading {
  const trimmed = text.trim();
  if (trimmed === '') return { value: undefined };
  const decimal = decimalSeparatorOf(language);
  const group = decimal === ',' ? '.' : ',';

  let body = withoutCurrency(trimmed, options.currencyWords ?? []);
  let negative = false;
  if (/^[-−]/.test(body)) {
    negative = true;
    body = withoutCurrency(body.slice(1).trim(), options.currencyWords ?? []);
  }
  // Every kind of space separates thousands (JavaScript's \s covers the no-break and narrow ones).
  body = body.replace(/\s+/g, '');
  if (/[^\d.,]/.test(body)) return { value: undefined, problem: 'digits' };

  const parts = body.split(decimal);
  if (parts.length > 2) return { value: undefined, problem: 'separators' };
  let integer = parts[0] ?? '';
  let fraction = parts[1];
  // The text could still become a grouped number: "1.5" on its way to "1.500".
  let couldGroup = false;

  if (fraction !== undefined) {
    if (fraction.includes(group)) return { value: undefined, problem: 'separators' };
    if (integer.includes(group)) {
      if (!isGrouped(integer, group)) return { value: undefined, problem: 'separators' };
      integer = integer.split(group).join('');
    }
  } else if (integer.includes(group)) {
    if (isGrouped(integer, group)) {
      integer = integer.split(group).join('');
    } else {
      // The last mark is the decimal separator; any before it must separate thousands.
      const last = integer.lastIndexOf(group);
      const head = integer.slice(0, last);
      const tail = integer.slice(last + 1);
      if (head.includes(group) && !isGrouped(head, group)) return { value: undefined, problem: 'separators' };
      integer = head.split(group).join('');
      fraction = tail;
      couldGroup = tail.length > 0 && tail.length < 3 && isGrouped(head, group);
    }
  }

  fraction ??= '';
  if (integer === '' && fraction === '') return { value: undefined, problem: 'digits', pending: true };
  const significant = `${integer}${fraction}`.replace(/^0+/, '').replace(/0+$/, '');
  if (significant.length > MAX_DIGITS) return { value: undefined, problem: 'tooLong' };
  if (options.decimals !== undefined && fraction.length > options.decimals) {
    const problem = options.decimals === 0 ? 'whole' : 'decimals';
    return couldGroup ? { value: undefined, problem, pending: true } : { value: undefined, problem };
  }
  const value = Number(`${integer || '0'}.${fraction || '0'}`);
  if (!Number.isFinite(value)) return { value: undefined, problem: 'tooLong' };
  return { value: negative && value !== 0 ? -value : value };
}
