import { LANGUAGES } from '../../src/lib/i18n/languages';
import { loginForm } from './account-forms';
import { keepScreenshot, useLanguage } from './fixtures';
import { text } from './locale-text';
import {
  createAccount,
  expect,
  expectFieldError,
  expectGreeted,
  expectNoFieldError,
  otherLanguage,
  storedAccessToken,
  test,
  userInfoOf,
} from './real-server';

// /login against the real server (spec sections 2, 4, 5 and 8), in each language, on desktop and phone.

// Each test is a whole user story (several pages, several password hashes).
test.describe.configure({ timeout: 90_000 });

for (const language of LANGUAGES) {
  test.describe(`login in ${language}`, () => {
    const error = (key: string) => text(language, 'auth', `login.errors.${key}`);

    test('wrong entries and a wrong password are told; the right ones log in with the language chosen on the form', async ({
      page,
      context,
      request,
    }, testInfo) => {
      // The account was made in another language; the user picks theirs on the login form.
      const start = otherLanguage(language);
      const account = await createAccount(request, start);
      await useLanguage(context, start);
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(start, 'auth', 'login.title'));
      await loginForm(page, start).language.selectOption(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'auth', 'login.title'));
      await expect(page.getByRole('complementary')).toContainText(
        text(language, 'auth', 'authPanel.login.title'),
      );
      const form = loginForm(page, language);
      await expect(form.language).toHaveValue(language);
      await expect(form.forgotPassword).toHaveAttribute('href', '/forgot-password');

      // Spec section 5: an empty form asks for a valid e-mail and a password of 6 characters.
      await form.submit.click();
      await expectFieldError(form.email, error('emailInvalid'));
      await expectFieldError(form.password, error('passwordTooShort'));
      await expect(form.email).toBeFocused();

      await form.email.fill('ioana@example');
      await form.password.fill('12345');
      await expectFieldError(form.email, error('emailInvalid'));
      await expectFieldError(form.password, error('passwordTooShort'));
      await form.email.fill(' ioana@exa mple.ro');
      await expectFieldError(form.email, error('emailInvalid'));
      await keepScreenshot(page, {
        path: `/tmp/e2e-shots/login-invalid-${language}-${testInfo.project.name}.png`,
      });
      await form.submit.click();
      await expect(page).toHaveURL('/login');

      // A well-formed but wrong password: the server refuses, the page says so in the chosen language.
      await form.email.fill(account.email);
      await form.password.fill('not-the-password');
      await expectNoFieldError(form.email);
      await expectNoFieldError(form.password);
      await form.submit.click();
      await expect(page.getByRole('alert')).toHaveText(error('invalidCredentials'));
      await expect(page).toHaveURL('/login');
      expect(await storedAccessToken(page)).toBeNull();
      await keepScreenshot(page, {
        path: `/tmp/e2e-shots/login-refused-${language}-${testInfo.project.name}.png`,
      });

      // An unknown address gets the very same answer.
      await form.email.fill(`nobody.${account.email}`);
      await form.password.fill(account.password);
      await form.submit.click();
      await expect(page.getByRole('alert')).toHaveText(error('invalidCredentials'));

      // The right password, shown to check it, then sent with Enter.
      await form.email.fill(account.email);
      await form.password.fill(account.password);
      await form.showPassword.click();
      await expect(form.password).toHaveAttribute('type', 'text');
      await form.password.press('Enter');
      await expect(page).toHaveURL('/dashboard');
      await expectGreeted(page, language, account.firstname);

      // The language chosen on the form is now the account's (its e-mails follow it).
      const info = await userInfoOf(page);
      expect(info).toMatchObject({ email: account.email, language });

      // Logging in elsewhere without choosing a language keeps the one stored on the account.
      const elsewhere = await request.post('/api/auth/login', {
        data: { email: account.email, password: account.password },
      });
      const { accessToken } = (await elsewhere.json()) as { accessToken: string };
      const stored = await request.get('/api/user/info', {
        headers: { Authorization: `Bearer ${accessToken}` },
      });
      expect(((await stored.json()) as { language: string }).language).toBe(language);
    });
  });
}

test('after logging in, the visitor goes back to the page that asked for it', async ({ page, request }) => {
  const account = await createAccount(request, 'fr', 'Luca');
  await page.goto('/documents');
  await expect(page).toHaveURL('/login?redirect=%2Fdocuments');
  const form = loginForm(page, 'fr');
  await form.email.fill(account.email);
  await form.password.fill(account.password);
  await form.submit.click();
  await expect(page).toHaveURL('/documents');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('fr', 'documents', 'page.title'));
  await expectGreeted(page, 'fr', 'Luca');
});

test('the login form works from the keyboard alone @desktop-only', async ({ page, request }) => {
  const account = await createAccount(request, 'fr', 'Elena');
  await page.goto('/login');
  const form = loginForm(page, 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Tab order: the brand panel's logo, then the form from top to bottom.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('complementary').getByRole('link')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.email).toBeFocused();
  await page.keyboard.type(account.email);
  await page.keyboard.press('Tab');
  await expect(form.password).toBeFocused();
  await page.keyboard.type('wrong-password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(text('fr', 'auth', 'login.errors.invalidCredentials'));

  await form.password.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(account.password);
  await page.keyboard.press('Tab');
  await expect(form.showPassword).toBeFocused();
  await page.keyboard.press('Space');
  await expect(form.password).toHaveAttribute('type', 'text');
  await page.keyboard.press('Tab');
  await expect(form.language).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.forgotPassword).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.submit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/dashboard');
  await expectGreeted(page, 'fr', 'Elena');
});
