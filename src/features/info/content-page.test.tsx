import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import enInfo from '../../../locales/en/info.json';
import frInfo from '../../../locales/fr/info.json';
import roInfo from '../../../locales/ro/info.json';
import { apiClient } from '@/lib/api/client';
import type { Language } from '@/lib/i18n/languages';
import { EXAMPLE_SITE_INFO, SITE_INFO_FIELDS } from '@/shared/site-info';
import { renderWithProviders } from '@/testing/render';
import { ContentPage } from './content-page';
import { forgetSiteInfo } from './use-site-info';

const INFO = { fr: frInfo, en: enInfo, ro: roInfo };

let get: MockInstance<typeof apiClient.GET>;
beforeEach(() => {
  forgetSiteInfo();
  get = vi.spyOn(apiClient, 'GET');
});
afterEach(() => {
  vi.restoreAllMocks();
  // Test files of this project share modules: leave no kept answer to the next one.
  forgetSiteInfo();
});

function answerSiteInfo(values: Partial<typeof EXAMPLE_SITE_INFO>) {
  const examples = SITE_INFO_FIELDS.filter((field) => !(field in values));
  get.mockResolvedValue({
    data: { values: { ...EXAMPLE_SITE_INFO, ...values }, examples },
    response: new Response(),
  } as never);
}

describe.each(['fr', 'en', 'ro'] as Language[])('ContentPage in %s', (language) => {
  it('shows the legal notice with the configured operator and marks the fields still holding examples', async () => {
    answerSiteInfo({ publisherName: 'Kreo Conseil SAS' });
    renderWithProviders(<ContentPage />, { language, route: '/legal-notice' });
    expect(
      screen.getByRole('heading', { level: 1, name: INFO[language].meta.legalNotice.title }),
    ).toBeInTheDocument();
    expect((await screen.findAllByText(/Kreo Conseil SAS/)).length).toBeGreaterThan(0);
    expect(screen.getByText(INFO[language].content.examplesTitle)).toBeInTheDocument();
    // An example value is shown with its mark.
    const spans = [...document.querySelectorAll('span')].map((span) => span.textContent);
    expect(spans).toContain(`${EXAMPLE_SITE_INFO.publisherRegistration} (${INFO[language].content.example})`);
    // A configured value carries no mark.
    expect(spans.some((text) => text?.startsWith('Kreo Conseil SAS ('))).toBe(false);
  });
});

describe('ContentPage', () => {
  it('dates the text, lists its sections, and keeps site links in the app', async () => {
    // The cookie notice names the operator: its own answer, not one kept from an earlier test.
    answerSiteInfo({});
    renderWithProviders(<ContentPage />, { language: 'en', route: '/cookies' });
    expect(await screen.findByText(/^Updated on /)).toBeInTheDocument();
    const toc = screen.getByRole('navigation', { name: enInfo.content.contents });
    const links = within(toc).getAllByRole('link');
    expect(links.length).toBeGreaterThan(2);
    for (const link of links) expect(link.getAttribute('href')).toMatch(/^#[a-z0-9-]+$/);
    // The cookie notice names the one cookie the site sets.
    expect(screen.getAllByText(/refresh_token/).length).toBeGreaterThan(0);
  });
});
