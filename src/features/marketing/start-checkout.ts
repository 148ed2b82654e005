import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { firstPlan, type Offer } from '@/lib/catalog/catalog';

/** What came of asking the server for a payment page. */
export type CheckoutOutcome =
  | { kind: 'redirect'; url: string }
  /** The server's `{error}` (or message), shown as 'Error: ' plus it. */
  | { kind: 'error'; error: string }
  /** The server could not be reached: the caller says so in the user's language. */
  | { kind: 'unreachable' }
  /** This account opened too many payment pages lately (429): said in the user's language. */
  | { kind: 'too-many' }
  /** No session after all (expired, logged out elsewhere): log in, then come back. */
  | { kind: 'login' };

function bodyError(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error } = body as { error?: unknown };
  return typeof error === 'string' && error.trim() !== '' ? error : undefined;
}

/** POST /api/checkout/create-session for the offer's first plan (spec sections 4 and 7). */
export async function startCheckout(offer: Offer): Promise<CheckoutOutcome> {
  const plan = firstPlan(offer);
  if (!plan) return { kind: 'error', error: offer.sku };
  try {
    const { data } = await apiClient.POST('/api/checkout/create-session', {
      body: { offerSku: offer.sku, planSku: plan.sku },
    });
    if (data?.url) return { kind: 'redirect', url: data.url };
    return { kind: 'error', error: data?.error ?? offer.sku };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.kind === 'no-token' || error.status === 401) return { kind: 'login' };
    if (error.kind === 'network') return { kind: 'unreachable' };
    if (error.status === 429) return { kind: 'too-many' };
    return { kind: 'error', error: bodyError(error.body) ?? error.message };
  }
}

/** Sends the browser to the payment page (a separate function so tests can watch it). */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}
