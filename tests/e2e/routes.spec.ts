import type { Page } from '@playwright/test';
import { LANGUAGES } from '../../src/lib/i18n/languages';
import { expect, navigateInApp, test, useLanguage } from './fixtures';
import { RAW_KEY_PATTERN, text } from './locale-text';
import { AUTH_PAGES, MAIN_PAGES, PROTECTED_PAGES } from './route-titles';

/** Spec section 2: every route, the heading it shows, and its layout (route-titles.ts). */
// The spec's footer named /careers and /blog; the product has neither and no longer links them.
const NOT_FOUND = ['/careers', '/blog', '/no/such/page'];

// The first page of each test is loaded, the next ones are reached within the app (navigateInApp): every
// route's own load, in every language, is phone-pass.spec.ts's. Room for a machine twice as slow as a busy one.
test.describe.configure({ timeout: 120_000 });

/** Opens the first of `paths` with a page load, each other one within the app, and runs `check` on each. */
async function visitEach<Row extends [string, ...unknown[]]>(
  page: Page,
  rows: readonly Row[],
  check: (row: Row) => Promise<void>,
) {
  for (const [index, row] of rows.entries()) {
    if (index === 0) await page.goto(row[0]);
    else await navigateInApp(page, row[0]);
    await check(row);
  }
}

for (const language of LANGUAGES) {
  test.describe(`in ${language}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, language);
    });

    test('account pages have no header or footer; login and signup have the brand panel', async ({
      page,
    }) => {
      await visitEach(page, AUTH_PAGES, async ([path, titleKey, panelKey]) => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'auth', titleKey));
        await expect(page.getByRole('banner')).toHaveCount(0);
        await expect(page.getByRole('contentinfo')).toHaveCount(0);
        const panel = page.getByRole('complementary');
        if (panelKey) await expect(panel).toContainText(text(language, 'auth', panelKey));
        else await expect(panel).toHaveCount(0);
        if (path.startsWith('/verify-email')) {
          await expect(page.getByRole('alert')).toHaveText(text(language, 'auth', 'verifyEmail.failure'));
          await expect(
            page.getByRole('link', { name: text(language, 'auth', 'verifyEmail.toLogin') }),
          ).toBeVisible();
        }
        expect(await page.locator('body').innerText(), `raw key on ${path}`).not.toMatch(RAW_KEY_PATTERN);
      });
    });

    test('a logged-in user reaches protected pages and sees their first name', async ({ page, api }) => {
      api.loggedIn = true;
      await visitEach(page, PROTECTED_PAGES, async ([, namespace, titleKey]) => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, namespace, titleKey));
        await expect(page.getByRole('banner')).toBeVisible();
      });
      const header = page.getByRole('banner');
      const menuButton = header.getByRole('button', { name: text(language, 'common', 'nav.openMenu') });
      if (await menuButton.isVisible()) await menuButton.click();
      await expect(header.getByRole('link', { name: 'Camille' }).locator('visible=true')).toHaveAttribute(
        'href',
        '/user-profile',
      );
      await expect(
        header
          .getByRole('link', { name: text(language, 'common', 'account.logout') })
          .locator('visible=true'),
      ).toBeVisible();
    });
  });
}

// Which pages a session opens, and what the 404 page is, do not depend on the language: in French (the
// login page's and the 404 page's words in each language are read by the tests above and phone-pass.spec.ts).
test('protected pages send an anonymous visitor to /login, keeping the way back', async ({ page, api }) => {
  for (const [path] of PROTECTED_PAGES) {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('fr', 'auth', 'login.title'));
  }
  expect(api.refreshCalls).toBeGreaterThan(0);
});

test('pages the product does not have show the 404 page in the main layout', async ({ page }) => {
  for (const path of NOT_FOUND) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('fr', 'common', 'notFound.title'));
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  }
});

// At desktop width, in French: every language's headings, words and footer are read on every page by
// phone-pass.spec.ts; what this adds is the desktop layout around them.
test('public pages have the header, the footer, their heading and no raw key', async ({ page }) => {
  const language = 'fr';
  await visitEach(page, MAIN_PAGES, async ([path, namespace, titleKey]) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, namespace, titleKey));
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(text(language, 'common', 'footer.tagline'));
    await expect(page.getByRole('contentinfo')).toContainText('2024');
    expect(await page.locator('body').innerText(), `raw key on ${path}`).not.toMatch(RAW_KEY_PATTERN);
  });
});

test('after logging in, the visitor comes back to the page they asked for', async ({ page, api }) => {
  await page.goto('/documents');
  await expect(page).toHaveURL('/login?redirect=%2Fdocuments');
  // The session starts (as a login will do); /login then sends the user on to /documents.
  api.loggedIn = true;
  await page.reload();
  await expect(page).toHaveURL('/documents');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('fr', 'documents', 'page.title'));
});

test('/login sends someone with a session to /dashboard, /signup to the company form', async ({
  page,
  api,
}) => {
  api.loggedIn = true;
  await page.goto('/login');
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/signup');
  await expect(page).toHaveURL('/ai-powered-form');
});

test('the redirect parameter cannot send users to another site', async ({ page, api }) => {
  api.loggedIn = true;
  await page.goto('/login?redirect=//evil.example/phish');
  await expect(page).toHaveURL('/dashboard');
});

test('/logout revokes the session and goes to /login', async ({ page, api }) => {
  api.loggedIn = true;
  await page.goto('/documents');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/logout');
  await expect(page).toHaveURL('/login');
  expect(api.logoutCalls).toBe(1);
  expect(await page.evaluate(() => window.sessionStorage.getItem('kreo.accessToken'))).toBeNull();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('fr', 'auth', 'login.title'));
});

test('/logout goes to / when the server cannot log out', async ({ page, api }) => {
  api.loggedIn = true;
  api.logoutFails = true;
  await page.goto('/home');
  await page.goto('/logout');
  await expect(page).toHaveURL('/');
  expect(api.logoutCalls).toBe(1);
});
