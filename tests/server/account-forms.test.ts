/**
 * The account forms without JavaScript (R3-03): the prerendered /login, /signup and /forgot-password post
 * to the server, never a GET with the password in its URL, and the server takes them by the API's rules.
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { paths } from '../../src/config/paths';
import { FORM_FEEDBACK_ELEMENT_ID } from '../../src/shared/form-feedback';
import {
  claimsOf,
  htmlText,
  json,
  PUBLIC_URL,
  refreshCookieOf,
  refreshSetCookieHeader,
  setCookieLine,
  startTestServer,
  TEST_PASSWORD,
  uniqueEmail,
  type Response,
  type TestServer,
} from './harness';
import { prerenderedSpaDir } from './prerendered-pages';

const LANGUAGES = ['fr', 'en', 'ro'] as const;
type Language = (typeof LANGUAGES)[number];

type Tree = { [key: string]: string | Tree };
/** A text of locales/<language>/<namespace>.json: the tests expect what translators wrote. */
function text(language: Language, namespace: string, key: string): string {
  let node: string | Tree | undefined = JSON.parse(
    readFileSync(`locales/${language}/${namespace}.json`, 'utf8'),
  ) as Tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No text for ${language}/${namespace}:${key}`);
  return node;
}

/** What Chromium sends with a form of our pages: they send no Referer, so their Origin is "null". */
const FROM_OUR_PAGE = { origin: 'null', 'sec-fetch-site': 'same-origin' };
const FROM_ANOTHER_SITE = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

let spaDir: string;
let server: TestServer;

beforeAll(async () => {
  spaDir = await prerenderedSpaDir([paths.login, paths.signup, paths.forgotPassword, paths.contact]);
  server = await startTestServer({ seed: false, config: { spaDir } });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(spaDir, { recursive: true, force: true });
});

/** A urlencoded form as a browser posts it (fields named "<form>_<field>", as the page names them). */
function post(
  target: TestServer,
  url: string,
  fields: Record<string, string>,
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return target.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(options.headers ?? FROM_OUR_PAGE) },
    payload: new URLSearchParams(fields).toString(),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** The opening tag of the form holding the control named `field` (the app's, not a <noscript> one). */
function formTag(html: string, field = 'login_email'): string {
  const at = html.search(new RegExp(`\\sname="${field}"`));
  const before = at === -1 ? '' : html.slice(0, at);
  return /<form\b[^>]*>(?![\s\S]*<form\b)/.exec(before)?.[0] ?? '';
}
/** The opening tag of the control named `name`. */
const control = (html: string, name: string) =>
  new RegExp(`<(?:input|select)\\b[^>]*\\sname="${name}"[^>]*>`).exec(html)?.[0] ?? '';
const feedbackOf = (response: Response) =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${FORM_FEEDBACK_ELEMENT_ID}">(.*?)</script>`).exec(
      response.body,
    )?.[1] ?? 'null',
  ) as Record<string, unknown> | null;

function signupFields(overrides: Record<string, string> = {}) {
  return {
    signup_firstname: 'Ștefan',
    signup_lastname: 'Dumitrescu',
    signup_email: uniqueEmail('nojs-signup'),
    signup_password: 'Pădure-verde-2026',
    signup_confirmPassword: 'Pădure-verde-2026',
    // The hidden field the calendar fills, then the browser's own date field (no JavaScript): the last counts.
    signup_dateOfBirth: '1988-03-09',
    signup_phoneNumber: '+40 721 000 000',
    signup_companyName: 'Pădurea SRL',
    signup_language: 'ro',
    signup_agreeToTerms: 'on',
    ...overrides,
  };
}

