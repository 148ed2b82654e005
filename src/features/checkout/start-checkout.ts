import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** What the order page sends: the plan, the consent box as ticked, and the billing address. */
export type CheckoutRequest = components['schemas']['CheckoutRequest'];

/** What came of asking the server for a payment page. */
export type CheckoutOutcome =
  | { kind: 'redirect'; url: string }
  /**
   * The server's `{error}` (or message), shown as 'Error: ' plus it, unless its `code` (CONSENT_REQUIRED,
   * TERMS_CHANGED, ALREADY_OWNED, COUNTRY_NOT_SERVED, BILLING_INVALID) has words in the user's language.
   */
  | { kind: 'error'; error: string; code?: string }
  /** The server could not be reached: the caller says so in the user's language. */
  | { kind: 'unreachable' }
  /** This account opened too many payment pages lately (429): said in the user's language. */
  | { kind: 'too-many' }
  /** No session after all (expired, logged out elsewhere): log in, then come back. */
  | { kind: 'login' };

function bodyField(body: unknown, field: 'error' | 'code'): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * POST /api/checkout/create-session from the order page (spec sections 4 and 7): the plan, the consent
 * given (C. consom. L. 221-28 13°) and the billing address whose country sets the VAT.
 */
export async function startCheckout(request: CheckoutRequest): Promise<CheckoutOutcome> {
  try {
    const { data } = await apiClient.POST('/api/checkout/create-session', { body: request });
    if (data?.url) return { kind: 'redirect', url: data.url };
    return { kind: 'error', error: data?.error ?? request.offerSku };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.kind === 'no-token' || error.status === 401) return { kind: 'login' };
    if (error.kind === 'network') return { kind: 'unreachable' };
    if (error.status === 429) return { kind: 'too-many' };
    const code = bodyField(error.body, 'code');
    return {
      kind: 'error',
      error: bodyField(error.body, 'error') ?? error.message,
      ...(code ? { code } : {}),
    };
  }
}

/** Sends the browser to the payment page (a separate function so tests can watch it). */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}
