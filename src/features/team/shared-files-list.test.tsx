import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api/client';
import { LANGUAGES } from '@/lib/i18n/languages';
import { createTestI18n, renderWithProviders } from '@/testing/render';
import { SharedFilesList } from './shared-files-list';
import type { SharedFileSummary } from './team-api';

const SHARED: SharedFileSummary[] = [
  {
    fileId: '4f1c2a7e-0000-4000-8000-000000000001',
    role: 'coFounder',
    personId: 'p2',
    company: 'Boulangerie Dupont',
    founder: 'Camille Dupont',
    jurisdiction: 'FR',
    legalForm: 'SAS',
  },
  {
    fileId: '4f1c2a7e-0000-4000-8000-000000000002',
    role: 'founder',
    personId: 'p1',
    company: 'Mon atelier',
    founder: 'Alex Martin',
    jurisdiction: 'FR',
    legalForm: 'SASU',
  },
];

beforeEach(() => {
  vi.spyOn(apiClient, 'GET').mockImplementation((async (path: string) => {
    if (path !== '/api/shared-files') throw new Error(`unexpected GET ${path}`);
    return { data: SHARED, response: new Response() };
  }) as never);
});

describe.each(LANGUAGES)('the files shared with the account in %s', (language) => {
  it('links each file the account joined as a co-founder, with who prepares it', async () => {
    const i18n = createTestI18n(language);
    renderWithProviders(<SharedFilesList />, { i18n });
    const link = await screen.findByRole('link', {
      name: i18n.t('cofounders:sharedFiles.open', { company: 'Boulangerie Dupont SAS' }),
    });
    expect(link).toHaveAttribute('href', '/shared/4f1c2a7e-0000-4000-8000-000000000001');
    expect(
      screen.getByText(i18n.t('cofounders:sharedFiles.by', { founder: 'Camille Dupont' })),
    ).toBeInTheDocument();
    // The account's own file is the dashboard itself.
    expect(screen.queryByText(/Mon atelier/)).toBeNull();
  });
});
