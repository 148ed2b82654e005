/**
 * A sale that keeps consumer law (issue 34): the consent box before paying, stored with the order;
 * the order confirmation with the consent, the terms attached and the withdrawal link; the
 * withdrawal function and what it refunds; the VAT of the buyer's country past the OSS threshold,
 * with lei for a Romanian buyer; upgrades at the difference.
 */
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import stepsFile from '../../schemas/wizard/steps.json';
import {
  checkoutSessions,
  exchangeRates,
  invoiceCounters,
  invoices,
  purchases,
} from '../../server/db/schema';
import { salesTermsVersion } from '../../server/services/legal/sales-terms-pdf';
import { completeCompanyFile } from '../fixtures/company-file';
import { pdfText } from './document-text';
import { buyLocally, json, orderBody, startTestServer, type SignedUpUser, type TestServer } from './harness';
import { completeContent } from './website-fixtures';

const STARTER = { offerSku: 'STARTER_PACKAGE', planSku: 'STARTER_PACKAGE_ONE_TIME' };
const STANDARD = { offerSku: 'STANDARD_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' };
const PREMIUM = { offerSku: 'PREMIUM_PACKAGE', planSku: 'PREMIUM_PACKAGE_ONE_TIME' };
const ROMANIA = {
  name: 'Ana Popescu',
  address: 'Strada Lungă 7',
  postalCode: '500001',
  city: 'Brașov',
  country: 'RO',
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server?.close());

interface Order {
  id: string;
  amountCents: number;
  refundedCents: number;
  consentAt: string | null;
  documentsProvided: boolean;
  withdrawal: {
    state: string;
    until: string;
    refundCents: number;
    revokedProductSkus: string[];
    websiteDaysUsed?: number;
    withdrawnAt: string | null;
  };
}

const get = (user: SignedUpUser, url: string) => server.request(url, { token: user.accessToken });
const post = (user: SignedUpUser, url: string, body: unknown) =>
  server.request(url, { method: 'POST', token: user.accessToken, body });
const ordersOf = async (user: SignedUpUser) =>
  json<{ orders: Order[]; plans: { offerSku: string; dueCents: number; owned: boolean }[] }>(
    await get(user, '/api/orders'),
  );
const owned = async (user: SignedUpUser) =>
  (
    await server.db
      .select({ sku: purchases.productSku })
      .from(purchases)
      .where(eq(purchases.userId, user.userId))
  )
    .map((row) => row.sku)
    .sort();

/** Pays, then sends the mail the payment queued (the confirmation that puts the consent in force). */
async function buy(user: SignedUpUser, offer = STANDARD, options: Parameters<typeof orderBody>[1] = {}) {
  const id = await buyLocally(server, user, offer, options);
  await server.app.mailQueue.drain();
  return id;
}

