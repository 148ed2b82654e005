/**
 * Checkout sessions: opened for an offer plan of the catalog, paid through the configured
 * provider, fulfilled once. Fulfilment flips the session from open to paid in one conditional
 * update, so a page paid twice or a webhook delivered ten times grants the products once.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import {
  checkoutSessions,
  offers,
  purchases,
  users,
  type BillingAddress,
  type OrderConsent,
  type OrderWithdrawalRecord,
} from '../../db/schema';
import { findPlan } from '../catalog';
import { isServerLanguage, translator, type ServerLanguage } from '../i18n';
import { orderParts, WEBSITE_SKU } from '../sales/order-terms';
import { priceOrder, seriesOf } from '../sales/pricing';
import { salesTermsVersion } from '../legal/sales-terms-pdf';
import type { VatRules } from '../sales/vat';
import type { PaymentProvider } from './provider';

const SESSION_TTL_MS = 60 * 60 * 1000;

/** The payment provider (Stripe) could not open a payment page: its outage, not a bug of ours. */
export const CHECKOUT_SESSION_ID = /^cs_[a-z]+_[A-Za-z0-9_-]{1,64}$/;

export class PaymentProviderError extends Error {
  constructor(cause: unknown) {
    super('The payment provider is unavailable, please try again later', { cause });
  }
}

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

export type CheckoutRefusalCode =
  'CONSENT_REQUIRED' | 'TERMS_CHANGED' | 'ALREADY_OWNED' | 'COUNTRY_NOT_SERVED' | 'PRICE_CHANGED';

/** A checkout the founder cannot open as asked: 400 with `code`, which the app words. */
export class CheckoutRefusal extends Error {
  constructor(
    readonly publicCode: CheckoutRefusalCode,
    message: string,
  ) {
    super(message);
  }
}

export interface CheckoutOrder {
  offerSku: string;
  planSku: string;
  consent: { immediateAccess: boolean; termsVersion: string; language: string };
  billing: BillingAddress;
  /** The amount due the order summary showed. */
  expectedDueCents?: number;
}

/**
 * The exact words of the consent box, as the order page shows them in `language` (the app reads
 * the same keys): the documents' sentence, and the website's for an order that includes it.
 */
export function consentWording(language: ServerLanguage, withWebsite: boolean): string {
  const t = translator(language);
  const sentences = [t('checkout:consent.documents')];
  if (withWebsite) sentences.push(t('checkout:consent.website'));
  return sentences.join(' ');
}

/** What a refund issued: its credit note, and the website it took offline. */
export interface RefundOutcome {
  creditNoteNumber: string | null;
  creditNoteId: string | null;
  siteUrl: string | null;
}

/** What follows a payment or a refund, in the transaction that records it (invoice, timeline, mail). */
export interface CheckoutHooks {
  paid(tx: Transaction, session: CheckoutSessionRow): Promise<void>;
  /** `byWithdrawal`: the refund of a withdrawal, whose acknowledgement tells the founder (no refund mail). */
  refunded(
    tx: Transaction,
    session: CheckoutSessionRow,
    amountCents: number,
    byWithdrawal?: boolean,
  ): Promise<RefundOutcome | null>;
  /**
   * A withdrawal declaration was recorded, after its refund if any (`refund`): acknowledgement
   * mail, timeline.
   */
  withdrawn?(
    tx: Transaction,
    session: CheckoutSessionRow,
    record: OrderWithdrawalRecord,
    refund: RefundOutcome | null,
  ): Promise<void>;
  /** After the transaction committed (the mail it queued can go now). */
  settled(): void;
}

/**
 * paid: fulfilled; declined: the card was refused (the local page's test card, Stripe's failed
 * asynchronous payment); failed: the provider could not open a payment page; refunded: money sent back.
 */
export type PaymentOutcome = 'paid' | 'declined' | 'failed' | 'refunded';

/** What checkout reports to the metrics (services/metrics.ts). */
export interface PaymentMetrics {
  payment(provider: string, outcome: PaymentOutcome): void;
}

