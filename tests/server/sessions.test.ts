/** Sessions: the refresh cookie (getJWTtoken, logout) and the bearer access token. */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../server/db/schema';
import {
  SIGNING_KEY,
  claimsOf,
  json,
  refreshCookieOf,
  refreshSetCookieHeader,
  startTestServer,
  type SignedUpUser,
  type TestServer,
} from './harness';

let server: TestServer;
let user: SignedUpUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.signup({ firstname: 'Ioana', language: 'ro' });
}, 120_000);
afterAll(() => server?.close());

const refresh = (cookie?: string) =>
  server.request('/api/auth/getJWTtoken', { method: 'POST', ...(cookie === undefined ? {} : { cookie }) });
const logout = (cookie?: string) =>
  server.request('/api/auth/logout', { method: 'POST', ...(cookie === undefined ? {} : { cookie }) });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A fresh session of `user` (login), so that no test depends on another's cookies. */
const freshSession = () => server.login(user.email, user.password);

/** Pretends the refresh token was rotated `ms` ago. */
async function rotatedAgo(cookie: string, ms: number) {
  const updated = await server.db
    .update(refreshTokens)
    .set({ rotatedAt: new Date(Date.now() - ms) })
    .where(eq(refreshTokens.tokenHash, sha256(cookie)))
    .returning({ id: refreshTokens.id });
  expect(updated).toHaveLength(1);
}

describe('POST /api/auth/getJWTtoken', () => {
  it('answers a new access token and rotates the refresh cookie', async () => {
    const { cookie } = await freshSession();
    const response = await refresh(cookie);

    expect(response.statusCode).toBe(200);
    const claims = claimsOf(json<{ accessToken: string }>(response).accessToken);
    expect(claims).toMatchObject({ sub: user.userId, firstname: 'Ioana', products: [] });
    const rotated = refreshCookieOf(response);
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(cookie);
    const setCookie = refreshSetCookieHeader(response);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/api\/auth/);

    // The new cookie works in turn.
    const next = await refresh(rotated ?? '');
    expect(next.statusCode).toBe(200);
  });

  it('still honours the previous cookie within the grace period (two tabs refreshing at once)', async () => {
    const { cookie } = await freshSession();
    const responses = await Promise.all([refresh(cookie), refresh(cookie)]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    // Each tab gets its own new cookie.
    expect(new Set(responses.map(refreshCookieOf)).size).toBe(2);
  });

  it('revokes the whole family when a rotated cookie comes back after the grace period', async () => {
    const { cookie: stolen } = await freshSession();
    const first = await refresh(stolen);
    const newest = refreshCookieOf(first);
    expect(newest).toBeTruthy();

    await rotatedAgo(stolen, 60_000);
    const replay = await refresh(stolen);
    expect(replay.statusCode).toBe(401);
    expect(typeof json(replay).message).toBe('string');

    // The legitimate holder's newest cookie is revoked too.
    const legit = await refresh(newest ?? '');
    expect(legit.statusCode).toBe(401);
    const rows = await server.db
      .select({ revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(newest ?? '')));
    expect(rows[0]?.revokedAt).toBeInstanceOf(Date);
  });

  it('does not touch the user’s other sessions when one family is revoked', async () => {
    const other = await freshSession();
    const { cookie: stolen } = await freshSession();
    await refresh(stolen);
    await rotatedAgo(stolen, 60_000);
    expect((await refresh(stolen)).statusCode).toBe(401);
    expect((await refresh(other.cookie)).statusCode).toBe(200);
  });

  it('answers 401 without a cookie, saying why', async () => {
    const response = await refresh();
    expect(response.statusCode).toBe(401);
    expect(json(response).message).toBe('No session: the refresh cookie is missing');
  });

  it('answers 401 to a garbage cookie and clears it', async () => {
    const response = await refresh('not-a-real-token');
    expect(response.statusCode).toBe(401);
    expect(json(response).message).toBe('Your session has ended, please log in again');
    expect(refreshCookieOf(response)).toBe('');
  });

  it('answers 401 to an expired refresh token', async () => {
    const { cookie } = await freshSession();
    await server.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(cookie)));
    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  it('stores refresh tokens hashed: the cookie value is not in the table', async () => {
    const { cookie } = await freshSession();
    const rows = await server.db
      .select({ tokenHash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user.userId));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.tokenHash).not.toBe(cookie);
      expect(row.tokenHash).not.toContain(cookie);
    }
    // …but its digest is, so the server can find it.
    expect(rows.map((row) => row.tokenHash)).toContain(sha256(cookie));
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the refresh token and clears the cookie', async () => {
    const { cookie } = await freshSession();
    const response = await logout(cookie);

    expect(response.statusCode).toBe(200);
    expect(typeof json(response).message).toBe('string');
    const setCookie = refreshSetCookieHeader(response);
    expect(setCookie).not.toBeNull();
    const expires = /Expires=([^;]+)/i.exec(setCookie ?? '')?.[1];
    const cleared =
      /Max-Age=0(;|$)/i.test(setCookie ?? '') || (expires !== undefined && Date.parse(expires) < Date.now());
    expect(cleared).toBe(true);
    expect(refreshCookieOf(response)).toBe('');
    expect(setCookie).toMatch(/Path=\/api\/auth/);

    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  it('also ends the tokens the logged-out cookie was rotated into', async () => {
    const { cookie } = await freshSession();
    const rotated = refreshCookieOf(await refresh(cookie)) ?? '';
    expect((await logout(rotated)).statusCode).toBe(200);
    expect((await refresh(rotated)).statusCode).toBe(401);
  });

  it('answers 401 without a cookie', async () => {
    const response = await logout();
    expect(response.statusCode).toBe(401);
    expect(typeof json(response).message).toBe('string');
  });
});

