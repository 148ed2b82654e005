/**
 * GET /metrics (issue 37): off unless METRICS_TOKEN is set, behind that bearer token, and the
 * named series read back from Prometheus' text format after the events they count: requests,
 * mail sent and failed, a document preview, local payments, a site published and taken offline.
 */
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { checkoutSessions, mailQueue } from '../../server/db/schema';
import { MAIL_MAX_ATTEMPTS } from '../../server/services/mail/mail-queue';
import type { Mailer } from '../../server/services/mail/mailer';
import stepsFile from '../../schemas/wizard/steps.json';
import {
  buyLocally,
  createFakeMail,
  json,
  openCheckout,
  payLocalCheckout,
  startTestServer,
  TEST_CARD,
  uniqueEmail,
  type SignedUpUser,
  type TestServer,
} from './harness';
import { completeContent } from './website-fixtures';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789abcdef';
const PREMIUM = { offerSku: 'PREMIUM_PACKAGE', planSku: 'PREMIUM_PACKAGE_ONE_TIME' };

/** Prometheus' text format, read into samples: `name{a="b",…} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type?.[1] && type[2]) {
      types.set(type[1], type[2]);
      continue;
    }
    if (line.startsWith('# HELP ')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match?.[1] || match[3] === undefined) throw new Error(`Not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      if (pair[1]) labels[pair[1]] = (pair[2] ?? '').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    }
    const value = match[3] === '+Inf' ? Infinity : match[3] === '-Inf' ? -Infinity : Number(match[3]);
    // prom-client writes NaN as "Nan" (a lag histogram with no sample yet); Prometheus reads either.
    if (!/^nan$/i.test(match[3]) && Number.isNaN(value)) throw new Error(`Not a number: ${line}`);
    const family = match[1].replace(/_(bucket|sum|count)$/, '');
    if (!types.has(match[1]) && !types.has(family)) throw new Error(`A sample without # TYPE: ${line}`);
    samples.push({ name: match[1], labels, value });
  }
  return samples;
}

/** The one sample named `name` whose labels include `labels`; fails when there is not exactly one. */
function sampleOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  expect(found, `${name} ${JSON.stringify(labels)}`).toHaveLength(1);
  return found[0]?.value ?? Number.NaN;
}

