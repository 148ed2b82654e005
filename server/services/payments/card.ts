/** Card checks of the local checkout page. */

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Test cards that are refused, as at Stripe: the generic decline and the insufficient-funds card. */
export const DECLINED_TEST_CARDS = new Set(['4000000000000002', '4000000000009995']);

export type CardProblem = 'cardNumber' | 'expiry' | 'cvc' | 'cardholder';

export interface CardForm {
  cardNumber?: unknown;
  expiry?: unknown;
  cvc?: unknown;
  cardholder?: unknown;
}

/**
 * The expiry as a buyer writes it: "12/30", "12 / 30", "12/2030", "1/30", or the bare digits a phone's
 * numeric keypad (no "/" key) gives without the page's script, "1230" or "122030".
 */
export function readExpiry(value: string): { month: number; year: number } | null {
  const match =
    /^(\d{1,2})\s*[/-]\s*(\d{2}|\d{4})$/.exec(value) ??
    /^(\d{2})(\d{2}|20\d{2})$/.exec(value.replace(/\s/g, ''));
  if (!match) return null;
  const [, month = '', year = ''] = match;
  return { month: Number(month), year: year.length === 4 ? Number(year) : 2000 + Number(year) };
}

/** What is wrong with the form, field by field, and the card number's digits. */
export function checkCard(form: CardForm, now = new Date()): { digits: string; problems: CardProblem[] } {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const digits = text(form.cardNumber).replace(/[\s-]/g, '');
  const problems: CardProblem[] = [];
  if (!passesLuhn(digits)) problems.push('cardNumber');
  const expiry = readExpiry(text(form.expiry));
  const month = expiry?.month ?? 0;
  const year = expiry?.year ?? 0;
  const endOfMonth = new Date(Date.UTC(year, month, 1));
  if (!expiry || month < 1 || month > 12 || endOfMonth.getTime() <= now.getTime()) problems.push('expiry');
  if (!/^\d{3,4}$/.test(text(form.cvc))) problems.push('cvc');
  if (text(form.cardholder).length < 2) problems.push('cardholder');
  return { digits, problems };
}
