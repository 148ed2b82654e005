/**
 * The wizard assistant's panel as the personal-block tests drive it: a wide screen (the panel shows at
 * once), the catalog as the server sends it, a founder's file facts, and a question typed in the panel.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import catalog from '../../schemas/catalog.json';
import { WizardAssistant } from '@/features/assistant/wizard-assistant';
import { loadLegalFormSteps } from '@/forms/generated/wizard-steps';
import { apiClient } from '@/lib/api/client';
import { seedCatalogSnapshot, type Offer } from '@/lib/catalog/catalog';
import type { Language } from '@/lib/i18n/languages';
import { NO_COMPANY_FACTS, type CompanyFacts } from '@/shared/company-facts';
import { renderWithProviders } from './render';

/** A text as Testing Library reads the page: its non-breaking spaces ("1 000 €") are plain spaces there. */
export const asShown = (text: string) => text.replace(/\s+/g, ' ');

/** The offers as the server seeds them from schemas/catalog.json. */
export const OFFERS: Offer[] = catalog.offers.map((offer) => ({
  ...offer,
  plans: offer.plans.map((plan) => ({
    ...plan,
    currency: 'EUR' as const,
    planType: plan.planType === 'RECURRING' ? ('RECURRING' as const) : ('ONE_TIME' as const),
  })),
}));

export const TITLES = {
  fr: { input: 'Votre question', panel: 'Assistant Kreo', details: 'Détails' },
  en: { input: 'Your question', panel: 'Kreo assistant', details: 'Details' },
  ro: { input: 'Întrebarea dumneavoastră', panel: 'Asistentul Kreo', details: 'Detalii' },
} satisfies Record<Language, { input: string; panel: string; details: string }>;

export const DISCLAIMER: Record<Language, string> = {
  fr: 'Information générale, pas un conseil juridique ou fiscal personnalisé.',
  en: 'General information, not personal legal or tax advice.',
  ro: 'Informații generale, nu consultanță juridică sau fiscală personalizată.',
};

/** A file's facts: what `values` says, nothing else known. */
export function facts(values: Partial<CompanyFacts>): CompanyFacts {
  return { ...NO_COMPANY_FACTS, ...values };
}

/**
 * A wide screen: matchMedia matches the assistant's query only (and nothing else, so that Mantine keeps
 * its light colour scheme). The setup's matchMedia, a phone, matches nothing; the caller puts it back.
 */
export function emulateWideScreen() {
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
}

/** Before each test: a wide screen (the setup's matchMedia matches nothing) and the server's catalog. */
export function widePanelWithCatalogEachTest() {
  const setupMatchMedia = window.matchMedia;
  beforeEach(() => {
    emulateWideScreen();
    // The catalog as the server sends it (the block's cheapest offer that can be filed).
    seedCatalogSnapshot({ offers: OFFERS, products: [] });
    vi.spyOn(apiClient, 'GET').mockImplementation(((path: string) =>
      Promise.resolve({
        data: path === '/api/marketing/offers/list' ? OFFERS : [],
        response: new Response(),
      })) as unknown as typeof apiClient.GET);
  });
  afterEach(() => {
    window.matchMedia = setupMatchMedia;
    seedCatalogSnapshot(null);
    vi.restoreAllMocks();
  });
}

/** Asks a question in the panel of a founder whose file says `known`, and returns the personal block. */
export async function askInPanel(language: Language, known: CompanyFacts, question: string) {
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
  // The box shows once the assistant's knowledge, a chunk of its own, has loaded.
  await view.user.type(
    await within(panel).findByRole('textbox', { name: TITLES[language].input }),
    `${question}{Enter}`,
  );
  const block = await within(panel).findByTestId('assistant-personal', {}, { timeout: 5000 });
  return { ...view, panel, block, jumpToField };
}
