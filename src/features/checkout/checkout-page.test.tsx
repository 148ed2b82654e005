import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { forgetCatalog, type Offer } from '@/lib/catalog/catalog';
import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import { formatCents } from '@/lib/invoices/invoices-api';
import { countryName, formatVatRate } from '@/lib/orders/order-format';
import { accessTokenAtom, endSession, sessionStore } from '@/lib/session/session';
import { createTestI18n, epochSeconds, renderWithProviders, unsignedJwt } from '@/testing/render';
import { CheckoutPage } from './checkout-page';
import type * as StartCheckout from './start-checkout';
import { goToPaymentPage } from './start-checkout';

vi.mock('./start-checkout', async (importOriginal) => ({
  ...(await importOriginal<typeof StartCheckout>()),
  goToPaymentPage: vi.fn(),
}));

type CheckoutQuote = components['schemas']['CheckoutQuote'];

const offer = (sku: string, price: number, productSkus: string[]): Offer => ({
  sku,
  name: { fr: `Offre ${sku}`, en: `${sku} package`, ro: `Pachetul ${sku}` },
  features: {
    fr: ['Statuts', 'Attestations'],
    en: ['Statutes', 'Certificates'],
    ro: ['Statut', 'Declarații'],
  },
  plans: [{ sku: `${sku}_ONE_TIME`, price, currency: 'EUR', planType: 'ONE_TIME', billingCycle: null }],
  productSkus,
});
const OFFERS = [
  offer('STANDARD_PACKAGE', 10, ['LEGAL_STATUSES']),
  offer('PREMIUM_PACKAGE', 60, ['LEGAL_STATUSES', 'PROFESSIONAL_PROMOTIONAL_WEBSITE']),
];

const FRANCE = {
  country: 'FR',
  rateBasisPoints: 2000,
  netCents: 833,
  vatCents: 167,
  rule: 'origin' as const,
};
const ROMANIA = {
  country: 'RO',
  rateBasisPoints: 2100,
  netCents: 826,
  vatCents: 174,
  rule: 'destination' as const,
};
const BILLING = {
  name: 'Camille Dupont',
  address: '12 rue des Lilas',
  postalCode: '69003',
  city: 'Lyon',
  country: 'FR',
};

function quoteOf(overrides: Partial<CheckoutQuote> = {}): CheckoutQuote {
  return {
    offerSku: 'STANDARD_PACKAGE',
    planSku: 'STANDARD_PACKAGE_ONE_TIME',
    priceCents: 1000,
    creditCents: 0,
    dueCents: 1000,
    currency: 'EUR',
    owned: false,
    vat: FRANCE,
    termsVersion: '2026-11-27',
    countries: ['FR', 'RO'],
    billing: BILLING,
    ...overrides,
  };
}

let get: MockInstance;
let post: MockInstance;
let quote: (country: string | undefined) => CheckoutQuote;
/** How many times the page asked for the quote. */
const quotesAsked = () => get.mock.calls.filter(([path]) => path === '/api/checkout/quote').length;

beforeEach(() => {
  forgetCatalog();
  quote = () => quoteOf();
  get = vi.spyOn(apiClient, 'GET').mockImplementation((async (
    path: string,
    init?: { params?: { query?: { country?: string } } },
  ) => {
    const data =
      path === '/api/marketing/offers/list'
        ? OFFERS
        : path === '/api/checkout/quote'
          ? quote(init?.params?.query?.country)
          : path === '/api/user/info'
            ? { firstname: 'Ana', lastname: 'Popescu', email: 'ana@example.com' }
            : undefined;
    if (data === undefined) throw new Error(`unexpected GET ${path}`);
    return { data, response: new Response() };
  }) as never);
  post = vi.spyOn(apiClient, 'POST').mockResolvedValue({
    data: { url: 'http://localhost/checkout/local/cs_1' },
    response: new Response(),
  } as never);
});

afterEach(() => {
  endSession();
  vi.mocked(goToPaymentPage).mockClear();
});

function renderCheckout(language: Language, offerSku = 'STANDARD_PACKAGE') {
  sessionStore.set(accessTokenAtom, unsignedJwt({ sub: 'user-1', products: [], exp: epochSeconds(600) }));
  const i18n = createTestI18n(language);
  const view = renderWithProviders(
    <Routes>
      <Route path="/checkout/:offerSku" element={<CheckoutPage />} />
    </Routes>,
    { route: `/checkout/${offerSku}`, i18n, store: sessionStore },
  );
  return { ...view, t: i18n.getFixedT(language, 'checkout') };
}

/** Text as a reader sees it: non-breaking and narrow spaces read as spaces. */
const plain = (value: string | null | undefined) => (value ?? '').replace(/\s/g, ' ');
const amounts = () => plain(screen.getByTestId('order-amounts').textContent);

