import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_NATIVE_NAMES,
  LANGUAGE_STORAGE_KEY,
  isLanguage,
  readStoredLanguage,
} from './languages';

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

describe('readStoredLanguage', () => {
  it.each(['fr', 'en', 'ro'])('returns the stored choice %s', (language) => {
    expect(readStoredLanguage(storageWith(language))).toBe(language);
  });

  it('reads the real localStorage under LANGUAGE_STORAGE_KEY', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ro');
    expect(readStoredLanguage(window.localStorage)).toBe('ro');
  });

  it.each(['de', 'EN', 'english', ' en', ''])('falls back to French for the unknown value %j', (stored) => {
    expect(readStoredLanguage(storageWith(stored))).toBe('fr');
  });

  it('falls back to French when nothing is stored', () => {
    expect(readStoredLanguage(storageWith(null))).toBe('fr');
    expect(readStoredLanguage(window.localStorage)).toBe('fr');
  });

  it('falls back to French without storage', () => {
    expect(readStoredLanguage(undefined)).toBe('fr');
  });

  it('falls back to French when reading the storage throws (private mode)', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    expect(readStoredLanguage(blocked)).toBe('fr');
  });
});
