/** Operations tagged `checkout`: createCheckoutSession (the Stripe webhook is plugins/stripe-webhook.ts). */
import { PaymentProviderError, type CheckoutService } from '../services/payments/checkout';
import { currentUserId, type BodyOf, type Handler } from './types';

/** `limitSessions` throws a 429 once an account has opened too many checkouts (services/accounts.ts). */
export function checkoutHandlers(
  checkout: CheckoutService,
  limitSessions: (userId: string) => Promise<void> = () => Promise.resolve(),
) {
  const createCheckoutSession: Handler<BodyOf<'/api/checkout/create-session', 'post'>> = async (
    request,
    reply,
  ) => {
    await limitSessions(currentUserId(request));
    try {
      const result = await checkout.createSession(
        currentUserId(request),
        request.body.offerSku,
        request.body.planSku,
      );
      if ('error' in result) return reply.code(400).send({ message: result.error, error: result.error });
      return result;
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      // The provider (Stripe) failed: the spec's `{error}` answer, which the app shows.
      request.log.error({ err: error.cause }, 'Payment provider could not open a session');
      return reply.code(502).send({ message: error.message, error: error.message });
    }
  };
  return { createCheckoutSession };
}