export function createCheckoutService(deps: {
  db: Database;
  provider: PaymentProvider;
  publicUrl: string;
  hooks?: CheckoutHooks;
  /** The VAT rules and the invoices' prefix (the series whose cross-border sales count). */
  sales: { rules: VatRules; invoicePrefix: string };
  metrics?: PaymentMetrics;
}) {
  const { db, provider, publicUrl, hooks, sales, metrics } = deps;

  async function priceOrderOrRefuse(
    executor: Database | Transaction,
    userId: string,
    priceCents: number,
    country: string,
  ) {
    if (!sales.rules.countries[country])
      throw new CheckoutRefusal(
        'COUNTRY_NOT_SERVED',
        `No VAT rule is configured for the billing country ${country}`,
      );
    return priceOrder(executor, {
      userId,
      priceCents,
      country,
      rules: sales.rules,
      series: seriesOf(provider.name, sales.invoicePrefix),
    });
  }

  return {
    provider,
    sales,

    /** What a plan costs `userId` now, for a buyer in `country` (the order summary). */
    async quote(userId: string, offerSku: string, planSku: string, country: string) {
      const plan = await findPlan(db, offerSku, planSku);
      if (!plan) return null;
      const priced = await priceOrderOrRefuse(db, userId, plan.priceCents, country);
      return { plan, priced };
    },

    /**
     * `{url}` to send the browser to, or `{error}` saying why not (spec: "url or error"). Throws
     * CheckoutRefusal when the founder did not consent, the terms changed, the plan is owned or the
     * billing country has no VAT rule.
     */
    async createSession(userId: string, order: CheckoutOrder): Promise<{ url: string } | { error: string }> {
      const { offerSku, planSku, consent, billing } = order;
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) return { error: 'Unknown user' };
      const plan = await findPlan(db, offerSku, planSku);
      if (!plan) return { error: `No plan ${planSku} for offer ${offerSku}` };
      if (consent.immediateAccess !== true)
        throw new CheckoutRefusal(
          'CONSENT_REQUIRED',
          'Tick the box asking for immediate access before paying (C. consom. L. 221-28 13°)',
        );
      if (consent.termsVersion !== salesTermsVersion())
        throw new CheckoutRefusal(
          'TERMS_CHANGED',
          'The terms of sale changed: read them again before paying',
        );
      const priced = await priceOrderOrRefuse(db, userId, plan.priceCents, billing.country);
      if (priced.owned)
        throw new CheckoutRefusal('ALREADY_OWNED', `This account already owns ${offerSku} or a larger plan`);
      // The summary the founder confirmed must be what is charged (C. civ. 1127-2; L. 221-14).
      if (order.expectedDueCents !== undefined && order.expectedDueCents !== priced.dueCents)
        throw new CheckoutRefusal(
          'PRICE_CHANGED',
          `The amount due is now ${priced.dueCents} cents, not ${order.expectedDueCents}: check the new summary`,
        );
      const language = isServerLanguage(consent.language) ? consent.language : 'fr';
      const withWebsite = plan.productSkus.includes(WEBSITE_SKU);
      const orderConsent: OrderConsent = {
        at: new Date().toISOString(),
        text: consentWording(language, withWebsite),
        language,
        termsVersion: consent.termsVersion,
      };
      const id = `cs_${provider.name}_${randomBytes(18).toString('base64url')}`;
      await db.insert(checkoutSessions).values({
        id,
        userId,
        offerSku,
        planSku,
        amountCents: priced.dueCents,
        listPriceCents: plan.priceCents,
        credit: priced.credit.cents > 0 ? priced.credit : null,
        parts: orderParts(plan.productSkus, priced.dueCents),
        vat: priced.vat,
        billing: trimBilling(billing),
        consent: orderConsent,
        currency: plan.currency,
        productSkus: plan.productSkus,
        provider: provider.name,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      });
      let page: Awaited<ReturnType<PaymentProvider['createPaymentPage']>>;
      try {
        page = await provider.createPaymentPage({
          checkoutSessionId: id,
          amountCents: priced.dueCents,
          currency: plan.currency,
          description: await describeOrder(db, offerSku, user.language),
          customerEmail: user.email,
          language: user.language,
          successUrl: `${publicUrl}/success?session_id=${id}`,
          cancelUrl: `${publicUrl}/cancel`,
        });
      } catch (error) {
        await db.update(checkoutSessions).set({ status: 'canceled' }).where(eq(checkoutSessions.id, id));
        metrics?.payment(provider.name, 'failed');
        throw new PaymentProviderError(error);
      }
      if (page.providerSessionId) {
        await db
          .update(checkoutSessions)
          .set({ providerSessionId: page.providerSessionId })
          .where(eq(checkoutSessions.id, id));
      }
      return { url: page.url };
    },

    async findSession(id: string) {
      // Our ids are cs_<provider>_<base64url>: anything else (a NUL from a URL above all, which
      // PostgreSQL cannot even compare) is no session.
      if (!CHECKOUT_SESSION_ID.test(id)) return null;
      const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
      return row ?? null;
    },

    /**
     * Marks the session paid and grants its products; true only for the call that did it. `paid`,
     * when given (a provider's event), must match the stored session: its provider id, amount and
     * currency, or nothing is granted (a signed event about another payment is still not this one).
     */
    async fulfil(
      id: string,
      paid?: {
        providerSessionId: string;
        amountCents: number;
        currency: string;
        providerPaymentId?: string | null;
      },
    ): Promise<boolean> {
      if (!CHECKOUT_SESSION_ID.test(id)) return false;
      const done = await db.transaction(async (tx) => {
        const [session] = await tx
          .update(checkoutSessions)
          .set({
            status: 'paid',
            completedAt: sql`now()`,
            ...(paid?.providerPaymentId ? { providerPaymentId: paid.providerPaymentId } : {}),
          })
          .where(
            and(
              eq(checkoutSessions.id, id),
              eq(checkoutSessions.status, 'open'),
              ...(paid
                ? [
                    eq(checkoutSessions.providerSessionId, paid.providerSessionId),
                    eq(checkoutSessions.amountCents, paid.amountCents),
                    sql`lower(${checkoutSessions.currency}) = lower(${paid.currency})`,
                  ]
                : []),
            ),
          )
          .returning();
        if (!session) return false;
        // Paid after its buyer deleted their account: the order is recorded, there is no one to grant.
        const { userId } = session;
        if (userId && session.productSkus.length > 0) {
          await tx
            .insert(purchases)
            .values(
              session.productSkus.map((productSku) => ({
                userId,
                productSku,
                checkoutSessionId: id,
              })),
            )
            .onConflictDoNothing();
        }
        await hooks?.paid(tx, session);
        return session;
      });
      if (!done) return false;
      // The session's own provider: one opened before the configuration changed keeps its name.
      metrics?.payment(done.provider, 'paid');
      hooks?.settled();
      return true;
    },

    /**
     * Records a refund of `amountCents` (the whole payment when absent) and issues its credit note;
     * a full refund takes back what the payment granted, a withdrawal what it names
     * (`withdrawal.revokedProductSkus`: the website of an order whose documents were kept).
     * `providerRefundedCents`, from a provider's event, is the total it says was refunded so far:
     * only what is new is credited, so a repeated event credits nothing twice. True when something
     * was recorded.
     */
    async refund(
      id: string,
      options: {
        amountCents?: number;
        providerRefundedCents?: number;
        withdrawal?: OrderWithdrawalRecord;
      } = {},
    ): Promise<boolean> {
      if (!CHECKOUT_SESSION_ID.test(id)) return false;
      // Set when money went back (a withdrawal that refunds nothing is no refund).
      let refundedVia: string | null = null;
      const done = await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(checkoutSessions)
          .where(eq(checkoutSessions.id, id))
          .for('update');
        if (!current || (current.status !== 'paid' && current.status !== 'refunded')) return false;
        if (options.withdrawal && current.withdrawal) return false;
        const left = current.amountCents - current.refundedCents;
        const amount =
          options.providerRefundedCents !== undefined
            ? Math.min(options.providerRefundedCents, current.amountCents) - current.refundedCents
            : Math.min(options.amountCents ?? left, left);
        if (!Number.isInteger(amount) || amount < 0) return false;
        if (amount === 0) {
          // A withdrawal that refunds nothing (the documents were provided with consent) is still
          // a declaration the founder made: recorded and acknowledged.
          if (!options.withdrawal) return false;
          const [session] = await tx
            .update(checkoutSessions)
            .set({ withdrawal: options.withdrawal })
            .where(eq(checkoutSessions.id, id))
            .returning();
          if (!session) return false;
          await hooks?.withdrawn?.(tx, session, options.withdrawal, null);
          return true;
        }
        const refundedCents = current.refundedCents + amount;
        const full = refundedCents >= current.amountCents;
        const [session] = await tx
          .update(checkoutSessions)
          .set({
            refundedCents,
            ...(full ? { status: 'refunded' as const } : {}),
            ...(options.withdrawal ? { withdrawal: options.withdrawal } : {}),
          })
          .where(eq(checkoutSessions.id, id))
          .returning();
        if (!session) return false;
        const revoked = full ? session.productSkus : (options.withdrawal?.revokedProductSkus ?? []);
        if (revoked.length > 0 && session.userId) {
          await takeBack(tx, session.userId, id, revoked);
        }
        const refund = await hooks?.refunded(tx, session, amount, Boolean(options.withdrawal));
        if (options.withdrawal) await hooks?.withdrawn?.(tx, session, options.withdrawal, refund ?? null);
        refundedVia = session.provider;
        return true;
      });
      if (refundedVia) metrics?.payment(refundedVia, 'refunded');
      if (done) hooks?.settled();
      return done;
    },

    /** The session a provider's payment id (Stripe's payment intent) belongs to. */
    async findByProviderPayment(providerPaymentId: string) {
      const [row] = await db
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.providerPaymentId, providerPaymentId));
      return row ?? null;
    },

    /** A payment `session`'s provider declined (nothing changes: it stays open for another card). */
    declined(session: Pick<CheckoutSessionRow, 'provider'>): void {
      metrics?.payment(session.provider, 'declined');
    },

    async cancel(id: string): Promise<void> {
      await db
        .update(checkoutSessions)
        .set({ status: 'canceled', completedAt: sql`now()` })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
    },
  };
}