describe.each(LANGUAGES)('the order page in %s', (language) => {
  it('sums the order up: contents, full price, amount due and the VAT of the billing country', async () => {
    const { t } = renderCheckout(language);
    expect(await screen.findByRole('heading', { name: OFFERS[0]?.name[language] })).toBeInTheDocument();
    expect(screen.getByText(OFFERS[0]?.features[language][1] ?? '')).toBeInTheDocument();
    expect(amounts()).toContain(plain(formatCents(1000, 'EUR', language)));
    expect(amounts()).toContain(
      plain(t('order.vat', { rate: formatVatRate(2000, language), country: countryName('FR', language) })),
    );
    expect(amounts()).toContain(plain(formatCents(167, 'EUR', language)));
    expect(amounts()).not.toContain(t('order.credit'));
    expect(screen.getByRole('link', { name: t('order.edit') })).toHaveAttribute('href', '/plans');
    expect(screen.getByRole('link', { name: t('order.termsLink') })).toHaveAttribute('href', '/sales-terms');
    expect(get).toHaveBeenCalledWith(
      '/api/checkout/quote',
      expect.objectContaining({
        params: { query: { offerSku: 'STANDARD_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' } },
      }),
    );
  });

  it('does not order while the consent box is unticked, and says why', async () => {
    const { user, t } = renderCheckout(language);
    const box = await screen.findByRole('checkbox', { name: t('consent.documents') });
    expect(box).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: t('order.submit') }));
    expect((await screen.findAllByText(plain(t('order.consentRequired')))).length).toBeGreaterThan(0);
    expect(post).not.toHaveBeenCalled();
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });

  it('sends the consent in the page’s language with the terms’ version and the billing address, then pays', async () => {
    const { user, t } = renderCheckout(language);
    await user.click(await screen.findByRole('checkbox', { name: t('consent.documents') }));
    await user.click(screen.getByRole('button', { name: t('order.submit') }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('http://localhost/checkout/local/cs_1'));
    expect(post).toHaveBeenCalledWith('/api/checkout/create-session', {
      body: {
        offerSku: 'STANDARD_PACKAGE',
        planSku: 'STANDARD_PACKAGE_ONE_TIME',
        consent: { immediateAccess: true, termsVersion: '2026-11-27', language },
        billing: BILLING,
        // The amount the summary showed: the server refuses another one.
        expectedDueCents: 1000,
      },
    });
  });

  it('deducts what earlier orders paid (an upgrade)', async () => {
    quote = () => quoteOf({ creditCents: 100, dueCents: 900 });
    const { t } = renderCheckout(language);
    await screen.findByTestId('order-amounts');
    expect(amounts()).toContain(`${t('order.credit')}\u2212${plain(formatCents(100, 'EUR', language))}`);
    expect(amounts()).toContain(`${plain(t('order.due'))}${plain(formatCents(900, 'EUR', language))}`);
  });
});

describe('the order page', () => {
  it('asks for the quote again when the billing country changes, and shows its VAT', async () => {
    quote = (country) => quoteOf(country === 'RO' ? { vat: ROMANIA } : {});
    const { user, t } = renderCheckout('fr');
    await screen.findByTestId('order-amounts');
    expect(amounts()).toContain('dont TVA 20 % (France)');
    await user.selectOptions(screen.getByRole('combobox', { name: t('billing.country') }), 'RO');
    await waitFor(() => expect(amounts()).toContain('dont TVA 21 % (Roumanie)'));
    expect(amounts()).toContain(plain(formatCents(174, 'EUR', 'fr')));
  });

  it('fills a first order’s billing name from the account', async () => {
    quote = () => quoteOf({ billing: null });
    const { t } = renderCheckout('ro');
    expect(await screen.findByRole('textbox', { name: t('billing.name') })).toHaveValue('Ana Popescu');
    expect(screen.getByRole('textbox', { name: t('billing.city') })).toHaveValue('');
  });

  it('shows the website sentence for Premium in the same box', async () => {
    quote = () => quoteOf({ offerSku: 'PREMIUM_PACKAGE', planSku: 'PREMIUM_PACKAGE_ONE_TIME' });
    const { t } = renderCheckout('en', 'PREMIUM_PACKAGE');
    const box = await screen.findByRole('checkbox');
    const label = plain(document.querySelector(`label[for="${box.id}"]`)?.textContent);
    expect(label).toBe(plain(`${t('consent.documents')} ${t('consent.website')}`));
  });

  it('says a refusal in the user’s language (the plan is owned already)', async () => {
    post.mockRejectedValue(
      new ApiError('Already owned', 'http', 400, { message: 'Already owned', code: 'ALREADY_OWNED' }),
    );
    const { user, t } = renderCheckout('ro');
    await user.click(await screen.findByRole('checkbox', { name: t('consent.documents') }));
    await user.click(screen.getByRole('button', { name: t('order.submit') }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(plain(t('order.errors.ALREADY_OWNED')))).toBeInTheDocument();
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });

  it('shows the new summary when the amount due changed since it was shown (PRICE_CHANGED)', async () => {
    post.mockRejectedValueOnce(
      new ApiError('Price changed', 'http', 400, { message: 'Price changed', code: 'PRICE_CHANGED' }),
    );
    const { user, t } = renderCheckout('en');
    await user.click(await screen.findByRole('checkbox', { name: t('consent.documents') }));
    // Meanwhile an earlier order was refunded: the next quote asks the full price again.
    quote = () => quoteOf({ creditCents: 0, dueCents: 1000 });
    const quotesBefore = quotesAsked();
    await user.click(screen.getByRole('button', { name: t('order.submit') }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(plain(t('order.errors.PRICE_CHANGED')))).toBeInTheDocument();
    await waitFor(() => expect(quotesAsked()).toBeGreaterThan(quotesBefore));
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });

  it('says the owned plan is owned, with no order button', async () => {
    quote = () => quoteOf({ owned: true, creditCents: 1000, dueCents: 0 });
    const { t } = renderCheckout('fr');
    expect(await screen.findByText(plain(t('order.owned')))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t('order.submit') })).toBeNull();
  });
});
