/**
 * What an attacker tried on the running server (issue 17), each as a regression test: account
 * takeover through the profile, mail as a weapon, tokens of deleted users or without expiry,
 * bodies and paths that used to answer 5xx, missing headers, and the founder's GDPR rights.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutSessions,
  contactMessages,
  mailQueue,
  purchases,
  rateLimits,
  users,
} from '../../server/db/schema';
import { NO_ACCOUNT_LIMITS } from '../../server/services/accounts';
import { createRateLimiter } from '../../server/services/rate-limiter';
import { enqueueMail } from '../../server/services/mail/mail-queue';
import { createMailer } from '../../server/services/mail/mailer';
import {
  claimsOf,
  json,
  refreshCookieOf,
  SIGNING_KEY,
  startTestServer,
  TEST_PASSWORD,
  uniqueEmail,
  type SignedUpUser,
  type TestServer,
  orderBody,
} from './harness';

let server: TestServer;

beforeAll(async () => {
  // Per-account limits on (authRateLimitPerMinute > 0), the per-address ones loose enough for a file.
  server = await startTestServer({ config: { authRateLimitPerMinute: 1000 } });
}, 120_000);
afterAll(() => server?.close());

const profile = (user: SignedUpUser, changes: Record<string, unknown> = {}) => ({
  firstname: 'Camille',
  lastname: 'Dupont',
  email: user.email,
  ...changes,
});
const updateProfile = (user: SignedUpUser, body: unknown) =>
  server.request('/api/user/update-profile', { token: user.accessToken, body });

describe('changing the e-mail address', () => {
  it('asks for the current password: a stolen access token alone cannot take the account over', async () => {
    const owner = await server.signup();
    const attacker = uniqueEmail('attacker');

    const without = await updateProfile(owner, profile(owner, { email: attacker }));
    expect(without.statusCode).toBe(400);
    expect(json(without)).toMatchObject({ code: 'CURRENT_PASSWORD_REQUIRED' });

    const wrong = await updateProfile(
      owner,
      profile(owner, { email: attacker, currentPassword: 'Pas-le-bon-2026' }),
    );
    expect(wrong.statusCode).toBe(403);
    expect(json(wrong)).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG', error: 'Forbidden' });

    // Nothing changed, no mail went to the attacker's address, and forgot-password reaches the owner only.
    expect(json(await server.request('/api/user/info', { token: owner.accessToken })).email).toBe(
      owner.email,
    );
    expect(server.mail.to(attacker)).toHaveLength(0);
    await server.request('/api/auth/forgot-password', { body: { email: attacker } });
    expect(server.mail.to(attacker)).toHaveLength(0);
  });

  it('needs no password for the other fields', async () => {
    const user = await server.signup();
    const response = await updateProfile(
      user,
      profile(user, { firstname: 'Ioana', companyName: 'Atelier SRL' }),
    );
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ firstname: 'Ioana', companyName: 'Atelier SRL' });
  });

  it('is limited per account (3 an hour) and per address (3 a day, whoever asks)', async () => {
    const user = await server.signup();
    const statuses = [];
    for (let n = 0; n < 4; n += 1) {
      const response = await updateProfile(
        user,
        profile(user, { email: uniqueEmail(`move${n}`), currentPassword: TEST_PASSWORD }),
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    // One target address, asked for by four different accounts: the fourth is refused.
    const target = uniqueEmail('target');
    const askers = await Promise.all([1, 2, 3, 4].map(() => server.signup()));
    const results = [];
    for (const asker of askers) {
      const response = await updateProfile(
        asker,
        profile(asker, { email: target, currentPassword: TEST_PASSWORD }),
      );
      results.push(response.statusCode);
      // Give the address back, so that the next one may take it.
      if (response.statusCode === 200) {
        await updateProfile(
          asker,
          profile(asker, { email: uniqueEmail('back'), currentPassword: TEST_PASSWORD }),
        );
      }
    }
    expect(results).toEqual([200, 200, 200, 429]);
    // Three verification mails (and the notices of the address given back), no more.
    expect(server.mail.to(target).filter((mail) => /Confirmez/.test(mail.subject))).toHaveLength(3);
  });

  it('stops counting wrong current passwords after 10 failures (429), as login does', async () => {
    const user = await server.signup();
    const statuses = [];
    for (let n = 0; n < 11; n += 1) {
      const response = await updateProfile(
        user,
        profile(user, { email: uniqueEmail('guess'), currentPassword: `Mauvais-${n}-2026` }),
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(403), 429]);
  });
});

describe('access tokens', () => {
  const sign = (claims: Record<string, unknown>, options: { exp?: boolean; sub?: string } = {}) => {
    let jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt();
    if (options.sub !== undefined) jwt = jwt.setSubject(options.sub);
    if (options.exp ?? true) jwt = jwt.setExpirationTime('15m');
    return jwt.sign(SIGNING_KEY);
  };
  const draft = (token: string) =>
    server.request('/api/company-file/draft', { token, body: { baseRevision: 0, step: 0, data: {} } });

  it('of a deleted user are refused (401), on every operation, not a 500', async () => {
    const user = await server.signup();
    await server.db.delete(users).where(eq(users.id, user.userId));
    expect((await draft(user.accessToken)).statusCode).toBe(401);
    const submit = await server.request('/api/company-file/submit', {
      token: user.accessToken,
      body: { data: {} },
    });
    expect(submit.statusCode).toBe(401);
    expect((await server.request('/api/user/info', { token: user.accessToken })).statusCode).toBe(401);
    expect((await server.request('/api/documents', { token: user.accessToken })).statusCode).toBe(401);
  });

  it('without an expiry, or whose sub is no user id, are refused (401)', async () => {
    const user = await server.signup();
    const noExpiry = await sign({ products: [], firstname: 'X' }, { sub: user.userId, exp: false });
    const notUuid = await sign({ products: [], firstname: 'X' }, { sub: "' or 1=1 --" });
    const noSubject = await sign({ products: [], firstname: 'X' });
    for (const token of [noExpiry, notUuid, noSubject]) {
      const response = await server.request('/api/user/info', { token });
      expect(response.statusCode).toBe(401);
      expect(typeof json(response).message).toBe('string');
    }
    expect(claimsOf(user.accessToken).exp).toBeGreaterThan(0);
  });
});

describe('requests that used to fail', () => {
  it('accepts an empty body announced as JSON on operations that take no body (as the spec clients send)', async () => {
    const user = await server.signup();
    const refresh = await server.request('/api/auth/getJWTtoken', {
      method: 'POST',
      cookie: user.cookie,
      headers: { 'content-type': 'application/json' },
    });
    expect(refresh.statusCode, refresh.body).toBe(200);
    const anonymous = await server.request('/api/auth/getJWTtoken', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(anonymous.statusCode).toBe(401);
    const logout = await server.request('/api/auth/logout', {
      method: 'POST',
      cookie: refreshCookieOf(refresh) ?? '',
      headers: { 'content-type': 'application/json' },
    });
    expect(logout.statusCode).toBe(200);
    // An operation that takes a body still refuses an empty one.
    const login = await server.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(login.statusCode).toBe(400);
  });

  it('refuses an operation that takes a body when none came at all (400, not 500)', async () => {
    for (const url of ['/api/auth/register', '/api/auth/login', '/api/contact']) {
      const response = await server.app.inject({ method: 'POST', url });
      expect(response.statusCode, url).toBe(400);
      expect(json(response).message).toMatch(/body is required/);
    }
  });

  it.each([
    ['a NUL', '/checkout/local/%00'],
    ['a NUL, paying', '/checkout/local/%00/pay'],
    ['a NUL inside, cancelling', '/checkout/local/x%00y/cancel'],
    ['5000 characters', `/checkout/local/${'a'.repeat(5000)}`],
  ])('answers a checkout page whose id is %s without a 5xx', async (_label, url) => {
    const method = url.endsWith('/pay') || url.endsWith('/cancel') ? 'POST' : 'GET';
    const response = await server.request(url, { method });
    expect(response.statusCode).toBeLessThan(500);
  });

  // It starts a server of its own, with a new embedded database to migrate: on a busy two-core machine
  // that alone can take longer than a test's usual 20 s, as a hook's 60 s allow.
  it(
    'takes a 254-character address from sign-up to a reset mail in the outbox',
    { timeout: 90_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'kreo-long-address-'));
      const outboxServer = await startTestServer({
        seed: false,
        mailer: createMailer({
          smtpUrl: null,
          from: 'Kreo <no-reply@kreo.test>',
          dataDir,
          logger: { info: () => undefined },
        }),
      });
      try {
        const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.fr`;
        expect(email).toHaveLength(254);
        await outboxServer.signup({ email });
        const forgot = await outboxServer.request('/api/auth/forgot-password', { body: { email } });
        expect(forgot.statusCode).toBe(200);
        expect(await readdir(path.join(dataDir, 'outbox'))).toHaveLength(2);
        const failed = await outboxServer.db
          .select()
          .from(mailQueue)
          .where(sql`${mailQueue.status} <> 'sent'`);
        expect(failed).toEqual([]);
      } finally {
        await outboxServer.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe('rate-limit counters', () => {
  it('count in the database, start a new window once one ends, and are pruned an hour after', async () => {
    const limiter = createRateLimiter(server.db);
    const rule = { max: 2, windowMs: 60_000 };
    const key = `test:${uniqueEmail('counter')}`;
    const verdicts = [
      await limiter.hit(key, rule),
      await limiter.hit(key, rule),
      await limiter.hit(key, rule),
    ];
    expect(verdicts.map((verdict) => verdict.allowed)).toEqual([true, true, false]);
    expect(verdicts[2]?.retryAfterSeconds).toBeGreaterThan(0);
    // The window ended: counting starts again.
    await server.db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, key));
    expect((await limiter.hit(key, rule)).allowed).toBe(true);
    // Ended over an hour ago: pruned.
    await server.db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(rateLimits.key, key));
    await limiter.prune();
    expect(await server.db.select().from(rateLimits).where(eq(rateLimits.key, key))).toEqual([]);
  });
});

describe('headers', () => {
  it('forbid MIME sniffing and the Referer everywhere', async () => {
    for (const url of ['/api/site/info', '/api/marketing/offers/list', '/api/docs', '/no/such/route']) {
      const response = await server.request(url);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('keep API answers with tokens or personal data out of every cache', async () => {
    const user = await server.signup();
    expect(user.response.headers['cache-control']).toBe('no-store');
    const info = await server.request('/api/user/info', { token: user.accessToken });
    expect(info.headers['cache-control']).toBe('no-store');
    const refresh = await server.request('/api/auth/getJWTtoken', { method: 'POST', cookie: user.cookie });
    expect(refresh.headers['cache-control']).toBe('no-store');
    const exported = await server.request('/api/user/export', { token: user.accessToken });
    expect(exported.headers['cache-control']).toBe('no-store');
  });

  it('put the API reference under a CSP that no other site can frame', async () => {
    const response = await server.request('/api/docs/');
    expect(response.statusCode).toBe(200);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });
});

describe('your data (GDPR)', () => {
  async function paidFounder() {
    const user = await server.signup({ companyName: 'Boulangerie Dupont SAS' });
    const saved = await server.request('/api/company-file/draft', {
      token: user.accessToken,
      body: { baseRevision: 0, step: 0, data: {} },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const created = await server.request('/api/checkout/create-session', {
      token: user.accessToken,
      body: orderBody({ offerSku: 'STANDARD_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' }),
    });
    const { url } = json<{ url: string }>(created);
    const id = new URL(url).pathname.split('/').at(-1) ?? '';
    const paid = await server.app.inject({
      method: 'POST',
      url: `/checkout/local/${id}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardholder=Camille+Dupont&cardNumber=4242+4242+4242+4242&expiry=12%2F30&cvc=123',
    });
    expect(paid.statusCode, paid.body).toBe(303);
    // An abandoned checkout as well (the upgrade to Premium: Standard is owned now).
    await server.request('/api/checkout/create-session', {
      token: user.accessToken,
      body: orderBody({ offerSku: 'PREMIUM_PACKAGE', planSku: 'PREMIUM_PACKAGE_ONE_TIME' }),
    });
    // Sent from the contact page while logged in: the message is the account's.
    await server.db.insert(contactMessages).values({
      name: 'Camille',
      email: user.email,
      subject: 'Question',
      message: 'Bonjour, une question sur mes statuts.',
      language: 'fr',
      ip: '127.0.0.1',
      userId: user.userId,
    });
    return { user, paidId: id };
  }

  it('gives a founder everything held about them, as a JSON attachment', async () => {
    const { user, paidId } = await paidFounder();
    const response = await server.request('/api/user/export', { token: user.accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="kreo-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = json<Record<string, unknown>>(response);
    expect(data.account).toMatchObject({ email: user.email, companyName: 'Boulangerie Dupont SAS' });
    expect(JSON.stringify(data)).not.toMatch(/password|hash|argon2/i);
    expect(data.companyFile).not.toBeNull();
    expect((data.orders as { id: string; status: string }[]).map((order) => order.status).sort()).toEqual([
      'open',
      'paid',
    ]);
    expect((data.orders as { id: string }[]).some((order) => order.id === paidId)).toBe(true);
    expect((data.purchases as unknown[]).length).toBeGreaterThan(0);
    expect((data.mail as { subject: string }[])[0]?.subject).toMatch(/Confirmez/);
    expect((data.contactMessages as { subject: string }[])[0]?.subject).toBe('Question');
  });

  it('deletes the account after the password, keeping only the anonymous paid order', async () => {
    const { user, paidId } = await paidFounder();
    // A checkout the provider may still settle (Stripe's session id known), and a mail to the address
    // that no account link reaches (a contact acknowledgement).
    const pendingId = `cs_stripe_pending${Date.now()}`;
    await server.db.insert(checkoutSessions).values({
      id: pendingId,
      userId: user.userId,
      offerSku: 'STANDARD_PACKAGE',
      planSku: 'STANDARD_PACKAGE_ONE_TIME',
      amountCents: 1000,
      productSkus: ['AI_FORM'],
      currency: 'EUR',
      provider: 'stripe',
      providerSessionId: 'cs_test_pending',
      expiresAt: new Date(Date.now() + 3600_000),
    });
    // The address is proven theirs: the mail to it is theirs too.
    const link = server.mail
      .to(user.email)
      .map((mail) => /\/verify-email\?token=([\w-]+)/.exec(mail.text)?.[1])
      .find(Boolean);
    const verified = await server.request('/api/auth/verify-email', { body: { token: link } });
    expect(verified.statusCode).toBe(200);
    await enqueueMail(server.db, { to: user.email, subject: 'Accusé de réception', text: 'x', html: 'x' });

    const wrong = await server.request('/api/user/delete-account', {
      token: user.accessToken,
      body: { password: 'Pas-le-bon-2026' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(json(wrong)).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG' });

    const deleted = await server.request('/api/user/delete-account', {
      token: user.accessToken,
      body: { password: user.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(String(deleted.headers['set-cookie'])).toMatch(/refresh_token=;.*Expires=Thu, 01 Jan 1970/);

    // Nothing works with the old credentials.
    expect((await server.request('/api/user/info', { token: user.accessToken })).statusCode).toBe(401);
    expect(
      (await server.request('/api/auth/getJWTtoken', { method: 'POST', cookie: user.cookie })).statusCode,
    ).toBe(401);
    const login = await server.request('/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(401);

    // What remains: the paid order, without anyone's name; nothing else of theirs.
    const orders = await server.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, paidId));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ userId: null, status: 'paid', amountCents: 1000 });
    const leftovers = await Promise.all([
      server.db.select().from(users).where(eq(users.id, user.userId)),
      server.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, user.userId)),
      server.db.select().from(purchases).where(eq(purchases.userId, user.userId)),
      server.db.select().from(mailQueue).where(eq(mailQueue.recipient, user.email)),
      server.db.select().from(contactMessages).where(eq(contactMessages.email, user.email)),
    ]);
    expect(leftovers.map((rows) => rows.length)).toEqual([0, 0, 0, 0, 0]);
    // The checkout Stripe may still settle stays, without its buyer, so a late payment finds its order.
    const [pending] = await server.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, pendingId));
    expect(pending).toMatchObject({ userId: null, status: 'open' });
    // The address is free again.
    await server.signup({ email: user.email });
  });
});

describe('contact messages reach an account only through the account or a verified address (R3-02, R3-11)', () => {
  const write = (email: string, subject: string, token?: string) =>
    server.request('/api/contact', {
      body: {
        name: 'Paul Prospect',
        email,
        subject,
        message: 'Mon IBAN est FR76 3000 6000 0112.',
        language: 'fr',
      },
      ...(token ? { token } : {}),
      headers: { 'x-forwarded-for': '127.0.0.9' },
    });
  const exportOf = async (token: string) =>
    json<{ contactMessages: { subject: string }[]; mail: { to: string; subject: string }[] }>(
      await server.request('/api/user/export', { token }),
    );
  /** Every row of the two tables that holds the subject (the support notice quotes it). */
  const traces = async (subject: string) => {
    const messages = await server.db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(eq(contactMessages.subject, subject));
    const mail = await server.db.select({ id: mailQueue.id }).from(mailQueue)
      .where(sql`${mailQueue.subject} like ${`%${subject}%`} or ${mailQueue.contactMessageId} in (
        select ${contactMessages.id} from ${contactMessages} where ${contactMessages.subject} = ${subject})`);
    return { messages: messages.length, mail: mail.length };
  };

  it('gives an unverified account nothing written under its address, and its deletion erases none of it', async () => {
    const prospect = uniqueEmail('prospect');
    const subject = `Question privée ${Date.now()}`;
    expect((await write(prospect, subject)).statusCode).toBe(202);
    const before = await traces(subject);
    expect(before.messages).toBe(1);
    // The message, its notice to support and its acknowledgement to the sender.
    expect(before.mail).toBeGreaterThanOrEqual(2);

    const impostor = await server.signup({ email: prospect });
    const data = await exportOf(impostor.accessToken);
    expect(data.contactMessages).toEqual([]);
    expect(data.mail.map((mail) => mail.subject).join('\n')).not.toMatch(/C-[0-9A-F]{8}/);

    const deleted = await server.request('/api/user/delete-account', {
      token: impostor.accessToken,
      body: { password: impostor.password },
    });
    expect(deleted.statusCode).toBe(200);
    // The support team's copy of the prospect's message is untouched.
    expect(await traces(subject)).toEqual(before);
  });

  it('gives a verified owner of the address what was written from it, and deletes every trace', async () => {
    const owner = uniqueEmail('owner');
    const subject = `Avant mon compte ${Date.now()}`;
    expect((await write(owner, subject)).statusCode).toBe(202);
    const user = await server.signup({ email: owner });
    expect(
      (await server.request('/api/auth/verify-email', { body: { token: server.mail.lastTokenTo(owner) } }))
        .statusCode,
    ).toBe(200);
    const data = await exportOf(user.accessToken);
    expect(data.contactMessages.map((message) => message.subject)).toEqual([subject]);
    expect(data.mail.some((mail) => /C-[0-9A-F]{8}/.test(mail.subject))).toBe(true);

    await server.request('/api/user/delete-account', {
      token: user.accessToken,
      body: { password: user.password },
    });
    expect(await traces(subject)).toEqual({ messages: 0, mail: 0 });
  });

  it('ties a message to the logged-in account that sent it, whatever address it names, and deletes it with the account', async () => {
    const user = await server.signup();
    const subject = `Depuis mon compte ${Date.now()}`;
    // Not verified, and writing from another address: the account's all the same.
    expect((await write(uniqueEmail('work'), subject, user.accessToken)).statusCode).toBe(202);
    const data = await exportOf(user.accessToken);
    expect(data.contactMessages.map((message) => message.subject)).toEqual([subject]);
    const before = await traces(subject);
    expect(before.mail).toBeGreaterThanOrEqual(2);

    await server.request('/api/user/delete-account', {
      token: user.accessToken,
      body: { password: user.password },
    });
    // The notice to support named no user: it goes with the message all the same (R3-11).
    expect(await traces(subject)).toEqual({ messages: 0, mail: 0 });
  });

  it("leaves to its sender a message that names another account's verified address", async () => {
    const owner = uniqueEmail('named');
    const named = await server.signup({ email: owner });
    expect(
      (await server.request('/api/auth/verify-email', { body: { token: server.mail.lastTokenTo(owner) } }))
        .statusCode,
    ).toBe(200);
    const sender = await server.signup();
    const subject = `Au nom d'un autre ${Date.now()}`;
    expect((await write(owner, subject, sender.accessToken)).statusCode).toBe(202);
    // The named address's owner neither reads it nor erases it: it is the sender's.
    expect(
      (await exportOf(named.accessToken)).contactMessages.map((message) => message.subject),
    ).not.toContain(subject);
    const before = await traces(subject);
    await server.request('/api/user/delete-account', {
      token: named.accessToken,
      body: { password: named.password },
    });
    expect(await traces(subject)).toEqual(before);
    expect((await exportOf(sender.accessToken)).contactMessages.map((message) => message.subject)).toEqual([
      subject,
    ]);
  });

  it('sends a message anonymously when the token is not valid, rather than refusing it', async () => {
    const subject = `Jeton périmé ${Date.now()}`;
    const response = await write(uniqueEmail('anon'), subject, 'not-a-token');
    expect(response.statusCode).toBe(202);
    const [row] = await server.db
      .select({ userId: contactMessages.userId })
      .from(contactMessages)
      .where(eq(contactMessages.subject, subject));
    expect(row).toEqual({ userId: null });
  });

  it('links mail about an earlier contact message to it (migration 0007), by the reference it quotes', async () => {
    const [message] = await server.db
      .insert(contactMessages)
      .values({
        name: 'Ana',
        email: uniqueEmail('old'),
        subject: 'Ancien',
        message: 'x',
        language: 'ro',
        ip: '127.0.0.1',
      })
      .returning({ id: contactMessages.id });
    const reference = `C-${(message?.id ?? '').replace(/-/g, '').slice(0, 8).toUpperCase()}`;
    await enqueueMail(server.db, {
      to: 'support@kreo.test',
      subject: `[Contact ${reference}] Ancien`,
      text: 'x',
      html: 'x',
    });
    const migration = readFileSync(
      fileURLToPath(new URL('../../server/db/migrations/0007_trust_round_3.sql', import.meta.url)),
      'utf8',
    );
    const link = migration
      .split('--> statement-breakpoint')
      .find((part) => part.includes('UPDATE "mail_queue"'));
    expect(link).toBeDefined();
    await server.db.execute(sql.raw(link ?? ''));
    const linked = await server.db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(eq(mailQueue.contactMessageId, message?.id ?? ''));
    expect(linked).toHaveLength(1);
  });
});

