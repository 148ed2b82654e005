/** The product's languages (spec: fr default, en, ro). */
export const LANGUAGES = ['fr', 'en', 'ro'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';

/** Names in their own language: a switcher must be readable by someone who cannot read the current one. */
export const LANGUAGE_NATIVE_NAMES: Record<Language, string> = {
  fr: 'Français',
  en: 'English',
  ro: 'Română',
};

export const LANGUAGE_STORAGE_KEY = 'kreo.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice, or French. Storage may be unavailable (private mode): that is not an error. */
export function readStoredLanguage(storage: Pick<Storage, 'getItem'> | undefined): Language {
  try {
    const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}
