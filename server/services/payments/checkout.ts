/**
 * Checkout sessions: opened for an offer plan of the catalog, paid through the configured
 * provider, fulfilled once. Fulfilment flips the session from open to paid in one conditional
 * update, so a page paid twice or a webhook delivered ten times grants the products once.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { checkoutSessions, offers, purchases, users } from '../../db/schema';
import { findPlan } from '../catalog';
import { translator } from '../i18n';
import type { PaymentProvider } from './provider';

const SESSION_TTL_MS = 60 * 60 * 1000;

/** The payment provider (Stripe) could not open a payment page: its outage, not a bug of ours. */
const CHECKOUT_SESSION_ID = /^cs_[a-z]+_[A-Za-z0-9_-]{1,64}$/;

export class PaymentProviderError extends Error {
  constructor(cause: unknown) {
    super('The payment provider is unavailable, please try again later', { cause });
  }
}

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/** What follows a payment or a refund, in the transaction that records it (invoice, timeline, mail). */
export interface CheckoutHooks {
  paid(tx: Transaction, session: CheckoutSessionRow): Promise<void>;
  refunded(tx: Transaction, session: CheckoutSessionRow, amountCents: number): Promise<void>;
  /** After the transaction committed (the mail it queued can go now). */
  settled(): void;
}

export function createCheckoutService(deps: {
  db: Database;
  provider: PaymentProvider;
  publicUrl: string;
  hooks?: CheckoutHooks;
}) {
  const { db, provider, publicUrl, hooks } = deps;

  return {
    provider,

    /** `{url}` to send the browser to, or `{error}` saying why not (spec: "url or error"). */
    async createSession(
      userId: string,
      offerSku: string,
      planSku: string,
    ): Promise<{ url: string } | { error: string }> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) return { error: 'Unknown user' };
      const plan = await findPlan(db, offerSku, planSku);
      if (!plan) return { error: `No plan ${planSku} for offer ${offerSku}` };
      const id = `cs_${provider.name}_${randomBytes(18).toString('base64url')}`;
      await db.insert(checkoutSessions).values({
        id,
        userId,
        offerSku,
        planSku,
        amountCents: plan.priceCents,
        currency: plan.currency,
        productSkus: plan.productSkus,
        provider: provider.name,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      });
      let page: Awaited<ReturnType<PaymentProvider['createPaymentPage']>>;
      try {
        page = await provider.createPaymentPage({
          checkoutSessionId: id,
          amountCents: plan.priceCents,
          currency: plan.currency,
          description: await describeOrder(db, offerSku, user.language),
          customerEmail: user.email,
          language: user.language,
          successUrl: `${publicUrl}/success?session_id=${id}`,
          cancelUrl: `${publicUrl}/cancel`,
        });
      } catch (error) {
        await db.update(checkoutSessions).set({ status: 'canceled' }).where(eq(checkoutSessions.id, id));
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
        return true;
      });
      if (done) hooks?.settled();
      return done;
    },

    /**
     * Records a refund of `amountCents` (the whole payment when absent) and issues its credit note;
     * a full refund takes back what the payment granted. `providerRefundedCents`, from a provider's
     * event, is the total it says was refunded so far: only what is new is credited, so a repeated
     * event credits nothing twice. True when something was recorded.
     */
    async refund(
      id: string,
      options: { amountCents?: number; providerRefundedCents?: number } = {},
    ): Promise<boolean> {
      if (!CHECKOUT_SESSION_ID.test(id)) return false;
      const done = await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(checkoutSessions)
          .where(eq(checkoutSessions.id, id))
          .for('update');
        if (!current || (current.status !== 'paid' && current.status !== 'refunded')) return false;
        const left = current.amountCents - current.refundedCents;
        const amount =
          options.providerRefundedCents !== undefined
            ? Math.min(options.providerRefundedCents, current.amountCents) - current.refundedCents
            : Math.min(options.amountCents ?? left, left);
        if (!Number.isInteger(amount) || amount <= 0) return false;
        const refundedCents = current.refundedCents + amount;
        const full = refundedCents >= current.amountCents;
        const [session] = await tx
          .update(checkoutSessions)
          .set({ refundedCents, ...(full ? { status: 'refunded' as const } : {}) })
          .where(eq(checkoutSessions.id, id))
          .returning();
        if (!session) return false;
        if (full && session.userId) {
          // What this payment granted goes, unless another paid order of the buyer grants it too.
          const { userId } = session;
          await tx.delete(purchases).where(eq(purchases.checkoutSessionId, id));
          const others = await tx
            .select({ id: checkoutSessions.id, productSkus: checkoutSessions.productSkus })
            .from(checkoutSessions)
            .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, 'paid')));
          for (const other of others.filter((order) => order.productSkus.length > 0)) {
            await tx
              .insert(purchases)
              .values(
                other.productSkus.map((productSku) => ({ userId, productSku, checkoutSessionId: other.id })),
              )
              .onConflictDoNothing();
          }
        }
        await hooks?.refunded(tx, session, amount);
        return true;
      });
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

    async cancel(id: string): Promise<void> {
      await db
        .update(checkoutSessions)
        .set({ status: 'canceled', completedAt: sql`now()` })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
    },
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
