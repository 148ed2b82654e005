/**
 * Invoices and credit notes. An invoice is issued in the transaction that records a payment, a
 * credit note in the one that records a refund; both take the seller's next number from
 * invoice_counters in that transaction (a row lock: concurrent payments queue on it for the
 * instant of the increment), so a rolled-back payment gives its number back and the sequence has
 * no gap (France: Code général des impôts, annexe II, art. 242 nonies A, I-7°: "un numéro unique
 * basé sur une séquence chronologique et continue"; Romania: Codul fiscal, art. 319 alin. (20) lit. a)).
 *
 * What is printed is copied in when issued (seller, buyer, line, amounts): a later change of
 * configuration, name or address never changes an issued invoice. The PDF is written on demand
 * from that copy, with the legal documents' PDF engine.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { components } from '../../../src/lib/api/schema';
import { documentTitleKey, type TitledCard } from '../../../src/shared/document-title';
import { personName, personsOf } from '../../../src/shared/company-persons';
import { legalFormId } from '../../../src/shared/jurisdictions';
import type { SiteInfo, SiteInfoField } from '../../../src/shared/site-info';
import type { Database, Transaction } from '../../db/database';
import type { checkoutSessions } from '../../db/schema';
import { companyFiles, invoiceCounters, invoices, offers, products, users } from '../../db/schema';
import { isServerLanguage, translator, type ServerLanguage } from '../i18n';
import { convertCents, latestRate } from '../sales/exchange-rates';
import { seriesOf } from '../sales/pricing';
import { readVatRules, splitVat } from '../sales/vat';
import { renderInvoicePdf, type InvoiceToRender } from './invoice-pdf';

export type InvoiceSummary = components['schemas']['InvoiceSummary'];
type InvoiceRow = typeof invoices.$inferSelect;
type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

export interface Invoicing {
  prefix: string;
  vatRateBasisPoints: number;
}

/** What an invoice prints, copied in when it is issued. */
export interface InvoiceContent {
  seller: {
    name: string;
    legalForm: string;
    capital: string;
    address: string;
    registration: string;
    vat: string;
    /** The fields still holding example values (marked on the PDF). */
    examples: string[];
  };
  /** Name and address only: an invoice is kept ten years, the e-mail address is no mandatory mention. */
  buyer: { name: string; address: string | null };
  line: { offerSku: string; offer: string; products: string[] };
  /** When the sale was paid (invoice) or refunded (credit note). */
  paidAt: string;
  /** Whose VAT: the seller's country's (origin) or the buyer's EU country's through the OSS (destination). */
  vat?: { country: string; rule: 'origin' | 'destination' };
  /** An upgrade: the plan's price, less what earlier orders paid (their invoices). */
  credit?: { listPriceCents: number; cents: number; invoiceNumbers: string[] };
  /**
   * The amounts in the buyer's country's currency when it is not the euro, at the latest ECB rate
   * published when the VAT became chargeable (Directive 2006/112/EC, art. 91(2)): for information.
   */
  converted?: {
    currency: string;
    rate: string;
    day: string;
    netCents: number;
    vatCents: number;
    totalCents: number;
  };
  credited?: { number: string; issuedAt: string };
  /** A payment of the local test provider: no money was received, the PDF says so. */
  test?: boolean;
}

export { splitVat };

const SELLER_FIELDS: Record<keyof Omit<InvoiceContent['seller'], 'examples'>, SiteInfoField> = {
  name: 'publisherName',
  legalForm: 'publisherLegalForm',
  capital: 'publisherCapital',
  address: 'publisherAddress',
  registration: 'publisherRegistration',
  vat: 'publisherVat',
};

export class InvoiceNotFoundError extends Error {}

/** A billing address as an invoice prints it: street, postal code and city, country (in the invoice's language). */
export function billingAddressLines(
  billing: { address: string; postalCode: string; city: string; country: string },
  language: ServerLanguage,
): string {
  const country =
    new Intl.DisplayNames([language], { type: 'region' }).of(billing.country) ?? billing.country;
  return `${billing.address}, ${billing.postalCode} ${billing.city}, ${country}`;
}