async function submitFile(user: SignedUpUser) {
  const response = await server.request('/api/company-file/submit', {
    body: { data: completeCompanyFile(1, '2026-01-15', 'FR-SAS'), version: stepsFile.version },
    token: user.accessToken,
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('the consent before paying', () => {
  it('refuses a payment without the consent box, with stale terms or for a country without VAT rule', async () => {
    const user = await server.signup();
    const body = orderBody(STANDARD);
    const refused = async (changed: Record<string, unknown>) => {
      const response = await post(user, '/api/checkout/create-session', { ...body, ...changed });
      expect(response.statusCode, response.body).toBe(400);
      return json<{ code?: string; message: string }>(response).code;
    };
    expect(await refused({ consent: { ...body.consent, immediateAccess: false } })).toBe('CONSENT_REQUIRED');
    expect(await refused({ consent: { ...body.consent, termsVersion: '2020-01-01' } })).toBe('TERMS_CHANGED');
    expect(await refused({ billing: { ...body.billing, country: 'US' } })).toBe('COUNTRY_NOT_SERVED');
    // The summary showed another amount than is due now.
    expect(await refused({ expectedDueCents: 900 })).toBe('PRICE_CHANGED');
    // A NUL in the quote's query is refused by the contract, never reaching the database.
    const quote = await get(
      user,
      '/api/checkout/quote?offerSku=STANDARD%00&planSku=STANDARD_PACKAGE_ONE_TIME',
    );
    expect(quote.statusCode).toBe(400);
    // Without a consent at all, the contract refuses the body.
    const { consent: _consent, ...withoutConsent } = body;
    expect((await post(user, '/api/checkout/create-session', withoutConsent)).statusCode).toBe(400);
    expect(
      await server.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, user.userId)),
    ).toEqual([]);
  });

  it('stores the consent with the order: its time, the words shown in their language, the terms version', async () => {
    const user = await server.signup({ language: 'ro' });
    const before = Date.now();
    const id = await buy(user, PREMIUM, { language: 'ro', billing: ROMANIA });
    const [row] = await server.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(row?.consent?.language).toBe('ro');
    expect(row?.consent?.termsVersion).toBe(salesTermsVersion());
    expect(new Date(row?.consent?.at ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The Romanian words of the box, with the website's sentence of a Premium order.
    const ro = JSON.parse(readFileSync('locales/ro/checkout.json', 'utf8')) as {
      consent: Record<string, string>;
    };
    expect(row?.consent?.text).toBe(`${ro.consent.documents} ${ro.consent.website}`);
    expect(row?.billing).toEqual(ROMANIA);
    expect(row?.parts).toEqual([
      expect.objectContaining({ kind: 'documents', cents: 1000 }),
      expect.objectContaining({ kind: 'website', cents: 4000, termDays: 365 }),
    ]);
  });

  it('confirms the order by mail: price with VAT, the consent, the withdrawal link and its date, the terms attached', async () => {
    const user = await server.signup({ language: 'fr' });
    const id = await buy(user, STANDARD);
    const mail = server.mail.to(user.email).find((message) => message.subject.startsWith('Paiement reçu'));
    expect(
      mail,
      server.mail
        .to(user.email)
        .map((message) => message.subject)
        .join('\n'),
    ).toBeDefined();
    const text = (mail?.text ?? '').replace(/[\u202f\u00a0]/g, ' ');
    expect(text).toContain('1,67 €');
    expect(text).toContain('20 %');
    expect(text).toContain('Je demande l’accès immédiat');
    expect(text).toContain(`http://kreo.test/orders/${id}/withdraw`);
    expect(text).toContain('Renoncer au contrat ici');
    expect(text).toMatch(/jusqu’au \d{1,2} \p{L}+ 20\d\d/u);
    const names = (mail?.attachments ?? []).map((attachment) => attachment.filename);
    expect(names).toHaveLength(2);
    const terms = mail?.attachments?.find((attachment) => !/facture/i.test(attachment.filename));
    expect(terms?.contentType).toBe('application/pdf');
    const { text: termsText } = await pdfText(Buffer.from(terms?.content as Uint8Array));
    expect(termsText).toContain('Renoncer au contrat ici');
  });
});

describe('the withdrawal function', () => {
  it('refunds in full an order without consent (before the consent box), locks the documents, mails the acknowledgement', async () => {
    const user = await server.signup({ language: 'en', firstname: 'Sam', lastname: 'Taylor' });
    const id = await buy(user, STANDARD);
    await submitFile(user);
    // An order of the time before the box: no consent was ever given.
    await server.db.update(checkoutSessions).set({ consent: null }).where(eq(checkoutSessions.id, id));
    const [order] = (await ordersOf(user)).orders;
    expect(order?.withdrawal.state).toBe('open');
    expect(order?.withdrawal.refundCents).toBe(1000);
    expect(await owned(user)).toContain('LEGAL_STATUSES');

    const response = await post(user, `/api/orders/${id}/withdrawal`, { name: 'Sam Taylor' });
    expect(response.statusCode, response.body).toBe(200);
    const withdrawal = json<{
      refundCents: number;
      creditNoteNumber: string | null;
      acknowledgementTo: string;
    }>(response);
    expect(withdrawal.refundCents).toBe(1000);
    expect(withdrawal.creditNoteNumber).toMatch(/^TEST-KR-\d{6}$/);
    expect(withdrawal.acknowledgementTo).toBe(user.email);
    // The documents are locked again.
    expect(await owned(user)).toEqual([]);
    expect((await get(user, '/api/documents/LEGAL_STATUSES?format=pdf')).statusCode).toBe(403);

    await server.app.mailQueue.drain();
    const acknowledgement = server.mail.to(user.email).find((mail) => mail.subject.includes('withdrawal'));
    expect(acknowledgement?.subject).toBe('Acknowledgement of your withdrawal: Standard');
    // The declaration's content, its date and time (with the time zone).
    expect(acknowledgement?.text).toContain('I, Sam Taylor, hereby give notice that I withdraw');
    expect(acknowledgement?.text).toMatch(
      /sent on \d{1,2} \w+ 20\d\d at \d{2}:\d{2}:\d{2} (CET|CEST|GMT\+\d)/,
    );
    expect(acknowledgement?.text).toContain('€10.00');
    expect(acknowledgement?.attachments?.[0]?.filename).toMatch(/credit/i);

    const events = json<{ events: { kind: string }[] }>(await get(user, '/api/company-file/events')).events;
    expect(events.map((event) => event.kind)).toEqual(expect.arrayContaining(['refunded', 'withdrawn']));
    // Once is enough.
    const again = await post(user, `/api/orders/${id}/withdrawal`, { name: 'Sam Taylor' });
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('ALREADY_WITHDRAWN');
  });

  it('with the consent given and the documents provided, refunds only the website part pro rata and unpublishes the site', async () => {
    const user = await server.signup({ language: 'fr' });
    const id = await buy(user, PREMIUM);
    await submitFile(user);
    const saved = await post(user, '/api/website/draft', { content: completeContent() });
    expect(saved.statusCode, saved.body).toBe(200);
    const slug = `retractation-${Date.now()}`;
    expect((await post(user, '/api/website/publish', { slug })).statusCode).toBe(200);
    expect((await server.request(`/sites/${slug}`)).statusCode).toBe(200);

    const [order] = (await ordersOf(user)).orders;
    expect(order?.consentAt).not.toBeNull();
    expect(order?.documentsProvided).toBe(true);
    // One day of the website's 365 is owed: 40 € × 364 / 365.
    expect(order?.withdrawal).toMatchObject({
      state: 'open',
      refundCents: Math.round((4000 * 364) / 365),
      revokedProductSkus: ['PROFESSIONAL_PROMOTIONAL_WEBSITE'],
      websiteDaysUsed: 1,
    });
    const response = await post(user, `/api/orders/${id}/withdrawal`, { name: 'Camille Dupont' });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).refundCents).toBe(3989);
    // The documents stay; the site is offline.
    expect(await owned(user)).toContain('LEGAL_STATUSES');
    expect(await owned(user)).not.toContain('PROFESSIONAL_PROMOTIONAL_WEBSITE');
    expect((await server.request(`/sites/${slug}`)).statusCode).toBe(404);
    const [row] = await server.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(row?.refundedCents).toBe(3989);
    expect(row?.status).toBe('paid');
    const creditNotes = await server.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.checkoutSessionId, id), eq(invoices.kind, 'creditNote')));
    expect(creditNotes.map((note) => note.totalCents)).toEqual([-3989]);
  });

  it('takes the declaration of an order whose documents were provided with consent, and refunds nothing', async () => {
    const user = await server.signup({ language: 'fr' });
    const id = await buy(user, STANDARD);
    await submitFile(user);
    const [order] = (await ordersOf(user)).orders;
    expect(order?.withdrawal).toMatchObject({ state: 'rightLost', refundCents: 0, revokedProductSkus: [] });
    const response = await post(user, `/api/orders/${id}/withdrawal`, {
      name: 'Camille Dupont',
      email: 'autre@kreo.test',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toMatchObject({
      refundCents: 0,
      creditNoteNumber: null,
      acknowledgementTo: 'autre@kreo.test',
    });
    expect(await owned(user)).toContain('LEGAL_STATUSES');
    await server.app.mailQueue.drain();
    // The address given gets it, and the account a copy.
    expect(server.mail.to(user.email).at(-1)?.subject).toContain('rétractation');
    const acknowledgement = server.mail.to('autre@kreo.test').at(-1);
    expect(acknowledgement?.text).toContain('Aucune somme ne vous est due');
    expect(acknowledgement?.text).toContain('L. 221-28');
  });

  it('refunds in full while the consent is not confirmed by mail or the documents not provided', async () => {
    const user = await server.signup();
    // Paid, confirmation mail not sent yet (not drained), file not submitted.
    const id = await buyLocally(server, user, STANDARD);
    const [order] = (await ordersOf(user)).orders;
    expect(order?.withdrawal).toMatchObject({ state: 'open', refundCents: 1000 });
    await server.app.mailQueue.drain();
    // Mail sent, but nothing provided yet: still everything back.
    expect((await ordersOf(user)).orders[0]?.withdrawal.refundCents).toBe(1000);
    expect((await post(user, `/api/orders/${id}/withdrawal`, { name: 'C. Dupont' })).statusCode).toBe(200);
    expect(await owned(user)).toEqual([]);
  });

  it('refuses a withdrawal after the 14 days, saying when they ended', async () => {
    const user = await server.signup({ language: 'fr' });
    const id = await buy(user, STANDARD);
    await server.db
      .update(checkoutSessions)
      .set({ completedAt: new Date(Date.UTC(2026, 0, 5, 10)) })
      .where(eq(checkoutSessions.id, id));
    const [order] = (await ordersOf(user)).orders;
    expect(order?.withdrawal.state).toBe('periodOver');
    // 5 January + 14 days = Monday 19 January, to its last second in Paris.
    expect(order?.withdrawal.until).toBe('2026-01-19T22:59:59.999Z');
    const response = await post(user, `/api/orders/${id}/withdrawal`, { name: 'Camille Dupont' });
    expect(response.statusCode).toBe(409);
    expect(json(response)).toMatchObject({
      code: 'WITHDRAWAL_PERIOD_OVER',
      message: 'Le délai de rétractation de cette commande a pris fin le 19 janvier 2026.',
    });
    expect(await owned(user)).toContain('LEGAL_STATUSES');
  });

  it('does not refund twice what a later upgrade took as credit, until the upgrade is withdrawn', async () => {
    const user = await server.signup();
    const standardId = await buy(user, STANDARD);
    const premiumId = await buy(user, PREMIUM);
    const orders = async () => (await ordersOf(user)).orders;
    const standard = async () => (await orders()).find((order) => order.id === standardId);
    // Nothing provided yet: everything would come back, less the 10 € Premium took as credit.
    expect((await standard())?.withdrawal).toMatchObject({
      state: 'open',
      refundCents: 0,
      creditUsedCents: 1000,
    });
    const premium = (await orders()).find((order) => order.id === premiumId);
    expect(premium?.withdrawal).toMatchObject({ state: 'open', refundCents: 4000 });
    expect((await post(user, `/api/orders/${premiumId}/withdrawal`, { name: 'C. Dupont' })).statusCode).toBe(
      200,
    );
    // The upgrade withdrawn, the Standard order is whole again.
    expect((await standard())?.withdrawal).toMatchObject({ state: 'open', refundCents: 1000 });
    expect(await owned(user)).toContain('LEGAL_STATUSES');
    expect(await owned(user)).not.toContain('PROFESSIONAL_PROMOTIONAL_WEBSITE');
  });

  it('says an order the seller refunded in full is refunded, not withdrawable', async () => {
    const user = await server.signup();
    const id = await buy(user, STARTER);
    await server.app.inject({ method: 'POST', url: `/checkout/local/${id}/refund` });
    const [order] = (await ordersOf(user)).orders;
    expect(order?.withdrawal.state).toBe('refunded');
    expect((await post(user, `/api/orders/${id}/withdrawal`, { name: 'X' })).statusCode).toBe(409);
  });

  it('answers 404 for an order of another account', async () => {
    const buyer = await server.signup();
    const id = await buy(buyer, STARTER);
    const other = await server.signup();
    expect((await post(other, `/api/orders/${id}/withdrawal`, { name: 'X' })).statusCode).toBe(404);
    expect((await get(other, `/api/orders/${id}`)).statusCode).toBe(404);
    expect((await get(buyer, `/api/orders/${id}`)).statusCode).toBe(200);
  });
});

