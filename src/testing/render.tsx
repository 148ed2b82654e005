import { MantineProvider } from '@mantine/core';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { Provider as JotaiProvider, createStore } from 'jotai';
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { baseTheme, cssVariablesResolver } from '@/app/theme';
import { sharedI18nOptions } from '@/lib/i18n/i18n';
import { DEFAULT_LANGUAGE, type Language } from '@/lib/i18n/languages';

/** The real words of the product, every language and namespace, loaded up front (no backend). */
const localeFiles = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function localeResources(): Resource {
  const resources: Resource = {};
  for (const [file, words] of Object.entries(localeFiles)) {
    const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    if (!language || !namespace) continue;
    resources[language] = { ...resources[language], [namespace]: words };
  }
  return resources;
}

const RESOURCES = localeResources();
const NAMESPACES = [...new Set(Object.values(RESOURCES).flatMap((namespaces) => Object.keys(namespaces)))];

/**
 * An i18next instance for one test, initialized synchronously from the JSON files in /locales.
 * A key that resolves nowhere is reported through console.error, as in the app.
 */
export function createTestI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    ...sharedI18nOptions,
    lng: language,
    resources: RESOURCES,
    ns: NAMESPACES,
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}

export type TestStore = ReturnType<typeof createStore>;

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** The URL the MemoryRouter starts on. */
  route?: string;
  /** Language of a fresh test i18n instance (ignored when `i18n` is given). */
  language?: Language;
  /** An i18n instance to use instead of a fresh one, e.g. the app's own. */
  i18n?: I18n;
  /** The jotai store the components read; a fresh one by default. */
  store?: TestStore;
}

export interface ProvidersResult extends RenderResult {
  user: UserEvent;
  store: TestStore;
  i18n: I18n;
}

/**
 * The app's providers around a page: Mantine theme, jotai store, i18next and a MemoryRouter at `route`.
 * Given to renderToString too, a test renders the page as the server does, then hydrates it.
 */
export function testProviders(options: { route: string; i18n: I18n; store: TestStore }) {
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={baseTheme} cssVariablesResolver={cssVariablesResolver}>
        <JotaiProvider store={options.store}>
          <I18nextProvider i18n={options.i18n}>
            <MemoryRouter initialEntries={[options.route]}>
              <Suspense fallback={null}>{children}</Suspense>
            </MemoryRouter>
          </I18nextProvider>
        </JotaiProvider>
      </MantineProvider>
    );
  };
}

/** Renders `ui` inside the app's providers (testProviders). */
export function renderWithProviders(ui: ReactElement, options: ProvidersOptions = {}): ProvidersResult {
  const { route = '/', language = DEFAULT_LANGUAGE, i18n, store, ...renderOptions } = options;
  const i18nInstance = i18n ?? createTestI18n(language);
  const jotaiStore = store ?? createStore();
  const Wrapper = testProviders({ route, i18n: i18nInstance, store: jotaiStore });
  const user = userEvent.setup();
  const result = render(ui, { wrapper: Wrapper, ...renderOptions });
  return { ...result, user, store: jotaiStore, i18n: i18nInstance };
}

function base64Url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An unsigned JWT (header.payload.signature) carrying `claims`; the browser never checks signatures. */
export function unsignedJwt(claims: Record<string, unknown>): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.signature`;
}

/** Seconds since the epoch, `offsetSeconds` from now: the unit of a JWT's `exp`. */
export function epochSeconds(offsetSeconds = 0): number {
  return Math.floor(Date.now() / 1000) + offsetSeconds;
}
