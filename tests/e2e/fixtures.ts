import {
  test as base,
  expect as baseExpect,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { LANGUAGE_STORAGE_KEY, type Language } from '../../src/lib/i18n/languages';
import { LANGUAGE_COOKIE } from '../../src/shared/language-rule';

/**
 * Each test's first visit of a page downloads its chunks in a fresh browser context: on a busy CI
 * machine (two cores shared with builds and other suites) a page load and its hydration took up to 7 s
 * (November 2026, load 20): twice that and some room, for a machine twice as slow.
 */
export const expect = baseExpect.configure({ timeout: 30_000 });

/** An unsigned access token: the browser only decodes it, the signature is the server's business. */
export function makeAccessToken(
  claims: { firstname?: string; products?: string[]; expiresInSeconds?: number } = {},
) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    sub: 'user-1',
    firstname: claims.firstname ?? 'Camille',
    products: claims.products ?? [],
    iat: now,
    exp: now + (claims.expiresInSeconds ?? 900),
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

/**
 * Stands in for the API (its server arrives with its own issue): the refresh cookie works only
 * when `session.loggedIn` is true; logout succeeds unless `session.logoutFails`.
 */
export interface FakeApi {
  loggedIn: boolean;
  logoutFails: boolean;
  refreshCalls: number;
  logoutCalls: number;
}

export async function fakeApi(
  context: BrowserContext,
  baseURL: string,
  initial: Partial<FakeApi> = {},
): Promise<FakeApi> {
  const api: FakeApi = { loggedIn: false, logoutFails: false, refreshCalls: 0, logoutCalls: 0, ...initial };
  // The hint the app reads before asking for a token (kreo_session, set with the refresh cookie): always
  // there, so that the page always asks and the fake answers decide whether a session is held.
  await context.addCookies([{ name: 'kreo_session', value: '1', url: baseURL, sameSite: 'Lax' }]);
  await context.route('**/api/**', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/api/auth/getJWTtoken') {
      api.refreshCalls += 1;
      return api.loggedIn
        ? route.fulfill({ json: { accessToken: makeAccessToken() } })
        : route.fulfill({ status: 401, json: { message: 'No session' } });
    }
    if (url.pathname === '/api/auth/logout') {
      api.logoutCalls += 1;
      if (api.logoutFails) return route.fulfill({ status: 503, json: { message: 'Unavailable' } });
      api.loggedIn = false;
      return route.fulfill({ json: { message: 'Logged out' } });
    }
    return route.fulfill({ status: 404, json: { message: 'Not found' } });
  });
  return api;
}

export async function useLanguage(context: BrowserContext, language: Language) {
  // The cookie makes the server send pages in that language (the rule the app hydrates with).
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: language, domain: '127.0.0.1', path: '/' }]);
  await context.addInitScript(
    ([key, value]) => {
      // Only on the first page load of the test: later switches by the user must persist.
      if (!window.sessionStorage.getItem('e2e.languageSeeded')) {
        window.localStorage.setItem(key, value);
        window.sessionStorage.setItem('e2e.languageSeeded', '1');
      }
    },
    [LANGUAGE_STORAGE_KEY, language] as const,
  );
}

/** Collects what i18next reports as missing keys, so that a test can require there are none. */
export function watchMissingTranslations(page: Page): string[] {
  const missing: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('[i18n]')) missing.push(message.text());
  });
  return missing;
}

/**
 * After `page.goto` or `page.reload` to one of the app's pages, waits until the app has taken the page
 * over (src/app/hydration.ts sets <html data-hydrated>): a prerendered page is on screen before that, and a
 * click on its menu does nothing yet. Typing early is replayed by the app, and has its own test.
 */
export function waitForLiveAppAfterNavigation(page: Page): void {
  const live = async () => {
    const path = new URL(page.url()).pathname;
    // The server's own pages (the test checkout, the API) are not the app.
    if (path.startsWith('/checkout') || path.startsWith('/api/')) return;
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await live();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await live();
    return response;
  };
}

/**
 * Moves within the app to `path` as its links do (the history API, which the router follows), without
 * loading the page again: for a test whose subject is what pages show rather than how each one loads
 * (every route is loaded, in every language, by phone-pass.spec.ts).
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * A screenshot of a screen the test passes through, for a person to look at: taken only with
 * `E2E_SCREENSHOTS=1` (each costs about a second of a busy machine, and no test reads it). A failing test
 * keeps its own screenshot and trace in test-results/ regardless.
 */
export async function keepScreenshot(
  target: Page | Locator,
  options: { path: string; fullPage?: boolean },
): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '1') await target.screenshot(options);
}

/** An auto fixture for both kinds of test (fake API here, real server in real-server.ts). */
/** The value says whether the test waits for the app after navigating (not without JavaScript). */
export const liveAppFixture: [
  (args: { page: Page; javaScriptEnabled: boolean }, use: (waits: boolean) => Promise<void>) => Promise<void>,
  { auto: true },
] = [
  async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) waitForLiveAppAfterNavigation(page);
    await use(javaScriptEnabled);
  },
  { auto: true },
];

/** Every test here runs against the fake API and fails on any translation key missing at run time. */
export const test = base.extend<{ api: FakeApi; missingTranslations: string[]; liveApp: boolean }>({
  liveApp: liveAppFixture,
  api: [
    async ({ context, baseURL }, use) => {
      await use(await fakeApi(context, baseURL ?? ''));
    },
    { auto: true },
  ],
  missingTranslations: [
    async ({ page }, use) => {
      const missing = watchMissingTranslations(page);
      await use(missing);
      expect(missing, 'translation keys missing at run time').toEqual([]);
    },
    { auto: true },
  ],
});
