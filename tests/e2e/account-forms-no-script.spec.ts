/**
 * R3-03: the account forms are prerendered, and the browser sends them itself when no script runs (or
 * before the app has taken the page over). They post to the server: a password never reaches a URL, the
 * browser's history or the server's log, and signing up or logging in works all the same.
 */
import { test as plainTest, type BrowserContext, type Page, type Request } from '@playwright/test';
import { LANGUAGES, type Language } from '../../src/lib/i18n/languages';
import { loginForm } from './account-forms';
import { text } from './locale-text';
import { expect, expectGreeted, storedAccessToken, test, uniqueEmail, withoutTags } from './real-server';
import { keepScreenshot } from './fixtures';

// Whole user stories: two sign-ups' and several logins' password hashes on a shared machine.
test.describe.configure({ timeout: 120_000 });

/** Holds the app's entry script back until the returned function is called (a slow phone). */
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

/** Every request the page makes, and every address it shows (its history), to look for the password in. */
function watchUrls(page: Page) {
  const seen = { requests: [] as Request[], addresses: [] as string[] };
  page.on('request', (request) => seen.requests.push(request));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.addresses.push(frame.url());
  });
  return seen;
}

function expectNoSecretIn(seen: ReturnType<typeof watchUrls>, secrets: string[]) {
  const urls = [...seen.requests.map((request) => request.url()), ...seen.addresses];
  for (const secret of secrets) {
    for (const url of urls) {
      expect(url).not.toContain(secret);
      expect(url).not.toContain(encodeURIComponent(secret));
    }
  }
  // Nor any password field at all, whatever its value (a form sent as a GET names its fields).
  expect(urls.filter((url) => /[?&][^=&]*password[^=&]*=/i.test(url))).toEqual([]);
  // The forms went as POSTs, to their own page.
  const sent = seen.requests.filter(
    (request) => request.isNavigationRequest() && request.method() === 'POST',
  );
  expect(sent.length).toBeGreaterThan(0);
}

async function inLanguage(context: BrowserContext, language: Language) {
  // The cookie makes the server send its pages in that language.
  await context.addCookies([{ name: 'kreo_language', value: language, domain: '127.0.0.1', path: '/' }]);
}

for (const language of LANGUAGES) {
  test.describe(`without JavaScript, in ${language}`, () => {
    test.use({ javaScriptEnabled: false });

    test('a visitor signs up, then logs in, through the prerendered forms; a wrong password is told', async ({
      page,
      context,
    }, testInfo) => {
      await inLanguage(context, language);
      const seen = watchUrls(page);
      const auth = (key: string) => text(language, 'auth', key);
      const email = uniqueEmail(`nojs-${language}`);
      const password = `Ciel-${language}-Bleu-2026!`;

      // Sign-up, first with a confirmation that differs and the terms left unticked.
      await page.goto('/signup');
      const field = (name: string) =>
        page.getByRole('textbox', { name: auth(`signup.fields.${name}`), exact: true });
      await field('firstname').fill('Élise');
      await field('lastname').fill('Mărgărit');
      await field('email').fill(email);
      await field('password').fill(password);
      await field('confirmPassword').fill(`${password}x`);
      // No calendar without a script: the browser's own date field stands in for it.
      await page.locator('input[type="date"][name="signup_dateOfBirth"]').fill('1991-06-21');
      await page.getByRole('button', { name: auth('signup.submit'), exact: true }).click();

      await expect(page).toHaveURL('/signup');
      await expect(page.getByRole('alert')).toContainText(auth('errors.checkFields'));
      await expect(page.getByText(auth('signup.errors.passwordsDiffer'), { exact: true })).toBeVisible();
      await expect(page.getByText(auth('signup.errors.termsRequired'), { exact: true })).toBeVisible();
      await expect(field('confirmPassword')).toHaveAccessibleDescription(
        auth('signup.errors.passwordsDiffer'),
      );
      await expect(field('firstname')).toHaveValue('Élise');
      await expect(field('email')).toHaveValue(email);
      await expect(field('password')).toHaveValue('');
      await expect(page.locator('input[type="date"][name="signup_dateOfBirth"]')).toHaveValue('1991-06-21');
      await keepScreenshot(page, {
        path: `/tmp/e2e-shots/no-script-signup-refused-${language}-${testInfo.project.name}.png`,
        fullPage: true,
      });

      await field('password').fill(password);
      await field('confirmPassword').fill(password);
      await page.getByRole('checkbox', { name: withoutTags(auth('signup.fields.agreeToTerms')) }).check();
      await page.getByRole('button', { name: auth('signup.submit'), exact: true }).click();
      // Where the app goes after a sign-up: the company form.
      await expect(page).toHaveURL('/ai-powered-form');
      expect((await context.cookies()).map((cookie) => cookie.name)).toContain('refresh_token');

      // Another visit, logged out: a wrong password, then the right one.
      await context.clearCookies();
      await inLanguage(context, language);
      await page.goto('/login');
      const form = loginForm(page, language);
      await form.email.fill(email);
      await form.password.fill('Pas-le-bon-1');
      await form.submit.click();
      await expect(page).toHaveURL('/login');
      await expect(page.getByRole('alert')).toHaveText(auth('login.errors.invalidCredentials'));
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(form.email).toHaveValue(email);
      await expect(form.password).toHaveValue('');
      await keepScreenshot(page, {
        path: `/tmp/e2e-shots/no-script-login-refused-${language}-${testInfo.project.name}.png`,
        fullPage: true,
      });

      await form.password.fill(password);
      await form.submit.click();
      await expect(page).toHaveURL('/dashboard');
      expect((await context.cookies()).map((cookie) => cookie.name)).toContain('refresh_token');

      expectNoSecretIn(seen, [password, 'Pas-le-bon-1']);
    });
  });
}