describe('the prerendered forms', () => {
  it.each([
    [paths.login, 'login_password'],
    [paths.signup, 'signup_password'],
    [paths.forgotPassword, 'forgot-password_email'],
    // Not an account form, but an address and a message are not for the log either.
    [paths.contact, 'contact_email'],
  ])('%s posts its form to the server, never as a GET', async (page, field) => {
    for (const language of LANGUAGES) {
      const response = await server.request(page, { headers: { cookie: `kreo_language=${language}` } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`<html lang="${language}"`);
      const form = formTag(response.body, field);
      expect(form).toContain('method="post"');
      expect(form).toContain(`action="${page}"`);
      expect(control(response.body, field)).not.toBe('');
    }
  });

  it('carries the page asked for (redirect) in the action, as the app renders it for that address', async () => {
    const login = await server.request('/login?redirect=%2Fdocuments&utm=mail');
    expect(formTag(login.body)).toContain('action="/login?redirect=%2Fdocuments"');
    const signup = await server.request('/signup?redirect=%2Fplans');
    expect(formTag(signup.body, 'signup_email')).toContain('action="/signup?redirect=%2Fplans"');
  });

  it("gives the sign-up's date a field of the browser's own when there is no JavaScript", async () => {
    const page = (await server.request(paths.signup)).body;
    const noscripts = [...page.matchAll(/<noscript>([\s\S]*?)<\/noscript>/g)].map((match) => match[1] ?? '');
    const date = noscripts.find((block) => block.includes('type="date"')) ?? '';
    expect(control(date, 'signup_dateOfBirth')).toContain('type="date"');
    expect(date).toContain('aria-labelledby="signup_dateOfBirth-label"');
  });
});

describe('POST /login without JavaScript', () => {
  let member: { email: string; password: string; userId: string };
  beforeAll(async () => {
    const user = await server.signup({ email: uniqueEmail('nojs-login') });
    member = { email: user.email, password: user.password, userId: user.userId };
  });

  const loginFields = (password: string, language: Language = 'fr', email = member.email) => ({
    login_email: email,
    login_password: password,
    login_language: language,
  });

  it('starts the session as the API does and sends the browser to the dashboard, where the app gets its token', async () => {
    const response = await post(server, paths.login, loginFields(member.password));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(paths.dashboard);
    expect(response.body).not.toContain(member.password);
    const cookie = refreshCookieOf(response);
    expect(cookie).toBeTruthy();
    expect(refreshSetCookieHeader(response)).toMatch(/Path=\/api\/auth; HttpOnly; SameSite=Lax/);
    // The hint without which the app asks for no token (src/lib/session/session.ts).
    expect(setCookieLine(response, 'kreo_session')).toMatch(/^kreo_session=1; .*Path=\//);

    // What the app does as it starts on /dashboard with those cookies: its access token, for this user.
    const token = await server.request('/api/auth/getJWTtoken', { method: 'POST', cookie: cookie ?? '' });
    expect(token.statusCode).toBe(200);
    expect(claimsOf(json<{ accessToken: string }>(token).accessToken).sub).toBe(member.userId);
  });

  it('goes on to the page asked for, if it is a page of this site', async () => {
    const asked = await post(server, '/login?redirect=%2Fdocuments', loginFields(member.password));
    expect(asked.headers.location).toBe('/documents');
    for (const target of [
      '//evil.example',
      'https://evil.example/x',
      '/.//evil.example',
      '/\\evil.example',
    ]) {
      const url = `/login?${new URLSearchParams({ redirect: target }).toString()}`;
      const response = await post(server, url, loginFields(member.password));
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(paths.dashboard);
    }
  });

  it('also takes a form whose Origin names this site', async () => {
    const response = await post(server, paths.login, loginFields(member.password), {
      headers: { origin: PUBLIC_URL },
    });
    expect(response.statusCode).toBe(303);
  });

  it.each(LANGUAGES)(
    'sends a wrong password back in the page of the form (%s): its message, the address kept, never the password',
    async (language) => {
      const wrong = `Wrong-${language}-Secret-42`;
      const response = await post(server, '/login?redirect=%2Fdocuments', loginFields(wrong, language));
      expect(response.statusCode).toBe(401);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(refreshCookieOf(response)).toBeNull();
      const page = response.body;
      expect(page).toContain(`<html lang="${language}"`);
      expect(htmlText(page)).toContain(text(language, 'auth', 'login.errors.invalidCredentials'));
      expect(page).toMatch(/role="alert"/);
      expect(control(page, 'login_email')).toContain(`value="${member.email}"`);
      expect(control(page, 'login_password')).toContain('value=""');
      expect(page).not.toContain(wrong);
      expect(formTag(page)).toContain('action="/login?redirect=%2Fdocuments"');
      // The app takes the page over from the same feedback, without the password either.
      expect(feedbackOf(response)).toEqual({
        form: 'login',
        values: { email: member.email, language },
        failure: 'login.errors.invalidCredentials',
      });
    },
  );

  it('says the same of an address with no account (no one learns who has one)', async () => {
    const response = await post(
      server,
      paths.login,
      loginFields('Whatever-123', 'en', uniqueEmail('nobody')),
    );
    expect(response.statusCode).toBe(401);
    expect(htmlText(response.body)).toContain(text('en', 'auth', 'login.errors.invalidCredentials'));
  });

  it("names each field's problem under it, as the form does", async () => {
    const response = await post(server, paths.login, {
      login_email: 'not-an-address',
      login_password: '',
      login_language: 'en',
    });
    expect(response.statusCode).toBe(400);
    const page = htmlText(response.body);
    expect(page).toContain(text('en', 'auth', 'login.errors.emailInvalid'));
    expect(page).toContain(text('en', 'auth', 'login.errors.passwordTooShort'));
    expect(control(response.body, 'login_email')).toContain('aria-invalid="true"');
    expect(control(response.body, 'login_email')).toContain('aria-describedby="login_email__error"');
    expect(response.body).toContain('id="login_email__error"');
    expect(feedbackOf(response)).toMatchObject({ form: 'login', fieldErrors: true });
  });

  it('asks browsers to send the pages’ own origin with their posts, so that one without Sec-Fetch-Site is let in', async () => {
    for (const page of [paths.login, paths.signup, paths.forgotPassword]) {
      const response = await server.request(page);
      expect(response.headers['referrer-policy'], page).toBe('same-origin');
    }
    // What an older Safari sends from our page under that policy: its Origin, no Sec-Fetch-Site.
    const response = await post(server, paths.login, loginFields(member.password), {
      headers: { origin: PUBLIC_URL },
    });
    expect(response.statusCode).toBe(303);
    expect(refreshCookieOf(response)).toBeTruthy();
  });

  it.each([
    ['another site names itself', FROM_ANOTHER_SITE],
    ['another site hides its origin', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
    ['a sibling site', { origin: 'https://shop.kreo.test', 'sec-fetch-site': 'same-site' }],
    ['nothing says where it comes from', {}],
  ])(
    'refuses a login that did not come from a page of this site: %s (login CSRF)',
    async (_label, headers) => {
      // The page speaks the visitor's language (their browser's), not the one the other site posted.
      const response = await post(server, paths.login, loginFields(member.password, 'ro'), {
        headers: { ...headers, 'accept-language': 'en' },
      });
      expect(response.statusCode).toBe(403);
      expect(refreshCookieOf(response)).toBeNull();
      expect(setCookieLine(response, 'kreo_session')).toBeNull();
      expect(response.body).toContain('<html lang="en"');
      expect(htmlText(response.body)).toContain(text('en', 'auth', 'errors.foreignOrigin'));
      // Nothing the other site sent is written back into our page.
      expect(response.body).not.toContain(member.email);
      expect(response.body).not.toContain(member.password);
    },
  );
});

describe('POST /signup without JavaScript', () => {
  it('creates the account as the API does, starts the session and goes where the app goes after a sign-up', async () => {
    const fields = signupFields();
    const response = await post(server, paths.signup, fields);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(paths.wizard);
    expect(refreshCookieOf(response)).toBeTruthy();
    const [user] = await server.db.select().from(users).where(eq(users.email, fields.signup_email));
    expect(user).toMatchObject({
      firstname: 'Ștefan',
      lastname: 'Dumitrescu',
      dateOfBirth: '1988-03-09',
      phoneNumber: '+40 721 000 000',
      companyName: 'Pădurea SRL',
      language: 'ro',
    });
    // The verification mail leaves as after an API sign-up.
    await server.app.mailQueue.drain();
    expect(server.mail.to(fields.signup_email)).toHaveLength(1);
    const login = await server.request('/api/auth/login', {
      body: { email: fields.signup_email, password: fields.signup_password },
    });
    expect(login.statusCode).toBe(200);
  });

  it("reads the browser's own date field, sent after the calendar's hidden one", async () => {
    const fields = signupFields();
    const body = `${new URLSearchParams({ ...fields, signup_dateOfBirth: '' }).toString()}&signup_dateOfBirth=1975-12-01`;
    const response = await server.app.inject({
      method: 'POST',
      url: '/signup?redirect=%2Fplans',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...FROM_OUR_PAGE },
      payload: body,
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/plans');
    const [user] = await server.db.select().from(users).where(eq(users.email, fields.signup_email));
    expect(user?.dateOfBirth).toBe('1975-12-01');
  });

  it.each(LANGUAGES)(
    "sends a refused sign-up back (%s): each field's problem, what was typed kept, never a password",
    async (language) => {
      const fields = signupFields({
        signup_firstname: 'Ana',
        signup_lastname: '   ',
        signup_password: 'Secret-Unu-2026',
        signup_confirmPassword: 'Secret-Doi-2026',
        signup_dateOfBirth: '',
        signup_language: language,
        signup_agreeToTerms: '',
      });
      const response = await post(server, paths.signup, fields);
      expect(response.statusCode).toBe(400);
      const page = htmlText(response.body);
      expect(response.body).toContain(`<html lang="${language}"`);
      expect(page).toContain(text(language, 'auth', 'errors.checkFields'));
      expect(page).toContain(text(language, 'forms', 'errors.required'));
      expect(page).toContain(text(language, 'auth', 'signup.errors.passwordsDiffer'));
      expect(page).toContain(text(language, 'auth', 'signup.errors.termsRequired'));
      for (const id of [
        'signup_lastname',
        'signup_confirmPassword',
        'signup_dateOfBirth',
        'signup_agreeToTerms',
      ])
        expect(response.body).toContain(`id="${id}__error"`);
      expect(control(response.body, 'signup_firstname')).toContain('value="Ana"');
      expect(control(response.body, 'signup_email')).toContain(`value="${fields.signup_email}"`);
      expect(control(response.body, 'signup_companyName')).toContain('value="Pădurea SRL"');
      expect(response.body).toMatch(new RegExp(`<option[^>]*value="${language}"[^>]*selected=""`));
      expect(response.body).not.toContain('Secret-Unu-2026');
      expect(response.body).not.toContain('Secret-Doi-2026');
      expect(feedbackOf(response)).toMatchObject({ form: 'signup', fieldErrors: true });
      const [user] = await server.db.select().from(users).where(eq(users.email, fields.signup_email));
      expect(user).toBeUndefined();
    },
  );

  it('says an address is taken, and a password is too common, as the app does', async () => {
    const taken = await server.signup({ email: uniqueEmail('taken') });
    const again = await post(server, paths.signup, signupFields({ signup_email: taken.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(htmlText(again.body)).toContain(text('ro', 'auth', 'signup.errors.emailTaken'));
    expect(htmlText(again.body)).toContain(text('ro', 'auth', 'signup.errors.failureTitle'));

    const common = await post(
      server,
      paths.signup,
      signupFields({
        signup_password: 'password123',
        signup_confirmPassword: 'password123',
        signup_language: 'fr',
      }),
    );
    expect(common.statusCode).toBe(400);
    expect(htmlText(common.body)).toContain(text('fr', 'auth', 'errors.passwordTooCommon'));
    expect(common.body).not.toContain('password123');
  });

  it('refuses a sign-up posted from another site, creating nothing', async () => {
    const fields = signupFields();
    const response = await post(server, paths.signup, fields, { headers: FROM_ANOTHER_SITE });
    expect(response.statusCode).toBe(403);
    expect(refreshCookieOf(response)).toBeNull();
    const [count] = await server.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, fields.signup_email));
    expect(count?.count).toBe(0);
  });
});

describe('POST /forgot-password without JavaScript', () => {
  it('asks for the link as the API does, then shows the same confirmation for every address', async () => {
    const member = await server.signup({ email: uniqueEmail('nojs-forgot') });
    for (const email of [member.email, uniqueEmail('unknown')]) {
      const response = await post(server, paths.forgotPassword, { 'forgot-password_email': email });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/forgot-password?sent=1');
    }
    await server.app.mailQueue.drain();
    expect(server.mail.lastLinkTo(member.email)).toContain('/reset-password?token=');

    const confirmation = await server.request('/forgot-password?sent=1', {
      headers: { cookie: 'kreo_language=en' },
    });
    expect(htmlText(confirmation.body)).toContain(text('en', 'auth', 'forgotPassword.confirmation'));
    expect(confirmation.body).toMatch(/role="status"/);
    expect(control(confirmation.body, 'forgot-password_email')).toBe('');
    expect(feedbackOf(confirmation)).toEqual({ form: 'forgot-password', values: {}, sent: true });
  });

  it('names an invalid address, and refuses a request from another site (no mail sent)', async () => {
    const invalid = await post(server, paths.forgotPassword, { 'forgot-password_email': 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect(htmlText(invalid.body)).toContain(text('fr', 'auth', 'forgotPassword.errors.emailInvalid'));
    expect(control(invalid.body, 'forgot-password_email')).toContain('value="nope"');

    const email = uniqueEmail('csrf-forgot');
    await server.signup({ email });
    const before = server.mail.to(email).length;
    const foreign = await post(
      server,
      paths.forgotPassword,
      { 'forgot-password_email': email },
      {
        headers: FROM_ANOTHER_SITE,
      },
    );
    expect(foreign.statusCode).toBe(403);
    await server.app.mailQueue.drain();
    expect(server.mail.to(email)).toHaveLength(before);
  });
});

describe('the limits of the API apply to the forms', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ seed: false, config: { spaDir, authRateLimitPerMinute: 3 } });
  }, 120_000);
  afterAll(() => limited?.close());

  it("shares an address's login budget with the API, and says so in the form's language", async () => {
    const address = '10.44.0.1';
    const apiLogin = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'camille@example.fr', password: 'guess-1' }),
        remoteAddress: address,
      });
    const formLogin = () =>
      post(
        limited,
        paths.login,
        { login_email: 'camille@example.fr', login_password: 'guess-2', login_language: 'ro' },
        { remoteAddress: address },
      );
    expect((await apiLogin()).statusCode).toBe(401);
    expect((await apiLogin()).statusCode).toBe(401);
    expect((await formLogin()).statusCode).toBe(401);
    const refused = await formLogin();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(htmlText(refused.body)).toContain(text('ro', 'auth', 'errors.tooManyAttempts'));
    expect(control(refused.body, 'login_email')).toContain('value="camille@example.fr"');
    // And the API's count knows of the form's attempts.
    expect((await apiLogin()).statusCode).toBe(429);
  });

  it('stops password guessing on one account through the form, from however many addresses', async () => {
    const victim = await limited.signup({ email: uniqueEmail('form-victim') });
    const guess = (n: number, password: string) =>
      post(
        limited,
        paths.login,
        { login_email: victim.email, login_password: password, login_language: 'en' },
        { remoteAddress: `10.45.${n}.1` },
      );
    const statuses = [];
    for (let n = 0; n < 10; n += 1) statuses.push((await guess(n, `wrong-guess-${n}`)).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    const blocked = await guess(100, victim.password);
    expect(blocked.statusCode).toBe(429);
    expect(htmlText(blocked.body)).toContain(text('en', 'auth', 'errors.tooManyAttempts'));
    expect(refreshCookieOf(blocked)).toBeNull();
  });

  it('counts sign-ups and reset requests of an address with the API', async () => {
    const address = '10.46.0.1';
    const statuses = [];
    for (let n = 0; n < 4; n += 1)
      statuses.push(
        (
          await post(
            limited,
            paths.forgotPassword,
            { 'forgot-password_email': uniqueEmail() },
            { remoteAddress: address },
          )
        ).statusCode,
      );
    expect(statuses).toEqual([303, 303, 303, 429]);
    const signups = [];
    for (let n = 0; n < 4; n += 1)
      signups.push(
        (await post(limited, paths.signup, signupFields(), { remoteAddress: address })).statusCode,
      );
    expect(signups).toEqual([303, 303, 303, 429]);
  });
});

describe('the API keeps speaking JSON only', () => {
  it('still refuses a form body on an API route', async () => {
    const response = await post(server, '/api/auth/login', { email: 'a@b.co', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(415);
  });
});
