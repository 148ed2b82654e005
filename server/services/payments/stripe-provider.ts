import Stripe from 'stripe';
import type { PaymentProvider } from './provider';

/** Stripe Checkout: the payment page is Stripe's; the webhook (plugins/stripe-webhook.ts) fulfils. */
export function createStripeProvider(
  secretKey: string,
  /** Where Stripe's API is (tests point it at a stand-in). */
  options: Stripe.StripeConfig = {},
): PaymentProvider & { stripe: Stripe } {
  const stripe = new Stripe(secretKey, options);
  return {
    name: 'stripe',
    stripe,
    async createPaymentPage(request) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        client_reference_id: request.checkoutSessionId,
        metadata: { checkoutSessionId: request.checkoutSessionId },
        customer_email: request.customerEmail,
        locale: request.language === 'ro' ? 'ro' : request.language === 'en' ? 'en' : 'fr',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amountCents,
              product_data: { name: request.description },
            },
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { url: session.url, providerSessionId: session.id };
    },
    async refund(request) {
      if (!request.providerPaymentId) throw new Error('This Stripe payment has no payment intent to refund');
      // The idempotency key makes a retried withdrawal refund once; Stripe's charge.refunded event
      // then names a total already recorded, which credits nothing twice (plugins/stripe-webhook.ts).
      await stripe.refunds.create(
        {
          payment_intent: request.providerPaymentId,
          amount: request.amountCents,
          reason: 'requested_by_customer',
          metadata: { checkoutSessionId: request.checkoutSessionId, reason: 'withdrawal' },
        },
        { idempotencyKey: `withdrawal-${request.checkoutSessionId}` },
      );
    },
  };
}
