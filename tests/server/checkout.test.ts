import { readVatRules } from '../../server/services/sales/vat';
/** Checkout with the local provider: createCheckoutSession, the hosted payment page, and fulfilment. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, purchases } from '../../server/db/schema';
import { createCheckoutService } from '../../server/services/payments/checkout';
import { createLocalProvider } from '../../server/services/payments/local-provider';
import {
  PUBLIC_URL,
  claimsOf,
  htmlText,
  json,
  startTestServer,
  type SignedUpUser,
  type TestServer,
  orderBody,
} from './harness';

const STANDARD = { offerSku: 'STANDARD_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' };
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
const GOOD_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/40',
  cvc: '123',
  cardholder: 'Camille Dupont',
};

let server: TestServer;
/** A French-speaking buyer. */
let buyer: SignedUpUser;

beforeAll(async () => {
  server = await startTestServer();
  buyer = await server.signup({ language: 'fr' });
}, 120_000);
afterAll(() => server?.close());

/** create-session with the consent and billing the order page adds to what `body` says. */
const createSession = (token: string | undefined, body: unknown) =>
  server.request('/api/checkout/create-session', {
    body:
      typeof body === 'object' && body !== null
        ? { ...orderBody({ offerSku: '', planSku: '' }), offerSku: undefined, planSku: undefined, ...body }
        : body,
    ...(token ? { token } : {}),
  });

/** Opens a session and answers its id. */
async function openSession(user: SignedUpUser, body: unknown = STANDARD) {
  const response = await createSession(user.accessToken, body);
  expect(response.statusCode).toBe(200);
  const { url } = json<{ url: string }>(response);
  const match = /^http:\/\/kreo\.test\/checkout\/local\/([\w-]+)$/.exec(url);
  expect(match, url).not.toBeNull();
  return match?.[1] ?? '';
}

const page = (id: string, headers: Record<string, string> = {}) =>
  server.request(`/checkout/local/${id}`, { headers });
