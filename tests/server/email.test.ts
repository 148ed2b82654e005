/** Mailed links: e-mail verification (verifyEmail, resendVerificationEmail) and password reset (forgotPassword, resetPassword). */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens } from '../../server/db/schema';
import { json, refreshCookieOf, startTestServer, uniqueEmail, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server?.close());

const verify = (token: unknown) => server.request('/api/auth/verify-email', { body: { token } });
const resend = (token: string) => server.request('/api/resend-verification-email', { token });
const forgot = (email: string) => server.request('/api/auth/forgot-password', { body: { email } });
const reset = (token: string, newPassword: string) =>
  server.request('/api/auth/reset-password', { body: { token, newPassword } });
const userInfo = async (accessToken: string) =>
  json<{ isEmailVerified: boolean; email: string }>(
    await server.request('/api/user/info', { token: accessToken }),
  );

describe('POST /api/auth/verify-email', () => {
  it('verifies the address with the token of the mailed link', async () => {
    const user = await server.signup();
    const link = new URL(server.mail.lastLinkTo(user.email));
    expect(link.origin).toBe('http://kreo.test');
    expect(link.pathname).toBe('/verify-email');
    expect((await userInfo(user.accessToken)).isEmailVerified).toBe(false);

    const response = await verify(link.searchParams.get('token'));
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: 'Email verified' });
    expect((await userInfo(user.accessToken)).isEmailVerified).toBe(true);
  });

  it('refuses the same token twice (400)', async () => {
    const user = await server.signup();
    const token = server.mail.lastTokenTo(user.email);
    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(json(again).message).toBe('Verification link is invalid or expired');
  });

  it('refuses an unknown token (400)', async () => {
    const response = await verify('this-token-was-never-issued');
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Verification link is invalid or expired');
  });

  it('refuses an expired token (400)', async () => {
    const user = await server.signup();
    await server.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user.userId));
    expect((await verify(server.mail.lastTokenTo(user.email))).statusCode).toBe(400);
    expect((await userInfo(user.accessToken)).isEmailVerified).toBe(false);
  });

  it('does not accept a password-reset token as a verification token', async () => {
    const user = await server.signup();
    await forgot(user.email);
    expect((await verify(server.mail.lastTokenTo(user.email))).statusCode).toBe(400);
    expect((await userInfo(user.accessToken)).isEmailVerified).toBe(false);
  });

  it.each([[''], [42], [null], ['x'.repeat(513)]])(
    'refuses the malformed token %j with 400',
    async (token) => {
      const response = await verify(token);
      expect(response.statusCode).toBe(400);
      expect(json(response).message).toMatch(/^body\/token /);
    },
  );

  it('stores tokens hashed: the mailed token is not in email_tokens', async () => {
    const user = await server.signup();
    const token = server.mail.lastTokenTo(user.email);
    const rows = await server.db
      .select({ tokenHash: emailTokens.tokenHash })
      .from(emailTokens)
      .where(eq(emailTokens.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(token);
  });
});

describe('GET /api/resend-verification-email', () => {
  it('sends a new link and invalidates the older one', async () => {
    const user = await server.signup({ language: 'en' });
    const oldToken = server.mail.lastTokenTo(user.email);

    const response = await resend(user.accessToken);
    expect(response.statusCode).toBe(200);
    expect(typeof json(response).message).toBe('string');
    const sent = server.mail.to(user.email);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.subject).toBe('Confirm your e-mail address on Kreo');
    const newToken = server.mail.lastTokenTo(user.email);
    expect(newToken).not.toBe(oldToken);

    expect((await verify(oldToken)).statusCode).toBe(400);
    expect((await verify(newToken)).statusCode).toBe(200);
    expect((await userInfo(user.accessToken)).isEmailVerified).toBe(true);
  });

  it('sends nothing once the address is verified', async () => {
    const user = await server.signup();
    await verify(server.mail.lastTokenTo(user.email));
    const response = await resend(user.accessToken);
    expect(response.statusCode).toBe(200);
    expect(json(response).message).toBe('Email already verified');
    expect(server.mail.to(user.email)).toHaveLength(1);
  });

  it('answers 401 without an access token', async () => {
    const response = await server.request('/api/resend-verification-email');
    expect(response.statusCode).toBe(401);
    expect(typeof json(response).message).toBe('string');
  });
});

