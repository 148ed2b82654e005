/**
 * A registered company's numbers, as the founder copies them from the registry's certificate onto the
 * dashboard (issue 38), checked by their own check digits so that a typo never reaches a legal notice:
 * - France: the SIREN (9 digits, Luhn key; INSEE) with the city of the greffe, which make the RCS
 *   mention ("RCS Lyon 912 345 675", C. com. art. R. 123-237), and the intra-EU VAT number when there
 *   is one (FR, a 2-digit key (12 + 3 × (SIREN mod 97)) mod 97, the SIREN);
 * - Romania: the trade register's number (ONRC), in the old form (J40/1234/2020: type, county, serial,
 *   year) or the one used since 26 July 2024 (J2026001234004: type, year, 6-digit serial, county (00
 *   from then on), a check digit: the sum of the other digits, the letter counted as its character
 *   code mod 10, mod 10), and the fiscal code (CUI: 2 to 10 digits, the last a check digit over the
 *   others with the weights 7 5 3 2 1 7 5 3 2; "RO" in front for a VAT payer).
 * Run by the dashboard's form and by the server.
 */

export type CompanyCountry = 'FR' | 'RO';

/** What the founder typed, before it is checked (the API's CompanyIdentifiersInput). */
export interface CompanyIdentifiersInput {
  siren?: string;
  rcsCity?: string;
  vatNumber?: string;
  tradeRegisterNumber?: string;
  cui?: string;
}

/** The numbers, in their canonical form. */
export type CompanyIdentifiers =
  | { country: 'FR'; siren: string; rcsCity: string; vatNumber: string | null }
  | { country: 'RO'; tradeRegisterNumber: string; cui: string };

export type IdentifierField = keyof CompanyIdentifiersInput;
export type IdentifierProblem = 'required' | 'format' | 'checksum' | 'mismatch';

const digitsOnly = (value: string) => value.replace(/[\s.-]/g, '');

/** Whether a string of digits passes the Luhn check (its last digit is the key). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The two digits of a French VAT number's key for a SIREN. */
export function frenchVatKey(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return String(key).padStart(2, '0');
}

/** "912345676" → "912 345 675", as the RCS mention prints it. */
export function spacedSiren(siren: string): string {
  return siren.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
}

/** The CUI's check digit for the digits before it. */
function cuiCheckDigit(body: string): number {
  const weights = [7, 5, 3, 2, 1, 7, 5, 3, 2];
  const padded = body.padStart(9, '0');
  const sum = [...padded].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  return ((sum * 10) % 11) % 10;
}

/** A CUI as written on the certificate: digits, with RO in front for a VAT payer; null when wrong. */
function checkCui(value: string): { value: string } | IdentifierProblem {
  const compact = value.toUpperCase().replace(/\s/g, '');
  const match = /^(RO)?([1-9]\d{1,9})$/.exec(compact);
  if (!match) return 'format';
  const digits = match[2] ?? '';
  if (cuiCheckDigit(digits.slice(0, -1)) !== Number(digits.slice(-1))) return 'checksum';
  return { value: `${match[1] ?? ''}${digits}` };
}

/** The county codes of the old ONRC numbers: 1 to 40, 51 and 52 (none since 26 July 2024). */
const isCounty = (county: number) => (county >= 1 && county <= 40) || county === 51 || county === 52;

