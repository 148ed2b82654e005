/**
 * Issue 34, honest words: the marketing pages say what Kreo does and what the founder still does,
 * name the cheapest offer that can be filed, and show per legal form the total a founder pays,
 * computed from the catalog and the fees data (schemas/).
 */
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import catalog from '../../../schemas/catalog.json';
import { apiClient } from '@/lib/api/client';
import { forgetCatalog, type Offer } from '@/lib/catalog/catalog';
import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import { createTestI18n, renderWithProviders } from '@/testing/render';
import { LandingPage } from './landing-page';
import { PlansPage } from './plans-page';
import { ServicesPage } from './services-page';

/** The offers as the server seeds them from schemas/catalog.json. */
const OFFERS: Offer[] = catalog.offers.map((offer) => ({
  ...offer,
  plans: offer.plans.map((plan) => ({
    ...plan,
    currency: 'EUR' as const,
    planType: plan.planType === 'RECURRING' ? ('RECURRING' as const) : ('ONE_TIME' as const),
  })),
}));

/** What a reader sees: non-breaking and narrow spaces read as spaces. */
const seen = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

const WORDS = {
  fr: {
    notEnough:
      'Ne suffit pas pour déposer le dossier : il y manque notamment déclarations de non-condamnation et de filiation, liste des bénéficiaires effectifs, justificatif du siège social et pouvoir pour les formalités.',
    cheapest: 'Le moins cher pour déposer votre dossier',
    sasPackage: 'Standard : 10 €',
    sasFees: 'de 252,93 € à 352,93 € (estimation)',
    sasTotal: 'de 262,93 € à 362,93 € (estimation)',
    srlTotal: '10 € + de 138 lei à 152 lei (estimation)',
    youDo:
      'Vous signez, déposez le capital, publiez l’annonce légale (en France), déposez le dossier au registre et payez les frais d’immatriculation',
    promise: /création complète|tout ce qu/i,
  },
  en: {
    notEnough:
      'Not enough to file your company: it lacks, among others, declarations of non-conviction and filiation, list of beneficial owners, proof of the registered office, and power of attorney to file.',
    cheapest: 'The cheapest way to file your company',
    sasPackage: 'Standard: €10',
    sasFees: 'from €252.93 to €352.93 (estimate)',
    sasTotal: 'from €262.93 to €362.93 (estimate)',
    srlTotal: '€10 + from 138 lei to 152 lei (estimate)',
    youDo:
      'You sign, deposit the capital, publish the legal notice (in France), file with the registry and pay the registration fees',
    promise: /full business setup|everything you need/i,
  },
  ro: {
    notEnough:
      'Nu este suficient pentru depunerea dosarului: lipsesc, printre altele, declarații pe propria răspundere ale administratorilor, lista beneficiarilor reali, dovada sediului social și împuternicire pentru înregistrare.',
    cheapest: 'Cel mai ieftin pentru depunerea dosarului',
    sasPackage: 'Standard: 10 €',
    sasFees: 'între 252,93 € și 352,93 € (estimare)',
    sasTotal: 'între 262,93 € și 362,93 € (estimare)',
    srlTotal: '10 € + între 138 lei și 152 lei (estimare)',
    youDo:
      'Dumneavoastră semnați, depuneți capitalul, publicați anunțul legal (în Franța), depuneți dosarul la registru și plătiți taxele de înmatriculare',
    promise: /înființarea completă|tot ce vă trebuie/i,
  },
} as const;

beforeEach(() => {
  forgetCatalog();
  vi.spyOn(apiClient, 'GET').mockImplementation(((path: string) =>
    Promise.resolve({
      data: path === '/api/marketing/offers/list' ? OFFERS : [],
      response: new Response(),
    })) as never);
});
afterEach(() => forgetCatalog());

function render(page: ReactElement, language: Language, route: string) {
  const i18n = createTestI18n(language);
  renderWithProviders(page, { route, i18n });
  return i18n.getFixedT(language, 'marketing');
}

describe.each(LANGUAGES)('honest words in %s', (language) => {
  const words = WORDS[language];

  it('names Essential as not enough to file and Standard as the cheapest to file, still the most popular', async () => {
    const t = render(<PlansPage />, language, '/plans');
    const cards = await screen.findAllByRole('article');
    const [essential, standard, premium] = cards as [HTMLElement, HTMLElement, HTMLElement];
    await within(standard).findByText(words.cheapest);
    expect(seen(essential)).toContain(words.notEnough);
    expect(seen(standard)).toContain(words.cheapest);
    expect(within(standard).getByText(t('pricing.mostPopular'))).toBeInTheDocument();
    expect(seen(premium)).not.toContain(words.cheapest);
    expect(seen(premium)).not.toContain(words.notEnough.slice(0, 20));
  });

  it('shows on /plans the total of each legal form: the cheapest fileable package plus the fees outside Kreo', async () => {
    const t = render(<PlansPage />, language, '/plans');
    const section = (await screen.findByRole('heading', { name: t('totalCost.title') })).closest('section');
    expect(section).not.toBeNull();
    const sas = section?.querySelector('[data-form="FR-SAS"]') ?? null;
    const cells = [...(sas?.children ?? [])].map((cell) => seen(cell));
    expect(cells[1]).toBe(words.sasPackage);
    expect(cells[2]).toBe(words.sasFees);
    expect(cells[3]).toBe(words.sasTotal);
    const srl = section?.querySelector('[data-form="RO-SRL"]') ?? null;
    expect(seen(srl?.children[3] ?? null)).toBe(words.srlTotal);
    expect(section?.querySelectorAll('[data-form]')).toHaveLength(6);
  });

  it('says on /services what Kreo does and what the founder does, with the total per form', async () => {
    const t = render(<ServicesPage />, language, '/services');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(seen(heading.parentElement)).toContain(words.youDo);
    expect(seen(heading.parentElement)).not.toMatch(words.promise);
    expect(await screen.findByRole('heading', { name: t('totalCost.title') })).toBeInTheDocument();
  });

  it('says on the landing hero what the founder still does, and no longer promises the whole creation', () => {
    render(<LandingPage />, language, '/');
    const hero = screen.getByRole('heading', { level: 1 }).closest('section');
    expect(seen(hero)).toContain(words.youDo);
    expect(seen(hero)).not.toMatch(words.promise);
  });
});
