import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { completeCompanyFile } from '../../../tests/fixtures/company-file';
import type { SharedFile } from '@/features/team/team-api';
import { apiClient } from '@/lib/api/client';
import { createTestI18n, renderWithProviders } from '@/testing/render';
import { SharedFileRoute } from './shared-file-route';

const FILE_ID = '4f1c2a7e-0000-4000-8000-000000000001';

beforeEach(() => {
  const file: SharedFile = {
    fileId: FILE_ID,
    role: 'coFounder',
    personId: 'p2',
    founder: 'Camille Dupont',
    revision: 3,
    version: 3,
    status: 'draft',
    submittedAt: null,
    data: completeCompanyFile(2) as SharedFile['data'],
    submittedData: null,
  };
  vi.spyOn(apiClient, 'GET').mockImplementation((async (path: string) => {
    if (path === '/api/company-files/{fileId}') return { data: file, response: new Response() };
    if (path === '/api/company-files/{fileId}/acts')
      return { data: { digest: null, submitted: false, acts: [] }, response: new Response() };
    throw new Error(`unexpected GET ${path}`);
  }) as never);
});

describe('/shared/:fileId', () => {
  it("shows the whole file read-only as the wizard's review does, under the co-founder's own parts", async () => {
    const i18n = createTestI18n('fr');
    const t = (key: string) => String(i18n.t(key as never));
    renderWithProviders(
      <Routes>
        <Route path="/shared/:fileId" element={<SharedFileRoute />} />
      </Routes>,
      { route: `/shared/${FILE_ID}`, i18n },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Boulangerie Dupont SAS' }),
    ).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: t('cofounders:shared.summaryTitle') });
    expect(
      within(summary).getByRole('region', { name: t('wizard:review.persons.title') }),
    ).toBeInTheDocument();
    const details = within(summary).getByRole('region', { name: t('wizard:steps.companyDetails.title') });
    expect(details).toHaveTextContent('Boulangerie Dupont');
    // Nothing to edit there: no field, no "edit the step" button.
    expect(within(summary).queryByRole('textbox')).toBeNull();
    expect(within(summary).queryByRole('button')).toBeNull();
    expect(
      await screen.findByText(t('cofounders:acts.notSubmitted').replace('{{founder}}', 'Camille Dupont')),
    ).toBeInTheDocument();
  });
});
