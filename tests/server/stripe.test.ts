/** POST /api/checkout/stripe-webhook (openapi: stripeWebhook) with the stripe provider configured. */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, purchases } from '../../server/db/schema';
import { createStripeProvider } from '../../server/services/payments/stripe-provider';
import { json, startTestServer, type SignedUpUser, type TestServer, orderBody } from './harness';
import { completeContent } from './website-fixtures';

const WEBHOOK_SECRET = 'whsec_test';
const stripe = new Stripe('sk_test_x');
const STANDARD_PRODUCTS = [
  'AI_FORM',
  'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
  'FILING_MANDATE',
  'LEGAL_NOTICE',
  'LEGAL_STATUSES',
  'LIST_OF_BENEFICIARIES',
  'OPERATING_CONDITIONS_DECLARATION',
  'REGISTERED_OFFICE_PROOF',
  'SUBSCRIBERS_LIST',
];

let server: TestServer;
let buyer: SignedUpUser;

beforeAll(async () => {
  server = await startTestServer({
    payments: { provider: 'stripe', secretKey: 'sk_test_x', webhookSecret: WEBHOOK_SECRET },
  });
  buyer = await server.signup();
}, 120_000);
afterAll(() => server?.close());

/** Stripe's own session id for each of ours, as createSession stored it. */
const stripeIds = new Map<string, string>();

/** A checkout session as createSession would have stored it for Stripe (the standard package, 10.00 EUR). */
async function insertSession(
  userId: string,
  order = {
    offerSku: 'STANDARD_PACKAGE',
    planSku: 'STANDARD_PACKAGE_ONE_TIME',
    productSkus: STANDARD_PRODUCTS,
  },
) {
  const id = `cs_stripe_${randomBytes(12).toString('base64url')}`;
  stripeIds.set(id, `cs_test_${randomBytes(8).toString('hex')}`);
  await server.db.insert(checkoutSessions).values({
    id,
    userId,
    ...order,
    amountCents: 1000,
    currency: 'EUR',
    provider: 'stripe',
    providerSessionId: stripeIds.get(id),
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return id;
}

interface EventOverrides {
  type?: string;
  paymentStatus?: string;
  /** Stripe's session id (default: the one stored for ours). */
  stripeId?: string;
  amountTotal?: number;
  currency?: string;
}

/** Stripe's payment intent for one of our sessions: letters and digits, as Stripe's ids are. */
const paymentIntentOf = (checkoutSessionId: string) =>
  `pi_${Buffer.from(checkoutSessionId).toString('hex').slice(-24)}`;

/** A Stripe event about our session, paid in full (10.00 eur) unless overridden. */
function event(checkoutSessionId: string, overrides: EventOverrides = {}) {
  return JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    type: overrides.type ?? 'checkout.session.completed',
    data: {
      object: {
        id: overrides.stripeId ?? stripeIds.get(checkoutSessionId) ?? 'cs_test_unknown',
        object: 'checkout.session',
        mode: 'payment',
        client_reference_id: checkoutSessionId,
        metadata: { checkoutSessionId },
        payment_status: overrides.paymentStatus ?? 'paid',
        status: 'complete',
        amount_total: overrides.amountTotal ?? 1000,
        currency: overrides.currency ?? 'eur',
        payment_intent: paymentIntentOf(checkoutSessionId),
      },
    },
  });
}

const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret });

const deliver = (target: TestServer, payload: string, signature: string | null) =>
  target.app.inject({
    method: 'POST',
    url: '/api/checkout/stripe-webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });

const ownedBy = async (userId: string) =>
  (await server.db.select({ sku: purchases.productSku }).from(purchases).where(eq(purchases.userId, userId)))
    .map((row) => row.sku)
    .sort();

const statusOf = async (id: string) =>
  (await server.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)))[0]?.status;

