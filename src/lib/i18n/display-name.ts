import type { i18n as I18n } from 'i18next';

/** The languages whose names are words of our own (locales/{fr,en,ro}/common.json, language.names). */
const NAMED_LANGUAGES = ['fr', 'ro', 'en'] as const;
type NamedLanguage = (typeof NAMED_LANGUAGES)[number];
const isNamed = (code: string): code is NamedLanguage =>
  (NAMED_LANGUAGES as readonly string[]).includes(code);

/** Intl's namers made so far, by interface language. */
const namers = new Map<string, Intl.DisplayNames | null>();

function intlLanguageName(language: string, code: string): string {
  if (!namers.has(language)) {
    try {
      namers.set(language, new Intl.DisplayNames([language], { type: 'language' }));
    } catch {
      // An interface language the browser cannot name things in: the code is shown.
      namers.set(language, null);
    }
  }
  try {
    return namers.get(language)?.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A language's name in the interface language ("roumain", "Romanian", "română"). The languages the
 * documents are written and translated in are words of the locales: the first Intl.DisplayNames of a
 * page costs a phone about 75 ms of its start (ICU's names loaded), for three words. Any other language
 * is named by Intl.
 */
export function languageName(i18n: Pick<I18n, 't' | 'language'>, code: string): string {
  return isNamed(code) ? i18n.t(`common:language.names.${code}`) : intlLanguageName(i18n.language, code);
}
