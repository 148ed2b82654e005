/**
 * The Romanian personal numeric code (cod numeric personal, CNP): what its 13 digits say and whether
 * they hold together. The act constitutiv names each natural-person associate by it (Legea 31/1990,
 * art. 7 lit. a)). The form keyword `cnp` (src/forms/keyword-cnp.ts) emits the same checks as code,
 * from the constants below; a test holds the two to the same answers.
 *
 * Structure S AA LL ZZ JJ NNN C (OUG 97/2005 art. 6 defines the CNP; the structure is in the
 * methodological norms of HG 1.375/2006, as the population-records services publish them):
 * - S, sex and century: 1/2 men/women born 1900–1999, 3/4 born 1800–1899, 5/6 born 2000–2099.
 *   7/8 are resident foreigners, men/women (CNP given by the General Inspectorate for Immigration);
 *   their century is not encoded, so either 19AA or 20AA may be meant.
 * - AA LL ZZ, the date of birth. JJ, the county (or Bucharest sector) code: see CNP_COUNTY_CODES.
 * - NNN, a sequence number; C, the control digit: each of the first 12 digits times the digit of
 *   279146358279 in the same place, summed, modulo 11, and a remainder of 10 gives 1.
 * - A 13-digit number beginning with 9 is not a CNP: the tax office (ANAF) gives foreigners without
 *   a CNP a tax identification number (NIF) of that shape. It gets a reason of its own, so the form
 *   can say what it is. 0 begins no code at all.
 */

/** The control digit's weights, one per digit of the first twelve. */
export const CNP_WEIGHTS = '279146358279';

/**
 * The codes JJ may hold.
 * - 01–46: the counties in alphabetical order (01 Alba … 39 Vrancea), 40 Bucharest, 41–46 its
 *   sectors 1–6; 47 and 48: sectors 7 and 8, abolished in 1979 (the General Directorate for Personal
 *   Records (DGEP) says 47 is still generated and 48 never was; 48 is kept so that no real code is refused);
 *   51 Călărași and 52 Giurgiu, the counties created in 1981.
 * - 70: every CNP the integrated civil-status system (SIIEASC) generates, whatever the county, since
 *   8 May 2024 (MAI announcements).
 * - 80–83: CNPs given by Romania's diplomatic missions and consular offices (DGEP's answer to a
 *   request, published with the open CNP specification, github.com/vimishor/cnp-spec, FAQ).
 * - 50, 54, 56, 60, 64, 78, 84, 87, 88, 90, 98, 99: DGEP's same answer says issued CNPs hold them,
 *   without saying why; they are accepted so that nobody is refused a code the State gave them.
 */
export const CNP_COUNTY_CODES: readonly string[] = [
  ...Array.from({ length: 48 }, (_, index) => String(index + 1).padStart(2, '0')),
  '51',
  '52',
  '70',
  '80',
  '81',
  '82',
  '83',
  ...['50', '54', '56', '60', '64', '78', '84', '87', '88', '90', '98', '99'],
].sort();

/** Why a CNP is refused, in the order the checks run. */
export type CnpReason =
  | 'format' // not 13 digits
  | 'sex' // first digit 0
  | 'nif' // first digit 9: a tax identification number, not a CNP
  | 'date' // no such date of birth
  | 'county' // JJ is not in CNP_COUNTY_CODES
  | 'checksum' // the control digit does not match
  | 'dateMismatch' // the code's date differs from the person's date of birth
  | 'sexMismatch'; // the code's sex differs from the person's civility

export type CnpCheck =
  { ok: true; birthDate: string; sex: 'M' | 'F'; county: string } | { ok: false; reason: CnpReason };

/** The centuries the first digit allows (two for a resident foreigner). */
const CENTURIES: Readonly<Record<string, readonly number[]>> = {
  1: [1900],
  2: [1900],
  3: [1800],
  4: [1800],
  5: [2000],
  6: [2000],
  7: [1900, 2000],
  8: [1900, 2000],
};

const ISO_DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** The control digit of a CNP's first twelve digits. */
export function cnpControlDigit(first12: string): number {
  let sum = 0;
  for (let index = 0; index < 12; index++) sum += Number(first12[index]) * Number(CNP_WEIGHTS[index]);
  return sum % 11 === 10 ? 1 : sum % 11;
}

function isRealDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Checks a CNP, and that it agrees with the person it belongs to when their date of birth
 * (YYYY-MM-DD) and civility are known (anything else there is left to those fields' own checks).
 * The birth date of a resident foreigner (7, 8) is the person's own when given; otherwise the later
 * of 19AA and 20AA that is not after today.
 */
export function checkCnp(cnp: string, person: { dateOfBirth?: string; civility?: 'M' | 'F' } = {}): CnpCheck {
  if (!/^[0-9]{13}$/.test(cnp)) return { ok: false, reason: 'format' };
  const first = cnp.charAt(0);
  if (first === '0') return { ok: false, reason: 'sex' };
  if (first === '9') return { ok: false, reason: 'nif' };
  const [month, day] = [Number(cnp.slice(3, 5)), Number(cnp.slice(5, 7))];
  const candidates = (CENTURIES[first] ?? []).map((century) => century + Number(cnp.slice(1, 3)));
  if (!candidates.some((year) => isRealDate(year, month, day))) return { ok: false, reason: 'date' };
  const county = cnp.slice(7, 9);
  if (!CNP_COUNTY_CODES.includes(county)) return { ok: false, reason: 'county' };
  if (cnpControlDigit(cnp) !== Number(cnp.charAt(12))) return { ok: false, reason: 'checksum' };

  const dates = candidates
    .filter((year) => isRealDate(year, month, day))
    .map((year) => `${year}-${cnp.slice(3, 5)}-${cnp.slice(5, 7)}`);
  let birthDate: string;
  const { dateOfBirth, civility } = person;
  if (typeof dateOfBirth === 'string' && ISO_DATE.test(dateOfBirth)) {
    if (!dates.includes(dateOfBirth)) return { ok: false, reason: 'dateMismatch' };
    birthDate = dateOfBirth;
  } else {
    const today = new Date().toISOString().slice(0, 10);
    birthDate = dates.filter((date) => date <= today).pop() ?? (dates[0] as string);
  }
  const sex = Number(first) % 2 === 1 ? 'M' : 'F';
  if ((civility === 'M' || civility === 'F') && civility !== sex) return { ok: false, reason: 'sexMismatch' };
  return { ok: true, birthDate, sex, county };
}