describe('a changed e-mail address', () => {
  it('is unverified again, gets a link at the new address, and old links stop working', async () => {
    const user = await server.signup();
    const oldAddressToken = server.mail.lastTokenTo(user.email);
    const newEmail = uniqueEmail('moved');

    const update = await server.request('/api/user/update-profile', {
      token: user.accessToken,
      body: { firstname: 'Camille', lastname: 'Dupont', email: newEmail, currentPassword: user.password },
    });
    expect(update.statusCode).toBe(200);
    expect(json(update)).toMatchObject({ email: newEmail, isEmailVerified: false });

    const toNew = server.mail.to(newEmail);
    expect(toNew).toHaveLength(1);
    expect(toNew[0]?.subject).toBe('Confirmez votre adresse e-mail sur Kreo');
    // The old address is told (the sign-up's verification, then the notice).
    const toOld = server.mail.to(user.email);
    expect(toOld).toHaveLength(2);
    expect(toOld[1]?.subject).toBe('Votre adresse e-mail Kreo a été modifiée');
    expect(toOld[1]?.text).toContain(newEmail);

    expect((await verify(oldAddressToken)).statusCode).toBe(400);
    expect((await userInfo(user.accessToken)).isEmailVerified).toBe(false);
    expect((await verify(server.mail.lastTokenTo(newEmail))).statusCode).toBe(200);
    expect(await userInfo(user.accessToken)).toMatchObject({ email: newEmail, isEmailVerified: true });
  });

  it('makes a verified address unverified when it changes', async () => {
    const user = await server.signup();
    await verify(server.mail.lastTokenTo(user.email));
    expect((await userInfo(user.accessToken)).isEmailVerified).toBe(true);

    const newEmail = uniqueEmail('changed');
    await server.request('/api/user/update-profile', {
      token: user.accessToken,
      body: { firstname: 'Camille', lastname: 'Dupont', email: newEmail, currentPassword: user.password },
    });
    expect((await userInfo(user.accessToken)).isEmailVerified).toBe(false);
    expect(server.mail.to(newEmail)).toHaveLength(1);
  });
});

