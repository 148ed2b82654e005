import Stripe from 'stripe';
import type { PaymentProvider } from './provider';

/** Stripe Checkout: the payment page is Stripe's; the webhook (plugins/stripe-webhook.ts) fulfils. */
export function createStripeProvider(secretKey: string): PaymentProvider & { stripe: Stripe } {
  const stripe = new Stripe(secretKey);
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
  };
}
