/**
 * CNPs of the real format for tests, built by a reference implementation written apart from
 * src/shared/cnp.ts (from the methodology's wording), so that a mistake there does not hide here.
 */

/** Each of the first twelve digits times the digit of 279146358279 in its place, summed, modulo 11; 10 gives 1. */
export function referenceControlDigit(twelve: string): string {
  const weights = [2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9];
  const sum = [...twelve].reduce((total, digit, place) => total + Number(digit) * (weights[place] ?? 0), 0);
  return String(sum % 11 === 10 ? 1 : sum % 11);
}

/** A CNP: first digit, date of birth (YYYY-MM-DD), county code, sequence number, control digit. */
export function makeCnp(first: number, date: string, county: string, sequence = 123): string {
  const twelve = `${first}${date.slice(2, 4)}${date.slice(5, 7)}${date.slice(8, 10)}${county}${String(sequence).padStart(3, '0')}`;
  return twelve + referenceControlDigit(twelve);
}

/** The same code with its digit at `place` replaced by `digit`. */
export const withDigit = (cnp: string, place: number, digit: string): string =>
  cnp.slice(0, place) + digit + cnp.slice(place + 1);