describe('POST /api/auth/forgot-password', () => {
  it('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
    const user = await server.signup();
    const unknown = uniqueEmail('nobody');
    const before = server.mail.messages.length;

    const known = await forgot(user.email.toUpperCase());
    const stranger = await forgot(unknown);
    expect(known.statusCode).toBe(200);
    expect(stranger.statusCode).toBe(200);
    expect(known.body).toBe(stranger.body);
    expect(json(known)).toEqual({
      message: 'If this email exists in our system, you will receive a reset link.',
    });

    expect(server.mail.messages.length).toBe(before + 1);
    expect(server.mail.to(unknown)).toHaveLength(0);
    const link = new URL(server.mail.lastLinkTo(user.email));
    expect(`${link.origin}${link.pathname}`).toBe('http://kreo.test/reset-password');
    expect(link.searchParams.get('token')).toBeTruthy();
  });

  it.each([
    ['fr', 'Réinitialisez votre mot de passe Kreo'],
    ['en', 'Reset your Kreo password'],
    ['ro', 'Resetați-vă parola Kreo'],
  ] as const)('writes in the user language (%s)', async (language, subject) => {
    const user = await server.signup({ language });
    await forgot(user.email);
    expect(server.mail.to(user.email).at(-1)?.subject).toBe(subject);
  });

  it('refuses an invalid e-mail with 400', async () => {
    const response = await forgot('not an email');
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(/^body\/email /);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, ends every session, and the link works once', async () => {
    const user = await server.signup();
    const otherDevice = await server.login(user.email, user.password);
    await forgot(user.email);
    const token = server.mail.lastTokenTo(user.email);

    const response = await reset(token, 'nouveaumotdepasse456');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      message: 'Your password has been reset successfully. You can now log in.',
    });

    const oldLogin = await server.request('/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await server.login(user.email, 'nouveaumotdepasse456');
    expect(refreshCookieOf(newLogin.response)).toBeTruthy();

    // Every refresh cookie issued before the reset is revoked.
    for (const cookie of [user.cookie, otherDevice.cookie]) {
      const refreshed = await server.request('/api/auth/getJWTtoken', { method: 'POST', cookie });
      expect(refreshed.statusCode).toBe(401);
    }
    // The session opened after the reset works.
    const fresh = await server.request('/api/auth/getJWTtoken', { method: 'POST', cookie: newLogin.cookie });
    expect(fresh.statusCode).toBe(200);

    const reused = await reset(token, 'encoreunautre789');
    expect(reused.statusCode).toBe(400);
    expect(json(reused).message).toBe('Reset link is invalid or expired');
    await server.login(user.email, 'nouveaumotdepasse456');
  });

  it('refuses an expired token', async () => {
    const user = await server.signup();
    await forgot(user.email);
    await server.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        and(
          eq(emailTokens.userId, user.userId),
          eq(emailTokens.purpose, 'reset_password'),
          isNull(emailTokens.usedAt),
        ),
      );
    const response = await reset(server.mail.lastTokenTo(user.email), 'nouveaumotdepasse456');
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Reset link is invalid or expired');
    await server.login(user.email, user.password);
  });

  it('refuses an unknown token and a verification token', async () => {
    const user = await server.signup();
    expect((await reset('never-issued', 'nouveaumotdepasse456')).statusCode).toBe(400);
    const verification = await reset(server.mail.lastTokenTo(user.email), 'nouveaumotdepasse456');
    expect(verification.statusCode).toBe(400);
    expect(json(verification).message).toBe('Reset link is invalid or expired');
    await server.login(user.email, user.password);
  });

  it('only the latest reset link works', async () => {
    const user = await server.signup();
    await forgot(user.email);
    const first = server.mail.lastTokenTo(user.email);
    await forgot(user.email);
    const second = server.mail.lastTokenTo(user.email);
    expect((await reset(first, 'nouveaumotdepasse456')).statusCode).toBe(400);
    expect((await reset(second, 'nouveaumotdepasse456')).statusCode).toBe(200);
  });

  it('refuses a new password of 7 characters without using up the link', async () => {
    const user = await server.signup();
    await forgot(user.email);
    const token = server.mail.lastTokenTo(user.email);

    const response = await reset(token, 'Kr3o-ab');
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(/^body\/newPassword /);
    expect((await reset(token, 'Kr3o-abcd')).statusCode).toBe(200);
  });

  it('refuses a common new password (NIST SP 800-63B) without using up the link', async () => {
    const user = await server.signup();
    await forgot(user.email);
    const token = server.mail.lastTokenTo(user.email);

    for (const common of ['motdepasse', 'azertyuiop', '12345678', 'password1']) {
      const response = await reset(token, common);
      expect(response.statusCode, common).toBe(400);
      expect(json(response).code, common).toBe('PASSWORD_TOO_COMMON');
    }
    expect((await reset(token, 'Une-phrase-bien-à-moi')).statusCode).toBe(200);
  });

  it('makes a reset link sent before an e-mail change useless', async () => {
    const user = await server.signup();
    await forgot(user.email);
    const token = server.mail.lastTokenTo(user.email);
    const moved = await server.request('/api/user/update-profile', {
      token: user.accessToken,
      body: {
        firstname: 'Camille',
        lastname: 'Dupont',
        email: uniqueEmail('moved'),
        currentPassword: user.password,
      },
    });
    expect(moved.statusCode).toBe(200);
    expect((await reset(token, 'Le-voleur-2026')).statusCode).toBe(400);
    expect(
      (
        await server.request('/api/auth/login', {
          body: { email: json(moved).email, password: user.password },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('stores reset tokens hashed', async () => {
    const user = await server.signup();
    await forgot(user.email);
    const token = server.mail.lastTokenTo(user.email);
    const rows = await server.db
      .select({ tokenHash: emailTokens.tokenHash })
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, user.userId), eq(emailTokens.purpose, 'reset_password')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(token);
  });

  it.each([
    [{ token: 'abc' }, /^body\/newPassword is required$/],
    [{ newPassword: 'nouveaumotdepasse456' }, /^body\/token is required$/],
    [{ token: '', newPassword: 'nouveaumotdepasse456' }, /^body\/token /],
    [{ token: 'abc', newPassword: 'nouveaumotdepasse456', confirm: 'x' }, /is not an allowed field$/],
  ])('refuses the invalid body %j with 400', async (body, message) => {
    const response = await server.request('/api/auth/reset-password', { body });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(message);
  });
});
