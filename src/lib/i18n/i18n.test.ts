import { afterEach, describe, expect, it } from 'vitest';
import { i18n, initI18n, syncLanguageAcrossTabs } from './i18n';
import { LANGUAGE_STORAGE_KEY } from './languages';

describe('syncLanguageAcrossTabs', () => {
  afterEach(async () => {
    window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    await i18n.changeLanguage('fr');
  });

  it('follows a choice another tab stores while this one listens', async () => {
    await initI18n('fr');
    await i18n.changeLanguage('fr');
    const stop = syncLanguageAcrossTabs();
    try {
      window.dispatchEvent(new StorageEvent('storage', { key: LANGUAGE_STORAGE_KEY, newValue: 'ro' }));
      await expect.poll(() => i18n.language).toBe('ro');
    } finally {
      stop();
    }
  });

  it('takes a choice another tab stored before this one listened (its page was still starting)', async () => {
    await initI18n('fr');
    await i18n.changeLanguage('fr');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const stop = syncLanguageAcrossTabs();
    try {
      await expect.poll(() => i18n.language).toBe('en');
    } finally {
      stop();
    }
  });

  it('ignores what is not a language', async () => {
    await initI18n('fr');
    await i18n.changeLanguage('fr');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    const stop = syncLanguageAcrossTabs();
    try {
      window.dispatchEvent(new StorageEvent('storage', { key: LANGUAGE_STORAGE_KEY, newValue: 'xx' }));
      expect(i18n.language).toBe('fr');
    } finally {
      stop();
    }
  });
});
