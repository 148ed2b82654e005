import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { apiClient } from '@/lib/api/client';
import { ApiError, NETWORK_NOT_OK_MESSAGE } from '@/lib/api/errors';
import { forgetCatalog, type Product } from '@/lib/catalog/catalog';
import { LANGUAGES } from '@/lib/i18n/languages';
import { createTestI18n, renderWithProviders } from '@/testing/render';
import { ServicesSection } from './services-section';

const product = (sku: string): Product => ({
  sku,
  name: { fr: `${sku} (fr)`, en: `${sku} (en)`, ro: `${sku} (ro)` },
  description: { fr: 'Description', en: 'Description', ro: 'Descriere' },
});

const PRODUCTS = [
  'LEGAL_STATUSES',
  'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
  'LIST_OF_BENEFICIARIES',
  'SUBSCRIBERS_LIST',
  'FILING_MANDATE',
  'REGISTERED_OFFICE_PROOF',
  'LEGAL_NOTICE',
  'OPERATING_CONDITIONS_DECLARATION',
  'PROFESSIONAL_PROMOTIONAL_WEBSITE',
  'AI_FORM',
  'SOMETHING_NEW',
].map(product);

let get: MockInstance;
beforeEach(() => {
  forgetCatalog();
  get = vi.spyOn(apiClient, 'GET');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => forgetCatalog());

describe.each(LANGUAGES)('the services section in %s', (language) => {
  it('shows one card per product, in the server’s order, each product with an icon of its own', async () => {
    get.mockResolvedValue({ data: PRODUCTS, response: new Response() });
    renderWithProviders(<ServicesSection headingOrder={2} />, { i18n: createTestI18n(language) });
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(
      PRODUCTS.map((item) => item.name[language]),
    );
    expect(cards.map((card) => card.querySelector('[data-icon]')?.getAttribute('data-icon'))).toEqual([
      'file-description',
      'signature',
      'users-group',
      'list-numbers',
      'writing-sign',
      'home',
      'news',
      'clipboard-check',
      'world-www',
      'forms',
      'file',
    ]);
  });

  it('shows placeholders, then a message with a retry when the server cannot be reached', async () => {
    const i18n = createTestI18n(language);
    const t = i18n.getFixedT(language, 'marketing');
    let fail: (error: unknown) => void = () => undefined;
    get.mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)));
    const { user } = renderWithProviders(<ServicesSection headingOrder={2} />, { i18n });
    expect(screen.getByRole('status')).toHaveTextContent(t('catalog.loading'));
    fail(new ApiError(NETWORK_NOT_OK_MESSAGE, 'network'));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('catalog.loadError'));
    expect(screen.queryAllByRole('article')).toHaveLength(0);

    get.mockResolvedValue({ data: PRODUCTS.slice(0, 2), response: new Response() });
    await user.click(screen.getByRole('button', { name: t('catalog.retry') }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
