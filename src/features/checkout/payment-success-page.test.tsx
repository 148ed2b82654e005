import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import { accessTokenAtom, endSession, sessionStore } from '@/lib/session/session';
import { createTestI18n, epochSeconds, renderWithProviders, unsignedJwt } from '@/testing/render';
import { SUMMARY_POLL_LIMIT_MS, SUMMARY_POLL_MS, type CheckoutSummary } from './checkout-summary';
import { PaymentSuccessPage } from './payment-success-page';

const PAID: CheckoutSummary = {
  id: 'cs_test_42',
  status: 'paid',
  offerSku: 'STANDARD_PACKAGE',
  offerName: { fr: 'Offre Standard', en: 'Standard package', ro: 'Pachetul Standard' },
  amountCents: 4990,
  currency: 'EUR',
  productSkus: ['LEGAL_STATUSES'],
  invoice: {
    id: '2b1f6a7e-0000-4000-8000-000000000001',
    number: 'KR-000042',
    kind: 'invoice',
    issuedAt: '2026-03-01T10:00:00.000Z',
    totalCents: 4990,
    currency: 'EUR',
    offerSku: 'STANDARD_PACKAGE',
  },
};
const OPEN: CheckoutSummary = { ...PAID, status: 'open', invoice: null };

/** 49,90 € as each language writes it, spaces read as spaces. */
const PRICE: Record<Language, string> = { fr: '49,90 €', en: '€49.90', ro: '49,90 €' };

let get: MockInstance;
let post: MockInstance;
let answer: () => Promise<unknown>;

beforeEach(() => {
  answer = async () => PAID;
  get = vi.spyOn(apiClient, 'GET').mockImplementation((async (path: string) => {
    if (path !== '/api/checkout/sessions/{sessionId}') throw new Error(`unexpected GET ${path}`);
    return { data: await answer(), response: new Response() };
  }) as never);
  // The page asks for a token carrying the purchase.
  post = vi.spyOn(apiClient, 'POST').mockImplementation((async () => ({
    data: { accessToken: sessionStore.get(accessTokenAtom) },
    response: new Response(),
  })) as never);
});

afterEach(() => {
  vi.useRealTimers();
  endSession();
});

function renderSuccess(language: Language = 'en', route = '/success?session_id=cs_test_42') {
  sessionStore.set(accessTokenAtom, unsignedJwt({ sub: 'user-1', products: [], exp: epochSeconds(600) }));
  const i18n = createTestI18n(language);
  const view = renderWithProviders(<PaymentSuccessPage />, { route, i18n, store: sessionStore });
  return { ...view, t: i18n.getFixedT(language, 'checkout') };
}

const mainText = () => document.body.textContent?.replace(/\s/g, ' ') ?? '';

describe.each(LANGUAGES)('/success in %s', (language) => {
  it('says what was bought, for how much, and its invoice; links to the dashboard first', async () => {
    const { t } = renderSuccess(language);

    expect(await screen.findByText(PAID.offerName[language])).toBeInTheDocument();
    expect(mainText()).toContain(PRICE[language]);
    expect(screen.getByText('KR-000042')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/checkout/sessions/{sessionId}', {
      params: { path: { sessionId: 'cs_test_42' } },
    });
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [t('success.goToDashboard'), '/dashboard'],
      [t('success.goToDocuments'), '/documents'],
    ]);
    // The new token, which lists the purchase, is asked for at once.
    expect(post.mock.calls[0]?.[0]).toBe('/api/auth/getJWTtoken');
  });

  it('says a payment unknown to the account is not found, and still leads to the dashboard', async () => {
    answer = async () => {
      throw new ApiError('Network response was not ok Not Found', 'http', 404);
    };
    const { t } = renderSuccess(language);

    expect(await screen.findByText(t('success.summary.notFound'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('success.goToDashboard') })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });
});

describe('/success while the payment is being confirmed', () => {
  it('asks again every 2 seconds until the payment is confirmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    answer = async () => (++calls < 3 ? OPEN : PAID);
    const { t } = renderSuccess('fr');

    expect(await screen.findByText(t('success.summary.pending'))).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(SUMMARY_POLL_MS));
    await act(() => vi.advanceTimersByTimeAsync(SUMMARY_POLL_MS));
    expect(await screen.findByText('KR-000042')).toBeInTheDocument();
    expect(screen.queryByText(t('success.summary.pending'))).not.toBeInTheDocument();
    expect(calls).toBe(3);
  });

  it('stops after about 30 seconds with a calm message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer = async () => OPEN;
    const { t } = renderSuccess('ro');

    expect(await screen.findByText(t('success.summary.pending'))).toBeInTheDocument();
    for (let waited = 0; waited <= SUMMARY_POLL_LIMIT_MS; waited += SUMMARY_POLL_MS) {
      await act(() => vi.advanceTimersByTimeAsync(SUMMARY_POLL_MS));
    }
    expect(await screen.findByText(t('success.summary.pendingLong'))).toBeInTheDocument();
    const asked = get.mock.calls.length;
    expect(asked).toBeGreaterThanOrEqual(15);
    expect(asked).toBeLessThanOrEqual(17);
    await act(() => vi.advanceTimersByTimeAsync(10 * SUMMARY_POLL_MS));
    expect(get.mock.calls.length).toBe(asked);
  });

  it('says calmly when the summary cannot be loaded', async () => {
    answer = async () => {
      throw new ApiError('Network response was not ok', 'network');
    };
    const { t } = renderSuccess('en');
    expect(await screen.findByText(t('success.summary.failed'))).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t('success.title'));
  });
});