describe('the VAT of the buyer’s country', () => {
  it('invoices a Romanian buyer at the French rate under the OSS threshold, at Romania’s once it is passed, with lei', async () => {
    await server.db.insert(exchangeRates).values({ currency: 'RON', day: '2026-01-02', rate: '5.0912' });
    const under = await server.signup({ language: 'ro' });
    const quoteUnder = json<{ vat: { rule: string; rateBasisPoints: number } }>(
      await get(
        under,
        '/api/checkout/quote?offerSku=STANDARD_PACKAGE&planSku=STANDARD_PACKAGE_ONE_TIME&country=RO',
      ),
    );
    expect(quoteUnder.vat).toMatchObject({ rule: 'origin', rateBasisPoints: 2000 });

    // This year's sales to other EU countries pass 10 000 € excluding VAT (earlier invoices of the test series).
    const [counter] = await server.db
      .insert(invoiceCounters)
      .values({ seller: 'TEST-KR-', lastNumber: 1 })
      .onConflictDoUpdate({
        target: invoiceCounters.seller,
        set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
      })
      .returning();
    const earlier = await server.signup();
    const earlierId = await buy(earlier, STARTER);
    await server.db.insert(invoices).values({
      seller: 'TEST-KR-',
      sequence: 900_000 + (counter?.lastNumber ?? 0),
      number: `TEST-KR-9${String(counter?.lastNumber ?? 0).padStart(5, '0')}`,
      kind: 'invoice',
      userId: earlier.userId,
      checkoutSessionId: earlierId,
      language: 'ro',
      content: {},
      vatRateBasisPoints: 2000,
      netCents: 1_000_001,
      vatCents: 200_000,
      totalCents: 1_200_001,
      currency: 'EUR',
      buyerCountry: 'RO',
      vatCountry: 'FR',
    });

    const past = await server.signup({ language: 'ro' });
    const quote = json<{
      vat: { rule: string; rateBasisPoints: number; netCents: number; vatCents: number };
    }>(
      await get(
        past,
        '/api/checkout/quote?offerSku=STANDARD_PACKAGE&planSku=STANDARD_PACKAGE_ONE_TIME&country=RO',
      ),
    );
    expect(quote.vat).toEqual({
      country: 'RO',
      rule: 'destination',
      rateBasisPoints: 2100,
      netCents: 826,
      vatCents: 174,
    });
    // A French buyer keeps the French rate.
    const french = json<{ vat: { rule: string; rateBasisPoints: number } }>(
      await get(
        past,
        '/api/checkout/quote?offerSku=STANDARD_PACKAGE&planSku=STANDARD_PACKAGE_ONE_TIME&country=FR',
      ),
    );
    expect(french.vat).toMatchObject({ rule: 'origin', rateBasisPoints: 2000 });

    const id = await buy(past, STANDARD, { language: 'ro', billing: ROMANIA });
    const [invoice] = await server.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.checkoutSessionId, id), eq(invoices.kind, 'invoice')));
    expect(invoice).toMatchObject({
      vatRateBasisPoints: 2100,
      netCents: 826,
      vatCents: 174,
      buyerCountry: 'RO',
      vatCountry: 'RO',
    });
    const pdf = await get(past, `/api/invoices/${invoice?.id}`);
    const { text } = await pdfText(pdf.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('21 %');
    expect(flat).toContain('România');
    // 8,26 € × 5,0912 = 42,05 lei; 1,74 € → 8,86 lei; 10 € → 50,91 lei.
    expect(flat).toMatch(/1 EUR = 5,0912 RON/);
    expect(flat).toMatch(/42,05\sRON|42,05\slei/);
    expect(flat).toMatch(/50,91\sRON|50,91\slei/);
    expect(flat).toContain('OSS');
  });
});

