/**
 * The public pages arrive painted (prerendered at build time), before any script runs; the app then takes
 * them over. Here the app's script is held back on purpose, to see the page as a slow phone does.
 * (Not the shared fixtures: they wait for the app after each navigation, which this test delays.)
 */
import { expect, test, type Page } from '@playwright/test';
import { loginForm, signupForm } from './account-forms';
import { text } from './locale-text';

/** Holds the app's entry script back until the returned function is called. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

test.describe('prerendered pages', () => {
  test('the sign-up form is on screen before the app runs, and what was typed meanwhile is kept', async ({
    page,
  }) => {
    // The app's entry script waits until the visitor has typed.
    const release = await holdAppScript(page);
    await page.goto('/signup', { waitUntil: 'commit' });
    const form = signupForm(page, 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('fr', 'auth', 'signup.title'));
    await expect(form.firstname).toBeVisible();
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();

    await form.firstname.fill('Camille');
    await form.email.fill('camille.early@example.com');
    release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

    // The app knows what was typed before it ran: sending reports only the fields left empty.
    await form.submit.click();
    const required = text('fr', 'forms', 'errors.required');
    await expect(form.lastname).toHaveAccessibleDescription(required);
    await expect(form.firstname).toHaveValue('Camille');
    await expect(form.firstname).not.toHaveAccessibleDescription(required);
    await expect(form.email).toHaveValue('camille.early@example.com');
    await expect(form.email).not.toHaveAccessibleDescription(required);
  });

  test('a language chosen on the form before the app runs switches the page once it does', async ({
    page,
  }) => {
    const release = await holdAppScript(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await loginForm(page, 'fr').language.selectOption('ro');
    release();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('ro', 'auth', 'login.title'));
  });
});
