/** What a payment provider does for us: open a hosted payment page for one checkout session. */
export interface PaymentSessionRequest {
  checkoutSessionId: string;
  amountCents: number;
  currency: string;
  description: string;
  customerEmail: string;
  language: string;
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  createPaymentPage(
    request: PaymentSessionRequest,
  ): Promise<{ url: string; providerSessionId: string | null }>;
  /**
   * Sends `amountCents` of a payment back to the card that paid it (a withdrawal). The local test
   * provider moved no money and has none to send back.
   */
  refund(request: {
    checkoutSessionId: string;
    providerPaymentId: string | null;
    amountCents: number;
  }): Promise<void>;
}
