/** The user's own profile (openapi: getUserInfo, updateProfile). */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  json,
  startTestServer,
  TEST_PASSWORD,
  uniqueEmail,
  type Response,
  type SignedUpUser,
  type TestServer,
} from './harness';

let server: TestServer;
/** Registered with every optional field. */
let full: SignedUpUser;
/** Registered with the required fields only. */
let bare: SignedUpUser;

beforeAll(async () => {
  server = await startTestServer();
  full = await server.signup({
    firstname: 'Camille',
    lastname: 'Dupont',
    phoneNumber: '+33612345678',
    companyName: 'Boulangerie Dupont SAS',
    dateOfBirth: '1990-04-15',
    language: 'en',
  });
  bare = await server.signup({ firstname: 'Ion', lastname: 'Popescu', dateOfBirth: '1985-12-31' });
}, 120_000);
afterAll(() => server?.close());

const USER_INFO_FIELDS = [
  'companyName',
  'dateOfBirth',
  'email',
  'firstname',
  'isEmailVerified',
  'language',
  'lastname',
  'phoneNumber',
];

const info = (token: string) => server.request('/api/user/info', { token });
/** An update as the profile page sends it: with the current password (needed when the e-mail changes). */
const update = (token: string, body: unknown) =>
  server.request('/api/user/update-profile', {
    token,
    body:
      typeof body === 'object' && body !== null && !Array.isArray(body) && !('currentPassword' in body)
        ? { ...body, currentPassword: TEST_PASSWORD }
        : body,
  });

