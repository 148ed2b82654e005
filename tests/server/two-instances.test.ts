/**
 * Two server instances on one PostgreSQL behave as one: rate-limit counters, refresh-token
 * rotation, the mail queue, payment fulfilment, site form stamps and site message digests are shared. Runs with DATABASE_URL (the
 * `test:server:pg` pass of `npm test`); PGlite is one process's database by nature.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { mailQueue, purchases, websiteMessages } from '../../server/db/schema';
import { loadCatalog, seedCatalog } from '../../server/services/catalog';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  claimsOf,
  createFakeMail,
  json,
  openTestDatabase,
  refreshCookieOf,
  REFRESH_COOKIE,
  SIGNING_KEY,
  testConfig,
  testWizard,
  TEST_PASSWORD,
  uniqueEmail,
  type FakeMail,
  orderBody,
} from './harness';

interface Instance {
  app: FastifyInstance;
  mail: FakeMail;
  handle: DatabaseHandle;
}

describe.runIf(Boolean(process.env.DATABASE_URL))('two server instances on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let dataDir: string;
  const instances: Instance[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db, await loadCatalog());
    dataDir = await mkdtemp(path.join(tmpdir(), 'kreo-two-instances-'));
    for (let n = 0; n < 2; n += 1) {
      // Each instance has its own connection pool, as two processes would.
      const handle = n === 0 ? database : await openDatabase({ url: database.url ?? '' });
      const mail = createFakeMail();
      const app = await buildApp({
        // A site's form may be sent at once: a test posts the stamp its page carries.
        config: {
          ...testConfig(dataDir),
          authRateLimitPerMinute: 3,
          siteContact: { perHour: 5, minSeconds: 0 },
        },
        db: handle.db,
        mailer: mail,
        signingKey: SIGNING_KEY,
        logger: false,
        mailWorker: false,
        wizard: testWizard(),
      });
      await app.ready();
      instances.push({ app, mail, handle });
    }
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) await instance.app.close();
    await instances[1]?.handle.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const a = () => instances[0] as Instance;
  const b = () => instances[1] as Instance;
  const post = (instance: Instance, url: string, body: unknown, extra: Partial<InjectOptions> = {}) =>
    instance.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(extra.headers as Record<string, string>) },
      payload: body === undefined ? '' : JSON.stringify(body),
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
    });
  const signupOn = async (instance: Instance, email = uniqueEmail('two'), remoteAddress = '10.1.0.1') => {
    const response = await post(
      instance,
      '/api/auth/register',
      {
        firstname: 'Camille',
        lastname: 'Dupont',
        email,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        dateOfBirth: '1990-04-15',
      },
      { remoteAddress },
    );
    expect(response.statusCode, response.body).toBe(200);
    return {
      email,
      accessToken: json<{ accessToken: string }>(response).accessToken,
      cookie: refreshCookieOf(response) ?? '',
    };
  };

  it('count one rate limit: three logins on A and B together, the fourth is refused on either', async () => {
    const attempt = (instance: Instance) =>
      post(
        instance,
        '/api/auth/login',
        { email: 'nobody@example.test', password: 'Pas-le-bon-2026' },
        { remoteAddress: '10.2.0.1' },
      );
    const statuses = [await attempt(a()), await attempt(b()), await attempt(a())].map((r) => r.statusCode);
    expect(statuses).toEqual([401, 401, 401]);
    expect((await attempt(b())).statusCode).toBe(429);
    expect((await attempt(a())).statusCode).toBe(429);
  });

  it('share refresh-token rotation: a token rotated on A is spent on B, and a logout on B ends the session on A', async () => {
    const user = await signupOn(a(), uniqueEmail('rotation'), '10.3.0.1');
    const refresh = (instance: Instance, cookie: string) =>
      post(instance, '/api/auth/getJWTtoken', undefined, {
        headers: { cookie: `${REFRESH_COOKIE}=${cookie}` },
      });
    const first = await refresh(a(), user.cookie);
    expect(first.statusCode).toBe(200);
    const next = refreshCookieOf(first) ?? '';
    expect(next).not.toBe(user.cookie);
    // B rotates the token A issued.
    const second = await refresh(b(), next);
    expect(second.statusCode).toBe(200);
    const latest = refreshCookieOf(second) ?? '';
    // Logout on B; A no longer refreshes that session.
    expect(
      (await post(b(), '/api/auth/logout', undefined, { headers: { cookie: `${REFRESH_COOKIE}=${latest}` } }))
        .statusCode,
    ).toBe(200);
    expect((await refresh(a(), latest)).statusCode).toBe(401);
  });

  it('send each queued mail once, whichever instance queued it and however many instances work', async () => {
    const emails = [];
    for (let n = 0; n < 6; n += 1) {
      const user = await signupOn(n % 2 === 0 ? a() : b(), uniqueEmail('queued'), `10.4.0.${n + 1}`);
      emails.push(user.email);
    }
    await Promise.all([a().app.mailQueue.drain(), b().app.mailQueue.drain(), a().app.mailQueue.drain()]);
    for (const email of emails) {
      expect(a().mail.to(email).length + b().mail.to(email).length, email).toBe(1);
    }
    const rows = await a().handle.db.select().from(mailQueue).where(inArray(mailQueue.recipient, emails));
    expect(rows.map((row) => row.status)).toEqual(emails.map(() => 'sent'));
  });

  it('fulfil a payment once when both instances receive it at the same time', async () => {
    const user = await signupOn(a(), uniqueEmail('payer'), '10.5.0.1');
    const created = await a().app.inject({
      method: 'POST',
      url: '/api/checkout/create-session',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}` },
      payload: JSON.stringify(
        orderBody({ offerSku: 'STANDARD_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' }),
      ),
    });
    const id = new URL(json<{ url: string }>(created).url).pathname.split('/').at(-1) ?? '';
    const pay = (instance: Instance) =>
      instance.app.inject({
        method: 'POST',
        url: `/checkout/local/${id}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'cardholder=Camille+Dupont&cardNumber=4242+4242+4242+4242&expiry=12%2F30&cvc=123',
      });
    const responses = await Promise.all([pay(a()), pay(b()), pay(a()), pay(b())]);
    expect(responses.map((response) => response.statusCode)).toEqual([303, 303, 303, 303]);
    const userId = claimsOf(user.accessToken).sub;
    const granted = await a().handle.db.select().from(purchases).where(eq(purchases.userId, userId));
    expect(granted.map((row) => row.productSku).sort()).toEqual([
      'AI_FORM',
      'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
      'FILING_MANDATE',
      'LEGAL_NOTICE',
      'LEGAL_STATUSES',
      'LIST_OF_BENEFICIARIES',
      'OPERATING_CONDITIONS_DECLARATION',
      'REGISTERED_OFFICE_PROOF',
      'SUBSCRIBERS_LIST',
    ]);
    expect(new Set(granted.map((row) => row.checkoutSessionId))).toEqual(new Set([id]));
  });

  it('refund an order and delete its buyer at the same time without either failing (one lock order)', async () => {
    for (let round = 0; round < 4; round += 1) {
      const user = await signupOn(a(), uniqueEmail('refund-delete'), `10.7.0.${round + 1}`);
      const created = await a().app.inject({
        method: 'POST',
        url: '/api/checkout/create-session',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}` },
        payload: JSON.stringify(
          orderBody({ offerSku: 'PREMIUM_PACKAGE', planSku: 'PREMIUM_PACKAGE_ONE_TIME' }),
        ),
      });
      const id = new URL(json<{ url: string }>(created).url).pathname.split('/').at(-1) ?? '';
      const paid = await a().app.inject({
        method: 'POST',
        url: `/checkout/local/${id}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'cardholder=Camille+Dupont&cardNumber=4242+4242+4242+4242&expiry=12%2F30&cvc=123',
      });
      expect(paid.statusCode).toBe(303);
      // A refund takes the order, then the site; a deletion must take them in that order too.
      const [refunded, deleted] = await Promise.all([
        b().app.inject({
          method: 'POST',
          url: `/checkout/local/${id}/refund`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: '',
        }),
        // Each round from its own address: these instances count 3 deletions a minute per address.
        post(
          a(),
          '/api/user/delete-account',
          { password: TEST_PASSWORD },
          {
            headers: { authorization: `Bearer ${user.accessToken}` },
            remoteAddress: `10.7.1.${round + 1}`,
          },
        ),
      ]);
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(deleted.statusCode, deleted.body).toBe(200);
    }
  });

  it('spend a site form’s stamp once, and send each digest of site messages once, whichever instance', async () => {
    const owner = await signupOn(a(), uniqueEmail('site-owner'), '10.6.0.1');
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${owner.accessToken}` };
    const created = await a().app.inject({
      method: 'POST',
      url: '/api/checkout/create-session',
      headers: auth,
      payload: JSON.stringify(
        orderBody({ offerSku: 'PREMIUM_PACKAGE', planSku: 'PREMIUM_PACKAGE_ONE_TIME' }),
      ),
    });
    const session = new URL(json<{ url: string }>(created).url).pathname.split('/').at(-1) ?? '';
    const paid = await a().app.inject({
      method: 'POST',
      url: `/checkout/local/${session}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardholder=Camille+Dupont&cardNumber=4242+4242+4242+4242&expiry=12%2F30&cvc=123',
    });
    expect(paid.statusCode).toBe(303);
    const content = {
      siteName: 'Atelier Deux',
      languages: ['fr'],
      color: 'teal',
      email: 'atelier-deux@example.test',
      phone: '+33 1 23 45 67 89',
      address: '1 rue Double\n75001 Paris',
      country: 'FR',
      legalForm: 'SAS',
      shareCapital: 1000,
      registrationPending: true,
      publicationDirector: 'Camille Dupont',
      legalDetails: '',
      texts: {
        fr: {
          tagline: 'Deux ateliers',
          about: 'Un atelier, deux instances.',
          services: [{ name: 'Réparations' }],
          openingHours: '9 h – 18 h',
        },
      },
    };
    const saved = await a().app.inject({
      method: 'POST',
      url: '/api/website/draft',
      headers: auth,
      payload: JSON.stringify({ content }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await a().app.inject({
      method: 'POST',
      url: '/api/website/publish',
      headers: auth,
      payload: JSON.stringify({ slug: 'atelier-deux' }),
    });
    expect(published.statusCode, published.body).toBe(200);

    const stampOf = async (instance: Instance) =>
      /name="started" value="([^"]+)"/.exec(
        (await instance.app.inject({ url: '/sites/atelier-deux' })).body,
      )?.[1] ?? '';
    const write = (instance: Instance, started: string, n: number) =>
      instance.app.inject({
        method: 'POST',
        url: '/sites/atelier-deux/contact',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          name: `Visiteur ${n}`,
          email: `visiteur.${n}@example.test`,
          message: 'Bonjour, êtes-vous ouverts samedi ?',
          started,
        }).toString(),
        remoteAddress: `10.6.1.${n}`,
      });
    // One page's stamp, posted on both instances at once: one message.
    const stamp = await stampOf(a());
    const raced = await Promise.all([
      write(a(), stamp, 1),
      write(b(), stamp, 2),
      write(b(), stamp, 3),
      write(a(), stamp, 4),
    ]);
    expect(raced.map((answer) => answer.statusCode).sort()).toEqual([303, 400, 400, 400]);

    // Four more, two on each: three mails in all, then two wait for a digest.
    for (let n = 5; n <= 8; n += 1) {
      const instance = n % 2 ? a() : b();
      expect((await write(instance, await stampOf(instance), n)).statusCode).toBe(303);
    }
    const userId = claimsOf(owner.accessToken).sub;
    await a()
      .handle.db.update(websiteMessages)
      .set({ createdAt: sql`${websiteMessages.createdAt} - interval '31 minutes'` })
      .where(eq(websiteMessages.userId, userId));
    const runs = await Promise.all(
      [a(), b(), a(), b()].map((instance) => instance.app.siteInbox.sendDigests()),
    );
    expect(runs.reduce((sum, sent) => sum + sent, 0)).toBe(1);
    await Promise.all([a().app.mailQueue.drain(), b().app.mailQueue.drain()]);
    const mails = [...a().mail.to(content.email), ...b().mail.to(content.email)];
    expect(mails).toHaveLength(4);
    expect(
      mails.filter((mail) => mail.subject === '2 nouveaux messages sur votre site Atelier Deux'),
    ).toHaveLength(1);
  }, 120_000);
});