describe('upgrades', () => {
  it('prices Standard at the difference after Essential, marks the plan owned and invoices the credit', async () => {
    const user = await server.signup({ language: 'en' });
    const starterId = await buy(user, STARTER);
    const { plans } = await ordersOf(user);
    expect(plans.find((plan) => plan.offerSku === 'STARTER_PACKAGE')).toMatchObject({ owned: true });
    expect(plans.find((plan) => plan.offerSku === 'STANDARD_PACKAGE')).toMatchObject({
      owned: false,
      dueCents: 900,
    });
    expect(plans.find((plan) => plan.offerSku === 'PREMIUM_PACKAGE')).toMatchObject({
      owned: false,
      dueCents: 4900,
    });

    // Essential again is refused: it is owned.
    const again = await post(user, '/api/checkout/create-session', orderBody(STARTER));
    expect(again.statusCode).toBe(400);
    expect(json(again).code).toBe('ALREADY_OWNED');

    const id = await buy(user, STANDARD, { language: 'en' });
    const [row] = await server.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(row).toMatchObject({ amountCents: 900, listPriceCents: 1000 });
    expect(row?.credit?.orders.map((order) => order.id)).toEqual([starterId]);
    const [invoice] = await server.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.checkoutSessionId, id), eq(invoices.kind, 'invoice')));
    expect(invoice?.totalCents).toBe(900);
    const { text } = await pdfText((await get(user, `/api/invoices/${invoice?.id}`)).rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('€10.00 including VAT, less €1.00 already paid');
    expect(flat).toContain('€9.00');
    expect((await ordersOf(user)).plans.find((plan) => plan.offerSku === 'STANDARD_PACKAGE')?.owned).toBe(
      true,
    );
  });
});
