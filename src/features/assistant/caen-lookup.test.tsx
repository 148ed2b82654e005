import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import catalog from '../../../schemas/catalog.json';
import { loadLegalFormSteps } from '@/forms/generated/wizard-steps';
import { apiClient } from '@/lib/api/client';
import { seedCatalogSnapshot, type Offer } from '@/lib/catalog/catalog';
import type { Language } from '@/lib/i18n/languages';
import type { CompanyFacts } from '@/shared/company-facts';
import { renderWithProviders } from '@/testing/render';
import PersonalBlock from './personal-block';
import { WizardAssistant } from './wizard-assistant';

/** A text as Testing Library reads the page: its non-breaking spaces ("1 000 €") are plain spaces there. */
const asShown = (text: string) => text.replace(/\s+/g, ' ');

/** The offers as the server seeds them from schemas/catalog.json. */
const OFFERS: Offer[] = catalog.offers.map((offer) => ({
  ...offer,
  plans: offer.plans.map((plan) => ({
    ...plan,
    currency: 'EUR' as const,
    planType: plan.planType === 'RECURRING' ? ('RECURRING' as const) : ('ONE_TIME' as const),
  })),
}));

const TITLES = {
  fr: { input: 'Votre question', panel: 'Assistant Kreo', details: 'Détails' },
  en: { input: 'Your question', panel: 'Kreo assistant', details: 'Details' },
  ro: { input: 'Întrebarea dumneavoastră', panel: 'Asistentul Kreo', details: 'Detalii' },
} satisfies Record<Language, { input: string; panel: string; details: string }>;

const DISCLAIMER: Record<Language, string> = {
  fr: 'Information générale, pas un conseil juridique ou fiscal personnalisé.',
  en: 'General information, not personal legal or tax advice.',
  ro: 'Informații generale, nu consultanță juridică sau fiscală personalizată.',
};

function facts(values: Partial<CompanyFacts>): CompanyFacts {
  return {
    jurisdiction: null,
    legalForm: null,
    shareCapital: null,
    cashCapital: null,
    paidAtFormation: null,
    associates: null,
    managers: null,
    ...values,
  };
}

const SRL_1000 = facts({
  jurisdiction: 'RO',
  legalForm: 'SRL',
  shareCapital: 1000,
  cashCapital: 1000,
  associates: 2,
  managers: 1,
});

