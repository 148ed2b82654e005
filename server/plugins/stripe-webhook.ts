/**
 * POST /api/checkout/stripe-webhook: Stripe's events, verified against the raw body and the
 * Stripe-Signature header before anything is believed. Documented in openapi/ (stripeWebhook) but
 * routed here, because the signature needs the body exactly as sent.
 */
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { CheckoutService } from '../services/payments/checkout';

/** Stripe's payment intent ids; anything else (a NUL, 8 kB of noise) is no id of a payment. */
const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,255}$/;

const paymentIntentOf = (value: unknown): string | null => {
  const id = typeof value === 'string' ? value : (value as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' && PAYMENT_INTENT_ID.test(id) ? id : null;
};

interface Options {
  stripe: Stripe | null;
  webhookSecret: string | null;
  checkout: CheckoutService;
}

export async function stripeWebhookPlugin(app: FastifyInstance, options: Options) {
  // Encapsulated: only this route reads JSON as a raw buffer.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.post('/api/checkout/stripe-webhook', async (request, reply) => {
    const { stripe, webhookSecret, checkout } = options;
    if (!stripe || !webhookSecret) {
      return reply
        .code(404)
        .send({ message: 'Stripe is not the configured payment provider', error: 'Not Found' });
    }
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      return reply.code(400).send({ message: 'headers/stripe-signature is required', error: 'Bad Request' });
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret);
    } catch {
      return reply.code(400).send({ message: 'The webhook signature does not match', error: 'Bad Request' });
    }
    // Signed but not an event (`null`, a list): nothing to act on.
    if (typeof event !== 'object' || event === null) return { received: true };
    if (
      event.type === 'checkout.session.completed' ||
      event.type === 'checkout.session.async_payment_succeeded'
    ) {
      // A signed event is Stripe's word, but it must be about this very payment: the session it
      // names, with the amount and currency we asked for. A malformed object is ignored, not a 500.
      const session = event.data?.object as Partial<Stripe.Checkout.Session> | null | undefined;
      if (!session || typeof session !== 'object') return { received: true };
      const id = session.metadata?.checkoutSessionId ?? session.client_reference_id;
      if (
        typeof id === 'string' &&
        session.payment_status === 'paid' &&
        typeof session.id === 'string' &&
        typeof session.amount_total === 'number' &&
        typeof session.currency === 'string'
      ) {
        const granted = await checkout.fulfil(id, {
          providerSessionId: session.id,
          amountCents: session.amount_total,
          currency: session.currency,
          providerPaymentId: paymentIntentOf(session.payment_intent),
        });
        if (!granted) request.log.warn({ checkoutSessionId: id }, 'Stripe event matched no open session');
        else request.log.info({ checkoutSessionId: id }, 'Stripe payment received');
      }
    }
    if (event.type === 'checkout.session.async_payment_failed') {
      // A delayed payment (a SEPA debit) that did not go through: nothing to grant, only counted.
      const session = event.data?.object as Partial<Stripe.Checkout.Session> | null | undefined;
      const id =
        session && typeof session === 'object'
          ? (session.metadata?.checkoutSessionId ?? session.client_reference_id)
          : null;
      const ours = typeof id === 'string' ? await checkout.findSession(id) : null;
      if (ours && typeof session?.id === 'string' && ours.providerSessionId === session.id) {
        checkout.declined(ours);
        request.log.info({ checkoutSessionId: ours.id }, 'Stripe payment failed');
      }
    }
    if (event.type === 'charge.refunded') {
      // A refund made in Stripe's dashboard: the payment it names gets its credit note. Stripe
      // says how much was refunded in all, so a repeated event credits nothing twice.
      const charge = event.data?.object as Partial<Stripe.Charge> | null | undefined;
      if (!charge || typeof charge !== 'object') return { received: true };
      const paymentIntent = paymentIntentOf(charge.payment_intent);
      if (
        paymentIntent &&
        typeof charge.amount_refunded === 'number' &&
        Number.isInteger(charge.amount_refunded)
      ) {
        const session = await checkout.findByProviderPayment(paymentIntent);
        if (!session) {
          // Stripe does not promise the order of events: the refund may come before the payment
          // it refunds is recorded. A 503 makes Stripe send it again later (for up to three days).
          request.log.warn(
            { paymentIntent },
            'Stripe refund of a payment not recorded yet: Stripe will retry',
          );
          return reply.code(503).send({
            message: 'The refunded payment is not recorded yet: retry later',
            error: 'Service Unavailable',
          });
        }
        if (session.currency.toLowerCase() !== String(charge.currency).toLowerCase()) {
          request.log.warn({ paymentIntent }, 'Stripe refund in another currency than its payment');
        } else if (await checkout.refund(session.id, { providerRefundedCents: charge.amount_refunded })) {
          request.log.info({ checkoutSessionId: session.id }, 'Stripe refund recorded');
        }
      }
    }
    return { received: true };
  });
}
