import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { apiClient } from '@/lib/api/client';
import { ApiError, NETWORK_NOT_OK_MESSAGE } from '@/lib/api/errors';
import { forgetCatalog, formatPrice, type Offer } from '@/lib/catalog/catalog';

/** A price as the page shows it to a reader: the DOM text's non-breaking space read as a space. */
const shownPrice = (price: number, language: string) => formatPrice(price, language).replace(/\s/g, ' ');
import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import { accessTokenAtom, endSession, sessionStore } from '@/lib/session/session';
import { createTestI18n, epochSeconds, renderWithProviders, unsignedJwt } from '@/testing/render';
import { PlansPage } from './plans-page';
import type * as StartCheckout from './start-checkout';
import { goToPaymentPage } from './start-checkout';

vi.mock('./start-checkout', async (importOriginal) => ({
  ...(await importOriginal<typeof StartCheckout>()),
  goToPaymentPage: vi.fn(),
}));

const plan = (
  sku: string,
  price: number,
  planType: 'ONE_TIME' | 'RECURRING' = 'ONE_TIME',
  billingCycle: string | null = null,
) => ({
  sku,
  price,
  currency: 'EUR' as const,
  planType,
  billingCycle,
});

// In the server's order, not the page's: the page sorts by price.
const OFFERS: Offer[] = [
  {
    sku: 'STANDARD_PACKAGE',
    name: { fr: 'Standard', en: 'Standard', ro: 'Standard' },
    features: {
      fr: ['Statuts', 'Attestations'],
      en: ['Statutes', 'Certificates'],
      ro: ['Statut', 'Declarații'],
    },
    plans: [plan('STANDARD_PACKAGE_ONE_TIME', 10)],
    productSkus: ['LEGAL_STATUSES'],
  },
  {
    sku: 'CARE_PACKAGE',
    name: { fr: 'Suivi', en: 'Care', ro: 'Asistență' },
    features: { fr: ['Conseil'], en: ['Advice'], ro: ['Consultanță'] },
    plans: [plan('CARE_MONTHLY', 20, 'RECURRING', 'month')],
    productSkus: [],
  },
  {
    sku: 'STARTER_PACKAGE',
    name: { fr: 'Essentiel', en: 'Essential', ro: 'Esențial' },
    features: { fr: ['Statuts'], en: ['Statutes'], ro: ['Statut'] },
    plans: [plan('STARTER_PACKAGE_ONE_TIME', 1)],
    productSkus: ['LEGAL_STATUSES'],
  },
];

let get: MockInstance;
let post: MockInstance;

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderPlans(language: Language, route = '/plans') {
  const i18n = createTestI18n(language);
  const view = renderWithProviders(
    <>
      <PlansPage />
      <LocationProbe />
    </>,
    { route, i18n, store: sessionStore },
  );
  const t = i18n.getFixedT(language, 'marketing');
  return { ...view, t };
}

function logIn() {
  sessionStore.set(accessTokenAtom, unsignedJwt({ sub: 'user-1', products: [], exp: epochSeconds(600) }));
}

beforeEach(() => {
  forgetCatalog();
  get = vi.spyOn(apiClient, 'GET').mockResolvedValue({ data: OFFERS, response: new Response() } as never);
  post = vi.spyOn(apiClient, 'POST').mockResolvedValue({
    data: { url: 'http://localhost/checkout/cs_1' },
    response: new Response(),
  } as never);
});

afterEach(() => {
  endSession();
  vi.mocked(goToPaymentPage).mockClear();
});

