import { describe, expect, it } from 'vitest';
import {
  LANGUAGE_COOKIE,
  choosePageLanguage,
  languageCookie,
  parseAcceptLanguage,
  readCookie,
} from './language-rule';

describe('the language rule shared by the server and the app', () => {
  it('ranks Accept-Language by quality, then by order', () => {
    expect(parseAcceptLanguage('en;q=0.5, ro-RO, fr;q=0.9, de;q=0')).toEqual(['ro-RO', 'fr', 'en']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('  ,;q=1, *')).toEqual(['*']);
  });

  it.each([
    [{ chosen: 'ro', preferred: ['en'] }, 'ro'],
    [{ chosen: 'xx', preferred: ['en-GB'] }, 'en'],
    [{ chosen: null, preferred: ['de', 'RO'] }, 'ro'],
    [{ preferred: ['de', '*'] }, 'fr'],
    [{}, 'fr'],
  ])('%j → %s', (input, expected) => {
    expect(choosePageLanguage(input)).toBe(expected);
  });

  it('reads and writes the choice cookie', () => {
    expect(readCookie(`x=1; ${LANGUAGE_COOKIE}=en; y=2`, LANGUAGE_COOKIE)).toBe('en');
    expect(readCookie('x=1', LANGUAGE_COOKIE)).toBeUndefined();
    expect(readCookie(undefined, LANGUAGE_COOKIE)).toBeUndefined();
    expect(languageCookie('ro')).toMatch(
      new RegExp(`^${LANGUAGE_COOKIE}=ro; Path=/; Max-Age=\\d+; SameSite=Lax$`),
    );
  });
});
