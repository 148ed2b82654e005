import { act, screen } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PAGE_META } from '@/config/page-meta';
import { LANGUAGES } from '@/lib/i18n/languages';
import { createTestI18n, renderWithProviders } from '@/testing/render';
import { RouteMeta } from './route-meta';

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(to)}>
      go
    </button>
  );
}

const meta = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[${name}]`)?.content;

describe.each(LANGUAGES)('RouteMeta in %s', (language) => {
  it("keeps the title, description and Open Graph tags on the route's words", async () => {
    const i18n = createTestI18n(language);
    const t = (key: string) => i18n.t(key as never);
    const { user } = renderWithProviders(
      <>
        <RouteMeta />
        <GoTo to="/plans" />
      </>,
      { route: '/', i18n },
    );
    expect(document.title).toBe(`${t('landing:meta.landing.title')} · Kreo`);
    expect(meta('name="description"')).toBe(t('landing:meta.landing.description'));

    await user.click(screen.getByRole('button', { name: 'go' }));
    expect(document.title).toBe(`${t('marketing:meta.plans.title')} · Kreo`);
    expect(meta('property="og:title"')).toBe(`${t('marketing:meta.plans.title')} · Kreo`);
    expect(meta('property="og:description"')).toBe(t('marketing:meta.plans.description'));
    expect(meta('property="og:url"')).toMatch(/\/plans$/);

    const other = LANGUAGES.find((candidate) => candidate !== language) ?? 'fr';
    await act(() => i18n.changeLanguage(other));
    expect(document.title).toBe(`${i18n.t('marketing:meta.plans.title' as never)} · Kreo`);
    expect(meta('property="og:locale"')).toBe({ fr: 'fr_FR', en: 'en_GB', ro: 'ro_RO' }[other]);
  });

  it('has words for every route of the table, and the not-found title elsewhere', () => {
    const i18n = createTestI18n(language);
    for (const { namespace, page } of Object.values(PAGE_META)) {
      expect(i18n.exists(`${namespace}:meta.${page}.title`)).toBe(true);
      expect(i18n.exists(`${namespace}:meta.${page}.description`)).toBe(true);
    }
    renderWithProviders(<RouteMeta />, { route: '/no/such/page', i18n });
    expect(document.title).toBe(`${i18n.t('common:meta.notFound.title' as never)} · Kreo`);
  });
});

describe.each(LANGUAGES)('the co-founders pages in %s', (language) => {
  it('title the team panel, an invitation and a shared file in the language', () => {
    const i18n = createTestI18n(language);
    const t = (key: string) => i18n.t(key as never);
    for (const [route, page] of [
      ['/team', 'team'],
      ['/invitations/tok_AbC-123', 'invitation'],
      ['/shared/4f1c2a7e-0000-4000-8000-000000000001', 'sharedFile'],
    ] as const) {
      const { unmount } = renderWithProviders(<RouteMeta />, { route, i18n });
      expect(document.title).toBe(`${t(`cofounders:meta.${page}.title`)} · Kreo`);
      expect(meta('name="description"')).toBe(t(`cofounders:meta.${page}.description`));
      unmount();
    }
  });
});
