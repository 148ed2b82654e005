import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './tests/e2e/chromium';
import { E2E_DATA_DIR } from './tests/e2e/server-data';

const port = Number(process.env.E2E_PORT ?? 4173);

/** End-to-end tests in Debian's Chromium against the production build (`npm run build` first) served by the real server. */
export default defineConfig({
  testDir: './tests/e2e',
  // A test of a few pages took up to 40 s on a busy 2-core machine (load 20, November 2026): room for
  // one twice as slow. Longer stories set their own limit, twice the longest time they took there.
  timeout: 90_000,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A French browser: the language the product falls back to, and the one most tests read.
    locale: 'fr-FR',
    // A test that failed once is traced when it runs again (CI retries it once): its actions, DOM
    // snapshots, network and console, without the film of the screen. Tracing every first run cost 8 %
    // of the stage's CPU (routes.spec.ts and login.spec.ts, perf stat, November 2026: 86 s of CPU
    // without a trace, 93 s with one, 137 to 148 s with the film). Locally: `npx playwright test --trace on`.
    trace: { mode: 'on-first-retry', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } },
      testIgnore: /(phone-pass|budgets)\.spec\.ts$/,
    },
    // On a phone, what differs from a desktop: every route's layout, touch targets and accessibility in
    // each language (phone-pass), the weight budgets, the header's menu. The flows (sign-up, wizard,
    // payment…) run the same code at both widths and are tested once, on the desktop.
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], defaultBrowserType: 'chromium' },
      testMatch: /(phone-pass|budgets|shell)\.spec\.ts$/,
      grepInvert: /@desktop-only/,
    },
  ],
  // The real server (API + built app) on a fresh embedded database; mail goes to its outbox; founders'
  // own domains checked against a DNS server on loopback (tests/e2e/serve-with-dns.ts).
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node --import tsx tests/e2e/serve-with-dns.ts`,
    url: `http://127.0.0.1:${port}/api/marketing/offers/list`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // The account tests sign up and log in far more than 30 times a minute, all from 127.0.0.1.
      AUTH_RATE_LIMIT: '0',
      // Likewise the contact tests, all from one address (the limit itself has a server test).
      CONTACT_RATE_LIMIT: '0',
      // A robot types faster than a person: the published sites' minimum time has a server test.
      SITE_FORM_MIN_SECONDS: '0',
    },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
