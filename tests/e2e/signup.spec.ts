import { LANGUAGES, LANGUAGE_STORAGE_KEY } from '../../src/lib/i18n/languages';
import { signupForm } from './account-forms';
import { keepScreenshot, useLanguage } from './fixtures';
import { RAW_KEY_PATTERN, text } from './locale-text';
import {
  createAccount,
  expect,
  expectFieldError,
  expectGreeted,
  expectNoFieldError,
  otherLanguage,
  pickDate,
  shownDate,
  storedAccessToken,
  test,
  uniqueEmail,
  userInfoOf,
} from './real-server';
import { lastMailedLink } from './server-data';

// /signup against the real server (spec sections 2, 4, 5 and 8), in each language, on desktop and phone.

// Each test is a whole user story (several pages, several password hashes).
test.describe.configure({ timeout: 90_000 });

for (const language of LANGUAGES) {
  test.describe(`sign-up in ${language}`, () => {
    const error = (key: string) => text(language, 'auth', `signup.errors.${key}`);

    test('every rule has its message; a complete form signs up, and the mailed link verifies the address', async ({
      page,
      context,
    }, testInfo) => {
      await useLanguage(context, language);
      await page.goto('/signup');
      const form = signupForm(page, language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(language, 'auth', 'signup.title'),
      );
      await expect(form.language).toHaveValue(language);
      // No birth date is chosen for the founder: the field shows its placeholder, not a date.
      const noDate = text(language, 'forms', 'date.placeholder');
      await expect(form.dateOfBirth).toHaveText(noDate);

      // Nothing filled in: every required field says so, and the cursor goes to the first one.
      await form.submit.click();
      const required = text(language, 'forms', 'errors.required');
      for (const field of [
        form.firstname,
        form.lastname,
        form.email,
        form.password,
        form.confirmPassword,
        form.dateOfBirth,
      ]) {
        await expectFieldError(field, required);
      }
      await expectFieldError(form.terms, error('termsRequired'));
      for (const field of [form.phoneNumber, form.companyName]) {
        await expectNoFieldError(field);
      }
      await expect(form.firstname).toBeFocused();
      await keepScreenshot(page, {
        path: `/tmp/e2e-shots/signup-empty-${language}-${testInfo.project.name}.png`,
      });

      // Wrong values: the messages follow what is typed. A name of spaces only is no name.
      await form.firstname.fill('   ');
      await expectFieldError(form.firstname, required);
      await form.firstname.fill('Camille');
      await form.lastname.fill('Dupont');
      await form.email.fill('camille@example');
      await form.password.fill('12345');
      await form.confirmPassword.fill('123456');
      await expectNoFieldError(form.firstname);
      await expectNoFieldError(form.lastname);
      await expectFieldError(form.email, error('emailInvalid'));
      await expectFieldError(form.password, error('passwordTooShort'));
      await expectFieldError(form.confirmPassword, error('passwordsDiffer'));
      await form.email.fill('camille dupont@example.com');
      await expectFieldError(form.email, error('emailInvalid'));
      await keepScreenshot(page, {
        path: `/tmp/e2e-shots/signup-invalid-${language}-${testInfo.project.name}.png`,
      });
      await form.submit.click();
      await expect(page).toHaveURL('/signup');
      expect(await storedAccessToken(page)).toBeNull();

      // Right values.
      const email = uniqueEmail('camille');
      await form.email.fill(email);
      await form.password.fill('Kreo-motdepasse-2026');
      await expectNoFieldError(form.password);
      await expectFieldError(form.confirmPassword, error('passwordsDiffer'));
      await form.confirmPassword.fill('Kreo-motdepasse-2026');
      for (const field of [form.email, form.password, form.confirmPassword]) await expectNoFieldError(field);

      // The password can be shown and hidden again.
      const show = page.getByRole('button', { name: text(language, 'forms', 'password.show'), exact: true });
      await expect(show).toHaveCount(2);
      await show.first().click();
      await expect(form.password).toHaveAttribute('type', 'text');
      await expect(form.password).toHaveValue('Kreo-motdepasse-2026');
      const hide = page.getByRole('button', { name: text(language, 'forms', 'password.hide'), exact: true });
      await expect(hide).toHaveAttribute('aria-pressed', 'true');
      await expect(form.confirmPassword).toHaveAttribute('type', 'password');
      await hide.click();
      await expect(form.password).toHaveAttribute('type', 'password');

      // The date of birth cannot be typed: it is chosen in the calendar, which opens on December 2000,
      // a birth year a few clicks away (the heading shows the months, then the years of a decade).
      await form.dateOfBirth.press('5');
      await expect(form.dateOfBirth).toHaveText(noDate);
      await expectFieldError(form.dateOfBirth, required);
      await pickDate(page, form.dateOfBirth, '1994-05-15', { opensOn: '2000-12' });
      await expectNoFieldError(form.dateOfBirth);

      await form.phoneNumber.fill('+33 6 12 34 56 78');
      await form.companyName.fill('Dupont Conseil');
      await form.terms.check();
      await expectNoFieldError(form.terms);
      await form.updates.check();
      await form.submit.click();

      // The session starts and the new founder goes on to the company form (issue 15; the spec's
      // /home only bounced them there), greeted by first name.
      await expect(page).toHaveURL('/ai-powered-form');
      await expectGreeted(page, language, 'Camille');
      expect(await userInfoOf(page)).toMatchObject({
        firstname: 'Camille',
        lastname: 'Dupont',
        email,
        dateOfBirth: '1994-05-15',
        phoneNumber: '+33 6 12 34 56 78',
        companyName: 'Dupont Conseil',
        language,
        isEmailVerified: false,
      });

      // The sign-up mail's link verifies the address; a logged-in user is offered the profile.
      const verificationLink = await lastMailedLink(email, '/verify-email?token=');
      await page.goto(verificationLink);
      await expect(page.getByRole('status')).toHaveText(text(language, 'auth', 'verifyEmail.success'));
      await page.getByRole('link', { name: text(language, 'auth', 'verifyEmail.toProfile') }).click();
      await expect(page).toHaveURL('/user-profile');
      await expect(page.getByRole('main')).toContainText(text(language, 'profile', 'info.verified'));
      expect((await userInfoOf(page)).isEmailVerified).toBe(true);
      expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY_PATTERN);

      // What follows does not depend on the language: in French only. (The logout link's words in each
      // language, and the failed link's page: routes.spec.ts.)
      if (language !== 'fr') return;

      // Log out from the header: back to /login, and the protected pages ask to log in again.
      const header = page.getByRole('banner');
      const burger = header.getByRole('button', { name: text(language, 'common', 'nav.openMenu') });
      // isVisible() does not wait: the header must be there before it can tell a phone.
      await expect(header).toBeVisible();
      if (await burger.isVisible()) await burger.click();
      await header
        .getByRole('link', { name: text(language, 'common', 'account.logout') })
        .locator('visible=true')
        .click();
      await expect(page).toHaveURL('/login');
      expect(await storedAccessToken(page)).toBeNull();
      await page.goto('/documents');
      await expect(page).toHaveURL('/login?redirect=%2Fdocuments');

      // The link works once.
      await page.goto(verificationLink);
      await expect(page.getByRole('alert')).toHaveText(text(language, 'auth', 'verifyEmail.failure'));
      await expect(
        page.getByRole('link', { name: text(language, 'auth', 'verifyEmail.toLogin') }),
      ).toBeVisible();
    });

    test('an address that already has an account is told in the page, in the chosen language', async ({
      page,
      context,
      request,
    }, testInfo) => {
      const existing = await createAccount(request, otherLanguage(language), 'Andrei');
      await useLanguage(context, language);
      await page.goto('/signup');
      const form = signupForm(page, language);
      await form.firstname.fill('Andrei');
      await form.lastname.fill('Ionescu');
      // The same address in other capitals is the same account.
      await form.email.fill(existing.email.toUpperCase());
      await form.password.fill('parola-noua-1');
      await form.confirmPassword.fill('parola-noua-1');
      await pickDate(page, form.dateOfBirth, '1988-07-09');
      await form.terms.check();
      await form.submit.click();

      const alert = page.getByRole('alert');
      await expect(alert).toContainText(error('failureTitle'));
      await expect(alert).toContainText(error('emailTaken'));
      await expect(page).toHaveURL('/signup');
      expect(await storedAccessToken(page)).toBeNull();
      // What was typed stays, so that only the address needs changing.
      await expect(form.firstname).toHaveValue('Andrei');
      await expect(form.password).toHaveValue('parola-noua-1');
      await expect(form.dateOfBirth).toHaveText(shownDate('1988-07-09', language));
      await keepScreenshot(page, {
        path: `/tmp/e2e-shots/signup-taken-${language}-${testInfo.project.name}.png`,
      });

      // Another address goes through.
      await form.email.fill(uniqueEmail('andrei'));
      await form.submit.click();
      await expect(page).toHaveURL('/ai-powered-form');
      await expectGreeted(page, language, 'Andrei');
    });

    test('the terms open in a new tab, and choosing the language on the form switches the page at once, keeping what was typed', async ({
      page,
      context,
    }) => {
      const start = otherLanguage(language);
      await useLanguage(context, start);
      await page.goto('/signup');
      const before = signupForm(page, start);
      await before.firstname.fill('Maria');
      await before.email.fill('maria@example');
      await before.password.fill('secret-1');
      await before.submit.click();
      await expectFieldError(before.lastname, text(start, 'forms', 'errors.required'));
      await expectFieldError(before.email, text(start, 'auth', 'signup.errors.emailInvalid'));
      await expectFieldError(before.dateOfBirth, text(start, 'forms', 'errors.required'));

      // The links of the terms checkbox open in a new tab; the form keeps its values.
      for (const [name, path, titleKey] of [
        [/<terms>(.*)<\/terms>/, '/terms', 'meta.terms.title'],
        [/<privacy>(.*)<\/privacy>/, '/privacy', 'meta.privacy.title'],
      ] as const) {
        const linkText = name.exec(text(start, 'auth', 'signup.fields.agreeToTerms'))?.[1] ?? '';
        const link = page.getByRole('link', { name: linkText, exact: true });
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('href', path);
        // Opened in one language (Romanian, before the switch to French): the tab does not depend on it.
        if (language !== 'fr') continue;
        const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
        await expect(tab).toHaveURL(path);
        await expect(tab.getByRole('heading', { level: 1 })).toHaveText(text(start, 'info', titleKey));
        await tab.close();
      }
      await expect(before.firstname).toHaveValue('Maria');
      await expect(before.terms).not.toBeChecked();
      await pickDate(page, before.dateOfBirth, '2003-11-23');

      // The language field is the page's language.
      await before.language.selectOption(language);
      const after = signupForm(page, language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(language, 'auth', 'signup.title'),
      );
      await expect(page.getByRole('complementary')).toContainText(
        text(language, 'auth', 'authPanel.signup.title'),
      );
      await expect(after.language).toHaveValue(language);
      await expect(after.firstname).toHaveValue('Maria');
      await expect(after.email).toHaveValue('maria@example');
      await expect(after.password).toHaveValue('secret-1');
      // The chosen date is written as the new language writes dates.
      await expect(after.dateOfBirth).toHaveText(shownDate('2003-11-23', language));
      await expectNoFieldError(after.dateOfBirth);
      // The messages already shown are told again in the new language.
      await expectFieldError(after.lastname, text(language, 'forms', 'errors.required'));
      await expectFieldError(after.email, text(language, 'auth', 'signup.errors.emailInvalid'));
      await expectFieldError(after.terms, text(language, 'auth', 'signup.errors.termsRequired'));
      expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY_PATTERN);
      expect(await page.evaluate((key) => window.localStorage.getItem(key), LANGUAGE_STORAGE_KEY)).toBe(
        language,
      );
    });
  });
}