const pay = (id: string, form: Record<string, string>) =>
  server.app.inject({
    method: 'POST',
    url: `/checkout/local/${id}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
const cancel = (id: string) =>
  server.app.inject({
    method: 'POST',
    url: `/checkout/local/${id}/cancel`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

const ownedBy = async (userId: string) =>
  (
    await server.db
      .select({ sku: purchases.productSku, sessionId: purchases.checkoutSessionId })
      .from(purchases)
      .where(eq(purchases.userId, userId))
  ).sort((a, b) => a.sku.localeCompare(b.sku));

const statusOf = async (id: string) =>
  (await server.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)))[0]?.status;

const productsInNewToken = async (user: SignedUpUser) => {
  const response = await server.request('/api/auth/getJWTtoken', { method: 'POST', cookie: user.cookie });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((candidate) => candidate.name === 'refresh_token')?.value;
  if (cookie) user.cookie = cookie;
  return claimsOf(json<{ accessToken: string }>(response).accessToken).products;
};

describe('POST /api/checkout/create-session', () => {
  it('answers 401 without a token', async () => {
    const response = await createSession(undefined, STANDARD);
    expect(response.statusCode).toBe(401);
    expect(typeof json(response).message).toBe('string');
  });

  it.each([
    [{ offerSku: 'STANDARD_PACKAGE', planSku: 'PREMIUM_PACKAGE_ONE_TIME' }],
    [{ offerSku: 'GOLD_PACKAGE', planSku: 'GOLD_PACKAGE_ONE_TIME' }],
    [{ offerSku: 'PREMIUM_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' }],
  ])('refuses an offer and plan that do not go together (%j) with 400 and an error', async (body) => {
    const response = await createSession(buyer.accessToken, body);
    expect(response.statusCode).toBe(400);
    const answer = json<{ message: string; error: string }>(response);
    expect(answer.error).toBe(`No plan ${body.planSku} for offer ${body.offerSku}`);
    expect(answer.message).toBe(answer.error);
  });

  it.each([
    [{ offerSku: 'STANDARD_PACKAGE' }, /^body\/planSku is required$/],
    [{ ...STANDARD, quantity: 2 }, /^body\/quantity is not an allowed field$/],
    [{ offerSku: '', planSku: 'STANDARD_PACKAGE_ONE_TIME' }, /^body\/offerSku /],
    [{ offerSku: 5, planSku: 'STANDARD_PACKAGE_ONE_TIME' }, /^body\/offerSku /],
  ])('refuses the invalid body %j with 400', async (body, message) => {
    const response = await createSession(buyer.accessToken, body);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(message);
  });

  // Regression guard (this once failed): a NUL character in a sku passes the contract and reaches PostgreSQL in findPlan, which
  // refuses it; the catch-all in handlers/checkout.ts then reports the database error as
  // "The payment provider is unavailable" (502) — a 4xx was due, and the provider was never called.
  it('refuses a NUL character in a sku with a 4xx, not a provider error', async () => {
    const response = await createSession(buyer.accessToken, {
      offerSku: 'STANDARD_PACKAGE\u0000',
      planSku: 'STANDARD_PACKAGE_ONE_TIME',
    });
    expect(response.statusCode).toBeLessThan(500);
  });

  it('opens a session: the URL of the local payment page, the price fixed in the database', async () => {
    const id = await openSession(buyer);
    expect(id).toMatch(/^cs_local_/);
    const [row] = await server.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(row).toMatchObject({
      userId: buyer.userId,
      offerSku: 'STANDARD_PACKAGE',
      planSku: 'STANDARD_PACKAGE_ONE_TIME',
      amountCents: 1000,
      currency: 'EUR',
      provider: 'local',
      status: 'open',
    });
    expect([...(row?.productSkus ?? [])].sort()).toEqual(STANDARD_PRODUCTS);
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('the local payment page', () => {
  it('shows the order in the buyer language, with the amount and a card form', async () => {
    const id = await openSession(buyer);
    const response = await page(id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("form-action 'self'");
    const text = htmlText(response.body);
    expect(text).toContain('<html lang="fr"');
    expect(text).toContain('Paiement sécurisé');
    expect(text).toContain('Offre Standard');
    expect(text).toContain('10,00 €');
    expect(text).toContain(`<form class="card" method="post" action="/checkout/local/${id}/pay"`);
    for (const field of ['cardNumber', 'expiry', 'cvc', 'cardholder']) {
      expect(text).toContain(`name="${field}"`);
    }
    expect(text).toContain(`action="/checkout/local/${id}/cancel"`);
  });

  it('speaks English to an English-speaking buyer', async () => {
    const english = await server.signup({ language: 'en' });
    const response = await page(await openSession(english));
    const text = htmlText(response.body);
    expect(text).toContain('<html lang="en"');
    expect(text).toContain('Secure payment');
    expect(text).toContain('Standard package');
    expect(text).toContain('€10.00');
  });

  it('refuses a card number failing the Luhn check (422) and grants nothing', async () => {
    const user = await server.signup();
    const id = await openSession(user);
    const response = await pay(id, { ...GOOD_CARD, cardNumber: '4242 4242 4242 4241' });
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const text = htmlText(response.body);
    expect(text).toContain("Ce numéro de carte n'est pas valide.");
    expect(text).toContain('id="cardNumber" name="cardNumber"');
    expect(text).toMatch(/id="cardNumber"[^>]*aria-invalid="true"/);
    // What the buyer typed (except the card) is kept.
    expect(text).toContain('value="Camille Dupont"');
    expect(text).toContain('value="12/40"');
    expect(await ownedBy(user.userId)).toEqual([]);
    expect(await statusOf(id)).toBe('open');
  });

  it('names every wrong field at once', async () => {
    const id = await openSession(buyer);
    const response = await pay(id, { cardNumber: '', expiry: '13/20', cvc: '12', cardholder: 'C' });
    expect(response.statusCode).toBe(422);
    const text = htmlText(response.body);
    for (const message of [
      "Ce numéro de carte n'est pas valide.",
      "La date d'expiration n'est pas valide ou est dépassée.",
      'Le cryptogramme doit comporter 3 ou 4 chiffres.',
      'Indiquez le nom du titulaire de la carte.',
    ]) {
      expect(text).toContain(message);
    }
  });

  it('escapes what it echoes back', async () => {
    const id = await openSession(buyer);
    const response = await pay(id, {
      ...GOOD_CARD,
      cardNumber: '1',
      cardholder: '"><script>alert(1)</script>',
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).not.toContain('<script>alert(1)</script>');
    expect(response.body).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('shows the decline of the declined test card (402) and grants nothing', async () => {
    const user = await server.signup();
    const id = await openSession(user);
    const response = await pay(id, { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' });
    expect(response.statusCode).toBe(402);
    const text = htmlText(response.body);
    expect(text).toContain("Le paiement n'a pas abouti");
    expect(text).toContain(
      "Votre carte a été refusée. Aucun montant n'a été débité : essayez une autre carte.",
    );
    expect(await ownedBy(user.userId)).toEqual([]);
    expect(await statusOf(id)).toBe('open');
    expect(await productsInNewToken(user)).toEqual([]);
  });

  it('takes the payment, redirects to /success and grants the four products, once', async () => {
    const user = await server.signup();
    const id = await openSession(user);

    const response = await pay(id, GOOD_CARD);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/success?session_id=${id}`);
    expect(await statusOf(id)).toBe('paid');
    expect(await productsInNewToken(user)).toEqual(STANDARD_PRODUCTS);

    // Paying the same session again: back to the success page, nothing granted twice.
    const again = await pay(id, GOOD_CARD);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`${PUBLIC_URL}/success?session_id=${id}`);
    const owned = await ownedBy(user.userId);
    expect(owned.map((row) => row.sku)).toEqual(STANDARD_PRODUCTS);
    expect(new Set(owned.map((row) => row.sessionId))).toEqual(new Set([id]));

    // The page of a paid session sends to the success page too.
    const paidPage = await page(id);
    expect(paidPage.statusCode).toBe(303);
    expect(paidPage.headers.location).toBe(`${PUBLIC_URL}/success?session_id=${id}`);
  });

  it('grants each product once when offers overlap', async () => {
    const user = await server.signup();
    expect((await pay(await openSession(user), GOOD_CARD)).statusCode).toBe(303);
    const premium = await openSession(user, {
      offerSku: 'PREMIUM_PACKAGE',
      planSku: 'PREMIUM_PACKAGE_ONE_TIME',
    });
    expect((await pay(premium, GOOD_CARD)).statusCode).toBe(303);

    const owned = await ownedBy(user.userId);
    expect(owned.map((row) => row.sku)).toEqual(
      [...STANDARD_PRODUCTS, 'PROFESSIONAL_PROMOTIONAL_WEBSITE'].sort(),
    );
    expect(owned.find((row) => row.sku === 'PROFESSIONAL_PROMOTIONAL_WEBSITE')?.sessionId).toBe(premium);
    expect(await productsInNewToken(user)).toHaveLength(10);
  });

  it('cancels an open session: redirect to /cancel, then the page says it has ended (410)', async () => {
    const user = await server.signup();
    const id = await openSession(user);
    const response = await cancel(id);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/cancel`);
    expect(await statusOf(id)).toBe('canceled');

    const ended = await page(id);
    expect(ended.statusCode).toBe(410);
    expect(ended.headers['content-type']).toMatch(/^text\/html/);
    const text = htmlText(ended.body);
    expect(text).toContain('Cette session de paiement est terminée');
    expect(text).toContain('href="http://kreo.test/plans"');

    // A canceled session cannot be paid.
    const paid = await pay(id, GOOD_CARD);
    expect(paid.statusCode).toBe(410);
    expect(await ownedBy(user.userId)).toEqual([]);
  });

  it('does not cancel a paid session', async () => {
    const user = await server.signup();
    const id = await openSession(user);
    await pay(id, GOOD_CARD);
    const response = await cancel(id);
    expect(response.statusCode).toBe(303);
    expect(await statusOf(id)).toBe('paid');
    expect(await ownedBy(user.userId)).toHaveLength(9);
  });

  it('says an expired session has ended (410) and does not take the payment', async () => {
    const user = await server.signup();
    const id = await openSession(user);
    await server.db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.userId, user.userId)));
    expect((await page(id)).statusCode).toBe(410);
    expect((await pay(id, GOOD_CARD)).statusCode).toBe(410);
    expect(await ownedBy(user.userId)).toEqual([]);
  });

  it('answers 404 HTML for an unknown session, in the browser language', async () => {
    const response = await page('cs_local_doesnotexist');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(htmlText(response.body)).toContain('Page de paiement introuvable');

    const english = await page('cs_local_doesnotexist', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(htmlText(english.body)).toContain('Payment page not found');
    expect((await pay('cs_local_doesnotexist', GOOD_CARD)).statusCode).toBe(404);
  });
});

describe('CheckoutService.fulfil', () => {
  it('grants the products exactly once when called ten times at once', async () => {
    const checkout = createCheckoutService({
      db: server.db,
      provider: createLocalProvider(PUBLIC_URL),
      publicUrl: PUBLIC_URL,
      sales: { rules: readVatRules(), invoicePrefix: 'KR-' },
    });
    const user = await server.signup();
    const opened = await checkout.createSession(user.userId, orderBody(STANDARD));
    if (!('url' in opened)) throw new Error(opened.error);
    const id = opened.url.split('/').at(-1) ?? '';

    const results = await Promise.all(Array.from({ length: 10 }, () => checkout.fulfil(id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await ownedBy(user.userId)).map((row) => row.sku)).toEqual(STANDARD_PRODUCTS);
    expect(await statusOf(id)).toBe('paid');
    expect(await checkout.fulfil(id)).toBe(false);
  });

  it('answers false for an unknown session', async () => {
    const checkout = createCheckoutService({
      db: server.db,
      provider: createLocalProvider(PUBLIC_URL),
      publicUrl: PUBLIC_URL,
      sales: { rules: readVatRules(), invoicePrefix: 'KR-' },
    });
    expect(await checkout.fulfil('cs_local_unknown')).toBe(false);
  });
});
