import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api/client';
import { forgetCatalog } from '@/lib/catalog/catalog';
import { LANGUAGES } from '@/lib/i18n/languages';
import { createTestI18n, renderWithProviders } from '@/testing/render';
import { LandingPage } from './landing-page';

beforeEach(() => {
  forgetCatalog();
  // The sections below the hero load at once here (jsdom has no IntersectionObserver): an empty catalog.
  vi.spyOn(apiClient, 'GET').mockResolvedValue({ data: [], response: new Response() } as never);
});
afterEach(() => forgetCatalog());

describe.each(LANGUAGES)('the landing hero in %s', (language) => {
  it('shows a page of generated statutes, captioned, sized before it loads, with the four labels', () => {
    const i18n = createTestI18n(language);
    const t = i18n.getFixedT(language, 'landing');
    renderWithProviders(<LandingPage />, { i18n });

    const preview = screen.getByRole('img', { name: t('landing.preview.alt') });
    expect(preview).toHaveAttribute('src', '/landing/statuts-preview.webp');
    // The picture's own size (scripts/make-landing-preview.ts): the browser keeps its place, no shift.
    expect(preview).toHaveAttribute('width', '860');
    expect(preview).toHaveAttribute('height', '660');
    expect(screen.getByText(t('landing.preview.caption')).closest('figure')).toContainElement(preview);

    const labels = screen.getByRole('list', { name: t('landing.floating.label') });
    expect(
      within(labels)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('strong')?.textContent),
    ).toEqual(
      (['launch', 'ideas', 'growth', 'funding'] as const).map((id) => t(`landing.floating.${id}.title`)),
    );
  });
});
