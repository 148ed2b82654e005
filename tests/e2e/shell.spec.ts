import { LANGUAGE_STORAGE_KEY } from '../../src/lib/i18n/languages';
import { expect, test, useLanguage } from './fixtures';
import { text } from './locale-text';

test('French is the default language', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('fr', 'landing', 'landing.title'));
});

test('the chosen language applies at once, survives a reload and reaches other tabs', async ({
  page,
  context,
}) => {
  await page.goto('/plans');
  const otherTab = await context.newPage();
  await otherTab.goto('/about');
  await expect(otherTab.locator('html')).toHaveAttribute('lang', 'fr');

  const header = page.getByRole('banner');
  const burger = header.getByRole('button', { name: text('fr', 'common', 'nav.openMenu') });
  // isVisible() does not wait: before the header is there, a phone would skip its menu.
  await expect(header).toBeVisible();
  if (await burger.isVisible()) await burger.click();
  await header
    .getByRole('button', { name: /Langue/ })
    .locator('visible=true')
    .click();
  await page.getByRole('menuitemradio', { name: 'Română' }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('ro', 'marketing', 'plans.title'));
  expect(await page.evaluate((key) => window.localStorage.getItem(key), LANGUAGE_STORAGE_KEY)).toBe('ro');

  // The tab that was already open follows without a reload.
  await expect(otherTab.getByRole('heading', { level: 1 })).toHaveText(
    text('ro', 'info', 'meta.about.title'),
  );
  await expect(otherTab.locator('html')).toHaveAttribute('lang', 'ro');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('ro', 'marketing', 'plans.title'));
  const newTab = await context.newPage();
  await newTab.goto('/');
  await expect(newTab.locator('html')).toHaveAttribute('lang', 'ro');
});

test('the language menu works from the keyboard, with type-ahead @desktop-only', async ({ page }) => {
  await page.goto('/');
  const switcher = page.getByRole('banner').getByRole('button', { name: /Langue/ });
  await switcher.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitemradio', { name: 'Français' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(switcher).toBeFocused();
  await page.keyboard.press('ArrowDown');
  // The menu focuses its current item on the next frame; type once it has.
  await expect(page.getByRole('menuitemradio', { name: 'Français' })).toBeFocused();
  await page.keyboard.type('ro');
  await expect(page.getByRole('menuitemradio', { name: 'Română' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
});

test('the header underlines the active link', async ({ page, isMobile }) => {
  await page.goto('/services');
  const header = page.getByRole('banner');
  if (isMobile) await header.getByRole('button', { name: text('fr', 'common', 'nav.openMenu') }).click();
  const active = header.locator('a[aria-current="page"]').locator('visible=true');
  await expect(active).toHaveText(text('fr', 'common', 'nav.services'));
  await expect(active).toHaveCSS('text-decoration-line', 'underline');
  await page.goto('/home');
  if (isMobile) await header.getByRole('button', { name: text('fr', 'common', 'nav.openMenu') }).click();
  await expect(header.locator('a[aria-current="page"]').locator('visible=true')).toHaveText(
    text('fr', 'common', 'nav.home'),
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  // The same menu at the same width whatever the device: once, on the phone project.
  test.skip(({ isMobile }) => !isMobile, 'the phone menu is checked in the mobile project');

  for (const language of ['fr', 'en', 'ro'] as const) {
    test(`the menu opens with every item and closes on navigation (${language})`, async ({
      page,
      context,
    }) => {
      await useLanguage(context, language);
      await page.goto('/');
      const header = page.getByRole('banner');
      const burger = header.getByRole('button', { name: text(language, 'common', 'nav.openMenu') });
      await expect(burger).toHaveAttribute('aria-expanded', 'false');
      await burger.click();
      await expect(
        header.getByRole('button', { name: text(language, 'common', 'nav.closeMenu') }),
      ).toHaveAttribute('aria-expanded', 'true');
      const menu = header.getByRole('navigation');
      for (const key of ['home', 'services', 'plans', 'wizard', 'documents', 'createWebsite'] as const) {
        await expect(menu.getByRole('link', { name: text(language, 'common', `nav.${key}`) })).toBeVisible();
      }
      await expect(
        header.getByRole('link', { name: text(language, 'common', 'account.login') }),
      ).toBeVisible();
      await expect(
        header.getByRole('link', { name: text(language, 'common', 'account.getStarted') }),
      ).toBeVisible();
      await menu.getByRole('link', { name: text(language, 'common', 'nav.plans') }).click();
      await expect(page).toHaveURL('/plans');
      await expect(header.getByRole('navigation')).toHaveCount(0);
    });
  }
});

test('the footer has its three columns and every link opens a real page @desktop-only', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const key of ['services', 'company', 'support'] as const) {
    await expect(
      footer.getByRole('heading', { name: text('fr', 'common', `footer.${key}.title`) }),
    ).toBeVisible();
  }
  // Every footer link opens a page of the product, never the 404 page: the server titles each page it
  // knows by its name, and an unknown one "Page introuvable" (routes.spec.ts renders them all).
  const links = footer.getByRole('navigation').getByRole('link');
  const targets = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => anchor.getAttribute('href') ?? ''),
  );
  expect(targets).toHaveLength(13);
  const notFoundTitle = `<title>${text('fr', 'common', 'meta.notFound.title')} ·`;
  for (const target of targets) {
    const answer = await page.request.get(target);
    expect(answer.status(), target).toBe(200);
    const html = await answer.text();
    expect(html, target).toMatch(/<title>[^<]+<\/title>/);
    expect(html, target).not.toContain(notFoundTitle);
  }
  const careers = await page.request.get('/careers');
  expect(await careers.text()).toContain(notFoundTitle);
  await page.goto('/careers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('fr', 'common', 'notFound.title'));
  await page
    .getByRole('main')
    .getByRole('link', { name: text('fr', 'common', 'notFound.backHome') })
    .click();
  await expect(page).toHaveURL('/');
});
