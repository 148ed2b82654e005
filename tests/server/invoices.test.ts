/**
 * After paying: invoices (gapless numbers, the PDF's required fields in each language), the
 * receipt with the invoice attached, the timeline, credit notes after a refund, the "documents
 * ready" mail, and the one draft reminder with its working unsubscribe link.
 */
import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, companyFiles, invoices, purchases, users } from '../../server/db/schema';
import { createInvoiceService, splitVat } from '../../server/services/invoices/invoice-service';
import stepsFile from '../../schemas/wizard/steps.json';
import { completeCompanyFile } from '../fixtures/company-file';
import { pdfText } from './document-text';
import {
  buyLocally,
  htmlText,
  json,
  openCheckout,
  payLocalCheckout,
  SIGNING_KEY,
  startTestServer,
  type SignedUpUser,
  type TestServer,
} from './harness';

const STANDARD = { offerSku: 'STANDARD_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server?.close());

const openSession = (user: SignedUpUser, offer = STANDARD) => openCheckout(server, user, offer);
const payPage = (id: string) => payLocalCheckout(server, id);

async function buy(user: SignedUpUser, offer = STANDARD): Promise<string> {
  const id = await buyLocally(server, user, offer);
  await server.app.mailQueue.drain();
  return id;
}

async function submit(user: SignedUpUser, data: Record<string, unknown>) {
  // In the version of the wizard the app is built with (absent, the server reads version 1).
  const response = await server.request('/api/company-file/submit', {
    body: { data, version: stepsFile.version },
    token: user.accessToken,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function saveDraft(user: SignedUpUser, data: Record<string, unknown>) {
  const response = await server.request('/api/company-file/draft', {
    body: { data, step: 0, baseRevision: 0, version: stepsFile.version },
    token: user.accessToken,
  });
  expect(response.statusCode, response.body).toBe(200);
}

interface Summary {
  status: string;
  amountCents: number;
  invoice: { id: string; number: string; kind: string; totalCents: number } | null;
}
interface Timeline {
  jurisdiction: string | null;
  events: { kind: string; step?: string; doneOn?: string; invoiceNumber?: string; offerSku?: string }[];
}
const timelineOf = async (user: SignedUpUser) =>
  json<Timeline>(await server.request('/api/company-file/events', { token: user.accessToken }));
const invoicesOf = async (user: SignedUpUser) =>
  json<{
    invoices: {
      id: string;
      number: string;
      kind: string;
      totalCents: number;
      creditedInvoiceNumber?: string;
    }[];
  }>(await server.request('/api/invoices', { token: user.accessToken })).invoices;

describe('a payment', () => {
  it('issues an invoice, mails the receipt with the invoice attached, and moves the timeline', async () => {
    const user = await server.signup({ language: 'fr', firstname: 'Camille', lastname: 'Dupont' });
    await saveDraft(user, { jurisdiction: 'FR', legalForm: 'SAS', companyName: 'Boulangerie Dupont' });
    const id = await buy(user);

    const summary = json<Summary>(
      await server.request(`/api/checkout/sessions/${id}`, { token: user.accessToken }),
    );
    expect(summary.status).toBe('paid');
    // The local provider's payments are test payments: their own series, marked as such.
    expect(summary.invoice?.number).toMatch(/^TEST-KR-\d{6}$/);
    expect(summary.invoice?.totalCents).toBe(summary.amountCents);

    const receipt = server.mail
      .to(user.email)
      .find((mail) => mail.subject.includes(summary.invoice?.number ?? '?'));
    expect(
      receipt,
      server.mail
        .to(user.email)
        .map((mail) => mail.subject)
        .join('\n'),
    ).toBeDefined();
    expect(receipt?.subject).toContain('Paiement reçu');
    expect(receipt?.text).toContain('http://kreo.test/dashboard');
    const attachment = receipt?.attachments?.[0];
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.filename).toBe(`facture-${summary.invoice?.number}.pdf`);
    const attached = (await pdfText(attachment?.content ?? Buffer.alloc(0))).text;
    expect(attached).toContain(summary.invoice?.number);
    expect(attached).toContain('Facture (test)');
    expect(attached).toContain('aucune somme n’a été encaissée');
    // No e-mail address on an invoice kept ten years.
    expect(attached).not.toContain(user.email);

    const kinds = (await timelineOf(user)).events.map((event) => event.kind);
    expect(kinds).toEqual(['draftStarted', 'paid']);
    const paid = (await timelineOf(user)).events[1];
    expect(paid?.invoiceNumber).toBe(summary.invoice?.number);
    expect(paid?.offerSku).toBe('STANDARD_PACKAGE');

    // Someone else's payment is nobody's business.
    const other = await server.signup();
    expect(
      (await server.request(`/api/checkout/sessions/${id}`, { token: other.accessToken })).statusCode,
    ).toBe(404);
    expect(
      (await server.request(`/api/invoices/${summary.invoice?.id}`, { token: other.accessToken })).statusCode,
    ).toBe(404);
  });

  it.each(['fr', 'en', 'ro'] as const)(
    'gives an invoice PDF that holds every required field (%s)',
    async (language) => {
      const user = await server.signup({ language, firstname: 'Ana', lastname: 'Popescu' });
      // The buyer as the billing address of the order names them (here in Romania, under the OSS
      // threshold: French VAT).
      const file = completeCompanyFile(2, '2026-01-15', 'RO-SRL');
      const [founder, ...others] = file.persons as Record<string, unknown>[];
      await submit(user, {
        ...file,
        persons: [
          { ...founder, firstNames: 'Ana', lastName: 'Popescu', address: 'Strada Lungă 7, Brașov' },
          ...others,
        ],
      });
      await buyLocally(server, user, STANDARD, {
        billing: {
          name: 'Ana Popescu',
          address: 'Strada Lungă 7',
          postalCode: '500001',
          city: 'Brașov',
          country: 'RO',
        },
      });
      const [invoice] = await invoicesOf(user);
      const response = await server.request(`/api/invoices/${invoice?.id}`, { token: user.accessToken });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['cache-control']).toBe('no-store');
      const { text } = await pdfText(response.rawPayload);
      const flat = text.replace(/\s+/g, ' ');
      const title = { fr: 'Facture', en: 'Invoice', ro: 'Factură' }[language];
      const { netCents, vatCents } = splitVat(invoice?.totalCents ?? 0, 2000);
      const money = (cents: number) =>
        new Intl.NumberFormat({ fr: 'fr-FR', en: 'en-GB', ro: 'ro-RO' }[language], {
          style: 'currency',
          currency: 'EUR',
          currencyDisplay: 'narrowSymbol',
        })
          .format(cents / 100)
          .replace(/\s/g, ' ');
      const expected = [
        title,
        invoice?.number ?? '?',
        // The seller (the examples of the configuration, marked as such), the buyer.
        'Kreo SAS',
        'RCS Paris 000 000 000',
        'FR00000000000',
        '1 rue de l’Exemple, 75001 Paris, France',
        { fr: '(exemple)', en: '(example)', ro: '(exemplu)' }[language],
        'Ana Popescu',
        'Strada Lungă 7, 500001 Brașov',
        // The dates, the line, the VAT rate and the three totals.
        { fr: 'Date d’émission', en: 'Date of issue', ro: 'Data emiterii' }[language],
        { fr: 'Date de la vente', en: 'Date of sale', ro: 'Data vânzării' }[language],
        'Standard',
        // A two-associate SRL's deed by its name, never "statut(e)s" (Legea nr. 31/1990, art. 5).
        {
          fr: 'Acte constitutif de la société (act constitutiv)',
          en: 'Articles of association (act constitutiv)',
          ro: 'Actul constitutiv al societății',
        }[language],
        { fr: '20 %', en: '20%', ro: '20 %' }[language],
        money(netCents),
        money(vatCents),
        money(invoice?.totalCents ?? 0),
        { fr: 'Total TTC', en: 'Total incl. VAT', ro: 'Total cu TVA' }[language],
      ];
      for (const field of expected) expect(flat, field).toContain(field);
      expect(flat).not.toMatch(/statut|statutes/i);
    },
  );

  it('numbers invoices with no gap under 50 concurrent payments, and a rolled-back one gives its number back', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => server.signup()));
    const ids = await Promise.all(
      Array.from({ length: 50 }, (_, index) => openSession(users[index % users.length] as SignedUpUser)),
    );
    const paid = await Promise.all(ids.map((id) => payPage(id)));
    expect(paid.map((response) => response.statusCode)).toEqual(ids.map(() => 303));

    // A payment whose transaction fails after taking a number (here: on purpose) leaves no hole.
    const service = createInvoiceService({
      db: server.db,
      site: server.config.site,
      invoicing: { prefix: 'KR-', vatRateBasisPoints: 2000 },
    });
    const [session] = await server.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, ids[0] ?? ''));
    await expect(
      server.db.transaction(async (tx) => {
        await service.issueInvoice(tx, session as typeof checkoutSessions.$inferSelect);
        throw new Error('the payment failed after its invoice');
      }),
    ).rejects.toThrow('the payment failed');
    // A new buyer (the first ones own Standard already: they could not buy it twice).
    await buy(await server.signup());

    const rows = await server.db
      .select({ sequence: invoices.sequence, number: invoices.number, issuedAt: invoices.issuedAt })
      .from(invoices)
      .where(eq(invoices.seller, 'TEST-KR-'))
      .orderBy(invoices.sequence);
    // Dates follow numbers (taken under the counter's lock).
    const dates = rows.map((row) => row.issuedAt.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    const sequences = rows.map((row) => row.sequence);
    expect(sequences).toEqual(sequences.map((_, index) => index + 1));
    expect(new Set(rows.map((row) => row.number)).size).toBe(rows.length);
    // Each of the 50 sessions has exactly one invoice.
    const perSession = await server.db
      .select({ id: invoices.checkoutSessionId, count: sql<number>`count(*)::int` })
      .from(invoices)
      .where(sql`${invoices.checkoutSessionId} in ${ids}`)
      .groupBy(invoices.checkoutSessionId);
    expect(perSession).toHaveLength(50);
    expect(perSession.every((row) => row.count === 1)).toBe(true);
  }, 120_000);
});