describe('sign-up and addresses already taken (R3-I1)', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      accountLimits: { ...NO_ACCOUNT_LIMITS, takenAddressesPerClient: { max: 2, windowMs: 3_600_000 } },
    });
  });
  afterAll(() => limited.close());

  const register = (email: string, remoteAddress: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        firstname: 'Camille',
        lastname: 'Dupont',
        dateOfBirth: '1990-04-15',
        email,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
      }),
    });

  it('says an address is taken a few times, then makes every sign-up from that client wait, taken or not', async () => {
    // One after the other: sign-ups at once from one client count together until each is done.
    const taken = [await limited.signup(), await limited.signup(), await limited.signup()];
    const prober = '203.0.113.7';
    expect((await register(taken[0]?.email ?? '', prober)).statusCode).toBe(409);
    expect((await register(taken[1]?.email ?? '', prober)).statusCode).toBe(409);
    // Past the limit a taken address and a free one get the same answer: nothing more is learnt.
    const third = await register(taken[2]?.email ?? '', prober);
    const free = await register(uniqueEmail('free'), prober);
    for (const response of [third, free]) {
      expect(response.statusCode).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another client is not held back, and a free address signs up as ever.
    expect((await register(taken[2]?.email ?? '', '198.51.100.4')).statusCode).toBe(409);
    expect((await register(uniqueEmail('other'), '198.51.100.4')).statusCode).toBe(200);
  });

  it('counts sign-ups sent at once before checking any: no more answers than the limit say "taken"', async () => {
    const taken: SignedUpUser[] = [];
    for (let i = 0; i < 6; i += 1) taken.push(await limited.signup());
    const answers = await Promise.all(taken.map((user) => register(user.email, '203.0.113.9')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 409).length).toBeLessThanOrEqual(2);
    expect(statuses.filter((status) => status !== 409).every((status) => status === 429)).toBe(true);
  });
});