describe('GET /metrics', () => {
  let server: TestServer;
  /** What the mailer delivered; addresses with "bounce" in them are refused by their mail server. */
  const delivered = createFakeMail();
  const mailer: Mailer = {
    outboxDir: null,
    send: (message) =>
      message.to.includes('bounce')
        ? Promise.reject(new Error('550 5.1.1 mailbox unavailable'))
        : delivered.send(message),
    close: () => undefined,
  };

  beforeAll(async () => {
    server = await startTestServer({ config: { metricsToken: METRICS_TOKEN }, mailer });
  }, 120_000);
  afterAll(() => server?.close());

  const scrape = (target: TestServer = server) =>
    target.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });

  it.each([
    ['no Authorization header', undefined],
    ['another token of the same length', `Bearer ${'x'.repeat(METRICS_TOKEN.length)}`],
    ['the token with one more character', `Bearer ${METRICS_TOKEN}x`],
    ['a prefix of the token', `Bearer ${METRICS_TOKEN.slice(0, 10)}`],
    ['the token as Basic credentials', `Basic ${METRICS_TOKEN}`],
    ['the token without its scheme', METRICS_TOKEN],
    ['junk', `Bearer ${'é€\u0000'.repeat(3000)}`],
  ])('answers 401 to %s', async (_label, authorization) => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization === undefined ? {} : { authorization },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(json(response)).toEqual({ message: 'A valid metrics token is required', error: 'Unauthorized' });
  });

  it('exposes every named series with the values of what happened', async () => {
    // Requests: three answers of one route, one of a route with a parameter, one unmatched.
    for (let n = 0; n < 3; n += 1) await server.request('/api/site/info');
    expect((await server.request('/api/no-such-route')).statusCode).toBe(404);

    // Mail: sent (the verification mails), failed twice (both bouncing sign-ups), then given up
    // (one of them at its last attempt).
    const founder = await server.signup();
    const bounced = await server.signup({ email: uniqueEmail('bounce') });
    // Its retry (30 s on) must not come due before the scrape, however slow the machine.
    await server.db
      .update(mailQueue)
      .set({ nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where(eq(mailQueue.recipient, bounced.email));
    const given = await server.signup({ email: uniqueEmail('bounce') });
    await server.db
      .update(mailQueue)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailQueue.recipient, given.email));
    await server.app.mailQueue.drain();
    const [givenUp] = await server.db.select().from(mailQueue).where(eq(mailQueue.recipient, given.email));
    expect(givenUp?.status).toBe('failed');

    // A document preview, from a draft.
    const draft = await server.request('/api/company-file/draft', {
      body: {
        data: { jurisdiction: 'FR', legalForm: 'SASU', currency: 'EUR' },
        step: 0,
        baseRevision: 0,
        version: stepsFile.version,
      },
      token: founder.accessToken,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const preview = await server.request('/api/documents/LIST_OF_BENEFICIARIES/preview', {
      token: founder.accessToken,
    });
    expect(preview.statusCode, preview.body).toBe(200);

    // Payments: a card declined, then paid; the site published twice, taken offline by its owner
    // in between; then the payment refunded, which revokes the site.
    const declined = await openCheckout(server, founder, PREMIUM);
    const refusal = await payLocalCheckout(server, declined, {
      ...TEST_CARD,
      cardNumber: '4000 0000 0000 0002',
    });
    expect(refusal.statusCode).toBe(402);
    const paid = await buyLocally(server, founder, PREMIUM);
    await publish(server, founder, 'boulangerie-metrics');
    expect(
      (await server.request('/api/website/unpublish', { method: 'POST', token: founder.accessToken }))
        .statusCode,
    ).toBe(200);
    await publish(server, founder, 'boulangerie-metrics');
    const refund = await server.app.inject({ method: 'POST', url: `/checkout/local/${paid}/refund` });
    expect(refund.statusCode).toBe(200);
    await server.app.mailQueue.drain();

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const samples = parseExposition(response.body);

    // Request rate and latency by route template, method and status.
    const siteInfo = { method: 'GET', route: '/api/site/info', status_code: '200' };
    expect(sampleOf(samples, 'kreo_http_requests_total', siteInfo)).toBe(3);
    expect(sampleOf(samples, 'kreo_http_request_duration_seconds_count', siteInfo)).toBe(3);
    expect(sampleOf(samples, 'kreo_http_request_duration_seconds_sum', siteInfo)).toBeGreaterThan(0);
    const buckets = samples.filter(
      (sample) =>
        sample.name === 'kreo_http_request_duration_seconds_bucket' &&
        sample.labels.route === '/api/site/info' &&
        sample.labels.status_code === '200',
    );
    expect(buckets.at(-1)?.labels.le).toBe('+Inf');
    expect(buckets.at(-1)?.value).toBe(3);
    expect(buckets.map((bucket) => bucket.value)).toEqual(
      [...buckets.map((bucket) => bucket.value)].sort((a, b) => a - b),
    );
    expect(
      sampleOf(samples, 'kreo_http_requests_total', {
        route: '/api/documents/:sku/preview',
        status_code: '200',
      }),
    ).toBe(1);
    expect(
      sampleOf(samples, 'kreo_http_requests_total', {
        method: 'GET',
        route: 'unmatched',
        status_code: '404',
      }),
    ).toBe(1);
    // Bounded: no series per URL.
    expect(samples.some((sample) => (sample.labels.route ?? '').includes('LIST_OF_BENEFICIARIES'))).toBe(
      false,
    );

    // The event loop's lag (prom-client's default metrics, on this app's registry).
    expect(sampleOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleOf(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);

    // Mail: every message the mailer took, both failures, the one given up, the queue's depth.
    expect(sampleOf(samples, 'kreo_mail_sent_total')).toBe(delivered.messages.length);
    expect(delivered.messages.length).toBeGreaterThanOrEqual(2);
    expect(sampleOf(samples, 'kreo_mail_failed_attempts_total')).toBe(3);
    expect(sampleOf(samples, 'kreo_mail_given_up_total')).toBe(1);
    const [pending] = await server.db
      .select({ count: sql<number>`count(*)::int` })
      .from(mailQueue)
      .where(eq(mailQueue.status, 'pending'));
    expect(pending?.count).toBeGreaterThanOrEqual(1); // the bouncing founder's, waiting for its retry
    expect(sampleOf(samples, 'kreo_mail_queue_pending')).toBe(pending?.count);

    // Documents: the preview's render time by kind; the pool idle now.
    expect(sampleOf(samples, 'kreo_document_render_seconds_count', { kind: 'preview' })).toBe(1);
    expect(sampleOf(samples, 'kreo_document_render_seconds_sum', { kind: 'preview' })).toBeGreaterThan(0);
    expect(sampleOf(samples, 'kreo_worker_pool_waiting_tasks')).toBe(0);
    expect(sampleOf(samples, 'kreo_worker_pool_busy_threads')).toBe(0);
    expect(sampleOf(samples, 'kreo_worker_pool_threads')).toBe(server.app.workerPool.threads);

    // Payments by provider and outcome.
    expect(sampleOf(samples, 'kreo_payments_total', { provider: 'local', outcome: 'declined' })).toBe(1);
    expect(sampleOf(samples, 'kreo_payments_total', { provider: 'local', outcome: 'paid' })).toBe(1);
    expect(sampleOf(samples, 'kreo_payments_total', { provider: 'local', outcome: 'refunded' })).toBe(1);

    // Sites: published twice, taken offline once by their owner and once by the refund.
    expect(sampleOf(samples, 'kreo_site_publications_total')).toBe(2);
    expect(sampleOf(samples, 'kreo_site_unpublications_total', { reason: 'owner' })).toBe(1);
    expect(sampleOf(samples, 'kreo_site_unpublications_total', { reason: 'revoked' })).toBe(1);
  }, 120_000);

  describe('beside another app in the same process', () => {
    // A second app, with Stripe as its provider: its own registry, its own counts.
    let other: TestServer;
    beforeAll(async () => {
      other = await startTestServer({
        config: { metricsToken: METRICS_TOKEN },
        payments: { provider: 'stripe', secretKey: 'sk_test_x', webhookSecret: 'whsec_test' },
      });
    }, 120_000);
    afterAll(() => other?.close());

    it('keeps the two apart: each its own registry, nothing counted twice', async () => {
      const stripe = new Stripe('sk_test_x');
      await server.request('/api/site/info');
      const before = parseExposition((await scrape()).body);
      const ours = sampleOf(before, 'kreo_http_requests_total', {
        route: '/api/site/info',
        status_code: '200',
      });
      await other.request('/api/site/info');
      const theirs = parseExposition((await scrape(other)).body);
      expect(
        sampleOf(theirs, 'kreo_http_requests_total', { route: '/api/site/info', status_code: '200' }),
      ).toBe(1);
      expect(sampleOf(theirs, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);

      // A Stripe payment that failed (a SEPA debit refused): counted by the app that received it.
      const buyer = await other.signup();
      const id = await stripeSession(other, buyer);
      const payload = JSON.stringify({
        id: 'evt_async_failed',
        object: 'event',
        type: 'checkout.session.async_payment_failed',
        data: {
          object: {
            id: 'cs_test_async_failed',
            object: 'checkout.session',
            client_reference_id: id,
            metadata: { checkoutSessionId: id },
            payment_status: 'unpaid',
          },
        },
      });
      const delivered = await other.app.inject({
        method: 'POST',
        url: '/api/checkout/stripe-webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' }),
        },
        payload,
      });
      expect(delivered.statusCode, delivered.body).toBe(200);
      const after = parseExposition((await scrape(other)).body);
      expect(sampleOf(after, 'kreo_payments_total', { provider: 'stripe', outcome: 'declined' })).toBe(1);

      // Ours did not move with the other app's request, nor learn of its payment.
      const ourNow = parseExposition((await scrape()).body);
      expect(
        sampleOf(ourNow, 'kreo_http_requests_total', { route: '/api/site/info', status_code: '200' }),
      ).toBe(ours);
      expect(ourNow.some((sample) => sample.labels.provider === 'stripe')).toBe(false);
    }, 120_000);
  });
});

