import type { Page } from '@playwright/test';
import { LANGUAGES, type Language } from '../../src/lib/i18n/languages';
import { axeViolations } from './axe';
import { layoutProblems, unnamedControls } from './phone-pass';
import { createAccount, expect, test } from './real-server';
import { useLanguage } from './fixtures';
import { RAW_KEY_PATTERN, text } from './locale-text';
import { pageTitle } from './route-titles';

/**
 * Every route, as a visitor and as a founder, in every language, at the narrowest and the widest of the
 * phone widths most sold (360 and 412 px; 390 lies between them): nothing scrolls sideways, every
 * control has a name, every touch target is at least 24 px (or spaced as WCAG 2.2 allows); no page
 * shows a raw translation key, and each visitor page has its heading in the language.
 * axe-core checks each page once, at 360 px, in one language per page in turn: its rules read the
 * markup, which is the same in every language, and what the language changes (names, `lang`) is
 * checked on every page in every language by the sweep itself.
 */
const VISITOR_ROUTES = [
  '/',
  '/services',
  '/plans',
  '/choose-your-legal-form',
  '/faq',
  '/help',
  '/about',
  '/contact',
  '/terms',
  '/sales-terms',
  '/privacy',
  '/cookies',
  '/legal-notice',
  '/success?session_id=cs_test_phone',
  '/cancel',
  '/no/such/page',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password?token=abc',
  '/verify-email?token=not-a-real-token',
];
const FOUNDER_ROUTES = [
  '/ai-powered-form',
  '/documents',
  '/dashboard',
  '/create-your-website',
  '/user-profile',
  '/home',
];
const WIDTHS = [360, 412] as const;

// Each test reads some twenty pages, each downloaded afresh: room for a busy machine.
test.describe.configure({ timeout: 180_000 });

