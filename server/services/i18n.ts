/**
 * The server's words (e-mails, the local checkout page, the legal documents), from the same
 * locales/ folder as the app's, so translators edit one place and the locale check covers both.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import {
  LANGUAGE_COOKIE,
  choosePageLanguage,
  parseAcceptLanguage,
  readCookie,
} from '../../src/shared/language-rule';

export const SERVER_LANGUAGES = ['fr', 'en', 'ro'] as const;
export type ServerLanguage = (typeof SERVER_LANGUAGES)[number];
// The app's namespaces that carry page titles and descriptions (`meta`) serve the HTML of each route.
const NAMESPACES = [
  'common',
  'emails',
  'payment',
  'legal-documents',
  'invoices',
  'landing',
  'marketing',
  'wizard',
  'documents',
  'info',
  'forms',
  'auth',
  'profile',
  'checkout',
  'site',
  'website',
  'dashboard',
  // The nationalities' adjectives, which the documents print (documents/formats.ts).
  'nationalities',
  // The co-founders' acts and the signature's consent: the server records the words the page shows.
  'cofounders',
  'signing',
  'legal-acts',
] as const;

const localesDir = fileURLToPath(new URL('../../locales/', import.meta.url));

const resources = Object.fromEntries(
  SERVER_LANGUAGES.map((language) => [
    language,
    Object.fromEntries(
      NAMESPACES.map((namespace) => [
        namespace,
        JSON.parse(readFileSync(`${localesDir}${language}/${namespace}.json`, 'utf8')) as object,
      ]),
    ),
  ]),
);

const instance = i18next.createInstance();
void instance.init({
  resources,
  lng: 'fr',
  fallbackLng: 'fr',
  supportedLngs: [...SERVER_LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
});

export function isServerLanguage(value: unknown): value is ServerLanguage {
  return typeof value === 'string' && (SERVER_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The server's words are looked up by `namespace:key` strings. Typed loosely on purpose: the app's
 * key types (src/lib/i18n/i18next.d.ts) know only the app's namespaces, and scripts compiled with
 * the app (benches, checks) import server code; scripts/check-locales.ts checks the keys instead.
 */
export type ServerTranslator = (key: string, options?: Record<string, unknown>) => string;

/** A translator fixed to one language. */
export function translator(language: string): ServerTranslator {
  const t = instance.getFixedT(isServerLanguage(language) ? language : 'fr');
  return (key, options) => String(t(key as never, options as never));
}

/**
 * A namespace's words in one language as its file holds them, for code that reads a table rather
 * than a sentence (the nationalities' adjectives by country code).
 */
export function serverWords(language: ServerLanguage, namespace: string): Readonly<Record<string, unknown>> {
  return (instance.getResourceBundle(language, namespace) ?? {}) as Record<string, unknown>;
}

/**
 * The best of our languages for an Accept-Language header (for pages served to a browser that
 * has no account language to go by), French by default.
 */
export function languageFromHeader(header: string | undefined): ServerLanguage {
  return choosePageLanguage({ preferred: parseAcceptLanguage(header) });
}

/**
 * The language of a page the server sends: the same rule the app applies when it hydrates it
 * (src/shared/language-rule.ts): the visitor's choice cookie, then Accept-Language, then French.
 */
export function pageLanguage(headers: {
  cookie?: string | undefined;
  'accept-language'?: string | undefined;
}) {
  return choosePageLanguage({
    chosen: readCookie(headers.cookie, LANGUAGE_COOKIE),
    preferred: parseAcceptLanguage(headers['accept-language']),
  });
}