describe('GET /api/user/info', () => {
  it('answers exactly the UserInfo fields', async () => {
    const response = await info(full.accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = json(response);
    expect(Object.keys(body).sort()).toEqual(USER_INFO_FIELDS);
    expect(body).toEqual({
      firstname: 'Camille',
      lastname: 'Dupont',
      email: full.email,
      isEmailVerified: false,
      phoneNumber: '+33612345678',
      dateOfBirth: '1990-04-15',
      companyName: 'Boulangerie Dupont SAS',
      language: 'en',
    });
  });

  it('answers null, not a missing key or "", for empty optional fields', async () => {
    const body = json(await info(bare.accessToken));
    expect(Object.keys(body).sort()).toEqual(USER_INFO_FIELDS);
    expect(body.phoneNumber).toBeNull();
    expect(body.companyName).toBeNull();
    expect(body.dateOfBirth).toBe('1985-12-31');
    expect(body.language).toBe('fr');
  });

  it('answers 401 without a token', async () => {
    const response = await server.request('/api/user/info');
    expect(response.statusCode).toBe(401);
    expect(typeof json(response).message).toBe('string');
  });

  it('accepts the ngrok-skip-browser-warning header the client always sends', async () => {
    const response = await server.request('/api/user/info', {
      token: full.accessToken,
      headers: { 'ngrok-skip-browser-warning': 'true' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('POST /api/user/update-profile', () => {
  it('saves the profile (trimmed, blank company → null) and answers the updated UserInfo', async () => {
    const user = await server.signup({ companyName: 'Ancienne SARL', phoneNumber: '+40722000000' });
    const response = await update(user.accessToken, {
      firstname: '  Jean ',
      lastname: ' Martin  ',
      email: user.email,
      phoneNumber: ' +33 6 00 00 00 00 ',
      dateOfBirth: '1970-01-02',
      companyName: '   ',
    });

    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body).toEqual({
      firstname: 'Jean',
      lastname: 'Martin',
      email: user.email,
      isEmailVerified: false,
      phoneNumber: '+33 6 00 00 00 00',
      dateOfBirth: '1970-01-02',
      companyName: null,
      language: 'fr',
    });
    // What it answers is what is stored.
    expect(json(await info(user.accessToken))).toEqual(body);
  });

  it('keeps optional fields that are left out, and clears those sent as null', async () => {
    const user = await server.signup({ companyName: 'Garder SAS', phoneNumber: '+33611111111' });
    const kept = json(
      await update(user.accessToken, { firstname: 'Camille', lastname: 'Dupont', email: user.email }),
    );
    expect(kept).toMatchObject({
      companyName: 'Garder SAS',
      phoneNumber: '+33611111111',
      dateOfBirth: '1990-04-15',
    });

    const cleared = json(
      await update(user.accessToken, {
        firstname: 'Camille',
        lastname: 'Dupont',
        email: user.email,
        companyName: null,
        phoneNumber: null,
        dateOfBirth: null,
      }),
    );
    expect(cleared).toMatchObject({ companyName: null, phoneNumber: null, dateOfBirth: null });
  });

  it('keeps the address verified when only its case changes', async () => {
    const user = await server.signup({ email: uniqueEmail('lower') });
    await server.request('/api/auth/verify-email', { body: { token: server.mail.lastTokenTo(user.email) } });
    const mailsBefore = server.mail.to(user.email).length;

    const body = json(
      await update(user.accessToken, {
        firstname: 'Camille',
        lastname: 'Dupont',
        email: user.email.toUpperCase(),
      }),
    );
    expect(body).toMatchObject({ email: user.email.toUpperCase(), isEmailVerified: true });
    expect(server.mail.to(user.email)).toHaveLength(mailsBefore);
  });

  it('refuses an e-mail used by another account, whatever its case (409), and changes nothing', async () => {
    const user = await server.signup({ firstname: 'Avant' });
    const response = await update(user.accessToken, {
      firstname: 'Après',
      lastname: 'Dupont',
      email: full.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(json(response)).toEqual({
      message: 'An account already exists with this e-mail address',
      error: 'Conflict',
    });
    expect(json(await info(user.accessToken))).toMatchObject({ firstname: 'Avant', email: user.email });
  });

  it('answers 401 without a token', async () => {
    const response = await server.request('/api/user/update-profile', {
      body: { firstname: 'Camille', lastname: 'Dupont', email: uniqueEmail() },
    });
    expect(response.statusCode).toBe(401);
    expect(typeof json(response).message).toBe('string');
  });

  it.each([
    [{ lastname: 'Dupont', email: 'a@b.fr' }, /^body\/firstname is required$/],
    [{ firstname: 'Camille', lastname: 'Dupont' }, /^body\/email is required$/],
    [{ firstname: '', lastname: 'Dupont', email: 'a@b.fr' }, /^body\/firstname /],
    [{ firstname: '   ', lastname: 'Dupont', email: 'a@b.fr' }, /firstname/],
    [{ firstname: 'Camille', lastname: 'Dupont', email: 'pas un email' }, /^body\/email /],
    [{ firstname: 'Camille', lastname: 'Dupont', email: 'a@b.fr', dateOfBirth: '2999-01-01' }, /dateOfBirth/],
    [{ firstname: 'Camille', lastname: 'Dupont', email: 'a@b.fr', dateOfBirth: '2023-02-30' }, /dateOfBirth/],
    [{ firstname: 'Camille', lastname: 'Dupont', email: 'a@b.fr', dateOfBirth: '' }, /dateOfBirth/],
    [{ firstname: 'Camille', lastname: 'Dupont', email: 'a@b.fr', language: 'en' }, /not an allowed field/],
    [{ firstname: 'Camille', lastname: 'Dupont', email: 'a@b.fr', phoneNumber: 33612345678 }, /phoneNumber/],
    [
      { firstname: 'Camille', lastname: 'Dupont', email: 'a@b.fr', companyName: 'x'.repeat(201) },
      /companyName/,
    ],
  ])('refuses the invalid profile %j with 400', async (body, message) => {
    const response = await update(bare.accessToken, body);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(message);
  });

  it('never answers a 500 to a malformed body', async () => {
    for (const body of [
      'null',
      '[]',
      '{',
      '',
      '"text"',
      '{"firstname":{"a":1},"lastname":"x","email":"a@b.fr"}',
    ]) {
      const response = await update(bare.accessToken, body);
      expect(response.statusCode, body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, body).toBeLessThan(500);
      expect(typeof json(response).message, body).toBe('string');
    }
    // Nothing was changed by the refused requests.
    expect(json(await info(bare.accessToken))).toMatchObject({ firstname: 'Ion', lastname: 'Popescu' });
  });

  // Regression guard (this once failed): the same malformed input that crashes register (see auth.test.ts) crashes update-profile:
  // a text/plain body skips the JSON schema, a NUL character or the year 0000 reach PostgreSQL,
  // which refuses them; each answers 500 instead of 4xx.
  it.each([
    ['a text/plain body', 'x', 'text/plain'],
    ['a NUL in firstname', { firstname: 'Cam\u0000ille', lastname: 'Dupont', email: 'nul@example.fr' }, null],
    ['a NUL in the e-mail', { firstname: 'Camille', lastname: 'Dupont', email: 'n\u0000l@example.fr' }, null],
    [
      'the date 0000-01-01',
      { firstname: 'C', lastname: 'D', email: 'y0@example.fr', dateOfBirth: '0000-01-01' },
      null,
    ],
  ])('never answers a 500 to %s', async (_label, body, contentType) => {
    const response = await server.request('/api/user/update-profile', {
      token: bare.accessToken,
      body,
      ...(contentType ? { headers: { 'content-type': contentType } } : {}),
    });
    expect(response.statusCode).toBeLessThan(500);
  });

  // Regression guard (this once failed): accounts.updateProfile (server/services/accounts.ts) checks the new address with
  // findByEmail, then UPDATEs; when another account takes the address in between, the UPDATE hits
  // the unique index users_email_lower_unique and nothing turns that into a 409: the API answers 500.
  // The window is too short to hit through app.inject alone, so this test holds a row lock on the
  // first account (a second PostgreSQL connection) to park its UPDATE after the check: it needs
  // real PostgreSQL (DATABASE_URL); PGlite has a single connection and cannot interleave.
  it.runIf(process.env.DATABASE_URL)(
    'answers 409, not 500, when another account takes the address between the check and the update',
    async () => {
      const [first, second] = [await server.signup(), await server.signup()];
      const target = uniqueEmail('raced');
      const body = { firstname: 'Camille', lastname: 'Dupont', email: target };
      const locker = new pg.Client({ connectionString: server.databaseUrl ?? '' });
      await locker.connect();
      let firstResponse: Promise<Response> | null = null;
      let secondStatus = 0;
      try {
        await locker.query('begin');
        await locker.query('select id from users where id = $1 for update', [first.userId]);
        firstResponse = update(first.accessToken, body);
        // Wait until the first request's UPDATE waits for the lock (its check is done).
        await vi.waitFor(
          async () => {
            // pg_stat_activity is read once per transaction unless the snapshot is cleared.
            await locker.query('select pg_stat_clear_snapshot()');
            const waiting = await locker.query<{ count: number }>(
              `select count(*)::int as count from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock' and query ilike 'update "users"%'`,
            );
            if ((waiting.rows[0]?.count ?? 0) < 1) throw new Error('the UPDATE is not waiting yet');
          },
          { timeout: 30_000, interval: 20 },
        );
        secondStatus = (await update(second.accessToken, body)).statusCode;
      } finally {
        await locker.query('commit');
        await locker.end();
      }
      const firstStatus = (await firstResponse)?.statusCode;
      expect(secondStatus).toBe(200);
      expect(firstStatus).toBe(409);
    },
  );
});