test.describe('without JavaScript, a reset link', () => {
  test.use({ javaScriptEnabled: false });

  test('is asked for with the address in no URL, and the same confirmation shows', async ({
    page,
  }, testInfo) => {
    const seen = watchUrls(page);
    const email = uniqueEmail('nojs-forgot');
    await page.goto('/forgot-password');
    await page.getByRole('textbox', { name: text('fr', 'auth', 'forgotPassword.fields.email') }).fill(email);
    await page
      .getByRole('button', { name: text('fr', 'auth', 'forgotPassword.submit'), exact: true })
      .click();
    await expect(page).toHaveURL('/forgot-password?sent=1');
    await expect(page.getByRole('status')).toHaveText(text('fr', 'auth', 'forgotPassword.confirmation'));
    await keepScreenshot(page, {
      path: `/tmp/e2e-shots/no-script-forgot-sent-fr-${testInfo.project.name}.png`,
    });
    expectNoSecretIn(seen, [email]);
  });
});

// Not the shared fixtures: they wait for the app after each navigation, which this test holds back.
plainTest.describe('before the app has taken the page over', () => {
  plainTest(
    'a login the browser sends itself posts, and the app then starts logged in from the cookie',
    async ({ page, request }) => {
      const email = uniqueEmail('early');
      const password = 'Early-Bird-2026!';
      const registered = await request.post('/api/auth/register', {
        data: {
          firstname: 'Mara',
          lastname: 'Ionescu',
          email,
          password,
          confirmPassword: password,
          dateOfBirth: '1992-02-02',
          language: 'fr',
        },
      });
      expect(registered.status()).toBe(200);
      // The register call left its cookies in the test's request context, not in this page's browser.
      const seen = watchUrls(page);

      // The app's entry script waits until the form has gone (a slow phone, a script that fails to load).
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/login?redirect=%2Fuser-profile', { waitUntil: 'commit' });
      const form = loginForm(page, 'fr');
      await form.email.fill(email);
      await form.password.fill(password);
      expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
      await form.password.press('Enter');
      await expect(page).toHaveURL('/user-profile');
      release();

      // The app starts on the page asked for, with only the refresh cookie: it gets its token and shows it.
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await expect.poll(() => storedAccessToken(page)).not.toBeNull();
      await expectGreeted(page, 'fr', 'Mara');
      await expect(page).toHaveURL('/user-profile');
      expectNoSecretIn(seen, [password]);
    },
  );

  plainTest(
    'a wrong password sent before the app ran comes back, and the app takes the page over from it',
    async ({ page }, testInfo) => {
      const seen = watchUrls(page);
      const release = await holdAppScript(page);
      await page
        .context()
        .addCookies([{ name: 'kreo_language', value: 'ro', domain: '127.0.0.1', path: '/' }]);
      await page.goto('/login', { waitUntil: 'commit' });
      const form = loginForm(page, 'ro');
      await form.email.fill('nimeni@example.com');
      await form.password.fill('Nu-e-parola-1');
      await form.password.press('Enter');
      await expect(page.getByRole('alert')).toHaveText(text('ro', 'auth', 'login.errors.invalidCredentials'));
      release();
      // The app renders the page anew from what the server said: the same message, the address kept.
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await expect(page.getByRole('alert')).toHaveText(text('ro', 'auth', 'login.errors.invalidCredentials'));
      await expect(form.email).toHaveValue('nimeni@example.com');
      await expect(form.password).toHaveValue('');
      await keepScreenshot(page, {
        path: `/tmp/e2e-shots/early-login-taken-over-ro-${testInfo.project.name}.png`,
      });
      // And it works as the app: a right password now goes through the API, not the form.
      await form.password.fill('still-wrong-123');
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
      await form.submit.click();
      expect((await answer).status()).toBe(401);
      await expect(page).toHaveURL('/login');
      expectNoSecretIn(seen, ['Nu-e-parola-1', 'still-wrong-123']);
    },
  );
});