async function publish(target: TestServer, owner: SignedUpUser, slug: string) {
  const saved = await target.request('/api/website/draft', {
    body: { content: completeContent() },
    token: owner.accessToken,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await target.request('/api/website/publish', {
    body: { slug },
    token: owner.accessToken,
  });
  expect(published.statusCode, published.body).toBe(200);
}

/** A checkout session as createSession stores it for Stripe. */
async function stripeSession(target: TestServer, buyer: SignedUpUser) {
  const id = `cs_stripe_async_failed_${Date.now()}`;
  await target.db.insert(checkoutSessions).values({
    id,
    userId: buyer.userId,
    offerSku: 'STANDARD_PACKAGE',
    planSku: 'STANDARD_PACKAGE_ONE_TIME',
    productSkus: ['LEGAL_STATUSES'],
    amountCents: 1000,
    currency: 'EUR',
    provider: 'stripe',
    providerSessionId: 'cs_test_async_failed',
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return id;
}

describe('METRICS_TOKEN', () => {
  it('is off when unset, read when long enough, and refused like any bad variable otherwise', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN }).metricsToken).toBe(METRICS_TOKEN);
    for (const bad of ['short-token', 'x'.repeat(31), `${'x'.repeat(32)} with spaces`, `${'é'.repeat(32)}`]) {
      try {
        loadConfig({ METRICS_TOKEN: bad });
        throw new Error(`accepted ${bad}`);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).problems).toEqual([
          'METRICS_TOKEN must be at least 32 characters: letters, digits and - . _ ~ + / (e.g. openssl rand -hex 32)',
        ]);
      }
    }
  });
});
