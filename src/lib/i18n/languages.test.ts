import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_NATIVE_NAMES,
  LANGUAGE_STORAGE_KEY,
  initialLanguage,
  isLanguage,
} from './languages';
import { LANGUAGE_COOKIE } from '@/shared/language-rule';

const storageWith = (value: string | null) => ({
  getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? value : null),
});

describe('languages', () => {
  it('are French (the default), English and Romanian', () => {
    expect(LANGUAGES).toEqual(['fr', 'en', 'ro']);
    expect(DEFAULT_LANGUAGE).toBe('fr');
  });

  it('are named in their own language', () => {
    expect(LANGUAGE_NATIVE_NAMES).toEqual({ fr: 'Français', en: 'English', ro: 'Română' });
  });

  it.each([
    ['fr', true],
    ['en', true],
    ['ro', true],
    ['de', false],
    ['EN', false],
    ['en-US', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('isLanguage(%j) is %s', (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });
});

describe('initialLanguage (the language rule, src/shared/language-rule.ts)', () => {
  it.each(['fr', 'en', 'ro'])('takes the stored choice %s first', (language) => {
    expect(initialLanguage(storageWith(language), `${LANGUAGE_COOKIE}=fr`, ['en-US'])).toBe(language);
  });

  it('then the choice cookie (what the server reads)', () => {
    expect(initialLanguage(storageWith(null), `a=b; ${LANGUAGE_COOKIE}=ro`, ['en-US'])).toBe('ro');
  });

  it("then the browser's first language the product speaks", () => {
    expect(initialLanguage(storageWith(null), '', ['de-DE', 'en-GB', 'fr'])).toBe('en');
    expect(initialLanguage(storageWith('de'), `${LANGUAGE_COOKIE}=xx`, ['ro-RO'])).toBe('ro');
  });

  it('falls back to French with nothing to go by, or without storage', () => {
    expect(initialLanguage(storageWith(null), undefined, [])).toBe('fr');
    expect(initialLanguage(undefined, undefined, undefined)).toBe('fr');
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
    };
    expect(initialLanguage(broken, undefined, ['ro'])).toBe('ro');
  });
});
