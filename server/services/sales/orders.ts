/**
 * The account's orders and the withdrawal function (Directive 2011/83/EU, art. 11a, inserted by
 * Directive (EU) 2023/2673; C. consom. L. 221-21): each order's withdrawal state, what withdrawing
 * refunds and takes back, and the declaration itself, which refunds through the payment provider
 * and records the refund, the credit note, the timeline and the acknowledgement in one transaction.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../../src/lib/api/schema';
import type { Database } from '../../db/database';
import {
  checkoutSessions,
  companyFileEvents,
  companyFiles,
  invoices,
  mailQueue,
  offers,
  users,
  type OrderWithdrawalRecord,
} from '../../db/schema';
import { isServerLanguage, translator } from '../i18n';
import { CHECKOUT_SESSION_ID, type CheckoutService, type CheckoutSessionRow } from '../payments/checkout';
import { listOffers } from '../catalog';
import { keptOrders } from './pricing';
import { upgradeCredit, withdrawalOutcome } from './order-terms';
import { withdrawalPeriodEnd } from './withdrawal-period';

export type Order = components['schemas']['Order'];
export type PlanQuote = components['schemas']['PlanQuote'];

export type WithdrawalRefusalCode = 'WITHDRAWAL_PERIOD_OVER' | 'ALREADY_WITHDRAWN';

export class WithdrawalRefusal extends Error {
  constructor(
    readonly statusCode: 404 | 409 | 502,
    message: string,
    readonly publicCode?: WithdrawalRefusalCode,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const LOCALES: Record<string, string> = { fr: 'fr-FR', en: 'en-GB', ro: 'ro-RO' };

export function createOrderService(deps: {
  db: Database;
  checkout: CheckoutService;
  now?: () => Date;
  log?: { error(object: object, message: string): void };
}) {
  const { db, checkout } = deps;
  const now = () => deps.now?.() ?? new Date();

  /** Whether the documents were made available to the account: its file submitted (and an order paid). */
  async function documentsProvided(userId: string): Promise<boolean> {
    const [file] = await db
      .select({ submittedAt: companyFiles.submittedAt })
      .from(companyFiles)
      .where(eq(companyFiles.userId, userId));
    if (file?.submittedAt) return true;
    const [ready] = await db
      .select({ id: companyFileEvents.id })
      .from(companyFileEvents)
      .where(and(eq(companyFileEvents.userId, userId), eq(companyFileEvents.kind, 'documentsReady')))
      .limit(1);
    return Boolean(ready);
  }

  /** The orders whose confirmation mail (with the consent) was sent: only then is the consent in force. */
  async function confirmedOrders(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: mailQueue.checkoutSessionId })
      .from(mailQueue)
      .where(and(inArray(mailQueue.checkoutSessionId, ids), eq(mailQueue.status, 'sent')));
    return new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
  }

  function toOrder(
    row: CheckoutSessionRow,
    confirmed: boolean,
    creditUsedCents: number,
    offerName: Order['offerName'],
    invoiceNumber: string | null,
    provided: boolean,
    at: Date,
  ): Order {
    const paidAt = row.completedAt ?? row.createdAt;
    const periodEnd = withdrawalPeriodEnd(paidAt);
    const outcome = row.withdrawal
      ? {
          state: 'withdrawn' as const,
          refundCents: row.withdrawal.refundCents,
          revokedProductSkus: row.withdrawal.revokedProductSkus,
        }
      : withdrawalOutcome({
          paidAt,
          periodEnd,
          amountCents: row.amountCents,
          refundedCents: row.refundedCents,
          productSkus: row.productSkus,
          parts: row.parts,
          // The consent takes effect once confirmed on a durable medium (C. consom. L. 221-28 13°,
          // L. 221-13): the order's confirmation mail, sent.
          consentGiven: row.consent !== null && confirmed,
          documentsProvided: provided,
          withdrawn: false,
          now: at,
          creditUsedCents,
        });
    return {
      id: row.id,
      offerSku: row.offerSku,
      offerName,
      amountCents: row.amountCents,
      refundedCents: row.refundedCents,
      currency: row.currency,
      paidAt: paidAt.toISOString(),
      status: row.status === 'refunded' ? 'refunded' : 'paid',
      consentAt: row.consent?.at ?? null,
      invoiceNumber,
      documentsProvided: provided,
      withdrawal: {
        state: outcome.state,
        until: periodEnd.toISOString(),
        refundCents: outcome.refundCents,
        revokedProductSkus: outcome.revokedProductSkus,
        ...('websiteDaysUsed' in outcome && outcome.websiteDaysUsed !== undefined
          ? { websiteDaysUsed: outcome.websiteDaysUsed }
          : {}),
        ...('creditUsedCents' in outcome && outcome.creditUsedCents
          ? { creditUsedCents: outcome.creditUsedCents }
          : {}),
        withdrawnAt: row.withdrawal?.at ?? null,
      },
    };
  }

  async function ordersOf(
    userId: string,
    orderId?: string,
  ): Promise<{ order: Order; row: CheckoutSessionRow }[]> {
    // Our ids are cs_<provider>_<base64url>: anything else (a NUL above all, which PostgreSQL
    // cannot even compare) is no order.
    if (orderId !== undefined && !CHECKOUT_SESSION_ID.test(orderId)) return [];
    const rows = await db
      .select()
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.userId, userId),
          inArray(checkoutSessions.status, ['paid', 'refunded']),
          ...(orderId ? [eq(checkoutSessions.id, orderId)] : []),
        ),
      )
      .orderBy(desc(checkoutSessions.completedAt));
    if (rows.length === 0) return [];
    const names = await db.select({ sku: offers.sku, name: offers.name }).from(offers);
    const numbers = await db
      .select({ sessionId: invoices.checkoutSessionId, number: invoices.number })
      .from(invoices)
      .where(
        and(
          inArray(
            invoices.checkoutSessionId,
            rows.map((row) => row.id),
          ),
          eq(invoices.kind, 'invoice'),
        ),
      );
    const provided = await documentsProvided(userId);
    const confirmed = await confirmedOrders(rows.map((row) => row.id));
    // Upgrades still in force (paid, not withdrawn) and the credit each took of earlier orders.
    const upgrades = await db
      .select({ credit: checkoutSessions.credit })
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.userId, userId),
          eq(checkoutSessions.status, 'paid'),
          sql`${checkoutSessions.withdrawal} is null`,
          sql`${checkoutSessions.credit} is not null`,
        ),
      );
    const creditUsed = (id: string) =>
      upgrades.reduce(
        (sum, upgrade) =>
          sum +
          (upgrade.credit?.orders ?? []).filter((order) => order.id === id).reduce((a, o) => a + o.cents, 0),
        0,
      );
    const at = now();
    return rows.map((row) => ({
      row,
      order: toOrder(
        row,
        confirmed.has(row.id),
        creditUsed(row.id),
        names.find((offer) => offer.sku === row.offerSku)?.name ?? {
          fr: row.offerSku,
          en: row.offerSku,
          ro: row.offerSku,
        },
        numbers.find((invoice) => invoice.sessionId === row.id)?.number ?? null,
        provided,
        at,
      ),
    }));
  }

  /** Sends a recorded withdrawal's refund through the provider; marks it done, or leaves it pending (logged). */
  async function sendRefund(row: Pick<CheckoutSessionRow, 'id' | 'providerPaymentId'>, amountCents: number) {
    try {
      await checkout.provider.refund({
        checkoutSessionId: row.id,
        providerPaymentId: row.providerPaymentId,
        amountCents,
      });
    } catch (error) {
      deps.log?.error(
        { err: error, checkoutSessionId: row.id },
        'A withdrawal refund failed: it will be tried again',
      );
      return false;
    }
    await db
      .update(checkoutSessions)
      .set({ withdrawal: sql`jsonb_set(${checkoutSessions.withdrawal}, '{refund}', '"done"')` })
      .where(eq(checkoutSessions.id, row.id));
    return true;
  }

  return {
    /** Tries again the withdrawal refunds the provider has not made yet; how many went through. */
    async retryPendingRefunds(): Promise<number> {
      const pending = await db
        .select({
          id: checkoutSessions.id,
          providerPaymentId: checkoutSessions.providerPaymentId,
          withdrawal: checkoutSessions.withdrawal,
        })
        .from(checkoutSessions)
        .where(sql`${checkoutSessions.withdrawal}->>'refund' = 'pending'`)
        .limit(50);
      let sent = 0;
      for (const row of pending) {
        if (row.withdrawal && (await sendRefund(row, row.withdrawal.refundCents))) sent += 1;
      }
      return sent;
    },

    async list(userId: string): Promise<{ orders: Order[]; plans: PlanQuote[] }> {
      const orders = (await ordersOf(userId)).map(({ order }) => order);
      const earlier = await keptOrders(db, userId);
      const plans = (await listOffers(db)).flatMap((offer) =>
        offer.plans.slice(0, 1).map((plan) => {
          const priceCents = Math.round(plan.price * 100);
          const credit = upgradeCredit(priceCents, earlier);
          return {
            offerSku: offer.sku,
            planSku: plan.sku,
            priceCents,
            creditCents: credit.creditCents,
            dueCents: credit.dueCents,
            owned: credit.owned,
          };
        }),
      );
      return { orders, plans };
    },

    async get(userId: string, orderId: string): Promise<Order | null> {
      return (await ordersOf(userId, orderId))[0]?.order ?? null;
    },

    /**
     * The withdrawal declaration of `userId` for `orderId`, signed with `name`: refunds what the
     * order's state says, through the provider first (money goes back to the card), then records it.
     */
    async withdraw(
      userId: string,
      orderId: string,
      name: string,
      email?: string,
    ): Promise<components['schemas']['Withdrawal']> {
      const found = (await ordersOf(userId, orderId))[0];
      if (!found) throw new WithdrawalRefusal(404, 'No paid order of this account has this id');
      const { order, row } = found;
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw new WithdrawalRefusal(404, 'No such account');
      const language = isServerLanguage(user.language) ? user.language : 'fr';
      const t = translator(language);
      const state = order.withdrawal.state;
      if (state === 'withdrawn' || state === 'refunded')
        throw new WithdrawalRefusal(
          409,
          t('payment:withdrawal.refused.ALREADY_WITHDRAWN'),
          'ALREADY_WITHDRAWN',
        );
      if (state === 'periodOver') {
        const until = new Intl.DateTimeFormat(LOCALES[language], {
          dateStyle: 'long',
          timeZone: 'Europe/Paris',
        }).format(new Date(order.withdrawal.until));
        throw new WithdrawalRefusal(
          409,
          t('payment:withdrawal.refused.WITHDRAWAL_PERIOD_OVER', { date: until }),
          'WITHDRAWAL_PERIOD_OVER',
        );
      }
      // `rightLost`: the declaration is still received and acknowledged (the function stays usable
      // for the whole period, art. 11a), and refunds nothing.
      const at = now();
      const offerName = order.offerName[language];
      const statement = t('payment:withdrawal.statement', {
        name: name.trim(),
        offer: offerName,
        order: order.invoiceNumber ?? order.id,
        date: new Intl.DateTimeFormat(LOCALES[language], {
          dateStyle: 'long',
          timeZone: 'Europe/Paris',
        }).format(new Date(order.paidAt)),
      });
      // The declaration is recorded first (refund, credit note, products taken back, acknowledgement),
      // then the money goes back through the provider: a provider outage never loses a declaration,
      // and the refund is tried again until it is made (L. 221-24: within 14 days).
      const record: OrderWithdrawalRecord = {
        at: at.toISOString(),
        name: name.trim(),
        email: email ?? user.email,
        refundCents: order.withdrawal.refundCents,
        revokedProductSkus: order.withdrawal.revokedProductSkus,
        statement,
        language,
        ...(order.withdrawal.refundCents > 0 ? { refund: 'pending' as const } : {}),
      };
      const recorded = await checkout.refund(row.id, { amountCents: record.refundCents, withdrawal: record });
      if (!recorded)
        throw new WithdrawalRefusal(
          409,
          t('payment:withdrawal.refused.ALREADY_WITHDRAWN'),
          'ALREADY_WITHDRAWN',
        );
      if (record.refund === 'pending') await sendRefund(row, record.refundCents);
      const [invoice] = await db
        .select({ number: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.checkoutSessionId, row.id), eq(invoices.kind, 'creditNote')))
        .orderBy(desc(invoices.issuedAt))
        .limit(1);
      return {
        orderId: row.id,
        withdrawnAt: record.at,
        refundCents: record.refundCents,
        currency: row.currency,
        creditNoteNumber: invoice?.number ?? null,
        acknowledgementTo: record.email,
      };
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
