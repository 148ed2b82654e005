/**
 * Operations tagged `checkout`: createCheckoutSession and getCheckoutQuote (the Stripe webhook is
 * plugins/stripe-webhook.ts).
 */
import { CheckoutRefusal, PaymentProviderError, type CheckoutService } from '../services/payments/checkout';
import { salesTermsVersion } from '../services/legal/sales-terms-pdf';
import { currentUserId, type BodyOf, type Handler, type QueryOf } from './types';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/database';
import { checkoutSessions } from '../db/schema';

/** `limitSessions` throws a 429 once an account has opened too many checkouts (services/accounts.ts). */
export function checkoutHandlers(
  checkout: CheckoutService,
  db: Database,
  limitSessions: (userId: string) => Promise<void> = () => Promise.resolve(),
) {
  const createCheckoutSession: Handler<BodyOf<'/api/checkout/create-session', 'post'>> = async (
    request,
    reply,
  ) => {
    await limitSessions(currentUserId(request));
    try {
      const result = await checkout.createSession(currentUserId(request), request.body);
      if ('error' in result) return reply.code(400).send({ message: result.error, error: result.error });
      return result;
    } catch (error) {
      if (error instanceof CheckoutRefusal)
        return reply.code(400).send({ message: error.message, error: 'Bad Request', code: error.publicCode });
      if (!(error instanceof PaymentProviderError)) throw error;
      // The provider (Stripe) failed: the spec's `{error}` answer, which the app shows.
      request.log.error({ err: error.cause }, 'Payment provider could not open a session');
      return reply.code(502).send({ message: error.message, error: error.message });
    }
  };

  const getCheckoutQuote: Handler<unknown, unknown, QueryOf<'/api/checkout/quote', 'get'>> = async (
    request,
    reply,
  ) => {
    const userId = currentUserId(request);
    const { offerSku, planSku, country = checkout.sales.rules.sellerCountry } = request.query;
    let quoted: Awaited<ReturnType<CheckoutService['quote']>>;
    try {
      quoted = await checkout.quote(userId, offerSku, planSku, country);
    } catch (error) {
      if (error instanceof CheckoutRefusal)
        return reply.code(400).send({ message: error.message, error: 'Bad Request', code: error.publicCode });
      throw error;
    }
    if (!quoted) {
      const message = `No plan ${planSku} for offer ${offerSku}`;
      return reply.code(400).send({ message, error: message });
    }
    const { plan, priced } = quoted;
    // The last billing address the account gave, to start from.
    const [last] = await db
      .select({ billing: checkoutSessions.billing })
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.userId, userId), isNotNull(checkoutSessions.billing)))
      .orderBy(desc(checkoutSessions.createdAt))
      .limit(1);
    return reply.header('cache-control', 'no-store').send({
      offerSku,
      planSku,
      priceCents: priced.priceCents,
      creditCents: priced.creditCents,
      dueCents: priced.dueCents,
      currency: plan.currency,
      owned: priced.owned,
      vat: {
        country: priced.vat.country,
        rateBasisPoints: priced.vat.rateBasisPoints,
        rule: priced.vat.rule,
        netCents: priced.netCents,
        vatCents: priced.vatCents,
      },
      termsVersion: salesTermsVersion(),
      countries: Object.keys(checkout.sales.rules.countries),
      billing: last?.billing ?? null,
    });
  };

  return { createCheckoutSession, getCheckoutQuote };
}
