import type { Page } from '@playwright/test';
import { LANGUAGES, type Language } from '../../src/lib/i18n/languages';
import { axeViolations, isAxeTurn } from './axe';
import { watchRequests } from './network';
import { layoutProblems, unnamedControls } from './phone-pass';
import { createAccount, expect, test } from './real-server';
import { keepScreenshot, useLanguage } from './fixtures';
import { RAW_KEY_PATTERN, text } from './locale-text';
import { pageTitle } from './route-titles';

/**
 * Every route, as a visitor and as a founder, in every language, at the narrowest and the widest of the
 * phone widths most sold (360 and 412 px; 390 lies between them): nothing scrolls sideways, every
 * control has a name, every touch target is at least 24 px (or spaced as WCAG 2.2 allows); no page
 * shows a raw translation key, and each visitor page has its heading in the language. Each page is
 * loaded once, at one width (the two in turn, page after page), measured, turned to the other width
 * and measured again: a phone turned or a window resized is a layout change the page must follow too.
 * axe-core checks each page once, in one language per page in turn: its rules read the markup, which is
 * the same in every language and at both widths, and what the language changes (names, `lang`) is
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

// Each test reads some twenty pages, each downloaded afresh and measured twice: room for a machine twice
// as slow as a busy one.
test.describe.configure({ timeout: 300_000 });

/**
 * Opens a page and waits for what a person waits for: its heading, no loader left, and nothing more
 * that the page is asking for (the site's identity once its text is shown), so that the layout is
 * measured as it will stay.
 */
async function open(page: Page, requests: ReturnType<typeof watchRequests>, route: string) {
  await page.goto(route);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // The page's own signs first, which wait as long as the answers take: its text (the spinner) and the
  // catalog (the placeholder cards). A heading shows with them, so neither can pass before it appears.
  await expect(page.locator('[role="status"] [class*="spinner"]')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await requests.settled();
}

/** Every problem of the page on screen, each line prefixed with the route and the width. */
async function sweep(
  page: Page,
  route: string,
  language: Language,
  withAxe: boolean,
  title: string | null,
): Promise<string[]> {
  const lang = await page.locator('html').getAttribute('lang');
  const heading = (await page.getByRole('heading', { level: 1 }).first().innerText()).trim();
  const rawKey = RAW_KEY_PATTERN.exec(await page.locator('body').innerText())?.[0];
  const { overflow, smallTargets } = await layoutProblems(page);
  const unnamed = await unnamedControls(page);
  const violations = withAxe ? await axeViolations(page) : [];
  const width = page.viewportSize()?.width;
  return [
    ...(lang === language ? [] : [`the page says lang="${lang}" for a page in ${language}`]),
    ...(!title || heading === title ? [] : [`heading "${heading}", not "${title}"`]),
    ...(rawKey ? [`raw key: ${rawKey}`] : []),
    ...overflow.map((line) => `overflow: ${line}`),
    ...unnamed.map((line) => `no name: ${line}`),
    ...smallTargets.map((line) => `small target: ${line}`),
    ...violations.map((line) => `axe ${line}`),
  ].map((line) => `${route} at ${width} px: ${line}`);
}

/**
 * Every route of the list, each loaded at one of the two widths (in turn) and measured at both; axe
 * once per route, on the routes whose turn `language` is.
 */
async function sweepRoutes(
  page: Page,
  routes: readonly string[],
  language: Language,
  title: (route: string) => string | null,
): Promise<string[]> {
  const requests = watchRequests(page);
  const problems: string[] = [];
  for (const [index, route] of routes.entries()) {
    const [first, second] = index % 2 === 0 ? WIDTHS : ([...WIDTHS].reverse() as [number, number]);
    await page.setViewportSize({ width: first, height: 800 });
    await open(page, requests, route);
    problems.push(
      ...(await sweep(page, route, language, isAxeTurn(routes.indexOf(route), language), title(route))),
    );
    await page.setViewportSize({ width: second, height: 800 });
    // The page has drawn itself at the new width, and fetched what that may call for.
    await requests.settled();
    problems.push(...(await sweep(page, route, language, false, title(route))));
  }
  return problems;
}

for (const language of LANGUAGES) {
  test.describe(`${language} at 360 and 412 px`, () => {
    // Once, on the phone project: the desktop project has its own size.
    test.skip(({ isMobile }) => !isMobile, 'phone widths are checked in the mobile project');

    test('visitor pages: no sideways scroll, every control named, targets of 24 px', async ({
      page,
      context,
    }) => {
      await useLanguage(context, language);
      const problems = await sweepRoutes(page, VISITOR_ROUTES, language, (route) =>
        pageTitle(route, language),
      );
      expect(problems).toEqual([]);
    });

    test('founder pages: no sideways scroll, every control named, targets of 24 px', async ({
      page,
      context,
    }) => {
      await useLanguage(context, language);
      await createAccount(page.request, language, 'Maria');
      // A founder's headings (their name on the profile) are read by routes.spec.ts and the pages' specs.
      const problems = await sweepRoutes(page, FOUNDER_ROUTES, language, () => null);
      expect(problems).toEqual([]);
    });
  });
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
  const requests = watchRequests(page);
  await page.goto('/ai-powered-form');
  const open = page.getByRole('button', { name: assistant('open') });
  await expect(open).toBeVisible();
  // Everything the page asks for on its own has come: none of it is the assistant.
  await requests.settled();
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
  await keepScreenshot(page, { path: '/tmp/e2e-shots/assistant-drawer-phone.png' });
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