describe('a refund', () => {
  it('issues a credit note for the invoice, takes the products back and shows on the timeline', async () => {
    const user = await server.signup({ language: 'en' });
    const id = await buy(user);
    const page = await server.request(`/checkout/local/${id}/refund`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Refund');
    const refunded = await server.app.inject({
      method: 'POST',
      url: `/checkout/local/${id}/refund`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.body).toContain('credit note was issued');

    const [creditNote, invoice] = await invoicesOf(user);
    expect(invoice?.kind).toBe('invoice');
    expect(creditNote?.kind).toBe('creditNote');
    expect(creditNote?.totalCents).toBe(-(invoice?.totalCents ?? 0));
    expect(creditNote?.creditedInvoiceNumber).toBe(invoice?.number);
    const pdf = await server.request(`/api/invoices/${creditNote?.id}`, { token: user.accessToken });
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('Credit note');
    expect(text.replace(/\s+/g, ' ')).toContain(`invoice no. ${invoice?.number}`);
    // Its footer names it a credit note (review D), once, and owes no late-payment penalty.
    const footer = text.trim().split('\n').at(-1) ?? '';
    expect(footer).toContain(`Credit note ${creditNote?.number}`);
    expect(footer).not.toContain('Invoice');
    expect(footer.split(creditNote?.number ?? '').length - 1).toBe(1);
    expect(text).not.toContain('fixed recovery fee');

    expect(await server.db.select().from(purchases).where(eq(purchases.userId, user.userId))).toEqual([]);
    const summary = json<Summary>(
      await server.request(`/api/checkout/sessions/${id}`, { token: user.accessToken }),
    );
    expect(summary.status).toBe('refunded');
    const events = (await timelineOf(user)).events;
    expect(events.map((event) => event.kind)).toEqual(['paid', 'refunded']);
    expect(events[1]?.invoiceNumber).toBe(creditNote?.number);

    // Refunding again credits nothing more.
    await server.app.inject({ method: 'POST', url: `/checkout/local/${id}/refund` });
    expect(await invoicesOf(user)).toHaveLength(2);

    // The founder can still delete their account: the order and its invoices stay, without them.
    const deleted = await server.request('/api/user/delete-account', {
      body: { password: user.password },
      token: user.accessToken,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const kept = await server.db.select().from(invoices).where(eq(invoices.checkoutSessionId, id));
    expect(kept).toHaveLength(2);
    expect(kept.every((row) => row.userId === null)).toBe(true);
  });
});

describe('the timeline', () => {
  it('records the submission, documents ready (mailed once) and the steps the founder ticks off', async () => {
    const user = await server.signup({ language: 'ro' });
    await buy(user);
    await submit(user, completeCompanyFile(2, '2026-01-15', 'RO-SRL'));
    await submit(user, completeCompanyFile(2, '2026-01-15', 'RO-SRL'));
    await server.app.mailQueue.drain();
    let timeline = await timelineOf(user);
    expect(timeline.jurisdiction).toBe('RO');
    expect(timeline.events.map((event) => event.kind)).toEqual([
      'paid',
      'draftStarted',
      'submitted',
      'documentsReady',
    ]);
    const ready = server.mail
      .to(user.email)
      .filter((mail) => mail.subject === 'Documentele juridice sunt gata');
    expect(ready).toHaveLength(1);
    expect(ready[0]?.text).toContain('http://kreo.test/documents');

    const mark = (step: string, doneOn: unknown) =>
      server.request(`/api/company-file/steps/${step}`, {
        method: 'PUT',
        body: { doneOn },
        token: user.accessToken,
      });
    expect((await mark('capitalDeposit', '2026-11-20')).statusCode).toBe(200);
    expect((await mark('capitalDeposit', '2026-11-21')).statusCode).toBe(200);
    timeline = await timelineOf(user);
    const steps = timeline.events.filter((event) => event.kind === 'stepDone');
    expect(steps).toEqual([expect.objectContaining({ step: 'capitalDeposit', doneOn: '2026-11-21' })]);

    const future = await mark('capitalDeposit', '2999-01-01');
    expect(future.statusCode).toBe(422);
    expect(json<{ code: string }>(future).code).toBe('STEP_DATE_OUT_OF_RANGE');
    expect((await mark('capitalDeposit', '2026-02-30')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await mark('kbisReceived', '2026-11-20')).statusCode).toBe(404);
    expect((await mark('capital-deposit', '2026-11-20')).statusCode).toBe(400);
    expect((await mark('capitalDeposit', 'yesterday')).statusCode).toBe(400);

    const unmarked = await server.request('/api/company-file/steps/capitalDeposit', {
      method: 'DELETE',
      token: user.accessToken,
    });
    expect(unmarked.statusCode).toBe(200);
    expect(json<Timeline>(unmarked).events.some((event) => event.kind === 'stepDone')).toBe(false);
  });
});

describe('the draft reminder', () => {
  const ageDraft = (user: SignedUpUser, days: number) =>
    server.db
      .update(companyFiles)
      .set({ updatedAt: new Date(Date.now() - days * 24 * 3600 * 1000) })
      .where(eq(companyFiles.userId, user.userId));
  const remindersTo = (user: SignedUpUser) =>
    server.mail.to(user.email).filter((mail) => mail.subject.includes('vous attend'));

  it('is sent once for a draft left three days, and never after unsubscribing', async () => {
    const user = await server.signup({ language: 'fr' });
    await saveDraft(user, { jurisdiction: 'FR', legalForm: 'SAS', companyName: 'Atelier Lune' });
    await ageDraft(user, 2);
    await server.app.journey.remindDrafts();
    await server.app.mailQueue.drain();
    expect(remindersTo(user)).toHaveLength(0);

    await ageDraft(user, 4);
    await server.app.journey.remindDrafts();
    await server.app.journey.remindDrafts();
    await server.app.mailQueue.drain();
    const reminders = remindersTo(user);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.text).toContain('Atelier Lune');
    expect(reminders[0]?.text).toContain('http://kreo.test/ai-powered-form');
    const link = reminders[0]?.unsubscribeUrl ?? '';
    expect(reminders[0]?.text).toContain(link);
    const path = `${new URL(link).pathname}${new URL(link).search}`;

    // A mail client may post its one-click unsubscribe as multipart: accepted (the token is what counts).
    const multipart = await server.app.inject({
      method: 'POST',
      url: `/unsubscribe${new URL(link).search}x`,
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
    });
    expect(multipart.statusCode).toBe(404);
    // Opening the link changes nothing (mail scanners open links); the button does.
    const confirm = await server.request(path);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Ne plus recevoir de rappel');
    // A mail client's one-click unsubscribe (RFC 8058).
    const stopped = await server.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.body).toContain('vous ne recevrez plus de rappel');

    // Even were the file to look never reminded, an unsubscribed founder gets nothing.
    await server.db
      .update(companyFiles)
      .set({ reminderSentAt: null })
      .where(eq(companyFiles.userId, user.userId));
    await server.app.journey.remindDrafts();
    await server.app.mailQueue.drain();
    expect(remindersTo(user)).toHaveLength(1);

    // A forged or mangled link is refused, in words.
    const forged = await server.request(`${path.slice(0, -3)}abc`);
    expect(forged.statusCode).toBe(404);
    expect((await server.request('/unsubscribe?token=%00')).statusCode).toBe(404);
    expect((await server.request('/unsubscribe')).statusCode).toBe(404);
  });

  it('has an unsubscribe link that works for a year, not for ever (R3-I2)', async () => {
    const user = await server.signup({ language: 'ro' });
    // The link's own key (server/services/company-journey/journey.ts): derived from the signing key.
    const key = createHmac('sha256', SIGNING_KEY).update('kreo:unsubscribe-links').digest();
    const link = (claims: { iat: number; exp?: number }) => {
      const token = new SignJWT({ purpose: 'stop-draft-reminders' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.userId)
        .setIssuedAt(claims.iat);
      return (claims.exp === undefined ? token : token.setExpirationTime(claims.exp)).sign(key);
    };
    const now = Math.floor(Date.now() / 1000);
    const day = 86_400;
    const fresh = await server.request(
      `/unsubscribe?token=${await link({ iat: now - day, exp: now + 364 * day })}`,
    );
    expect(fresh.statusCode).toBe(200);
    // Past its expiry; and a link mailed before links had one, more than a year ago (the review's case).
    for (const old of [
      await link({ iat: now - 366 * day, exp: now - day }),
      await link({ iat: now - 5 * 365 * day }),
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await server.app.inject({ method, url: `/unsubscribe?token=${old}` });
        expect(response.statusCode).toBe(410);
        expect(htmlText(response.body)).toContain('mai mult de un an');
      }
    }
    const [row] = await server.db
      .select({ stopped: users.remindersStoppedAt })
      .from(users)
      .where(eq(users.id, user.userId));
    expect(row?.stopped).toBeNull();
  });

  it('is not sent for a submitted file', async () => {
    const user = await server.signup({ language: 'fr' });
    await submit(user, completeCompanyFile());
    await ageDraft(user, 10);
    await server.app.journey.remindDrafts();
    await server.app.mailQueue.drain();
    expect(remindersTo(user)).toHaveLength(0);
    const [file] = await server.db
      .select({ reminded: companyFiles.reminderSentAt })
      .from(companyFiles)
      .where(and(eq(companyFiles.userId, user.userId)));
    expect(file?.reminded).toBeNull();
  });
});
