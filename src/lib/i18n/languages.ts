import {
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  PAGE_LANGUAGES,
  choosePageLanguage,
  isPageLanguage,
  languageCookie,
  readCookie,
  type PageLanguage,
} from '@/shared/language-rule';

/** The product's languages (spec: fr default, en, ro). */
export const LANGUAGES = PAGE_LANGUAGES;
export type Language = PageLanguage;
export const DEFAULT_LANGUAGE: Language = FALLBACK_LANGUAGE;

/** Names in their own language: a switcher must be readable by someone who cannot read the current one. */
export const LANGUAGE_NATIVE_NAMES: Record<Language, string> = {
  fr: 'Français',
  en: 'English',
  ro: 'Română',
};

export const LANGUAGE_STORAGE_KEY = 'kreo.language';

export const isLanguage = isPageLanguage;

/**
 * The language of a page the app renders itself: the rule the server follows for the pages it sends
 * (src/shared/language-rule.ts), with the stored choice (or its cookie) and the browser's languages.
 */
export function initialLanguage(
  storage: Pick<Storage, 'getItem'> | undefined,
  cookies: string | undefined,
  preferred: readonly string[] | undefined,
): Language {
  return choosePageLanguage({
    chosen: storedLanguage(storage) ?? readCookie(cookies, LANGUAGE_COOKIE),
    preferred,
  });
}

/** The choice kept in `storage`, if it is one of our languages. Storage may be blocked (private mode). */
export function storedLanguage(storage: Pick<Storage, 'getItem'> | undefined): Language | null {
  try {
    const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Remembers a choice where the server can read it, so the next page it sends is in that language. */
export function rememberLanguageInCookie(language: Language): void {
  if (typeof document === 'undefined') return;
  try {
    document.cookie = languageCookie(language);
  } catch {
    // Cookies blocked: the choice still holds in this tab.
  }
}
