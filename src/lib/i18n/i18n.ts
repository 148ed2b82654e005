import i18next, { type InitOptions } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import {
  LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  initialLanguage,
  isLanguage,
  rememberLanguageInCookie,
  storedLanguage,
} from './languages';

// Each locale file becomes its own chunk: a visitor downloads only their language's words.
// The server's namespaces (e-mails, the checkout page, the legal documents, invoices) are left out of the app's build.
// Keys relative to locales/ ("./fr/common.json"): the map of every file is in the start-up chunk.
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  [
    './*/*.json',
    '!./*/emails.json',
    '!./*/payment.json',
    '!./*/legal-documents.json',
    '!./*/invoices.json',
    // A feature's own namespace: its chunk brings the loader (provideNamespace), not the start-up map.
    '!./*/registration.json',
    '!./*/knowledge.json',
    '!./*/chooser.json',
  ],
  { base: '../../../locales' },
);

/** A namespace's files by path (an `import.meta.glob` of locales/<lang>/<namespace>.json). */
type LocaleFiles = Record<string, () => Promise<{ default: Record<string, unknown> }>>;
const featureNamespaces = new Map<string, LocaleFiles>();

/**
 * Lets a page's chunk bring the words only it uses (the dashboard's registration steps), so that
 * every other page's start-up code does not carry the map of their files. `files` is the chunk's
 * `import.meta.glob` of that namespace's files (their paths end in <lang>/<namespace>.json).
 */
export function provideNamespace(namespace: string, files: LocaleFiles): void {
  featureNamespaces.set(namespace, files);
}

/**
 * The words of a namespace in a language, loaded as i18next loads them (a feature's namespace once
 * its chunk has provided it): for code that needs another language than the interface's.
 */
export function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  const feature = featureNamespaces.get(namespace);
  const suffix = `/${language}/${namespace}.json`;
  const load = feature
    ? Object.entries(feature).find(([path]) => path.endsWith(suffix))?.[1]
    : localeFiles[`.${suffix}`];
  if (!load) return Promise.reject(new Error(`No locale file for ${language}/${namespace}`));
  return load().then((module) => module.default);
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function reflectLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (isLanguage(language)) rememberLanguageInCookie(language);
  try {
    browserStorage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage full or blocked: the choice still holds for this page.
  }
}

/** The settings every i18next instance of the product shares (the app's and the tests'). */
export const sharedI18nOptions = {
  // No fallback language: i18next would download every namespace twice for an English or Romanian
  // visitor (theirs and French). Every key exists in all three (check:locales), and a missing one is
  // a bug the tests catch (missingKeyHandler below).
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  nonExplicitSupportedLngs: false,
  load: 'currentOnly',
  defaultNS: 'common',
  fallbackNS: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  // A key that resolves nowhere is a bug: say so loudly (the e2e tests fail on it).
  saveMissing: true,
  missingKeyHandler: (_languages, namespace, key) => {
    console.error(`[i18n] missing translation key "${namespace}:${key}"`);
  },
} satisfies InitOptions;

export const i18n = i18next.createInstance();

/** The language this browser's storage holds as the visitor's choice, if any. */
export function storedLanguageChoice() {
  return storedLanguage(browserStorage());
}

/** The language the app starts in when it renders a page itself (not hydrating a prerendered one). */
export function startLanguage() {
  return initialLanguage(
    browserStorage(),
    typeof document === 'undefined' ? undefined : document.cookie,
    typeof navigator === 'undefined' ? undefined : navigator.languages,
  );
}

/** Initializes i18next once; resolves when the current language's common words are loaded. */
export function initI18n(language: string = startLanguage()) {
  if (i18n.isInitialized) return Promise.resolve(i18n);
  i18n.on('languageChanged', reflectLanguage);
  return i18n
    .use(resourcesToBackend(loadNamespace))
    .use(initReactI18next)
    .init({ ...sharedI18nOptions, lng: language, ns: ['common'], react: { useSuspense: true } })
    .then(() => i18n);
}

/** Follows a language chosen in another tab of the same browser. */
export function syncLanguageAcrossTabs(): () => void {
  const follow = (language: string | null) => {
    if (isLanguage(language) && language !== i18n.language) void i18n.changeLanguage(language);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === LANGUAGE_STORAGE_KEY) follow(event.newValue);
  };
  window.addEventListener('storage', onStorage);
  // A choice made in another tab while this one's page was still starting, before it listened.
  follow(storedLanguageChoice());
  return () => window.removeEventListener('storage', onStorage);
}
