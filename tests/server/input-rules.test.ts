/** The rules applied to what founders type: passwords (NIST SP 800-63B), e-mail addresses, names. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  hasInvisibleOrBidiControls,
  isStrictEmail,
  passwordProblem,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../server/services/input-rules';

function listEntries(name: string): string[] {
  const text = readFileSync(fileURLToPath(new URL(`../../server/data/${name}`, import.meta.url)), 'utf8');
  return text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
}

describe('the common-password lists', () => {
  const main = listEntries('common-passwords.txt');
  const local = listEntries('common-passwords-local.txt');

  it('hold lowercase, deduplicated entries, one a line, in at most 300 kB', () => {
    expect(main.length).toBeGreaterThanOrEqual(10_000);
    for (const entries of [main, local]) {
      expect(new Set(entries).size).toBe(entries.length);
      const unusual = entries.filter(
        (entry) => entry !== entry.trim() || entry !== entry.normalize('NFKC').toLowerCase(),
      );
      expect(unusual).toEqual([]);
    }
    const size = readFileSync(
      fileURLToPath(new URL('../../server/data/common-passwords.txt', import.meta.url)),
    ).length;
    expect(size).toBeLessThanOrEqual(300_000);
  });

  it('cover common French and Romanian passwords', () => {
    const all = new Set([...main, ...local]);
    for (const password of [
      '123456',
      '123456789',
      'password',
      'azerty',
      'azertyuiop',
      'motdepasse',
      'soleil',
      'loulou',
      'doudou',
      'chouchou',
      'marseille',
      'parola',
      'steaua',
    ])
      expect(all.has(password), password).toBe(true);
  });
});

describe('passwordProblem', () => {
  it('has the bounds of NIST SP 800-63B', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
  });

  it('refuses fewer than 8 characters, counted in code points after NFKC', () => {
    expect(passwordProblem('      ')).toBe('PASSWORD_TOO_SHORT');
    expect(passwordProblem('123456')).toBe('PASSWORD_TOO_SHORT');
    expect(passwordProblem('K7#qv9!')).toBe('PASSWORD_TOO_SHORT');
    expect(passwordProblem('K7#qv9!x')).toBeNull();
    // Seven emoji are 14 UTF-16 units but 7 characters.
    expect(passwordProblem('🦊🐻🐼🐨🐯🦁🐮')).toBe('PASSWORD_TOO_SHORT');
    expect(passwordProblem('🦊🐻🐼🐨🐯🦁🐮🐷')).toBeNull();
    // "e" and a combining acute accent make one "é" once normalized.
    expect(passwordProblem('Kv9!qe\u0301z')).toBe('PASSWORD_TOO_SHORT');
  });

  it('refuses the passwords of the lists, whatever their case', () => {
    expect(passwordProblem('password')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('PassWord')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('123456789')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('azertyuiop')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('motdepasse')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('MotDePasse')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('marseille')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('chouchou')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('deep1234')).toBe('PASSWORD_TOO_COMMON');
    // Full-width letters are the same password once normalized (NFKC).
    expect(passwordProblem('ｐａｓｓｗｏｒｄ')).toBe('PASSWORD_TOO_COMMON');
  });

  it('refuses one character repeated', () => {
    expect(passwordProblem('aaaaaaaa')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('ZZZZZZZZZZ')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('        ')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('00000000')).toBe('PASSWORD_TOO_COMMON');
  });

  it('refuses runs of sequential digits or letters', () => {
    expect(passwordProblem('12345678')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('87654321')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('abcdefgh')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('HGFEDCBA')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('1234abcd')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('lmnopqrs')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('78901234')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('abc123xyz')).toBe('PASSWORD_TOO_COMMON');
    // Pairs are no run.
    expect(passwordProblem('ab12cd34ef')).toBeNull();
    expect(passwordProblem('13579bdf')).toBeNull();
  });

  it('refuses a short pattern repeated', () => {
    expect(passwordProblem('abcabcabc')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('12121212')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('qwqwqwqw')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('Ab1!Ab1!Ab1!')).toBe('PASSWORD_TOO_COMMON');
    // A part of 8 characters or more repeated is as long as the rule asks for already.
    expect(passwordProblem('Vx7#pLm2Vx7#pLm2')).toBeNull();
  });

  it('refuses the service name followed by digits', () => {
    expect(passwordProblem('kreo2026')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('Kreo2026')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('KREO-2026!')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('kreo12345678')).toBe('PASSWORD_TOO_COMMON');
  });

  it("refuses the user's e-mail address or names alone or followed by digits", () => {
    const context = { email: 'camille.dupont+kreo@example.fr', firstname: 'Ștefan', lastname: 'Dumitrescu' };
    expect(passwordProblem('camille.dupont', context)).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('CamilleDupont1990', context)).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('camille.dupont+kreo@example.fr', context)).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('Ștefan2026', context)).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('stefan2026', context)).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('Dumitrescu', context)).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('dumitrescu!', context)).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('StefanDumitrescu', context)).toBe('PASSWORD_TOO_COMMON');
    // Without the context they are ordinary passwords, and a name inside a phrase is fine.
    expect(passwordProblem('Dumitrescu')).toBeNull();
    expect(passwordProblem('Ștefan2026')).toBeNull();
    expect(passwordProblem('Ștefan are mere verzi', context)).toBeNull();
    // An all-digit password is not "an empty name followed by digits".
    expect(passwordProblem('73920485', { firstname: '', lastname: ' ' })).toBeNull();
  });

  it('accepts passphrases and passwords off the lists', () => {
    expect(passwordProblem('Kreo-motdepasse-2026')).toBeNull();
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    expect(passwordProblem('Ștefan are mere verzi')).toBeNull();
    expect(passwordProblem('soleil de juillet à Sète')).toBeNull();
  });
});

describe('isStrictEmail', () => {
  it('accepts plain addresses', () => {
    expect(isStrictEmail('camille.dupont+kreo@example.fr')).toBe(true);
    expect(isStrictEmail('ion_popescu@exemplu.ro')).toBe(true);
    expect(isStrictEmail("o'brien@mail.example.ie")).toBe(true);
    expect(isStrictEmail('a@b.co')).toBe(true);
  });

  it('refuses what could be read as something else', () => {
    expect(isStrictEmail('a,b@evil.example')).toBe(false);
    expect(isStrictEmail('x<y@evil.example>')).toBe(false);
    expect(isStrictEmail('a@b')).toBe(false);
    expect(isStrictEmail('a b@c.de')).toBe(false);
    expect(isStrictEmail('"q"@x.fr')).toBe(false);
    expect(isStrictEmail('Camille <camille@example.fr>')).toBe(false);
    expect(isStrictEmail('camille@example.fr\n')).toBe(false);
    expect(isStrictEmail(' camille@example.fr')).toBe(false);
    expect(isStrictEmail('.camille@example.fr')).toBe(false);
    expect(isStrictEmail('camille..dupont@example.fr')).toBe(false);
    expect(isStrictEmail('camille@-example.fr')).toBe(false);
    expect(isStrictEmail('camille@example.f')).toBe(false);
    expect(isStrictEmail('camille@example.123')).toBe(false);
    expect(isStrictEmail('camille@exemplu.ro@evil.example')).toBe(false);
    expect(isStrictEmail('ștefan@exemplu.ro')).toBe(false);
  });

  it('applies the lengths of RFC 5321 §4.5.3.1', () => {
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.example`; // 190 characters
    const at254 = `${'a'.repeat(63)}@${domain}`;
    expect(at254).toHaveLength(254);
    expect(isStrictEmail(at254)).toBe(true);
    // 255 characters, although each part alone is within its limit.
    expect(isStrictEmail(`a${at254}`)).toBe(false);
    expect(isStrictEmail(`${'a'.repeat(64)}@example.fr`)).toBe(true);
    expect(isStrictEmail(`${'a'.repeat(65)}@example.fr`)).toBe(false);
  });
});

describe('hasInvisibleOrBidiControls', () => {
  it('refuses zero-width characters, bidirectional controls, format and control characters', () => {
    for (const character of [
      '\u200B', // zero-width space
      '\u200C',
      '\u200D',
      '\u2060', // word joiner
      '\uFEFF', // byte-order mark
      '\u200E', // left-to-right mark
      '\u200F',
      '\u061C', // Arabic letter mark
      '\u202A',
      '\u202E', // right-to-left override
      '\u2066', // left-to-right isolate
      '\u2069',
      '\u00AD', // soft hyphen
      '\u0000',
      '\u0009',
      '\u000A',
      '\u001B',
      '\u007F',
      '\u0085', // C1: next line
      '\u009F',
      '\u2028', // line separator
    ])
      expect(
        hasInvisibleOrBidiControls(`Cami${character}lle`),
        `U+${character.codePointAt(0)?.toString(16)}`,
      ).toBe(true);
  });

  it('accepts names in their own scripts', () => {
    for (const name of [
      'Ștefan',
      'Zoë',
      "Jean-Luc O'Brien",
      'Jean‑Luc O’Brien',
      'Łukasz Żółć',
      'Nguyễn Thị Minh Khai',
      'محمد',
      'Ἀλέξανδρος',
      'de La Tour d’Auvergne',
    ])
      expect(hasInvisibleOrBidiControls(name), name).toBe(false);
  });
});
