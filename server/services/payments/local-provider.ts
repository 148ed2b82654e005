import type { PaymentProvider } from './provider';

/** The built-in provider: the payment page is served by this server (see plugins/local-checkout.ts). */
export function createLocalProvider(publicUrl: string): PaymentProvider {
  return {
    name: 'local',
    createPaymentPage(request) {
      return Promise.resolve({
        url: `${publicUrl}/checkout/local/${request.checkoutSessionId}`,
        providerSessionId: null,
      });
    },
    refund() {
      return Promise.resolve();
    },
  };
}