describe('the bearer access token', () => {
  const userInfo = (headers: Record<string, string>) => server.request('/api/user/info', { headers });
  const signed = (claims: Record<string, unknown>, key: Uint8Array, expiresAt: number | string) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.userId)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(expiresAt)
      .sign(key);

  it('is required, and the 401 says so', async () => {
    const response = await userInfo({});
    expect(response.statusCode).toBe(401);
    expect(json(response).message).toBe('A valid access token is required');
  });

  it('opens protected operations', async () => {
    const response = await userInfo(server.bearer(user.accessToken));
    expect(response.statusCode).toBe(200);
    expect(json(response).email).toBe(user.email);
  });

  it('accepts a token signed with the right key that has not expired', async () => {
    const token = await signed({ products: [], firstname: 'Ioana' }, SIGNING_KEY, '5m');
    expect((await userInfo(server.bearer(token))).statusCode).toBe(200);
  });

  it('refuses an expired token (401)', async () => {
    const token = await signed(
      { products: [], firstname: 'Ioana' },
      SIGNING_KEY,
      Math.floor(Date.now() / 1000) - 60,
    );
    const response = await userInfo(server.bearer(token));
    expect(response.statusCode).toBe(401);
    expect(typeof json(response).message).toBe('string');
  });

  it('refuses a token signed with another key (401)', async () => {
    const token = await signed(
      { products: ['LEGAL_STATUSES'], firstname: 'Ioana' },
      new TextEncoder().encode('y'.repeat(40)),
      '5m',
    );
    expect((await userInfo(server.bearer(token))).statusCode).toBe(401);
  });

  it('refuses an unsigned token (alg none) and a tampered payload (401)', async () => {
    const encode = (object: object) => Buffer.from(JSON.stringify(object)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 300;
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: user.userId, exp })}.`;
    expect((await userInfo(server.bearer(unsigned))).statusCode).toBe(401);

    const [header, , signature] = user.accessToken.split('.');
    const tampered = `${header}.${encode({ sub: user.userId, products: ['AI_FORM'], exp })}.${signature}`;
    expect((await userInfo(server.bearer(tampered))).statusCode).toBe(401);
  });

  it.each([
    ['no Authorization header', {}],
    ['a Basic scheme', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
    ['the token without a scheme', 'raw'],
    ['an empty Bearer', { authorization: 'Bearer ' }],
    ['garbage', { authorization: 'Bearer not.a.jwt' }],
    ['the refresh cookie value as a bearer', 'refresh'],
  ] as const)('answers 401 with a message for %s', async (_label, spec) => {
    const headers: Record<string, string> =
      spec === 'raw'
        ? { authorization: user.accessToken }
        : spec === 'refresh'
          ? server.bearer(user.cookie)
          : { ...spec };
    const response = await userInfo(headers);
    expect(response.statusCode).toBe(401);
    expect(typeof json(response).message).toBe('string');
    expect(json(response).message).not.toBe('');
  });

  it('answers 401 when the user of a valid token no longer exists', async () => {
    const doomed = await server.signup();
    await server.db.delete(users).where(eq(users.id, doomed.userId));
    const response = await userInfo(server.bearer(doomed.accessToken));
    expect(response.statusCode).toBe(401);
    expect(typeof json(response).message).toBe('string');
    // Its refresh tokens went with it.
    const left = await server.db
      .select({ count: sql<number>`count(*)::int` })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, doomed.userId));
    expect(left[0]?.count).toBe(0);
    expect((await refresh(doomed.cookie)).statusCode).toBe(401);
  });
});
