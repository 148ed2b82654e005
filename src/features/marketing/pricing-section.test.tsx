import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { apiClient } from '@/lib/api/client';
import { forgetCatalog, formatPrice, type Offer } from '@/lib/catalog/catalog';

/** A price as the page shows it to a reader: the DOM text's non-breaking space read as a space. */
const shownPrice = (price: number, language: string) => formatPrice(price, language).replace(/\s/g, ' ');
import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import { accessTokenAtom, endSession, sessionStore } from '@/lib/session/session';
import { createTestI18n, epochSeconds, renderWithProviders, unsignedJwt } from '@/testing/render';
import { PlansPage } from './plans-page';

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
/** GET /api/orders' `plans`: what each plan costs the logged-in account. */
let planQuotes: unknown[] = [];

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

/** One plan as GET /api/orders prices it for the account. */
function quote(offerSku: string, priceCents: number, creditCents: number, owned: boolean) {
  const dueCents = owned ? 0 : priceCents - creditCents;
  return { offerSku, planSku: `${offerSku}_ONE_TIME`, priceCents, creditCents, dueCents, owned };
}

function logIn() {
  sessionStore.set(accessTokenAtom, unsignedJwt({ sub: 'user-1', products: [], exp: epochSeconds(600) }));
}

beforeEach(() => {
  forgetCatalog();
  planQuotes = [];
  get = vi.spyOn(apiClient, 'GET').mockImplementation((async (path: string) => ({
    data: path === '/api/orders' ? { orders: [], plans: planQuotes } : OFFERS,
    response: new Response(),
  })) as never);
  post = vi.spyOn(apiClient, 'POST').mockResolvedValue({ data: {}, response: new Response() } as never);
});

afterEach(() => {
  endSession();
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

  it('sends a visitor without a session to log in, with the way back to the order page', async () => {
    const { user, t } = renderPlans(language);
    const [, standard] = await screen.findAllByRole('article');
    await user.click(within(standard as HTMLElement).getByRole('button', { name: t('pricing.selectPlan') }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/login?redirect=%2Fcheckout%2FSTANDARD_PACKAGE',
    );
    expect(post).not.toHaveBeenCalled();
    expect(get).not.toHaveBeenCalledWith('/api/orders', expect.anything());
  });

  it('opens the order page of the plan for a logged-in user, without opening a payment yet', async () => {
    logIn();
    const { user, t } = renderPlans(language);
    const [, standard] = await screen.findAllByRole('article');
    await user.click(within(standard as HTMLElement).getByRole('button', { name: t('pricing.selectPlan') }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/checkout\/STANDARD_PACKAGE$/);
    expect(post).not.toHaveBeenCalled();
  });

  it('marks the plan owned without a button, and prices the upgrade at the difference', async () => {
    logIn();
    planQuotes = [
      quote('STARTER_PACKAGE', 100, 100, true),
      quote('STANDARD_PACKAGE', 1000, 100, false),
      quote('CARE_PACKAGE', 2000, 100, false),
    ];
    const { t } = renderPlans(language);
    const [starter, standard] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];
    expect(await within(starter).findByText(t('standing.yours'))).toBeInTheDocument();
    expect(within(starter).queryByRole('button', { name: t('pricing.selectPlan') })).toBeNull();
    expect(standard).toHaveTextContent(
      t('standing.upgrade', { offer: 'Standard', amount: shownPrice(9, language) }).replace(/\s/g, ' '),
    );
    // The full price stays next to it.
    expect(standard).toHaveTextContent(shownPrice(10, language));
    expect(within(standard).getByRole('button', { name: t('pricing.selectPlan') })).toBeEnabled();
  });

  it('does not offer a plan below the one owned', async () => {
    logIn();
    planQuotes = [
      quote('STARTER_PACKAGE', 100, 1000, true),
      quote('STANDARD_PACKAGE', 1000, 1000, true),
      quote('CARE_PACKAGE', 2000, 1000, false),
    ];
    const { t } = renderPlans(language);
    const [starter, standard] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];
    expect(await within(standard).findByText(t('standing.yours'))).toBeInTheDocument();
    expect(within(starter).getByText(t('standing.included'))).toBeInTheDocument();
    expect(within(starter).queryByRole('button')).toBeNull();
  });

  it('sends an older link to a plan chosen before logging in on to its order page', async () => {
    logIn();
    renderPlans(language, '/plans?offer=STARTER_PACKAGE');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/checkout\/STARTER_PACKAGE$/),
    );
    expect(post).not.toHaveBeenCalled();
  });

  it('says so when the plan chosen before logging in is no longer sold', async () => {
    logIn();
    const { t } = renderPlans(language, '/plans?offer=GONE_PACKAGE');
    expect(await screen.findByRole('alert')).toHaveTextContent(t('pricing.unknownOffer'));
    expect(post).not.toHaveBeenCalled();
  });
});
