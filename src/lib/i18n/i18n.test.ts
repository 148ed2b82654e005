import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, initI18n, syncLanguageAcrossTabs } from './i18n';
import { LANGUAGE_STORAGE_KEY } from './languages';

describe('syncLanguageAcrossTabs', () => {
  // What each test starts listening with, stopped after it (a listener left would follow the next test's events).
  let stop: (() => void) | undefined;

  beforeEach(async () => {
    await initI18n('fr');
    await i18n.changeLanguage('fr');
  });

  afterEach(async () => {
    stop?.();
    stop = undefined;
    window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    await i18n.changeLanguage('fr');
  });

  it('follows a choice another tab stores while this one listens', async () => {
    stop = syncLanguageAcrossTabs();
    window.dispatchEvent(new StorageEvent('storage', { key: LANGUAGE_STORAGE_KEY, newValue: 'ro' }));
    await expect.poll(() => i18n.language).toBe('ro');
  });

  it('takes a choice another tab stored before this one listened (its page was still starting)', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    stop = syncLanguageAcrossTabs();
    await expect.poll(() => i18n.language).toBe('en');
  });

  it('ignores what is not a language', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    stop = syncLanguageAcrossTabs();
    window.dispatchEvent(new StorageEvent('storage', { key: LANGUAGE_STORAGE_KEY, newValue: 'xx' }));
    expect(i18n.language).toBe('fr');
  });
});
