import { readFile } from 'node:fs/promises';
import {
  test as base,
  expect as baseExpect,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { LANGUAGES, type Language } from '../../src/lib/i18n/languages';
import { keepScreenshot, useLanguage, watchMissingTranslations } from './fixtures';
import { text } from './locale-text';
import { lastMailedLink, mailsTo } from './server-data';

// /user-profile against the real server and its database (spec sections 2, 4, 7 and 8): nothing is
// mocked. Each test signs up its own account, in each language, on desktop and on a phone.

// Each test signs up (argon2) and saves several times: the limit of real-server.ts, for a machine twice as
// slow as a busy one.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Every test fails on a translation key missing at run time. */
const test = base.extend<{ missingTranslations: string[] }>({
  missingTranslations: [
    async ({ page }, use) => {
      const missing = watchMissingTranslations(page);
      await use(missing);
      expect(missing, 'translation keys missing at run time').toEqual([]);
    },
    { auto: true },
  ],
});

const SHOTS = '/tmp/profile-shots';

/** An address no other test uses: the tests run in parallel against one database. */
function uniqueEmail(name: string): string {
  return `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

interface Account {
  firstname: string;
  lastname: string;
  email: string;
  phoneNumber: string;
  companyName: string;
  dateOfBirth: string;
}

const PEOPLE: Record<Language, Omit<Account, 'email'>> = {
  fr: {
    firstname: 'Élodie',
    lastname: 'Dupont',
    phoneNumber: '+33 6 12 34 56 78',
    companyName: 'Boulangerie Dupont SARL',
    dateOfBirth: '1990-03-12',
  },
  en: {
    firstname: 'John',
    lastname: 'Smith',
    phoneNumber: '+44 20 7946 0958',
    companyName: 'Smith & Sons Ltd',
    dateOfBirth: '1990-03-12',
  },
  ro: {
    firstname: 'Ștefan',
    lastname: 'Țurcanu',
    phoneNumber: '+40 721 234 567',
    companyName: 'Țurcanu Construct SRL',
    dateOfBirth: '1990-03-12',
  },
};

const INITIALS: Record<Language, string> = { fr: 'ÉD', en: 'JS', ro: 'ȘȚ' };
/** 1990-03-12 as the profile page writes it (Intl, long style). */
const BIRTHDAY: Record<Language, string> = { fr: '12 mars 1990', en: 'March 12, 1990', ro: '12 martie 1990' };
const MARCH: Record<Language, string> = { fr: 'mars', en: 'March', ro: 'martie' };

/**
 * Signs up through the API from the page, so the browser holds the refresh cookie: the app then
 * starts its session from it, as after a sign-up on the form.
 */
async function signUp(page: Page, language: Language, name = 'profile'): Promise<Account> {
  const account = { ...PEOPLE[language], email: uniqueEmail(name) };
  const password = 'parola-sigura-1';
  const response = await page.request.post('/api/auth/register', {
    data: { ...account, password, confirmPassword: password, language },
  });
  expect(response.status(), await response.text()).toBe(200);
  return account;
}

/** Another account, made outside this browser so that its cookie does not replace the user's. */
async function anotherAccount(request: APIRequestContext, language: Language): Promise<string> {
  const email = uniqueEmail('other');
  const response = await request.post('/api/auth/register', {
    data: {
      firstname: 'Other',
      lastname: 'Person',
      email,
      password: 'parola-sigura-2',
      confirmPassword: 'parola-sigura-2',
      dateOfBirth: '1985-01-01',
      language,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return email;
}

/** How many mails the outbox holds for an address. */
async function mailCountTo(to: string): Promise<number> {
  return (await mailsTo(to)).length;
}

interface ServerUserInfo {
  firstname: string;
  lastname: string;
  email: string;
  isEmailVerified: boolean;
  phoneNumber: string | null;
  dateOfBirth: string | null;
  companyName: string | null;
}

/** What the server holds for the logged-in user, asked with the token the page keeps. */
async function serverUserInfo(page: Page): Promise<ServerUserInfo> {
  const token = await page.evaluate(() => window.sessionStorage.getItem('kreo.accessToken'));
  expect(token, 'the page holds an access token').not.toBeNull();
  const response = await page.request.get('/api/user/info', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as ServerUserInfo;
}

/** The profile page and its modal, found as a user finds them: by role and by their words in `language`. */
function profilePage(page: Page, language: Language) {
  const t = (key: string) => text(language, 'profile', key);
  const info = page.getByRole('region', { name: t('info.title') });
  const dialog = page.getByRole('dialog', { name: t('edit.title') });
  const field = (name: string) =>
    dialog.getByLabel(new RegExp(`^${t(`fields.${name}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
  return {
    t,
    info,
    /** The value under a label of the Personal information card. */
    value: (label: string) =>
      info.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]'),
    status: page.getByRole('status'),
    alert: page.getByRole('alert'),
    edit: page.getByRole('button', { name: t('info.edit'), exact: true }),
    resend: page.getByRole('button', { name: t('info.resendVerification'), exact: true }),
    resetPassword: page.getByRole('button', { name: t('security.resetPassword'), exact: true }),
    dialog,
    firstname: field('firstname'),
    lastname: field('lastname'),
    email: field('email'),
    phoneNumber: field('phoneNumber'),
    dateOfBirth: field('dateOfBirth'),
    companyName: field('companyName'),
    /** Asked only while the e-mail differs from the account's. */
    currentPassword: field('currentPassword'),
    save: dialog.getByRole('button', { name: t('edit.save'), exact: true }),
    cancel: dialog.getByRole('button', { name: t('edit.cancel'), exact: true }),
  };
}

/** The message under a modal field (RJSF's `<id>__error`), and the field marked invalid. */
async function expectFieldError(field: Locator, message: string) {
  const id = await field.getAttribute('id');
  await expect(field.page().locator(`[id="${id}__error"]`)).toHaveText(message);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
}

/** The header's link to the profile, which shows the first name inside the access token. */
async function expectHeaderName(page: Page, language: Language, firstname: string) {
  const header = page.getByRole('banner');
  const burger = header.getByRole('button', { name: text(language, 'common', 'nav.openMenu') });
  // isVisible() does not wait: the header must be there before it can tell a phone.
  await expect(header).toBeVisible();
  const phone = await burger.isVisible();
  if (phone) await burger.click();
  await expect(header.locator('a[href="/user-profile"]').locator('visible=true')).toHaveText(firstname);
  if (phone) await header.getByRole('button', { name: text(language, 'common', 'nav.closeMenu') }).click();
}

for (const language of LANGUAGES) {
  test.describe(`profile in ${language}`, () => {
    test.describe.configure({ timeout: 180_000 });

    test('shows the user, resends the verification e-mail, saves an edit (the header follows), and mails a reset link', async ({
      page,
      context,
    }, testInfo) => {
      await useLanguage(context, language);
      const account = await signUp(page, language);
      const p = profilePage(page, language);

      await page.goto('/user-profile');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        `${account.firstname} ${account.lastname}`,
      );
      await expect(page.getByText(INITIALS[language], { exact: true })).toBeVisible();
      await expect(page.getByRole('main').getByText(account.email, { exact: true }).first()).toBeVisible();
      await expect(p.value(p.t('fields.firstname'))).toHaveText(account.firstname);
      await expect(p.value(p.t('fields.lastname'))).toHaveText(account.lastname);
      await expect(p.value(p.t('fields.email'))).toHaveText(account.email);
      // The status, and under it (in the same description of the list) the button that resends the mail.
      const emailStatus = p.value(p.t('info.emailStatus'));
      await expect(emailStatus).toContainText(p.t('info.notVerified'));
      await expect(emailStatus.getByRole('button', { name: p.t('info.resendVerification') })).toBeVisible();
      await expect(p.value(p.t('fields.phoneNumber'))).toHaveText(account.phoneNumber);
      await expect(p.value(p.t('fields.dateOfBirth'))).toHaveText(BIRTHDAY[language]);
      await expect(p.value(p.t('fields.companyName'))).toHaveText(account.companyName);
      await expect(page.getByRole('heading', { level: 2, name: p.t('security.title') })).toBeVisible();
      await expectHeaderName(page, language, account.firstname);
      await keepScreenshot(page, {
        path: `${SHOTS}/profile-${language}-${testInfo.project.name}.png`,
        fullPage: true,
      });

      // Resend the verification e-mail: a new mail with a new link reaches the outbox.
      await expect.poll(() => mailCountTo(account.email)).toBe(1);
      const firstLink = await lastMailedLink(account.email, '/verify-email?token=');
      await p.resend.click();
      await expect(p.status).toHaveText(p.t('messages.resendSuccess'));
      await expect.poll(() => mailCountTo(account.email)).toBe(2);
      const secondLink = await lastMailedLink(account.email, '/verify-email?token=');
      expect(secondLink).not.toBe(firstLink);
      await expect(emailStatus).toContainText(p.t('info.notVerified'));

      // Edit: the modal opens with the current values.
      await p.edit.click();
      await expect(p.dialog).toBeVisible();
      await expect(p.firstname).toHaveValue(account.firstname);
      await expect(p.lastname).toHaveValue(account.lastname);
      await expect(p.email).toHaveValue(account.email);
      await expect(p.phoneNumber).toHaveValue(account.phoneNumber);
      // The month in the language (the calendar's dayjs capitalizes Romanian months, Intl does not).
      await expect(p.dateOfBirth).toContainText(MARCH[language], { ignoreCase: true });
      await expect(p.dateOfBirth).toContainText('1990');
      await expect(p.companyName).toHaveValue(account.companyName);
      await keepScreenshot(page, { path: `${SHOTS}/modal-${language}-${testInfo.project.name}.png` });

      // New names, the phone cleared; saved, the modal closes and the page shows the new values.
      await p.firstname.fill('Ana-Maria');
      await p.lastname.fill('Ionescu');
      await p.phoneNumber.fill('');
      await p.save.click();
      await expect(p.dialog).toBeHidden();
      await expect(p.status).toHaveText(p.t('messages.updateSuccess'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ana-Maria Ionescu');
      await expect(page.getByText('AI', { exact: true })).toBeVisible();
      await expect(p.value(p.t('fields.firstname'))).toHaveText('Ana-Maria');
      await expect(p.value(p.t('fields.lastname'))).toHaveText('Ionescu');
      await expect(p.value(p.t('fields.phoneNumber'))).toHaveText(p.t('info.notAvailable'));
      await expect(p.value(p.t('fields.dateOfBirth'))).toHaveText(BIRTHDAY[language]);
      await expect(p.value(p.t('fields.companyName'))).toHaveText(account.companyName);
      await keepScreenshot(page, {
        path: `${SHOTS}/saved-${language}-${testInfo.project.name}.png`,
        fullPage: true,
      });

      // The page fetched a new token: the header greets the user by the new first name.
      await expectHeaderName(page, language, 'Ana-Maria');
      expect(await serverUserInfo(page)).toMatchObject({
        firstname: 'Ana-Maria',
        lastname: 'Ionescu',
        email: account.email,
        phoneNumber: null,
        dateOfBirth: account.dateOfBirth,
        companyName: account.companyName,
        isEmailVerified: false,
      });

      // A reload shows what the server kept; the company can be cleared too.
      await page.reload();
      await expect(p.value(p.t('fields.phoneNumber'))).toHaveText(p.t('info.notAvailable'));
      await p.edit.click();
      await expect(p.phoneNumber).toHaveValue('');
      await p.companyName.fill('');
      await p.save.click();
      await expect(p.dialog).toBeHidden();
      await expect(p.value(p.t('fields.companyName'))).toHaveText(p.t('info.notAvailable'));
      expect(await serverUserInfo(page)).toMatchObject({ phoneNumber: null, companyName: null });

      // Reset Password mails a reset link to the account's address (its third mail, after the sign-up's
      // and the one resent), and the link opens the reset page.
      await p.resetPassword.click();
      await expect(p.status).toHaveText(p.t('messages.resetSuccess'));
      await expect.poll(() => mailCountTo(account.email)).toBe(3);
      const link = await lastMailedLink(account.email, '/reset-password?token=');
      expect(new URL(link).pathname).toBe('/reset-password');
      await page.goto(new URL(link).pathname + new URL(link).search);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(language, 'auth', 'resetPassword.title'),
      );
    });

    test('refuses a bad e-mail in the modal, keeps it open on an address already taken, and Cancel discards', async ({
      page,
      context,
      request,
    }, testInfo) => {
      await useLanguage(context, language);
      const account = await signUp(page, language, 'editor');
      const taken = await anotherAccount(request, language);
      const p = profilePage(page, language);
      const updates: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/user/update-profile')) updates.push(request.method());
      });

      await page.goto('/user-profile');
      await p.edit.click();
      await expect(p.dialog).toBeVisible();

      // Validation in the modal: nothing is sent.
      await p.firstname.fill('');
      await p.email.fill('ana@example');
      await p.save.click();
      await expectFieldError(p.firstname, text(language, 'forms', 'errors.required'));
      await expectFieldError(p.email, p.t('errors.emailInvalid'));
      await expect(p.firstname).toBeFocused();
      await keepScreenshot(page, { path: `${SHOTS}/modal-invalid-${language}-${testInfo.project.name}.png` });
      expect(updates).toEqual([]);

      // An address another account has (written in capitals: addresses are compared without case).
      await p.firstname.fill('Ana');
      await p.email.fill(taken.toUpperCase());
      // A new address asks for the account's password (the one signUp chose).
      await p.currentPassword.fill('parola-sigura-1');
      await p.companyName.fill('Atelier Ana');
      await p.save.click();
      const error = p.dialog.getByRole('alert');
      await expect(error).toContainText(p.t('messages.updateError'));
      await expect(error).toContainText(p.t('messages.emailTaken'));
      await keepScreenshot(page, { path: `${SHOTS}/modal-taken-${language}-${testInfo.project.name}.png` });
      // Nothing typed is lost, and nothing changed on the server.
      await expect(p.dialog).toBeVisible();
      await expect(p.firstname).toHaveValue('Ana');
      await expect(p.email).toHaveValue(taken.toUpperCase());
      await expect(p.companyName).toHaveValue('Atelier Ana');
      expect(updates).toEqual(['POST']);
      expect(await serverUserInfo(page)).toMatchObject({
        firstname: account.firstname,
        email: account.email,
        companyName: account.companyName,
      });

      // Cancel: the modal closes, the page and the next opening show the profile as it was.
      await p.cancel.click();
      await expect(p.dialog).toBeHidden();
      await expect(p.value(p.t('fields.firstname'))).toHaveText(account.firstname);
      await expect(p.value(p.t('fields.email'))).toHaveText(account.email);
      await expect(p.value(p.t('fields.companyName'))).toHaveText(account.companyName);
      await expect(page.getByText(p.t('messages.updateError'))).toHaveCount(0);
      await p.edit.click();
      await expect(p.firstname).toHaveValue(account.firstname);
      await expect(p.email).toHaveValue(account.email);
      await expect(p.companyName).toHaveValue(account.companyName);
      await expect(p.dialog.getByRole('alert')).toHaveCount(0);
      await p.cancel.click();
      await expect(p.dialog).toBeHidden();
      expect(updates).toEqual(['POST']);
      await expectHeaderName(page, language, account.firstname);
    });
  });
}

// Your data (GDPR), once, in Romanian (the component tests cover every language's words): a founder
// downloads what we hold and deletes the account with the password, against the real server.
test.describe('your data in ro', () => {
  test.describe.configure({ timeout: 180_000 });

  test('downloads everything held as JSON, then deletes the account after the password', async ({
    page,
    context,
  }, testInfo) => {
    const language: Language = 'ro';
    await useLanguage(context, language);
    const account = await signUp(page, language, 'gdpr');
    const p = profilePage(page, language);
    await page.goto('/user-profile');
    const section = page.getByRole('region', { name: p.t('data.title') });
    await expect(section).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: p.t('data.download') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^kreo-.*\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      account: { email: string; firstname: string };
    };
    expect(exported.account).toMatchObject({ email: account.email, firstname: account.firstname });

    await section.getByRole('button', { name: p.t('data.delete') }).click();
    const dialog = page.getByRole('dialog', { name: p.t('deleteAccount.title') });
    await expect(dialog.getByText(p.t('deleteAccount.kept'))).toBeVisible();
    await keepScreenshot(page, { path: `${SHOTS}/delete-account-${language}-${testInfo.project.name}.png` });
    const password = dialog.getByLabel(new RegExp(`^${p.t('deleteAccount.password')}`));
    const confirm = dialog.getByRole('button', { name: p.t('deleteAccount.confirm') });
    await password.fill('nu-este-parola-mea');
    await confirm.click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expect(password).toHaveValue('nu-este-parola-mea');

    await password.fill('parola-sigura-1');
    await confirm.click();
    await expect(page).toHaveURL('/');
    await expect(page.getByText(text(language, 'common', 'notices.accountDeleted'))).toBeVisible();
    // The account is gone: its password opens nothing.
    const login = await page.request.post('/api/auth/login', {
      data: { email: account.email, password: 'parola-sigura-1' },
    });
    expect(login.status()).toBe(401);
  });
});
