/**
 * What a plan costs an account now: its price, the credit of the account's earlier orders (an
 * upgrade costs the difference), the VAT of the billing country. Shared by the quote the order
 * summary shows and by the checkout that charges it, so both say the same.
 */
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { checkoutSessions, invoices, type OrderVat } from '../../db/schema';
import { decideVat, splitVat, type VatRules } from './vat';
import { upgradeCredit } from './order-terms';

/**
 * The invoices' numbering series of a provider: one gapless sequence per series, the configured
 * prefix for real payments and its own TEST- series for the local test provider's (no money is
 * received: they must not use up, nor appear in, the seller's real numbering).
 */
export const seriesOf = (provider: string, prefix: string) =>
  provider === 'local' ? `TEST-${prefix}` : prefix;

/** The account's paid orders, oldest first, with what each kept (paid less refunded) and its invoice. */
export async function keptOrders(executor: Database | Transaction, userId: string) {
  const rows = await executor
    .select({
      id: checkoutSessions.id,
      amountCents: checkoutSessions.amountCents,
      refundedCents: checkoutSessions.refundedCents,
      completedAt: checkoutSessions.completedAt,
      invoiceNumber: invoices.number,
    })
    .from(checkoutSessions)
    .leftJoin(
      invoices,
      and(eq(invoices.checkoutSessionId, checkoutSessions.id), eq(invoices.kind, 'invoice')),
    )
    .where(and(eq(checkoutSessions.userId, userId), inArray(checkoutSessions.status, ['paid', 'refunded'])))
    .orderBy(checkoutSessions.completedAt);
  return rows.map((row) => ({
    id: row.id,
    invoiceNumber: row.invoiceNumber ?? null,
    keptCents: row.amountCents - row.refundedCents,
  }));
}

/** The seller's sales to consumers in other countries, excluding VAT, this year and the last (Paris years). */
export async function crossBorderSales(
  executor: Database | Transaction,
  series: string,
  sellerCountry: string,
  now = new Date(),
): Promise<{ currentYearNetCents: number; previousYearNetCents: number }> {
  const year = Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric' }).format(now),
  );
  const rows = await executor
    .select({
      year: sql<number>`extract(year from ${invoices.issuedAt} at time zone 'Europe/Paris')::int`,
      net: sql<number>`coalesce(sum(${invoices.netCents}), 0)::int`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.seller, series),
        isNotNull(invoices.buyerCountry),
        ne(invoices.buyerCountry, sellerCountry),
        sql`extract(year from ${invoices.issuedAt} at time zone 'Europe/Paris') >= ${year - 1}`,
      ),
    )
    .groupBy(sql`1`);
  const of = (y: number) => Number(rows.find((row) => Number(row.year) === y)?.net ?? 0);
  return { currentYearNetCents: of(year), previousYearNetCents: of(year - 1) };
}

export interface PricedOrder {
  priceCents: number;
  creditCents: number;
  dueCents: number;
  owned: boolean;
  credit: { cents: number; orders: { id: string; invoiceNumber: string | null; cents: number }[] };
  vat: OrderVat;
  netCents: number;
  vatCents: number;
}

export async function priceOrder(
  executor: Database | Transaction,
  input: {
    userId: string;
    priceCents: number;
    country: string;
    rules: VatRules;
    series: string;
  },
): Promise<PricedOrder> {
  const earlier = await keptOrders(executor, input.userId);
  const { creditCents, dueCents, owned, orders } = upgradeCredit(input.priceCents, earlier);
  const vat = decideVat(
    input.rules,
    input.country,
    dueCents,
    await crossBorderSales(executor, input.series, input.rules.sellerCountry),
  );
  const { netCents, vatCents } = splitVat(dueCents, vat.rateBasisPoints);
  return {
    priceCents: input.priceCents,
    creditCents,
    dueCents,
    owned,
    credit: { cents: creditCents, orders },
    vat,
    netCents,
    vatCents,
  };
}
