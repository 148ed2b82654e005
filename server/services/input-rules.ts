/**
 * The rules the server applies to what founders type: new passwords (NIST SP 800-63B), e-mail
 * addresses (RFC 5321 / RFC 5322) and the characters of names (no invisible or bidirectional
 * controls). Pure functions: the handlers decide which error code and message to send.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** NIST SP 800-63B §5.1.1.2: subscriber-chosen secrets SHALL be at least 8 characters long. */
export const PASSWORD_MIN_LENGTH = 8;
/**
 * NIST SP 800-63B §5.1.1.2: verifiers SHOULD permit at least 64 characters. 128 leaves room for
 * passphrases while bounding the work of argon2 on a hostile request; the API schema enforces it.
 */
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_COMMON';

export interface PasswordContext {
  email?: string;
  firstname?: string;
  lastname?: string;
}

/** The name of the service: NIST SP 800-63B §5.1.1.2 lists it among the context-specific words. */
const SERVICE_NAME = 'kreo';

/**
 * The blocklists of server/data/ (see the README there for their sources and licences): passwords
 * from breach corpuses, NIST SP 800-63B §5.1.1.2. One a line, lowercase; `#` starts a comment line.
 */
const LIST_FILES = ['common-passwords.txt', 'common-passwords-local.txt'].map((name) =>
  fileURLToPath(new URL(`../data/${name}`, import.meta.url)),
);

let commonPasswords: ReadonlySet<string> | null = null;

/** Read once, on the first password checked (a server that never sees one never pays for it). */
function loadCommonPasswords(): ReadonlySet<string> {
  if (commonPasswords) return commonPasswords;
  const entries = new Set<string>();
  for (const file of LIST_FILES) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const entry = line.trim();
      if (entry && !entry.startsWith('#')) entries.add(entry.normalize('NFKC').toLowerCase());
    }
  }
  commonPasswords = entries;
  return entries;
}

/** Lowercase without diacritics: `Ștefan` and `stefan` are the same word to someone guessing. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').toLowerCase();
}

/** Only letters and digits: `camille.dupont` and `camilledupont` are the same guess. */
function lettersAndDigits(text: string): string {
  return text.replace(/[^\p{L}\p{N}]/gu, '');
}

/** One character repeated: `aaaaaaaa`, `        ` (NIST SP 800-63B §5.1.1.2, "repetitive characters"). */
function isOneCharacterRepeated(codePoints: readonly string[]): boolean {
  return codePoints.every((character) => character === codePoints[0]);
}

/**
 * A part shorter than the minimum length repeated to reach it: `abcabcabc`, `12121212`, `azerazer`
 * (NIST SP 800-63B §5.1.1.2, "repetitive characters"): it is no harder to guess than the part.
 */
function isShortPatternRepeated(codePoints: readonly string[]): boolean {
  const length = codePoints.length;
  for (let size = 1; size < PASSWORD_MIN_LENGTH && size <= length / 2; size++) {
    if (length % size !== 0) continue;
    if (codePoints.every((character, index) => character === codePoints[index % size])) return true;
  }
  return false;
}

const DIGITS = '0123456789';
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The position of a digit or an ASCII letter in its alphabet, or null for anything else. */
function alphabetOf(character: string): { alphabet: string; index: number } | null {
  if (character.length !== 1) return null;
  for (const alphabet of [DIGITS, LETTERS]) {
    const index = alphabet.indexOf(character);
    if (index >= 0) return { alphabet, index };
  }
  return null;
}

/** Whether `next` follows `previous` by `step` (+1 or -1) in the same alphabet; digits wrap (`7890123`). */
function follows(previous: string, next: string, step: number): boolean {
  const a = alphabetOf(previous);
  const b = alphabetOf(next);
  if (!a || !b || a.alphabet !== b.alphabet) return false;
  if (a.alphabet === DIGITS) return (a.index + step + 10) % 10 === b.index;
  return a.index + step === b.index;
}

/**
 * Runs of digits or letters, ascending or descending, and nothing else: `12345678`, `abcdefgh`,
 * `87654321`, `1234abcd` (NIST SP 800-63B §5.1.1.2, "sequential characters", whose own example is
 * `1234abcd`). Each run must be at least 3 long, so that `ab12cd34` does not count.
 */
function isSequential(codePoints: readonly string[]): boolean {
  const at = (index: number) => codePoints[index] ?? '';
  let start = 0;
  while (start < codePoints.length) {
    if (start + 1 >= codePoints.length) return false;
    const step = follows(at(start), at(start + 1), 1) ? 1 : follows(at(start), at(start + 1), -1) ? -1 : 0;
    if (step === 0) return false;
    let end = start + 1;
    while (end + 1 < codePoints.length && follows(at(end), at(end + 1), step)) end++;
    if (end - start + 1 < 3) return false;
    start = end + 1;
  }
  return true;
}

/**
 * The words a guesser tries first for this user (NIST SP 800-63B §5.1.1.2, "context-specific words,
 * such as the name of the service, the username, and derivatives thereof"): the service's name, the
 * e-mail address and its local part (with and without a `+tag`), the first and last names, alone and
 * together. Folded and reduced to letters and digits.
 */
