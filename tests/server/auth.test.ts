/** register and login (openapi: register, login): success, the cookie, the mail, and every way to get it wrong. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { addressKey } from '../../server/services/rate-limiter';
import {
  claimsOf,
  json,
  refreshCookieOf,
  refreshSetCookieHeader,
  setCookieLine,
  startTestServer,
  uniqueEmail,
  type SignedUpUser,
  type TestServer,
} from './harness';

let server: TestServer;
/** A user registered once and reused by the login tests. */
let camille: SignedUpUser;

beforeAll(async () => {
  server = await startTestServer();
  camille = await server.signup({ email: uniqueEmail('Camille.Dupont'), firstname: 'Camille' });
}, 120_000);
afterAll(() => server?.close());

/** A complete, valid signup body with a fresh e-mail. */
const signupBody = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Camille',
  lastname: 'Dupont',
  email: uniqueEmail(),
  password: 'Kreo-motdepasse-2026',
  confirmPassword: 'Kreo-motdepasse-2026',
  dateOfBirth: '1990-04-15',
  ...overrides,
});

const register = (body: unknown) => server.request('/api/auth/register', { body });

describe('POST /api/auth/register', () => {
  it('creates the account, answers an access token and sets the refresh cookie', async () => {
    const body = signupBody({ firstname: 'Andrei', language: 'ro' });
    const response = await register(body);

    expect(response.statusCode).toBe(200);
    const { accessToken } = json<{ accessToken: string }>(response);
    const claims = claimsOf(accessToken);
    expect(claims.sub).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.products).toEqual([]);
    expect(claims.firstname).toBe('Andrei');
    expect(claims.exp - claims.iat).toBe(15 * 60);

    const setCookie = refreshSetCookieHeader(response);
    expect(setCookie).not.toBeNull();
    expect(refreshCookieOf(response)).toMatch(/^[\w-]{32,}$/);
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*SameSite=Lax/i);
    expect(setCookie).toMatch(/;\s*Path=\/api\/auth(;|$)/);
    expect(setCookie).toMatch(/;\s*Max-Age=2592000/);
    // The test config has cookieSecure false (http://kreo.test).
    expect(setCookie).not.toMatch(/;\s*Secure/i);

    // Beside it, a hint the app can read (no secret in it): this browser holds a session.
    const hint = setCookieLine(response, 'kreo_session');
    expect(hint).toMatch(/^kreo_session=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/;\s*Path=\/(;|$)/);
    expect(hint).toMatch(/;\s*Max-Age=2592000/);
  });

  it('clears the session hint with the refresh cookie on logout and when the session has ended', async () => {
    const user = await server.signup();
    const ended = await server.request('/api/auth/getJWTtoken', { method: 'POST', cookie: 'no-such-token' });
    expect(ended.statusCode).toBe(401);
    expect(setCookieLine(ended, 'kreo_session')).toMatch(/^kreo_session=;.*Expires=Thu, 01 Jan 1970/);
    const logout = await server.request('/api/auth/logout', { method: 'POST', cookie: user.cookie });
    expect(setCookieLine(logout, 'refresh_token')).toMatch(/^refresh_token=;/);
    expect(setCookieLine(logout, 'kreo_session')).toMatch(/^kreo_session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('stores the profile as given (trimmed) and the default language fr', async () => {
    const email = uniqueEmail();
    const { accessToken } = await server.signup({
      email,
      firstname: '  Camille ',
      lastname: ' Dupont  ',
      phoneNumber: '+33612345678',
      companyName: 'Boulangerie Dupont SAS',
      language: undefined,
    });
    const info = json(await server.request('/api/user/info', { token: accessToken }));
    expect(info).toEqual({
      firstname: 'Camille',
      lastname: 'Dupont',
      email,
      isEmailVerified: false,
      phoneNumber: '+33612345678',
      dateOfBirth: '1990-04-15',
      companyName: 'Boulangerie Dupont SAS',
      language: 'fr',
    });
  });

  it.each([
    ['fr', 'Confirmez votre adresse e-mail sur Kreo', 'Bonjour Camille,'],
    ['en', 'Confirm your e-mail address on Kreo', 'Hello Camille,'],
    ['ro', 'Confirmați-vă adresa de e-mail pe Kreo', 'Bună ziua, Camille,'],
  ] as const)(
    'sends the verification mail in the user language (%s)',
    async (language, subject, greeting) => {
      const { email } = await server.signup({ language, firstname: 'Camille' });
      const sent = server.mail.to(email);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.subject).toBe(subject);
      expect(sent[0]?.text).toContain(greeting);
      expect(server.mail.lastLinkTo(email)).toMatch(/^http:\/\/kreo\.test\/verify-email\?token=[\w-]+$/);
      expect(sent[0]?.html).toContain(server.mail.lastLinkTo(email));
    },
  );

  it('accepts the unused `industry` field of the spec', async () => {
    const response = await register(signupBody({ industry: 'Boulangerie' }));
    expect(response.statusCode).toBe(200);
  });

  it('stores the password as an argon2id hash, never in clear', async () => {
    const [row] = await server.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, camille.userId));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(camille.password);
  });

  it('refuses an e-mail already used, whatever its case (409)', async () => {
    const response = await register(signupBody({ email: camille.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(json(response)).toEqual({
      message: 'An account already exists with this e-mail address',
      error: 'Conflict',
    });
  });

  it('refuses passwords that do not match (400)', async () => {
    const response = await register(signupBody({ confirmPassword: 'autrechose123' }));
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Passwords do not match');
  });

  it('refuses a password shorter than 8 characters (NIST SP 800-63B), naming body/password', async () => {
    const response = await register(signupBody({ password: 'Kr3o-ab', confirmPassword: 'Kr3o-ab' }));
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(/^body\/password .*8/);
  });

  it.each([
    '      ',
    '123456',
    '        ',
    '12345678',
    'motdepasse',
    'azertyuiop',
    'aaaaaaaaaa',
    'password1',
    'kreo2026',
  ])('refuses the weak password %j with 400, and creates no account', async (password) => {
    const email = uniqueEmail('weak');
    const response = await register(signupBody({ email, password, confirmPassword: password }));
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(/^body\/password /);
    const login = await server.request('/api/auth/login', {
      body: { email, password: 'Kreo-motdepasse-2026' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('says why a long but common password is refused (code PASSWORD_TOO_COMMON)', async () => {
    const response = await register(signupBody({ password: 'motdepasse', confirmPassword: 'motdepasse' }));
    expect(json(response)).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
  });

  it.each([
    'a,b@evil.example',
    'x<y@evil.example>',
    '"q"@example.fr',
    'a@b',
    'camille@@example.fr',
    'é@example.fr',
  ])('refuses the loose e-mail %j (RFC 5322 dot-atom only)', async (email) => {
    const response = await register(signupBody({ email }));
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(/^body\/email /);
  });

  it.each([
    ['a zero-width space', 'Cami\u200blle'],
    ['a right-to-left override', 'Camille\u202eelpmaxe'],
    ['a first strong isolate', '\u2068Camille'],
    ['a byte order mark', 'Camille\ufeff'],
  ])('refuses a name with %s (code NAME_INVALID_CHARACTERS)', async (_label, firstname) => {
    const response = await register(signupBody({ email: uniqueEmail('bidi'), firstname }));
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ code: 'NAME_INVALID_CHARACTERS' });
  });

  it.each(['camille.example.fr', 'camille@example', 'camille dupont@example.fr', '@example.fr', 'a@b@c.fr'])(
    'refuses the invalid e-mail %j, naming body/email',
    async (email) => {
      const response = await register(signupBody({ email }));
      expect(response.statusCode).toBe(400);
      expect(json(response).message).toMatch(/^body\/email /);
    },
  );

  it.each(['firstname', 'lastname', 'email', 'password', 'confirmPassword', 'dateOfBirth'])(
    'refuses a body without %s, naming it',
    async (field) => {
      const body = Object.fromEntries(Object.entries(signupBody()).filter(([key]) => key !== field));
      const response = await register(body);
      expect(response.statusCode).toBe(400);
      expect(json(response).message).toBe(`body/${field} is required`);
    },
  );

  it('refuses an unknown field, naming it', async () => {
    const response = await register(signupBody({ isAdmin: true }));
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('body/isAdmin is not an allowed field');
  });

  it('refuses a wrong type (a number for firstname) instead of converting it', async () => {
    const response = await register(signupBody({ firstname: 42 }));
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(/^body\/firstname must be string/);
  });

  it('refuses a blank firstname (only spaces)', async () => {
    const response = await register(signupBody({ firstname: '   ' }));
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(/firstname/);
  });

  it('refuses a language it does not speak', async () => {
    const response = await register(signupBody({ language: 'de' }));
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(/^body\/language /);
  });

  it('refuses a date of birth in the future', async () => {
    const response = await register(signupBody({ dateOfBirth: '2999-01-01' }));
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(/dateOfBirth/);
  });

  it.each(['2023-02-30', '1990-13-01', '15/04/1990', '1990-4-15', ''])(
    'refuses the date of birth %j that is not a real date',
    async (dateOfBirth) => {
      const response = await register(signupBody({ dateOfBirth }));
      expect(response.statusCode).toBe(400);
      expect(json(response).message).toMatch(/dateOfBirth/);
    },
  );

  it('answers 400 with a message for a body that is not JSON', async () => {
    const response = await register('{"firstname": "Camille",');
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('The request body is not valid JSON');
  });

  it('answers 413 with a message for a body over 256 KB', async () => {
    const response = await register(signupBody({ companyName: 'x'.repeat(300 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(json(response)).toEqual({ message: 'The request body is too large', error: 'Payload Too Large' });
  });

  it('answers 415 for a form-encoded body', async () => {
    const response = await server.request('/api/auth/register', {
      body: 'firstname=Camille',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(typeof json(response).message).toBe('string');
  });

  const badBodies: [string, unknown][] = [
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"hello"'],
    ['a number', '42'],
    ['an empty object', {}],
    ['truncated JSON', '{"email":'],
    ['an empty body', ''],
    ['__proto__ pollution', '{"__proto__": {"isAdmin": true}, "firstname": "x"}'],
    ['constructor pollution', '{"constructor": {"prototype": {"isAdmin": true}}}'],
    ['nested objects', signupBody({ firstname: { first: 'Camille' } })],
    ['arrays for strings', signupBody({ email: ['a@b.fr'] })],
    ['null fields', signupBody({ firstname: null, lastname: null })],
    ['a boolean password', signupBody({ password: true, confirmPassword: true })],
    ['huge strings within the limit', signupBody({ firstname: 'x'.repeat(100_000) })],
    ['a 129-character password', signupBody({ password: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) })],
    ['a 300-character e-mail', signupBody({ email: `${'a'.repeat(290)}@example.fr` })],
    ['a date with a time', signupBody({ dateOfBirth: '1990-04-15T10:00:00Z' })],
    ['a year 10000 date', signupBody({ dateOfBirth: '10000-01-01' })],
    ['emoji and scripts', signupBody({ firstname: '😀<script>alert(1)</script>', lastname: 'Ωμέγα' })],
    ['a lone surrogate', JSON.stringify(signupBody({ firstname: '\ud800' }))],
    ['control characters', signupBody({ firstname: 'Cam\u0007ille\u001b[31m', lastname: 'Du\tpont' })],
  ];

  it.each(badBodies)('never answers a 500 to an odd body (%s)', async (_label, body) => {
    const response = await register(body);
    expect(response.statusCode).toBeLessThan(500);
    // Refused or accepted, never a crash; a refusal always says why.
    if (response.statusCode >= 400) expect(typeof json(response).message).toBe('string');
  });

  // Regression guard (this once failed): a NUL character passes the contract (a string) and reaches PostgreSQL, which refuses it
  // ("invalid byte sequence for encoding UTF8: 0x00"): the insert fails and the API answers 500.
  it('never answers a 500 to a NUL character in a field', async () => {
    const response = await register(signupBody({ firstname: 'Cam\u0000ille' }));
    expect(response.statusCode).toBe(400);
  });

  // Regression guard (this once failed): '0000-01-01' is a valid `format: date` and passes checkDateOfBirth (server/services/accounts.ts),
  // but PostgreSQL has no year 0: the insert fails and the API answers 500.
  it('never answers a 500 to the date of birth 0000-01-01', async () => {
    const response = await register(signupBody({ dateOfBirth: '0000-01-01' }));
    expect(response.statusCode).toBe(400);
  });

  // Regression guard (this once failed): a text/plain body is parsed by Fastify's built-in text parser (server/app.ts keeps it) and
  // skips the JSON schema, which the contract gives for application/json only: the handler gets a
  // string and throws ("Cannot read properties of undefined (reading 'trim')") → 500 instead of 415.
  it.each([
    ['/api/auth/register', JSON.stringify(signupBody())],
    ['/api/auth/login', '{"email":"camille@example.fr","password":"motdepasse123"}'],
    ['/api/auth/forgot-password', '{"email":"camille@example.fr"}'],
    ['/api/auth/reset-password', '{"token":"abc","newPassword":"motdepasse123"}'],
    ['/api/auth/verify-email', '{"token":"abc"}'],
  ])('answers 415, not 500, to a text/plain body on %s', async (url, body) => {
    const response = await server.request(url, { body, headers: { 'content-type': 'text/plain' } });
    expect(response.statusCode).toBe(415);
  });

  // Regression guard (this once failed): two sign-ups racing for one address both pass the findByEmail check; the loser's insert
  // hits the unique index, but drizzle wraps the driver error (DrizzleQueryError, code on `.cause`),
  // so the 23505 check in accounts.register misses it and the loser gets 500 instead of 409.
  it('answers 409, not 500, to the loser of two simultaneous sign-ups with one e-mail', async () => {
    const body = signupBody();
    const responses = await Promise.all([register(body), register(body), register(body)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
  });
});

describe('POST /api/auth/login', () => {
  const login = (body: unknown) => server.request('/api/auth/login', { body });

  it('logs in: an access token for the user and a new refresh cookie', async () => {
    const response = await login({ email: camille.email, password: camille.password });
    expect(response.statusCode).toBe(200);
    const claims = claimsOf(json<{ accessToken: string }>(response).accessToken);
    expect(claims.sub).toBe(camille.userId);
    expect(claims.firstname).toBe('Camille');
    expect(claims.products).toEqual([]);
    const cookie = refreshCookieOf(response);
    expect(cookie).toBeTruthy();
    expect(cookie).not.toBe(camille.cookie);
    expect(refreshSetCookieHeader(response)).toMatch(/HttpOnly/i);
  });

  it('accepts the e-mail in another case', async () => {
    const response = await login({ email: camille.email.toLowerCase(), password: camille.password });
    expect(response.statusCode).toBe(200);
    expect(claimsOf(json<{ accessToken: string }>(response).accessToken).sub).toBe(camille.userId);
    const upper = await login({ email: camille.email.toUpperCase(), password: camille.password });
    expect(upper.statusCode).toBe(200);
  });

  it('refuses a wrong password with 401 "Invalid email or password" and no cookie', async () => {
    const response = await login({ email: camille.email, password: 'wrong-password' });
    expect(response.statusCode).toBe(401);
    expect(json(response).message).toBe('Invalid email or password');
    expect(refreshCookieOf(response)).toBeNull();
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const unknown = await login({ email: uniqueEmail('nobody'), password: camille.password });
    const wrong = await login({ email: camille.email, password: 'wrong-password' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
  });

  it('stores the language sent with the login', async () => {
    const user = await server.signup({ language: 'fr' });
    const { accessToken } = await server.login(user.email, user.password, 'ro');
    const info = json(await server.request('/api/user/info', { token: accessToken }));
    expect(info.language).toBe('ro');
    // Without a language the stored one stays.
    const again = await server.login(user.email, user.password);
    expect(json(await server.request('/api/user/info', { token: again.accessToken })).language).toBe('ro');
  });

  it.each([
    [{ password: 'motdepasse123' }, /^body\/email is required$/],
    [{ email: 'camille@example.fr' }, /^body\/password is required$/],
    [{ email: 'not-an-email', password: 'motdepasse123' }, /^body\/email /],
    [{ email: 'camille@example.fr', password: '' }, /^body\/password /],
    [{ email: 'camille@example.fr', password: 'x', language: 'de' }, /^body\/language /],
    [
      { email: 'camille@example.fr', password: 'x', remember: true },
      /^body\/remember is not an allowed field$/,
    ],
    [{ email: 'camille@example.fr', password: 123456 }, /^body\/password must be string/],
  ])('refuses the invalid body %j with 400', async (body, message) => {
    const response = await login(body);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(message);
  });

  it('never answers a 500 to a malformed login body', async () => {
    for (const body of ['null', '[]', '"x"', '{', '', '{"email":{"$ne":null},"password":{"$ne":null}}']) {
      const response = await login(body);
      expect(response.statusCode, body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, body).toBeLessThan(500);
      expect(typeof json(response).message, body).toBe('string');
    }
  });

  // Regression guard (this once failed): a NUL character in the e-mail passes the contract's pattern and is sent to PostgreSQL in
  // findByEmail (server/services/accounts.ts), which refuses it: 500 instead of 400/401.
  it('never answers a 500 to a NUL character in the e-mail', async () => {
    const response = await login({ email: 'camille\u0000@example.fr', password: 'motdepasse123' });
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('rate limiting of the account endpoints', () => {
  let limited: TestServer;

  beforeAll(async () => {
    limited = await startTestServer({ seed: false, config: { authRateLimitPerMinute: 3 } });
  }, 120_000);
  afterAll(() => limited?.close());

  it('answers 429 with a message once an address has made too many attempts', async () => {
    const attempt = () =>
      limited.request('/api/auth/login', { body: { email: 'camille@example.fr', password: 'guess' } });
    const statuses = [];
    for (let index = 0; index < 3; index += 1) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([401, 401, 401]);

    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(json(refused).message).toMatch(/^Too many requests/);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    // The public catalog is not limited.
    expect((await limited.request('/api/marketing/offers/list')).statusCode).toBe(200);
    // Each route counts on its own: exhausting login blocks neither sign-up nor a reset request.
    const signup = await limited.request('/api/auth/register', {
      body: signupBody({ email: uniqueEmail('own-bucket') }),
    });
    expect(signup.statusCode).toBe(200);
    const forgot = await limited.request('/api/auth/forgot-password', {
      body: { email: 'camille@example.fr' },
    });
    expect(forgot.statusCode).toBe(200);
  });

  it('counts a burst of parallel guesses on one account before checking them: at most 10 are checked', async () => {
    // Signed up from an address of its own: this file's other tests use up 127.0.0.1's sign-ups.
    const email = uniqueEmail('burst');
    const registered = await limited.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(signupBody({ email })),
      remoteAddress: '10.8.0.1',
    });
    expect(registered.statusCode).toBe(200);
    const victim = { email };
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email: victim.email, password: `parallel-guess-${n}` }),
          remoteAddress: `10.7.${n}.1`,
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it('counts an IPv6 client by its /64: every address of it shares one count', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
  });

  it('stops password guessing on one account from many addresses (per-account limit, 10 failures)', async () => {
    const victim = await limited.signup({ email: uniqueEmail('victim') });
    const from = (n: number) => ({ remoteAddress: `10.0.${Math.floor(n / 250)}.${(n % 250) + 1}` });
    const guess = (n: number, password: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: victim.email, password }),
        ...from(n),
      });
    const statuses = [];
    for (let n = 0; n < 10; n += 1) statuses.push((await guess(n, `wrong-guess-${n}`)).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    // From yet another address, even the right password waits: the account is under attack.
    const blocked = await guess(100, victim.password);
    expect(blocked.statusCode).toBe(429);
    // Another account is not concerned.
    const other = await limited.signup({ email: uniqueEmail('bystander') });
    const bystander = await limited.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: other.email, password: other.password }),
      remoteAddress: '10.9.9.9',
    });
    expect(bystander.statusCode).toBe(200);
  });
});