test.describe('from the keyboard alone @desktop-only', () => {
  test('the whole sign-up form, the date chosen in the calendar with the arrow keys', async ({ page }) => {
    await page.goto('/signup');
    const form = signupForm(page, 'fr');
    const focused = page.locator(':focus');
    const tab = () => page.keyboard.press('Tab');
    await expect(form.firstname).toBeVisible();

    await tab();
    await expect(page.getByRole('complementary').getByRole('link')).toBeFocused();
    await tab();
    await expect(form.firstname).toBeFocused();
    await page.keyboard.type('Radu');
    await tab();
    await page.keyboard.type('Stan');
    await tab();
    await expect(form.email).toBeFocused();
    const email = uniqueEmail('radu');
    await page.keyboard.type(email);

    // The help bubble opens when its button gets the focus.
    await tab();
    await expect(focused).toHaveAccessibleName(
      text('fr', 'forms', 'tooltip.label').replace('{{field}}', text('fr', 'auth', 'signup.fields.password')),
    );
    await expect(page.getByRole('tooltip')).toHaveText(text('fr', 'auth', 'signup.tooltips.password'));
    await tab();
    await expect(form.password).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await page.keyboard.type('mot-de-passe-7');
    await tab();
    await expect(focused).toHaveAccessibleName(text('fr', 'forms', 'password.show'));
    await page.keyboard.press('Space');
    await expect(form.password).toHaveAttribute('type', 'text');
    await tab();
    await expect(form.confirmPassword).toBeFocused();
    await page.keyboard.type('mot-de-passe-7');
    await tab();
    await tab();
    await tab();
    await expect(form.dateOfBirth).toBeFocused();

    // Enter opens the calendar on December 2000, the focus on its first control; every control of its
    // heading is named, and the month heading says that it leads to the months of the year.
    const calendar = page.getByRole('dialog');
    const words = (key: string) => text('fr', 'forms', `date.${key}`);
    await page.keyboard.press('Enter');
    await expect(focused).toHaveAccessibleName(words('previousMonth'));
    await tab();
    await expect(focused).toHaveAccessibleName('décembre 2000');
    await expect(focused).toHaveAttribute('title', words('monthLevel'));
    await tab();
    await expect(focused).toHaveAccessibleName(words('nextMonth'));

    // Enter on the heading: the months of 2000. The view changes under the focus, and Tab brings it
    // back to the calendar's first control.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(calendar.getByRole('button', { name: '2000', exact: true })).toBeVisible();
    await tab();
    await expect(focused).toHaveAccessibleName(words('previousYear'));
    await tab();
    await expect(focused).toHaveAccessibleName('2000');
    await expect(focused).toHaveAttribute('title', words('yearLevel'));
    await tab();
    await expect(focused).toHaveAccessibleName(words('nextYear'));

    // Enter on the year: the years of its decade; the arrow goes a decade back.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(calendar.getByText('2000 – 2009', { exact: true })).toBeVisible();
    await tab();
    await expect(focused).toHaveAccessibleName(words('previousDecade'));
    await page.keyboard.press('Enter');
    await expect(calendar.getByText('1990 – 1999', { exact: true })).toBeVisible();
    await tab();
    await expect(focused).toHaveAccessibleName(words('nextDecade'));

    // The arrow keys move in the years (three a row), in the months (three a row), then in the days (a
    // week a row); Enter chooses each.
    await tab();
    await expect(focused).toHaveAccessibleName('1990');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect(focused).toHaveAccessibleName('1997');
    await page.keyboard.press('Enter');
    await expect(calendar.getByRole('button', { name: '1997', exact: true })).toBeVisible();
    for (let control = 0; control < 4; control++) await tab();
    await expect(focused).toHaveAccessibleName('janv.');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect(focused).toHaveAccessibleName('mai');
    await page.keyboard.press('Enter');
    await expect(calendar.getByRole('button', { name: 'mai 1997', exact: true })).toBeVisible();
    for (let control = 0; control < 4; control++) await tab();
    // The first day on show takes the focus: Monday 28 April, the week of 1 May.
    await expect(focused).toHaveAccessibleName('28 avril 1997');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect(focused).toHaveAccessibleName('13 mai 1997');
    await page.keyboard.press('Enter');
    await expect(calendar).toHaveCount(0);
    await expect(form.dateOfBirth).toHaveText('13 mai 1997');

    // The focus is back on the date field: Tab goes on to the phone number.
    await expect(form.dateOfBirth).toBeFocused();
    await tab();
    await expect(form.phoneNumber).toBeFocused();
    await tab();
    await tab();
    await expect(form.companyName).toBeFocused();
    await tab();
    await expect(form.language).toBeFocused();
    await tab();
    await expect(form.terms).toBeFocused();
    await page.keyboard.press('Space');
    await expect(form.terms).toBeChecked();
    await tab();
    await tab();
    await tab();
    await expect(form.updates).toBeFocused();
    await tab();
    await expect(form.submit).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL('/ai-powered-form');
    await expectGreeted(page, 'fr', 'Radu');
    expect(await userInfoOf(page)).toMatchObject({ email, dateOfBirth: '1997-05-13', language: 'fr' });
  });

  test('after a date is chosen with the keyboard, the focus is back on the date field', async ({ page }) => {
    await page.goto('/signup');
    const date = signupForm(page, 'fr').dateOfBirth;
    const focused = page.locator(':focus');
    await date.focus();
    await page.keyboard.press('Enter');
    await expect(focused).toHaveAccessibleName(text('fr', 'forms', 'date.previousMonth'));
    // Past the heading's three controls, the days of December 2000 (from Monday 27 November).
    for (let control = 0; control < 3; control++) await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await expect(focused).toHaveAccessibleName('4 décembre 2000');
    await page.keyboard.press('Enter');
    await expect(date).toHaveText('4 décembre 2000');
    await expect(date).toBeFocused();
  });
});

test('the fields in error are marked invalid for assistive technology, the others are not', async ({
  page,
}) => {
  await page.goto('/signup');
  const form = signupForm(page, 'fr');
  await form.submit.click();
  for (const field of [
    form.firstname,
    form.lastname,
    form.email,
    form.password,
    form.confirmPassword,
    form.dateOfBirth,
    form.terms,
  ]) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  for (const field of [form.phoneNumber, form.companyName, form.updates]) {
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  }
});