// The documents' names by legal form (an SRL's act constitutiv, a sole associate's statut), as the
// documents page and the dashboard show them: the catalog's names are the same for every form.
const documentCards = (
  JSON.parse(
    readFileSync(fileURLToPath(new URL('../../../schemas/documents.json', import.meta.url)), 'utf8'),
  ) as { cards: (TitledCard & { sku: string })[] }
).cards;

export function createInvoiceService(deps: {
  db: Database;
  site: SiteInfo;
  invoicing: Invoicing;
  /**
   * Writes the PDF: the server's worker threads; the caller's thread when absent (scripts, tests).
   * `owner`: the account that asked for it; none when the server writes it (a mail's attachment).
   */
  renderPdf?: (invoice: InvoiceToRender, owner?: string) => Promise<{ filename: string; body: Uint8Array }>;
}) {
  const { db, site, invoicing, renderPdf = renderInvoicePdf } = deps;
  // Each billing country's currency (an invoice to a Romanian buyer also shows lei).
  const countries = readVatRules().countries;

  async function conversion(
    tx: Transaction,
    country: string | null,
    amounts: { netCents: number; vatCents: number; totalCents: number },
    at: Date,
    rate?: { rate: string; day: string },
  ): Promise<InvoiceContent['converted']> {
    const currency = country ? countries[country]?.currency : undefined;
    if (!currency || currency === 'EUR') return undefined;
    const published = rate ?? (await latestRate(tx, currency, at));
    if (!published) return undefined;
    return {
      currency,
      rate: published.rate,
      day: published.day,
      netCents: convertCents(amounts.netCents, published.rate),
      vatCents: convertCents(amounts.vatCents, published.rate),
      totalCents: convertCents(amounts.totalCents, published.rate),
    };
  }

  const seller = (): InvoiceContent['seller'] => ({
    name: site.values.publisherName,
    legalForm: site.values.publisherLegalForm,
    capital: site.values.publisherCapital,
    address: site.values.publisherAddress,
    registration: site.values.publisherRegistration,
    vat: site.values.publisherVat,
    examples: Object.entries(SELLER_FIELDS)
      .filter(([, field]) => site.examples.includes(field))
      .map(([key]) => key),
  });

  async function nextNumber(tx: Transaction, series: string): Promise<{ sequence: number; number: string }> {
    const [counter] = await tx
      .insert(invoiceCounters)
      .values({ seller: series, lastNumber: 1 })
      .onConflictDoUpdate({
        target: invoiceCounters.seller,
        set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
      })
      .returning({ lastNumber: invoiceCounters.lastNumber });
    if (!counter) throw new Error('The invoice counter returned no number');
    return {
      sequence: counter.lastNumber,
      number: `${series}${String(counter.lastNumber).padStart(6, '0')}`,
    };
  }

  /** The buyer as their company file names them (the founder), else as their account does. */
  async function buyerOf(
    tx: Transaction,
    userId: string | null,
  ): Promise<{
    buyer: InvoiceContent['buyer'];
    language: ServerLanguage;
    /** The file's legal form (`RO-SRL`), which names some documents; null before it is chosen. */
    legalForm: string | null;
  }> {
    if (!userId) return { buyer: { name: '', address: null }, language: 'fr', legalForm: null };
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    const [file] = await tx
      .select({ data: companyFiles.data, submitted: companyFiles.submittedData })
      .from(companyFiles)
      .where(eq(companyFiles.userId, userId));
    const data = file?.submitted ?? file?.data ?? {};
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
    const accountName = user ? `${user.firstname} ${user.lastname}`.trim() : '';
    // The founder is the file's first person (version 3); a file stored before names them at the top.
    const founder = personsOf(data)[0];
    return {
      buyer: {
        name: (text(founder ? personName(founder) : undefined) ?? text(data.fullName) ?? accountName).slice(
          0,
          200,
        ),
        address: (text(founder?.address) ?? text(data.address))?.slice(0, 400) ?? null,
      },
      language: user && isServerLanguage(user.language) ? user.language : 'fr',
      legalForm:
        typeof data.jurisdiction === 'string' && typeof data.legalForm === 'string'
          ? legalFormId(data.jurisdiction, data.legalForm)
          : null,
    };
  }

  async function lineOf(
    tx: Transaction,
    session: CheckoutSessionRow,
    language: ServerLanguage,
    legalForm: string | null,
  ) {
    const [offer] = await tx
      .select({ name: offers.name })
      .from(offers)
      .where(eq(offers.sku, session.offerSku));
    const names = await tx.select({ sku: products.sku, name: products.name }).from(products);
    const t = translator(language);
    const productName = (sku: string) => {
      // A document whose name depends on the form is named as the founder's form has it.
      const card = documentCards.find((candidate) => candidate.sku === sku && candidate.titles);
      if (card && legalForm) return t(documentTitleKey(card, legalForm));
      return names.find((product) => product.sku === sku)?.name[language] ?? sku;
    };
    return {
      offerSku: session.offerSku,
      offer: offer?.name[language] ?? session.offerSku,
      products: session.productSkus.map(productName),
    };
  }

  function summaryOf(row: InvoiceRow): InvoiceSummary {
    const content = row.content as unknown as InvoiceContent;
    return {
      id: row.id,
      number: row.number,
      kind: row.kind,
      issuedAt: row.issuedAt.toISOString(),
      totalCents: row.totalCents,
      currency: row.currency,
      offerSku: content.line.offerSku,
      ...(content.credited ? { creditedInvoiceNumber: content.credited.number } : {}),
    };
  }

  return {
    /** Issues the invoice of a session just paid, in the caller's transaction. */
    async issueInvoice(tx: Transaction, session: CheckoutSessionRow): Promise<InvoiceSummary> {
      const { buyer: fileBuyer, language, legalForm } = await buyerOf(tx, session.userId);
      const line = await lineOf(tx, session, language, legalForm);
      // The VAT fixed when the order was opened (its billing country); the seller's rate before it was asked.
      const rateBasisPoints = session.vat?.rateBasisPoints ?? invoicing.vatRateBasisPoints;
      const { netCents, vatCents } = splitVat(session.amountCents, rateBasisPoints);
      const buyer = session.billing
        ? {
            name: session.billing.name.slice(0, 200),
            address: billingAddressLines(session.billing, language).slice(0, 400),
          }
        : fileBuyer;
      const series = seriesOf(session.provider, invoicing.prefix);
      const { sequence, number } = await nextNumber(tx, series);
      const paidAt = session.completedAt ?? new Date();
      const converted = await conversion(
        tx,
        session.billing?.country ?? null,
        { netCents, vatCents, totalCents: session.amountCents },
        paidAt,
      );
      const content: InvoiceContent = {
        seller: seller(),
        buyer,
        line,
        paidAt: paidAt.toISOString(),
        ...(session.vat ? { vat: { country: session.vat.country, rule: session.vat.rule } } : {}),
        ...(session.credit && session.listPriceCents !== null
          ? {
              credit: {
                listPriceCents: session.listPriceCents,
                cents: session.credit.cents,
                invoiceNumbers: session.credit.orders.flatMap((order) =>
                  order.invoiceNumber ? [order.invoiceNumber] : [],
                ),
              },
            }
          : {}),
        ...(converted ? { converted } : {}),
        ...(session.provider === 'local' ? { test: true } : {}),
      };
      const [row] = await tx
        .insert(invoices)
        .values({
          seller: series,
          // Taken after the number, under the counter's lock: dates follow numbers.
          issuedAt: sql`clock_timestamp()`,
          sequence,
          number,
          kind: 'invoice',
          userId: session.userId,
          checkoutSessionId: session.id,
          language,
          content: content as unknown as Record<string, unknown>,
          vatRateBasisPoints: rateBasisPoints,
          netCents,
          vatCents,
          totalCents: session.amountCents,
          currency: session.currency,
          buyerCountry: session.billing?.country ?? null,
          vatCountry: session.vat?.country ?? null,
        })
        .returning();
      if (!row) throw new Error('The invoice was not recorded');
      return summaryOf(row);
    },

    /**
     * Issues a credit note for `amountCents` refunded of a session's invoice, in the caller's
     * transaction, at the invoice's VAT rate; null when the session has no invoice.
     */
    async issueCreditNote(
      tx: Transaction,
      session: CheckoutSessionRow,
      amountCents: number,
    ): Promise<InvoiceSummary | null> {
      const [invoice] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.checkoutSessionId, session.id), eq(invoices.kind, 'invoice')));
      if (!invoice) return null;
      const original = invoice.content as unknown as InvoiceContent;
      const { netCents, vatCents } = splitVat(amountCents, invoice.vatRateBasisPoints);
      const { sequence, number } = await nextNumber(tx, invoice.seller);
      // A credit note converts at its invoice's rate: it cancels part of that very invoice.
      const converted = original.converted
        ? await conversion(
            tx,
            invoice.buyerCountry,
            { netCents: -netCents, vatCents: -vatCents, totalCents: -amountCents },
            new Date(),
            original.converted,
          )
        : undefined;
      const { credit: _credit, converted: _converted, ...kept } = original;
      const content: InvoiceContent = {
        ...kept,
        paidAt: new Date().toISOString(),
        credited: { number: invoice.number, issuedAt: invoice.issuedAt.toISOString() },
        ...(converted ? { converted } : {}),
      };
      const [row] = await tx
        .insert(invoices)
        .values({
          seller: invoice.seller,
          issuedAt: sql`clock_timestamp()`,
          sequence,
          number,
          kind: 'creditNote',
          userId: session.userId,
          checkoutSessionId: session.id,
          creditedInvoiceId: invoice.id,
          language: invoice.language,
          content: content as unknown as Record<string, unknown>,
          vatRateBasisPoints: invoice.vatRateBasisPoints,
          netCents: -netCents,
          vatCents: -vatCents,
          totalCents: -amountCents,
          currency: invoice.currency,
          buyerCountry: invoice.buyerCountry,
          vatCountry: invoice.vatCountry,
        })
        .returning();
      if (!row) throw new Error('The credit note was not recorded');
      return summaryOf(row);
    },

    /** The invoice of a session, if it has one. */
    async invoiceOfSession(sessionId: string): Promise<InvoiceSummary | null> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.checkoutSessionId, sessionId), eq(invoices.kind, 'invoice')));
      return row ? summaryOf(row) : null;
    },

    async list(userId: string): Promise<InvoiceSummary[]> {
      const rows = await db
        .select()
        .from(invoices)
        .where(eq(invoices.userId, userId))
        .orderBy(desc(invoices.issuedAt), desc(invoices.sequence));
      return rows.map(summaryOf);
    },

    /** The PDF of an invoice; `userId`, when given, must own it. */
    async pdf(invoiceId: string, userId?: string): Promise<{ filename: string; body: Buffer }> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(
          userId ? and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)) : eq(invoices.id, invoiceId),
        );
      if (!row) throw new InvoiceNotFoundError('No such invoice');
      const { filename, body } = await renderPdf(
        {
          number: row.number,
          kind: row.kind,
          language: isServerLanguage(row.language) ? row.language : 'fr',
          issuedAt: row.issuedAt,
          content: row.content as unknown as InvoiceContent,
          vatRateBasisPoints: row.vatRateBasisPoints,
          netCents: row.netCents,
          vatCents: row.vatCents,
          totalCents: row.totalCents,
          currency: row.currency,
        },
        userId,
      );
      return { filename, body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) };
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