/** An ONRC number in its old (J40/1234/2020) or new (J2026001234004) form. */
function checkTradeRegisterNumber(value: string, year: number): { value: string } | IdentifierProblem {
  // The certificate prints the old form with the registration's date (J52/750/22.11.2012): its year counts.
  const compact = value
    .toUpperCase()
    .replace(/\s/g, '')
    .replace(/^([JFC]\d{1,2}\/\d{1,6}\/)\d{2}\.\d{2}\.(\d{4})$/, '$1$2');
  const old = /^([JFC])(\d{1,2})\/(\d{1,6})\/(\d{4})$/.exec(compact);
  if (old) {
    const [, type = '', county = '', serial = '', registered = ''] = old;
    if (!isCounty(Number(county)) || Number(registered) < 1990 || Number(registered) > Math.min(year, 2024))
      return 'format';
    return { value: `${type}${Number(county)}/${Number(serial)}/${registered}` };
  }
  const current = /^([JFC])(\d{4})(\d{6})(\d{2})(\d)$/.exec(compact);
  if (!current) return 'format';
  const [, type = '', registered = '', , county = '', check = ''] = current;
  if (Number(registered) < 1990 || Number(registered) > year) return 'format';
  if (Number(registered) > 2024 ? Number(county) !== 0 : Number(county) !== 0 && !isCounty(Number(county)))
    return 'format';
  const digits = `${type.charCodeAt(0) % 10}${compact.slice(1, -1)}`;
  const sum = [...digits].reduce((total, digit) => total + Number(digit), 0);
  if (sum % 10 !== Number(check)) return 'checksum';
  return { value: compact };
}

/**
 * The numbers of a company of `country`, or each field's problem. `year` is this year (the latest a
 * registration can be of).
 */
export function checkCompanyIdentifiers(
  country: CompanyCountry,
  input: CompanyIdentifiersInput,
  year: number = new Date().getFullYear(),
):
  | { ok: true; identifiers: CompanyIdentifiers }
  | { ok: false; problems: Partial<Record<IdentifierField, IdentifierProblem>> } {
  const problems: Partial<Record<IdentifierField, IdentifierProblem>> = {};
  const given = (field: IdentifierField) => (input[field] ?? '').trim();
  if (country === 'FR') {
    const siren = digitsOnly(given('siren'));
    const rcsCity = given('rcsCity').replace(/\s+/g, ' ');
    if (!siren) problems.siren = 'required';
    else if (!/^\d{9}$/.test(siren)) problems.siren = 'format';
    else if (!passesLuhn(siren)) problems.siren = 'checksum';
    if (!rcsCity) problems.rcsCity = 'required';
    else if (rcsCity.length > 60 || !/^\p{L}[\p{L}\s'’-]*$/u.test(rcsCity)) problems.rcsCity = 'format';
    const vat = given('vatNumber')
      .toUpperCase()
      .replace(/[\s.-]/g, '');
    if (vat) {
      const match = /^FR(\d{2})(\d{9})$/.exec(vat);
      if (!match) problems.vatNumber = 'format';
      else if (!problems.siren && match[2] !== siren) problems.vatNumber = 'mismatch';
      else if (match[1] !== frenchVatKey(match[2] ?? '')) problems.vatNumber = 'checksum';
    }
    if (Object.keys(problems).length > 0) return { ok: false, problems };
    return { ok: true, identifiers: { country, siren, rcsCity, vatNumber: vat || null } };
  }
  const register = given('tradeRegisterNumber');
  const cui = given('cui');
  const checkedRegister = register ? checkTradeRegisterNumber(register, year) : 'required';
  const checkedCui = cui ? checkCui(cui) : 'required';
  if (typeof checkedRegister === 'string') problems.tradeRegisterNumber = checkedRegister;
  if (typeof checkedCui === 'string') problems.cui = checkedCui;
  if (typeof checkedRegister === 'string' || typeof checkedCui === 'string') return { ok: false, problems };
  return {
    ok: true,
    identifiers: { country, tradeRegisterNumber: checkedRegister.value, cui: checkedCui.value },
  };
}

/** What the website's legal notice prints of them (WebsiteContent's registrationNumber, taxId, vatNumber). */
export function noticeNumbers(identifiers: CompanyIdentifiers): {
  registrationNumber: string;
  taxId: string;
  vatNumber: string;
} {
  if (identifiers.country === 'FR')
    return {
      registrationNumber: `RCS ${identifiers.rcsCity} ${spacedSiren(identifiers.siren)}`,
      taxId: '',
      vatNumber: identifiers.vatNumber ?? '',
    };
  return { registrationNumber: identifiers.tradeRegisterNumber, taxId: identifiers.cui, vatNumber: '' };
}