// The test setup's matchMedia matches nothing: a wide screen shows the panel at once.
const phoneMatchMedia = window.matchMedia;
beforeEach(() => {
  window.matchMedia = (query: string) =>
    ({
      matches: query === '(min-width: 62em)',
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  // The catalog as the server sends it (the block's cheapest offer that can be filed).
  seedCatalogSnapshot({ offers: OFFERS, products: [] });
  vi.spyOn(apiClient, 'GET').mockImplementation(((path: string) =>
    Promise.resolve({
      data: path === '/api/marketing/offers/list' ? OFFERS : [],
      response: new Response(),
    })) as unknown as typeof apiClient.GET);
});
afterEach(() => {
  window.matchMedia = phoneMatchMedia;
  seedCatalogSnapshot(null);
  vi.restoreAllMocks();
});

/** Asks a question in the panel of a founder whose file says `known`, and returns the personal block. */
async function ask(language: Language, known: CompanyFacts, question: string) {
  const formId =
    known.jurisdiction && known.legalForm ? `${known.jurisdiction}-${known.legalForm}` : 'FR-SAS';
  const steps = (await loadLegalFormSteps[formId]?.()) ?? [];
  const jumpToField = vi.fn();
  const view = renderWithProviders(
    <WizardAssistant
      focusedField={null}
      jumpToField={jumpToField}
      steps={steps}
      jurisdiction={known.jurisdiction}
      legalForm={known.legalForm}
      facts={known}
    />,
    { language },
  );
  const panel = await screen.findByRole('complementary', { name: TITLES[language].panel });
  await view.user.type(
    within(panel).getByRole('textbox', { name: TITLES[language].input }),
    `${question}{Enter}`,
  );
  const block = await within(panel).findByTestId('assistant-personal', {}, { timeout: 5000 });
  return { ...view, panel, block, jumpToField };
}

const SASU = facts({ jurisdiction: 'FR', legalForm: 'SASU', shareCapital: 1000, cashCapital: 1000 });

const classesOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => asShown(item.textContent ?? ''));

describe('an answer on choosing a CAEN code shows the classes of the activity asked about', () => {
  it('gives a Romanian SRL founder asking for a café 5630 with its authorisations, and leads to the field (ro)', async () => {
    const { block, user, jumpToField } = await ask('ro', SRL_1000, 'Ce cod CAEN aleg pentru o cafenea?');

    expect(within(block).getByText('Codul CAEN al activității dumneavoastră')).toBeInTheDocument();
    const [first, ...others] = classesOf(await within(block).findByTestId('assistant-caen-classes'));
    expect(others).toEqual([]);
    expect(first).toMatch(/^5630 — Baruri și alte activități de servire a băuturilor/);
    expect(first).toContain('Produse alimentare și alimentație');
    expect(first).toContain('Restaurant, bar sau catering');
    expect(
      within(block).getByText(/^Din lista CAEN Rev\. 3 \(Ordinul INS nr\. 377\/2024/),
    ).toBeInTheDocument();
    expect(within(block).getByText(DISCLAIMER.ro)).toBeInTheDocument();

    await user.click(within(block).getByRole('button', { name: 'Alegeți-o în câmpul CAEN' }));
    expect(jumpToField).toHaveBeenCalledWith('caenMain');
  });

  it('gives 6210 first for IT programming, in English names (en)', async () => {
    const { block } = await ask('en', SRL_1000, 'what CAEN code for IT programming');

    const shown = classesOf(await within(block).findByTestId('assistant-caen-classes'));
    expect(shown[0]).toMatch(/^6210 — Computer programming activities/);
    expect(shown.length).toBeLessThanOrEqual(3);
    expect(within(block).getByRole('button', { name: 'Choose it in the CAEN field' })).toBeInTheDocument();
  });

  it('asks to type the activity in the field’s search when the question names none (fr)', async () => {
    const { block, user, jumpToField } = await ask('fr', SRL_1000, 'Quel code CAEN choisir pour ma SRL ?');

    expect(await within(block).findByTestId('assistant-caen-none')).toHaveTextContent(
      /^Votre question ne cite aucune activité que je connaisse\. Tapez votre activité/,
    );
    expect(within(block).queryByTestId('assistant-caen-classes')).not.toBeInTheDocument();
    await user.click(
      within(block).getByRole('button', { name: 'Chercher votre activité dans le champ CAEN' }),
    );
    expect(jumpToField).toHaveBeenCalledWith('caenMain');
  });

  it('tells a French founder that INSEE assigns the APE code, with no Romanian class (fr)', async () => {
    const { block } = await ask('fr', SASU, 'Quel code CAEN choisir pour un café ?');

    expect(within(block).getByTestId('assistant-caen-france')).toHaveTextContent(
      /l’INSEE attribue le code APE/,
    );
    expect(within(block).queryByTestId('assistant-caen-classes')).not.toBeInTheDocument();
  });

  it('shows the classes for the CAEN field’s own hint too, and none for another field (en)', async () => {
    renderWithProviders(
      <>
        <PersonalBlock
          entry="caenMain"
          field
          question="CAEN code: coffee shop"
          facts={SRL_1000}
          onJump={vi.fn()}
        />
        <PersonalBlock entry="shareCapital" field question="coffee shop" facts={SRL_1000} onJump={vi.fn()} />
      </>,
      { language: 'en' },
    );

    const [block, ...others] = await screen.findAllByTestId('assistant-personal');
    expect(others).toEqual([]);
    const [first] = classesOf(await within(block as HTMLElement).findByTestId('assistant-caen-classes'));
    expect(first).toMatch(/^5630 — Beverage serving activities/);
  });
});
