import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/testing/render';
import { languageName } from './display-name';
import { LANGUAGES } from './languages';

describe('languageName', () => {
  it.each(LANGUAGES)(
    'names the documents’ languages in %s with our words, the ones Intl (CLDR) uses',
    (ui) => {
      const i18n = createTestI18n(ui);
      const intl = new Intl.DisplayNames([ui], { type: 'language' });
      for (const code of LANGUAGES) expect(languageName(i18n, code)).toBe(intl.of(code));
    },
  );

  it('names any other language through Intl, and shows a code it cannot name', () => {
    expect(languageName(createTestI18n('fr'), 'de')).toBe('allemand');
    expect(languageName(createTestI18n('ro'), 'it')).toBe('italiană');
    expect(languageName(createTestI18n('en'), 'not a code')).toBe('not a code');
  });
});