describe('POST /api/checkout/stripe-webhook', () => {
  it.each([
    ['another Stripe session', { stripeId: 'cs_test_someone_else' }],
    ['a smaller amount', { amountTotal: 1 }],
    ['another currency', { currency: 'ron' }],
  ])('grants nothing for a signed event about %s than the stored session', async (_label, overrides) => {
    const user = await server.signup();
    const id = await insertSession(user.userId);
    const payload = event(id, overrides);
    const response = await deliver(server, payload, sign(payload));
    expect(response.statusCode).toBe(200);
    expect(await statusOf(id)).toBe('open');
    expect(await ownedBy(user.userId)).toEqual([]);
  });

  it('answers 200 and grants nothing for a signed event whose object is null or not an object', async () => {
    for (const object of [null, 'text', 42]) {
      const payload = JSON.stringify({
        id: `evt_${randomBytes(8).toString('hex')}`,
        object: 'event',
        type: 'checkout.session.completed',
        data: { object },
      });
      const response = await deliver(server, payload, sign(payload));
      expect(response.statusCode, response.body).toBe(200);
    }
    for (const body of ['null', '[]', '"x"']) {
      expect((await deliver(server, body, sign(body))).statusCode, body).toBe(200);
    }
    const noData = JSON.stringify({ id: 'evt_x', object: 'event', type: 'checkout.session.completed' });
    expect((await deliver(server, noData, sign(noData))).statusCode).toBeLessThan(500);
  });

  it('grants the products of a paid checkout.session.completed event', async () => {
    const id = await insertSession(buyer.userId);
    const payload = event(id);
    const response = await deliver(server, payload, sign(payload));

    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ received: true });
    expect(await statusOf(id)).toBe('paid');
    expect(await ownedBy(buyer.userId)).toEqual(STANDARD_PRODUCTS);

    // The buyer's next access token carries them.
    const refreshed = await server.request('/api/auth/getJWTtoken', { method: 'POST', cookie: buyer.cookie });
    const { accessToken } = json<{ accessToken: string }>(refreshed);
    expect(JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()).products).toEqual(
      STANDARD_PRODUCTS,
    );
  });

  it('grants once however many times the event is delivered', async () => {
    const user = await server.signup();
    const id = await insertSession(user.userId);
    const payload = event(id);
    const signature = sign(payload);

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => deliver(server, payload, signature)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const rows = await server.db.select().from(purchases).where(eq(purchases.userId, user.userId));
    expect(rows).toHaveLength(STANDARD_PRODUCTS.length);
    expect(rows.every((row) => row.checkoutSessionId === id)).toBe(true);
  });

  it('also grants on checkout.session.async_payment_succeeded', async () => {
    const user = await server.signup();
    const id = await insertSession(user.userId);
    const payload = event(id, { type: 'checkout.session.async_payment_succeeded' });
    expect((await deliver(server, payload, sign(payload))).statusCode).toBe(200);
    expect(await ownedBy(user.userId)).toEqual(STANDARD_PRODUCTS);
  });

  it('acknowledges but grants nothing for an unpaid session or another event type', async () => {
    const user = await server.signup();
    const id = await insertSession(user.userId);
    for (const payload of [
      event(id, { paymentStatus: 'unpaid' }),
      event(id, { type: 'checkout.session.expired', paymentStatus: 'unpaid' }),
      event(id, { type: 'payment_intent.succeeded' }),
    ]) {
      const response = await deliver(server, payload, sign(payload));
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ received: true });
    }
    expect(await ownedBy(user.userId)).toEqual([]);
    expect(await statusOf(id)).toBe('open');
  });

  it('acknowledges an event for an unknown checkout session without granting anything', async () => {
    const payload = event('cs_stripe_unknown');
    const response = await deliver(server, payload, sign(payload));
    expect(response.statusCode).toBe(200);
  });

  it('issues a credit note for each refund Stripe reports, once, and takes the products back when all is refunded', async () => {
    const user = await server.signup();
    const id = await insertSession(user.userId);
    const paid = event(id);
    await deliver(server, paid, sign(paid));
    const refundEvent = (amountRefunded: number, paymentIntent = paymentIntentOf(id)) =>
      JSON.stringify({
        id: `evt_${randomBytes(8).toString('hex')}`,
        object: 'event',
        type: 'charge.refunded',
        data: {
          object: {
            id: `ch_${randomBytes(6).toString('hex')}`,
            object: 'charge',
            payment_intent: paymentIntent,
            amount: 1000,
            amount_refunded: amountRefunded,
            currency: 'eur',
          },
        },
      });
    const totals = async () =>
      json<{ invoices: { kind: string; totalCents: number }[] }>(
        await server.request('/api/invoices', { token: user.accessToken }),
      ).invoices.map((invoice) => `${invoice.kind} ${invoice.totalCents}`);

    // A refund of a payment not recorded (yet): Stripe is asked to send it again later.
    const elsewhere = refundEvent(1000, 'pi_someone_else');
    expect((await deliver(server, elsewhere, sign(elsewhere))).statusCode).toBe(503);
    expect(await totals()).toEqual(['invoice 1000']);
    // Noise where the payment intent's id should be is no id: acknowledged, nothing done.
    for (const noise of ['pi_\u0000', `pi_${'x'.repeat(9000)}`]) {
      const odd = refundEvent(1000, noise);
      expect((await deliver(server, odd, sign(odd))).statusCode).toBe(200);
    }
    expect(await totals()).toEqual(['invoice 1000']);

    const partial = refundEvent(300);
    await deliver(server, partial, sign(partial));
    await deliver(server, partial, sign(partial));
    expect(await totals()).toEqual(['creditNote -300', 'invoice 1000']);
    expect(await statusOf(id)).toBe('paid');
    expect(await ownedBy(user.userId)).toEqual(STANDARD_PRODUCTS);

    const rest = refundEvent(1000);
    await deliver(server, rest, sign(rest));
    expect(await totals()).toEqual(['creditNote -700', 'creditNote -300', 'invoice 1000']);
    expect(await statusOf(id)).toBe('refunded');
    expect(await ownedBy(user.userId)).toEqual([]);
  });

  it('takes the website offline when charge.refunded takes it back, keeps the draft and says so in the mail (R3-04)', async () => {
    const user = await server.signup({ language: 'ro' });
    const id = await insertSession(user.userId, {
      offerSku: 'PREMIUM_PACKAGE',
      planSku: 'PREMIUM_PACKAGE_ONE_TIME',
      productSkus: [...STANDARD_PRODUCTS, 'PROFESSIONAL_PROMOTIONAL_WEBSITE'],
    });
    const paid = event(id);
    expect((await deliver(server, paid, sign(paid))).statusCode).toBe(200);
    const content = completeContent({ email: 'site-stripe@example.test' });
    const saved = await server.request('/api/website/draft', { token: user.accessToken, body: { content } });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await server.request('/api/website/publish', {
      token: user.accessToken,
      body: { slug: 'brutaria-stripe' },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect((await server.request('/sites/brutaria-stripe')).statusCode).toBe(200);

    const refund = JSON.stringify({
      id: `evt_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: {
          id: `ch_${randomBytes(6).toString('hex')}`,
          object: 'charge',
          payment_intent: paymentIntentOf(id),
          amount: 1000,
          amount_refunded: 1000,
          currency: 'eur',
        },
      },
    });
    expect((await deliver(server, refund, sign(refund))).statusCode).toBe(200);
    await server.app.mailQueue.drain();

    expect((await server.request('/sites/brutaria-stripe')).statusCode).toBe(404);
    const website = json<{ published: unknown; slug: string; content: unknown; canPublish: boolean }>(
      await server.request('/api/website', { token: user.accessToken }),
    );
    expect(website).toMatchObject({ published: null, slug: 'brutaria-stripe', canPublish: false, content });
    const mail = server.mail.to(user.email).at(-1);
    expect(mail?.subject).toMatch(/^Rambursare/);
    expect(mail?.text).toContain('http://kreo.test/sites/brutaria-stripe a fost scos offline');
    expect(mail?.text).toContain('păstrat ca ciornă');
  });

  it('refuses a bad signature (400) and grants nothing', async () => {
    const user = await server.signup();
    const id = await insertSession(user.userId);
    const payload = event(id);

    const wrongSecret = await deliver(server, payload, sign(payload, 'whsec_other'));
    expect(wrongSecret.statusCode).toBe(400);
    expect(json(wrongSecret).message).toBe('The webhook signature does not match');

    // Signed, then changed on the way.
    const tampered = await deliver(server, payload.replace('"paid"', '"paid" '), sign(payload));
    expect(tampered.statusCode).toBe(400);

    const garbage = await deliver(server, payload, 't=1,v1=deadbeef');
    expect(garbage.statusCode).toBe(400);

    expect(await ownedBy(user.userId)).toEqual([]);
    expect(await statusOf(id)).toBe('open');
  });

  it('refuses a request without the Stripe-Signature header (400)', async () => {
    const user = await server.signup();
    const id = await insertSession(user.userId);
    const response = await deliver(server, event(id), null);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('headers/stripe-signature is required');
    expect(await ownedBy(user.userId)).toEqual([]);
  });

  it('refuses a signed body that is not JSON (400), and never crashes on odd JSON', async () => {
    for (const payload of ['', 'not json', '{"id": "evt_1",']) {
      const response = await deliver(server, payload, sign(payload));
      expect(response.statusCode, payload).toBe(400);
    }
    for (const payload of ['[]', '{}']) {
      const response = await deliver(server, payload, sign(payload));
      expect(response.statusCode, payload).toBeLessThan(500);
    }
  });
});

describe('without the stripe provider', () => {
  let local: TestServer;

  beforeAll(async () => {
    local = await startTestServer({
      seed: true,
      // The local payment pages, and a provider that cannot open a page (an outage).
      paymentProvider: {
        name: 'local',
        createPaymentPage: () => Promise.reject(new Error('provider down')),
        refund: () => Promise.reject(new Error('provider down')),
      },
    });
  }, 120_000);
  afterAll(() => local?.close());

  it('answers 404 to the webhook', async () => {
    const payload = event('cs_local_whatever');
    const response = await deliver(local, payload, sign(payload));
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('Stripe is not the configured payment provider');
  });

  it('answers 502 with an error when the provider cannot open a payment page', async () => {
    const user = await local.signup();
    const response = await local.request('/api/checkout/create-session', {
      token: user.accessToken,
      body: orderBody({ offerSku: 'STANDARD_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' }),
    });
    expect(response.statusCode).toBe(502);
    const body = json<{ message: string; error: string }>(response);
    expect(body.error).toBe('The payment provider is unavailable, please try again later');
    expect(body.message).toBe(body.error);
  });
});

describe('a withdrawal paid through Stripe', () => {
  let withStripe: TestServer;
  let stripeApi: Server;
  /** What our server asked Stripe's API: the refunds it created, with their idempotency keys. */
  const refundsAsked: { body: URLSearchParams; idempotencyKey: string | undefined }[] = [];
  const failedOnce = new Set<string>();

  beforeAll(async () => {
    // A stand-in for Stripe's API: POST /v1/refunds answers a refund object.
    stripeApi = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.method === 'POST' && request.url === '/v1/refunds') {
          const form = new URLSearchParams(body);
          // Stripe down once for this payment: the refund must be tried again later.
          if (form.get('payment_intent') === 'pi_fail_once' && !failedOnce.has('pi_fail_once')) {
            failedOnce.add('pi_fail_once');
            response.writeHead(500, { 'content-type': 'application/json' });
            response.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is down' } }));
            return;
          }
          refundsAsked.push({
            body: form,
            idempotencyKey: request.headers['idempotency-key'] as string | undefined,
          });
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({
              id: 're_test',
              object: 'refund',
              amount: Number(form.get('amount')),
              status: 'succeeded',
            }),
          );
          return;
        }
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'not here' } }));
      });
    });
    await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
    const { port } = stripeApi.address() as AddressInfo;
    withStripe = await startTestServer({
      payments: { provider: 'stripe', secretKey: 'sk_test_x', webhookSecret: WEBHOOK_SECRET },
      paymentProvider: createStripeProvider('sk_test_x', {
        host: '127.0.0.1',
        port,
        protocol: 'http',
        maxNetworkRetries: 0,
      }),
    });
  }, 120_000);
  afterAll(async () => {
    await withStripe?.close();
    await new Promise((resolve) => stripeApi?.close(resolve));
  });

  it('refunds through Stripe once, and the charge.refunded event that follows credits nothing twice', async () => {
    const user = await withStripe.signup();
    const id = `cs_stripe_${randomBytes(12).toString('base64url')}`;
    await withStripe.db.insert(checkoutSessions).values({
      id,
      userId: user.userId,
      offerSku: 'STANDARD_PACKAGE',
      planSku: 'STANDARD_PACKAGE_ONE_TIME',
      productSkus: STANDARD_PRODUCTS,
      amountCents: 1000,
      currency: 'EUR',
      provider: 'stripe',
      providerSessionId: 'cs_test_withdrawal',
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const paid = JSON.stringify({
      id: 'evt_paid',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_withdrawal',
          object: 'checkout.session',
          metadata: { checkoutSessionId: id },
          payment_status: 'paid',
          amount_total: 1000,
          currency: 'eur',
          payment_intent: 'pi_withdrawal',
        },
      },
    });
    expect((await deliver(withStripe, paid, sign(paid))).statusCode).toBe(200);

    // No consent recorded for this order: everything is refunded.
    const withdrawn = await withStripe.request(`/api/orders/${id}/withdrawal`, {
      method: 'POST',
      token: user.accessToken,
      body: { name: 'Camille Dupont' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(refundsAsked).toHaveLength(1);
    expect(refundsAsked[0]?.body.get('payment_intent')).toBe('pi_withdrawal');
    expect(refundsAsked[0]?.body.get('amount')).toBe('1000');
    expect(refundsAsked[0]?.idempotencyKey).toBe(`withdrawal-${id}`);
    const [row] = await withStripe.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(row?.withdrawal?.refund).toBe('done');
    expect(await withStripe.db.select().from(purchases).where(eq(purchases.userId, user.userId))).toEqual([]);

    // Stripe then reports the refund it made: already recorded, no second credit note.
    const refunded = JSON.stringify({
      id: 'evt_refunded',
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: {
          id: 'ch_withdrawal',
          object: 'charge',
          payment_intent: 'pi_withdrawal',
          amount: 1000,
          amount_refunded: 1000,
          currency: 'eur',
        },
      },
    });
    expect((await deliver(withStripe, refunded, sign(refunded))).statusCode).toBe(200);
    const kinds = json<{ invoices: { kind: string; totalCents: number }[] }>(
      await withStripe.request('/api/invoices', { token: user.accessToken }),
    ).invoices.map((invoice) => `${invoice.kind} ${invoice.totalCents}`);
    expect(kinds).toEqual(['creditNote -1000', 'invoice 1000']);
  });

  it('records the declaration when Stripe cannot refund, and refunds when it is tried again', async () => {
    const user = await withStripe.signup();
    const id = `cs_stripe_${randomBytes(12).toString('base64url')}`;
    await withStripe.db.insert(checkoutSessions).values({
      id,
      userId: user.userId,
      offerSku: 'STANDARD_PACKAGE',
      planSku: 'STANDARD_PACKAGE_ONE_TIME',
      productSkus: STANDARD_PRODUCTS,
      amountCents: 1000,
      currency: 'EUR',
      provider: 'stripe',
      status: 'paid',
      providerPaymentId: 'pi_fail_once',
      completedAt: new Date(),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const response = await withStripe.request(`/api/orders/${id}/withdrawal`, {
      method: 'POST',
      token: user.accessToken,
      body: { name: 'Camille Dupont' },
    });
    // The declaration counts from now, whatever the provider does (L. 221-24: the refund follows).
    expect(response.statusCode, response.body).toBe(200);
    const recorded = async () =>
      (await withStripe.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)))[0];
    expect((await recorded())?.withdrawal).toMatchObject({ refund: 'pending', refundCents: 1000 });
    expect(await withStripe.db.select().from(purchases).where(eq(purchases.userId, user.userId))).toEqual([]);
    const asked = refundsAsked.length;
    expect(await withStripe.app.orders.retryPendingRefunds()).toBe(1);
    expect(refundsAsked).toHaveLength(asked + 1);
    expect(refundsAsked.at(-1)?.idempotencyKey).toBe(`withdrawal-${id}`);
    expect((await recorded())?.withdrawal).toMatchObject({ refund: 'done' });
    expect(await withStripe.app.orders.retryPendingRefunds()).toBe(0);
  });
});