/**
 * Takes back `skus` granted by order `id`, then grants again what the buyer's other paid orders
 * still grant (less what a withdrawal took back from them): a product two orders grant stays.
 */
async function takeBack(tx: Transaction, userId: string, id: string, skus: string[]): Promise<void> {
  await tx
    .delete(purchases)
    .where(and(eq(purchases.checkoutSessionId, id), inArray(purchases.productSku, skus)));
  const others = await tx
    .select({
      id: checkoutSessions.id,
      productSkus: checkoutSessions.productSkus,
      withdrawal: checkoutSessions.withdrawal,
    })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, 'paid')));
  for (const other of others) {
    const kept = other.productSkus.filter(
      (sku) => skus.includes(sku) && !(other.withdrawal?.revokedProductSkus ?? []).includes(sku),
    );
    if (kept.length === 0) continue;
    await tx
      .insert(purchases)
      .values(kept.map((productSku) => ({ userId, productSku, checkoutSessionId: other.id })))
      .onConflictDoNothing();
  }
}

function trimBilling(billing: BillingAddress): BillingAddress {
  return {
    name: billing.name.trim(),
    address: billing.address.trim(),
    postalCode: billing.postalCode.trim(),
    city: billing.city.trim(),
    country: billing.country,
  };
}

/** The order line a buyer reads ("Pack Standard"), in their language. */
export async function describeOrder(db: Database, offerSku: string, language: string): Promise<string> {
  const [offer] = await db.select({ name: offers.name }).from(offers).where(eq(offers.sku, offerSku));
  const t = translator(language);
  const name = offer?.name[language as 'fr' | 'en' | 'ro'] ?? offer?.name.fr ?? offerSku;
  return t('payment:orderLine', { offer: name });
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
