import type { Page } from '@playwright/test';
import { LANGUAGES, type Language } from '../../src/lib/i18n/languages';
import { loginForm, resetForm } from './account-forms';
import { keepScreenshot, useLanguage } from './fixtures';
import { RAW_KEY_PATTERN, text } from './locale-text';
import {
  createAccount,
  expect,
  expectFieldError,
  expectGreeted,
  expectNoFieldError,
  test,
  uniqueEmail,
} from './real-server';
import { lastMailedLink, mailsTo } from './server-data';

// /forgot-password and /reset-password against the real server and its outbox (spec sections 2, 4, 5, 8, 9).

const RESET_LINK = '/reset-password?token=';

async function logIn(page: Page, language: Language, email: string, password: string) {
  const form = loginForm(page, language);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

// Each test is a whole user story (several pages, several password hashes).
test.describe.configure({ timeout: 90_000 });

for (const language of LANGUAGES) {
  test.describe(`password reset in ${language}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, language);
    });

    test('forgot password: a wrong address is told; any valid one gets the same confirmation, and only an account gets a link', async ({
      page,
      request,
    }, testInfo) => {
      const account = await createAccount(request, language);
      await page.goto('/login');
      await page.getByRole('link', { name: text(language, 'auth', 'login.forgotPassword') }).click();
      await expect(page).toHaveURL('/forgot-password');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(language, 'auth', 'forgotPassword.title'),
      );

      const email = page.getByRole('textbox', {
        name: text(language, 'auth', 'forgotPassword.fields.email'),
        exact: true,
      });
      const submit = page.getByRole('button', { name: text(language, 'auth', 'forgotPassword.submit') });
      const invalid = text(language, 'auth', 'forgotPassword.errors.emailInvalid');
      await submit.click();
      await expectFieldError(email, invalid);
      for (const wrong of ['ioana', 'ioana@example', 'ioana @example.com']) {
        await email.fill(wrong);
        await expectFieldError(email, invalid);
      }
      await keepScreenshot(page, {
        path: `/tmp/e2e-shots/forgot-invalid-${language}-${testInfo.project.name}.png`,
      });

      // An address nobody has: the confirmation, and no mail.
      const nobody = uniqueEmail('nobody');
      await email.fill(nobody);
      await expectNoFieldError(email);
      await submit.click();
      const confirmation = text(language, 'auth', 'forgotPassword.confirmation');
      await expect(page.getByRole('status')).toHaveText(confirmation);
      await expect(email).toHaveCount(0);

      // The account's address: the very same confirmation, and a reset link in the outbox.
      await page.reload();
      await email.fill(account.email);
      await submit.click();
      await expect(page.getByRole('status')).toHaveText(confirmation);
      await keepScreenshot(page, {
        path: `/tmp/e2e-shots/forgot-sent-${language}-${testInfo.project.name}.png`,
      });
      expect(await lastMailedLink(account.email, RESET_LINK)).toMatch(/\/reset-password\?token=[^&\s]+$/);
      // The queue sends in order: once the account's link is out, the unknown address's turn has passed, with no mail.
      expect(await mailsTo(nobody)).toEqual([]);

      await page.getByRole('link', { name: text(language, 'auth', 'backToLogin') }).click();
      await expect(page).toHaveURL('/login');
    });

    test('reset password: no token, the rules, then the mailed link sets a password that works, once', async ({
      page,
      request,
    }, testInfo) => {
      const account = await createAccount(request, language);
      const invalidLink = text(language, 'auth', 'resetPassword.errors.invalidLink');
      const form = resetForm(page, language);

      // Without a token there is nothing to fill in, only a way to ask for a new link.
      await page.goto('/reset-password');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(language, 'auth', 'resetPassword.title'),
      );
      await expect(page.getByRole('alert')).toHaveText(invalidLink);
      await expect(page.getByRole('textbox')).toHaveCount(0);
      await expect(form.submit).toHaveCount(0);
      await expect(
        page.getByRole('link', { name: text(language, 'auth', 'resetPassword.requestNewLink') }),
      ).toHaveAttribute('href', '/forgot-password');
      await keepScreenshot(page, {
        path: `/tmp/e2e-shots/reset-no-token-${language}-${testInfo.project.name}.png`,
      });

      expect((await request.post('/api/auth/forgot-password', { data: { email: account.email } })).ok()).toBe(
        true,
      );
      const link = await lastMailedLink(account.email, RESET_LINK);
      await page.goto(link);
      await expect(page.getByRole('alert')).toHaveCount(0);

      const tooShort = text(language, 'auth', 'resetPassword.errors.passwordTooShort');
      const differ = text(language, 'auth', 'resetPassword.errors.passwordsDiffer');
      await form.submit.click();
      await expectFieldError(form.newPassword, tooShort);
      await expectFieldError(form.confirmPassword, differ);
      await form.newPassword.fill('12345');
      await form.confirmPassword.fill('12345');
      await expectFieldError(form.newPassword, tooShort);
      await expectNoFieldError(form.confirmPassword);
      await form.newPassword.fill('parola-noua-1');
      await form.confirmPassword.fill('parola-noua-2');
      await expectNoFieldError(form.newPassword);
      await expectFieldError(form.confirmPassword, differ);
      await keepScreenshot(page, {
        path: `/tmp/e2e-shots/reset-invalid-${language}-${testInfo.project.name}.png`,
      });

      // Spec sections 4 and 9: the success message, then /login 2 seconds later.
      await form.confirmPassword.fill('parola-noua-1');
      await expectNoFieldError(form.confirmPassword);
      const submittedAt = Date.now();
      await form.submit.click();
      await expect(page.getByRole('status')).toHaveText(text(language, 'auth', 'resetPassword.success'));
      await expect(page.getByText(text(language, 'auth', 'resetPassword.redirecting'))).toBeVisible();
      await expect(page).toHaveURL(/\/reset-password\?token=/);
      await keepScreenshot(page, {
        path: `/tmp/e2e-shots/reset-done-${language}-${testInfo.project.name}.png`,
      });
      // Two seconds after the success, with the module's generous limit (not a tighter one) for a busy machine.
      await expect(page).toHaveURL('/login');
      expect(Date.now() - submittedAt).toBeGreaterThanOrEqual(2000);

      // The old password no longer works; the new one does.
      await logIn(page, language, account.email, account.password);
      await expect(page.getByRole('alert')).toHaveText(
        text(language, 'auth', 'login.errors.invalidCredentials'),
      );
      await logIn(page, language, account.email, 'parola-noua-1');
      await expect(page).toHaveURL('/dashboard');
      await expectGreeted(page, language, account.firstname);

      // The link was used: a second reset is refused as an invalid link.
      await page.goto(link);
      await form.newPassword.fill('parola-noua-3');
      await form.confirmPassword.fill('parola-noua-3');
      await form.submit.click();
      await expect(page.getByRole('alert')).toHaveText(invalidLink);
      await expect(
        page.getByRole('link', { name: text(language, 'auth', 'resetPassword.requestNewLink') }),
      ).toBeVisible();
      await expect(page).toHaveURL(link.replace(/^https?:\/\/[^/]+/, ''));
      expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY_PATTERN);
    });
  });
}