/** Opens a page and waits for what a person waits for: its heading, and no loader left. */
async function open(page: Page, route: string) {
  await page.goto(route);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // The page's own signs first, which wait as long as the answers take: its text (the spinner) and the
  // catalog (the placeholder cards). A heading shows with them, so neither can pass before it appears.
  await expect(page.locator('[role="status"] [class*="spinner"]')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Then what has no sign (the site's identity, asked once the text is shown): the requests under way
  // end, so that the layout is measured as it will stay. Only requests already started matter by now.
  await page.waitForLoadState('networkidle');
}

/** Whether axe checks this page in this language: page after page, each language in turn. */
const axeTurn = (routes: readonly string[], route: string, language: Language) =>
  LANGUAGES[routes.indexOf(route) % LANGUAGES.length] === language;

/** Every problem of one page, each line prefixed with the route (the test lists them all at once). */
async function sweep(
  page: Page,
  route: string,
  language: Language,
  withAxe: boolean,
  title: string | null,
): Promise<string[]> {
  await open(page, route);
  const lang = await page.locator('html').getAttribute('lang');
  const heading = (await page.getByRole('heading', { level: 1 }).first().innerText()).trim();
  const rawKey = RAW_KEY_PATTERN.exec(await page.locator('body').innerText())?.[0];
  const { overflow, smallTargets } = await layoutProblems(page);
  const unnamed = await unnamedControls(page);
  const violations = withAxe ? await axeViolations(page) : [];
  return [
    ...(lang === language ? [] : [`the page says lang="${lang}" for a page in ${language}`]),
    ...(!title || heading === title ? [] : [`heading "${heading}", not "${title}"`]),
    ...(rawKey ? [`raw key: ${rawKey}`] : []),
    ...overflow.map((line) => `overflow: ${line}`),
    ...unnamed.map((line) => `no name: ${line}`),
    ...smallTargets.map((line) => `small target: ${line}`),
    ...violations.map((line) => `axe ${line}`),
  ].map((line) => `${route} ${line}`);
}

for (const language of LANGUAGES) {
  for (const width of WIDTHS) {
    test.describe(`${language} at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 } });
      // axe at one width: its rules do not depend on it.
      const axeWidth = width === WIDTHS[0];
      // Once, on the phone project: the desktop project has its own size.
      test.skip(({ isMobile }) => !isMobile, 'phone widths are checked in the mobile project');

      test('visitor pages: no sideways scroll, every control named, targets of 24 px', async ({
        page,
        context,
      }) => {
        await useLanguage(context, language);
        const problems: string[] = [];
        for (const route of VISITOR_ROUTES) {
          const withAxe = axeWidth && axeTurn(VISITOR_ROUTES, route, language);
          problems.push(...(await sweep(page, route, language, withAxe, pageTitle(route, language))));
        }
        expect(problems).toEqual([]);
      });

      test('founder pages: no sideways scroll, every control named, targets of 24 px', async ({
        page,
        context,
      }) => {
        await useLanguage(context, language);
        await createAccount(page.request, language, 'Maria');
        const problems: string[] = [];
        for (const route of FOUNDER_ROUTES) {
          const withAxe = axeWidth && axeTurn(FOUNDER_ROUTES, route, language);
          // A founder's headings (their name on the profile) are read by routes.spec.ts and the pages' specs.
          problems.push(...(await sweep(page, route, language, withAxe, null)));
        }
        expect(problems).toEqual([]);
      });
    });
  }
}

test("the assistant's drawer on a phone: its knowledge loads when opened, a failed load retries; one banner, every control named, no axe violation", async ({
  page,
  context,
  isMobile,
}) => {
  test.skip(!isMobile, 'the drawer is the phone layout of the assistant');
  const language = 'fr';
  const assistant = (key: string) => text(language, 'assistant', `chat.${key}`);
  // The assistant's code and its knowledge (the words of its entries), chunks of their own.
  const assistantChunk = /\/assets\/(assistant-session|knowledge)-[\w-]+\.js$/;
  const requested: string[] = [];
  page.on('request', (request) => {
    if (assistantChunk.test(new URL(request.url()).pathname)) requested.push(request.url());
  });
  // The loads fail until the page is reloaded, as on a phone that lost its network for a while.
  let networkLost = true;
  await page.route(/\/assets\/assistant-session-[\w-]+\.js$/, (route) =>
    networkLost ? route.abort('internetdisconnected') : route.continue(),
  );
  await useLanguage(context, language);
  await createAccount(page.request, language, 'Maria');
  await page.goto('/ai-powered-form', { waitUntil: 'networkidle' });
  const open = page.getByRole('button', { name: assistant('open') });
  await expect(open).toBeVisible();
  expect(requested, 'the assistant loaded before it was opened').toEqual([]);

  await open.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('alert')).toHaveText(assistant('loadError'));
  await drawer.getByRole('button', { name: assistant('retry') }).click();
  // Failed again: a browser may keep the failure until the page reloads, and the answers are saved.
  await expect(drawer.getByRole('alert')).toHaveText(assistant('loadErrorAgain'));
  networkLost = false;
  await drawer.getByRole('button', { name: assistant('reload') }).click();
  await expect(open).toBeVisible();
  await open.click();

  const input = drawer.getByRole('textbox', { name: assistant('input.label') });
  await input.fill('capital minimum SAS');
  await input.press('Enter');
  await expect(drawer.getByTestId('assistant-answer').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/e2e-shots/assistant-drawer-phone.png' });
  // Its title bar is the dialog's, not a second banner beside the site's header.
  await expect(page.getByRole('banner')).toHaveCount(1);
  expect(await unnamedControls(page)).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  await drawer.getByRole('button', { name: assistant('close'), exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Opened again: the conversation is still there, and the assistant was not loaded again.
  const loaded = requested.length;
  await open.click();
  await expect(drawer.getByTestId('assistant-exchange')).toHaveCount(1);
  expect(requested).toHaveLength(loaded);
});