describe.each(LANGUAGES)('the pricing section in %s', (language) => {
  it('shows one card per offer, cheapest first, with its price, period, features and mark', async () => {
    const { t } = renderPlans(language);
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      OFFERS[2]?.name[language],
      OFFERS[0]?.name[language],
      OFFERS[1]?.name[language],
    ]);
    const [starter, standard, care] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(starter).toHaveTextContent(shownPrice(1, language));
    expect(starter).toHaveTextContent(t('pricing.oneTime'));
    expect(care).toHaveTextContent(shownPrice(20, language));
    expect(care).toHaveTextContent(t('pricing.cycle.month'));
    expect(
      within(standard)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(OFFERS[0]?.features[language]);
    expect(within(standard).getByText(t('pricing.mostPopular'))).toBeInTheDocument();
    expect(within(starter).queryByText(t('pricing.mostPopular'))).toBeNull();
    expect(get).toHaveBeenCalledWith('/api/marketing/offers/list');
  });

  it('sends a visitor without a session to log in, with the way back to the chosen plan', async () => {
    const { user, t } = renderPlans(language);
    const [, standard] = await screen.findAllByRole('article');
    await user.click(within(standard as HTMLElement).getByRole('button', { name: t('pricing.selectPlan') }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/login?redirect=%2Fplans%3Foffer%3DSTANDARD_PACKAGE',
    );
    expect(post).not.toHaveBeenCalled();
  });

  it('opens a payment session for a logged-in user and goes to its page', async () => {
    logIn();
    const { user, t } = renderPlans(language);
    const [, standard] = await screen.findAllByRole('article');
    await user.click(within(standard as HTMLElement).getByRole('button', { name: t('pricing.selectPlan') }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('http://localhost/checkout/cs_1'));
    expect(post).toHaveBeenCalledWith('/api/checkout/create-session', {
      body: { offerSku: 'STANDARD_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' },
    });
  });

  it("shows the server's {error} as 'Error: ' plus it, in a notification that closes", async () => {
    logIn();
    post.mockResolvedValue({ data: { error: 'Plan sold out' }, response: new Response() } as never);
    const { user, t } = renderPlans(language);
    const [starter] = await screen.findAllByRole('article');
    await user.click(within(starter as HTMLElement).getByRole('button', { name: t('pricing.selectPlan') }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(t('pricing.checkoutError', { error: 'Plan sold out' }));
    await user.click(within(notice).getByRole('button', { name: t('pricing.close') }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });

  it('says in the user’s language when the account opened too many payment pages (429)', async () => {
    logIn();
    post.mockRejectedValue(new ApiError('Too many requests, please retry in 60 seconds.', 'http', 429));
    const { user, t } = renderPlans(language);
    const [starter] = await screen.findAllByRole('article');
    await user.click(within(starter as HTMLElement).getByRole('button', { name: t('pricing.selectPlan') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      t('pricing.checkoutError', { error: t('pricing.tooManyCheckouts') }),
    );
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });

  it('says in the user’s language when the server cannot be reached', async () => {
    logIn();
    post.mockRejectedValue(new ApiError(NETWORK_NOT_OK_MESSAGE, 'network'));
    const { user, t } = renderPlans(language);
    const [starter] = await screen.findAllByRole('article');
    await user.click(within(starter as HTMLElement).getByRole('button', { name: t('pricing.selectPlan') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      t('pricing.checkoutError', { error: t('pricing.networkError') }),
    );
  });

  it('carries on with the plan chosen before logging in, and drops it from the address', async () => {
    logIn();
    // The session is held back so that the message shown while it is created can be read.
    let answer: (value: unknown) => void = () => undefined;
    post.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { t } = renderPlans(language, '/plans?offer=STARTER_PACKAGE');
    expect(
      await screen.findByText(t('pricing.resuming', { offer: OFFERS[2]?.name[language] ?? '' })),
    ).toBeInTheDocument();
    answer({ data: { url: 'http://localhost/checkout/cs_1' }, response: new Response() });
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('http://localhost/checkout/cs_1'));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/api/checkout/create-session', {
      body: { offerSku: 'STARTER_PACKAGE', planSku: 'STARTER_PACKAGE_ONE_TIME' },
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/plans$/));
  });

  it('says so when the plan chosen before logging in is no longer sold', async () => {
    logIn();
    const { t } = renderPlans(language, '/plans?offer=GONE_PACKAGE');
    expect(await screen.findByRole('alert')).toHaveTextContent(t('pricing.unknownOffer'));
    expect(post).not.toHaveBeenCalled();
  });
});