function contextWords(context: PasswordContext): Set<string> {
  const words = [SERVICE_NAME];
  const email = context.email?.trim() ?? '';
  if (email) {
    const local = email.slice(0, Math.max(email.lastIndexOf('@'), 0)) || email;
    words.push(email, local, local.split('+')[0] ?? local);
  }
  const firstname = context.firstname?.trim() ?? '';
  const lastname = context.lastname?.trim() ?? '';
  words.push(firstname, lastname, firstname + lastname, lastname + firstname);
  return new Set(words.map((word) => lettersAndDigits(fold(word))).filter((word) => word !== ''));
}

/**
 * The password without what people add to a word to get past a length or composition rule: digits
 * (`camille2026`) and punctuation around them (`kreo-2026!`). Folded, reduced to letters and digits.
 * Read from the end in one pass (a regular expression for it would backtrack on long input).
 */
function stemOf(folded: string): string {
  const characters = Array.from(folded);
  let end = characters.length;
  const strip = (pattern: RegExp) => {
    while (end > 0 && pattern.test(characters[end - 1] ?? '')) end--;
  };
  strip(/^[^\p{L}\p{N}]$/u);
  strip(/^\p{Nd}$/u);
  strip(/^[^\p{L}\p{N}]$/u);
  return lettersAndDigits(characters.slice(0, end).join(''));
}

/**
 * Why a new password is refused, or null when it is accepted (NIST SP 800-63B §5.1.1.2):
 * - `PASSWORD_TOO_SHORT`: fewer than 8 characters, counting each Unicode code point as one after
 *   NFKC normalization (the standard's own counting rule);
 * - `PASSWORD_TOO_COMMON`: on the blocklist (case-insensitively), one character repeated, a run of
 *   sequential digits or letters, a short pattern repeated, or the service's name, the user's e-mail
 *   address or name alone or followed by digits.
 * It does not compare with PASSWORD_MAX_LENGTH: the API schema refuses longer passwords before.
 */
export function passwordProblem(password: string, context: PasswordContext = {}): PasswordProblem | null {
  const normalized = password.normalize('NFKC');
  const codePoints = Array.from(normalized);
  if (codePoints.length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';

  const lower = normalized.toLowerCase();
  const folded = fold(normalized);
  const list = loadCommonPasswords();
  if (list.has(lower) || list.has(folded)) return 'PASSWORD_TOO_COMMON';

  const lowerCodePoints = Array.from(lower);
  if (
    isOneCharacterRepeated(lowerCodePoints) ||
    isShortPatternRepeated(lowerCodePoints) ||
    isSequential(lowerCodePoints)
  )
    return 'PASSWORD_TOO_COMMON';

  const stem = stemOf(folded);
  if (stem !== '' && contextWords(context).has(stem)) return 'PASSWORD_TOO_COMMON';
  return null;
}

/**
 * RFC 5321 §4.1.2 `Mailbox` with a `Dot-string` local part (RFC 5322 §3.2.3 `dot-atom`, no quoted
 * strings, comments or display names) and a domain of LDH labels (RFC 1035 §2.3.1, RFC 5321 §4.1.2)
 * under a top-level domain of two characters or more that starts with a letter. The same pattern as
 * the API's EmailAddress schema: nothing that a mail library could read as two addresses.
 */
const STRICT_EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z][A-Za-z0-9-]{0,61}[A-Za-z0-9]$/;

/** RFC 5321 §4.5.3.1.3: a path is at most 256 octets, `<` and `>` included, so an address 254. */
const EMAIL_MAX_LENGTH = 254;
/** RFC 5321 §4.5.3.1.1: a local part is at most 64 octets. */
const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

/** Whether an address is a plain Internet address the server accepts (the pattern only allows ASCII). */
export function isStrictEmail(address: string): boolean {
  if (address.length > EMAIL_MAX_LENGTH) return false;
  if (!STRICT_EMAIL.test(address)) return false;
  return address.lastIndexOf('@') <= EMAIL_LOCAL_PART_MAX_LENGTH;
}

/**
 * Characters that show nothing, or that reorder what is shown, in a name or another one-line field:
 * - C0 and C1 controls and DEL (`\p{Cc}`): NUL, which PostgreSQL refuses, tabs, line breaks, escapes;
 * - format characters (`\p{Cf}`): the zero-width space, joiners and word joiner (U+200B–U+200D, U+2060),
 *   the byte-order mark (U+FEFF), the soft hyphen, and the bidirectional controls of Unicode TR #9
 *   (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) that make a text display in another order
 *   than it is stored ("Trojan Source", CVE-2021-42574): a name could show as another person's;
 * - the line and paragraph separators (U+2028, U+2029), invisible line breaks.
 * Letters with diacritics, apostrophes, hyphens and spaces are not among them.
 */
const INVISIBLE_OR_BIDI_CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** Whether a text holds an invisible character or a bidirectional control (see above). */
export function hasInvisibleOrBidiControls(text: string): boolean {
  return INVISIBLE_OR_BIDI_CONTROL.test(text);
}
