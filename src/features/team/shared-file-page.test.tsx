import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { completeCompanyFile } from '../../../tests/fixtures/company-file';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import { createTestI18n, renderWithProviders } from '@/testing/render';
import { SharedFilePage, type FileSummaryRenderer } from './shared-file-page';
import type { FileActList, SharedFile } from './team-api';

const FILE_ID = '4f1c2a7e-0000-4000-8000-000000000001';

function sharedFile(revision = 3): SharedFile {
  return {
    fileId: FILE_ID,
    role: 'coFounder',
    personId: 'p2',
    founder: 'Camille Dupont',
    revision,
    version: 3,
    status: 'submitted',
    submittedAt: '2026-11-20T10:00:00.000Z',
    data: completeCompanyFile(2) as SharedFile['data'],
    submittedData: completeCompanyFile(2) as SharedFile['data'],
  };
}

/** The file the GET answers (the default one unless a test sets another). */
let served: SharedFile | null = null;

const ACTS: FileActList = {
  digest: 'digest-1',
  submitted: true,
  acts: [
    {
      personId: 'p2',
      act: 'approveFile',
      state: 'changed',
      givenAt: '2026-11-21T10:00:00.000Z',
      changes: [{ path: '/shareCapital' }, { path: '/persons/0/address', personId: 'p1' }],
    },
    { personId: 'p1', act: 'approveFile', state: 'given', givenAt: '2026-11-21T10:00:00.000Z' },
  ],
};

let getCalls: string[] = [];
let put: ReturnType<typeof vi.fn>;
let post: ReturnType<typeof vi.fn>;
let del: ReturnType<typeof vi.fn>;

beforeEach(() => {
  served = null;
  getCalls = [];
  vi.spyOn(apiClient, 'GET').mockImplementation((async (path: string) => {
    getCalls.push(path);
    if (path === '/api/company-files/{fileId}')
      return { data: served ?? sharedFile(), response: new Response() };
    if (path === '/api/company-files/{fileId}/acts') return { data: ACTS, response: new Response() };
    throw new Error(`unexpected GET ${path}`);
  }) as never);
  put = vi.fn();
  post = vi.fn();
  vi.spyOn(apiClient, 'PUT').mockImplementation(put as never);
  vi.spyOn(apiClient, 'POST').mockImplementation(post as never);
  del = vi.fn();
  vi.spyOn(apiClient, 'DELETE').mockImplementation(del as never);
});

/** The summary the route composes, as far as the tests need: the company name and p2's address. */
const summary: FileSummaryRenderer = ({ data }) => {
  const persons = (data.persons ?? []) as { address?: string }[];
  return (
    <p data-testid="summary">
      {String(data.companyName)} | {persons[1]?.address}
    </p>
  );
};

function renderPage(language: Language) {
  const i18n = createTestI18n(language);
  const view = renderWithProviders(
    <Routes>
      <Route path="/shared/:fileId" element={<SharedFilePage renderSummary={summary} />} />
      <Route path="/dashboard" element={<p>dashboard</p>} />
    </Routes>,
    { route: `/shared/${FILE_ID}`, i18n },
  );
  return {
    ...view,
    t: (key: string, params?: Record<string, unknown>) => String(i18n.t(key as never, params as never)),
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The field a label names (a required field's label ends with an asterisk). */
const labelled = (label: string) => new RegExp(`^${escape(label)}( \\*)?$`);
const field = (label: string) => screen.getByLabelText(labelled(label));
/** Text as the page shows it, whatever its spaces (French puts non-breaking ones before colons). */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ');

describe.each(LANGUAGES)('the shared file in %s', (language) => {
  it("edits only the co-founder's own record, and warns before voiding signatures", async () => {
    const { t, user } = renderPage(language);
    const section = await screen.findByRole('region', { name: t('cofounders:record.title') });
    const lastName = await within(section).findByLabelText(
      labelled(t('wizard:fields.person.lastName.title')),
    );
    expect(lastName).toHaveValue('Subscriber2');
    expect(
      within(section).getByRole('group', { name: t('cofounders:record.listTitle') }),
    ).toBeInTheDocument();
    // One record: the founder's is not in the form, and nobody can be added.
    expect(within(section).queryByDisplayValue('Dupont')).toBeNull();
    expect(within(section).queryByRole('button', { name: t('wizard:fields.person.add') })).toBeNull();

    const address = field(t('wizard:fields.person.address.title'));
    await user.clear(address);
    await user.type(address, '8 quai de Loire, 44000 Nantes, France');

    put.mockRejectedValueOnce(
      new ApiError('Signatures would be voided', 'http', 409, {
        code: 'SIGNATURES_WOULD_BE_VOIDED',
        message: '',
      }),
    );
    put.mockResolvedValueOnce({ data: sharedFile(4), response: new Response() });
    await user.click(within(section).getByRole('button', { name: t('cofounders:record.save') }));

    const dialog = await screen.findByRole('dialog', { name: t('cofounders:record.voidSignatures.title') });
    expect(plain(dialog.textContent)).toContain(plain(t('cofounders:record.voidSignatures.body')));
    const [, first] = put.mock.calls[0] as [string, { body: Record<string, unknown>; params: unknown }];
    expect(put.mock.calls[0]?.[0]).toBe('/api/company-files/{fileId}/persons/{personId}');
    expect(first.params).toEqual({ path: { fileId: FILE_ID, personId: 'p2' } });
    expect(first.body).toMatchObject({
      baseRevision: 3,
      person: { id: 'p2', kind: 'natural', address: '8 quai de Loire, 44000 Nantes, France' },
    });
    expect(first.body.confirmVoidSignatures).toBeUndefined();

    await user.click(
      within(dialog).getByRole('button', { name: t('cofounders:record.voidSignatures.confirm') }),
    );
    expect(await screen.findByText(plain(t('cofounders:record.saved')))).toBeInTheDocument();
    const [, second] = put.mock.calls[1] as [string, { body: Record<string, unknown> }];
    expect(second.body).toMatchObject({ confirmVoidSignatures: true, person: { id: 'p2' } });
  });

  it('shows what changed since an approval and asks for it again', async () => {
    const { t, user } = renderPage(language);
    const acts = await screen.findByRole('region', { name: t('cofounders:acts.title') });
    const act = await within(acts).findByRole('article', { name: t('legal-acts:acts.approveFile.FR.title') });
    const changed = within(act).getByRole('list', { name: t('cofounders:acts.changedFields') });
    expect(changed).toHaveTextContent(t('wizard:fields.shareCapital.title'));
    expect(changed).toHaveTextContent(
      t('cofounders:acts.fieldOfPerson', {
        field: t('wizard:fields.person.address.title'),
        name: 'Camille Dupont',
      }),
    );
    // Only the account's own acts: the founder's approval is not offered here.
    expect(within(acts).getAllByRole('article')).toHaveLength(1);

    post.mockResolvedValueOnce({
      data: {
        ...ACTS,
        acts: [{ ...ACTS.acts[0], state: 'given', changes: [], words: 'The words the server recorded.' }],
      },
      response: new Response(),
    });
    await user.click(within(act).getByRole('button', { name: t('cofounders:acts.give.approveFile') }));
    expect(await within(acts).findByText(plain(t('cofounders:acts.recorded')))).toBeInTheDocument();
    // Once given, the act reads as it was recorded.
    expect(within(acts).getByText('The words the server recorded.')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/company-files/{fileId}/acts', {
      params: { path: { fileId: FILE_ID } },
      body: { personId: 'p2', act: 'approveFile', digest: 'digest-1', language },
    });
  });
});

describe('the shared file', () => {
  it('reloads the file when it changed before the act was given', async () => {
    const { t, user } = renderPage('fr');
    const acts = await screen.findByRole('region', { name: t('cofounders:acts.title') });
    const button = await within(acts).findByRole('button', { name: t('cofounders:acts.give.approveFile') });
    post.mockRejectedValueOnce(new ApiError('Changed', 'http', 409, { code: 'FILE_CHANGED', message: '' }));
    const loadsBefore = getCalls.filter((path) => path === '/api/company-files/{fileId}').length;
    await user.click(button);
    expect(await within(acts).findByText(plain(t('cofounders:errors.FILE_CHANGED')))).toBeInTheDocument();
    await waitFor(() =>
      expect(getCalls.filter((path) => path === '/api/company-files/{fileId}').length).toBeGreaterThan(
        loadsBefore,
      ),
    );
  });

  it('after a save, approves on the new answers: its button waits for their acts', async () => {
    const { t, user } = renderPage('en');
    const record = await screen.findByRole('region', { name: t('cofounders:record.title') });
    await within(record).findByLabelText(labelled(t('wizard:fields.person.lastName.title')));
    const acts = screen.getByRole('region', { name: t('cofounders:acts.title') });
    const approve = await within(acts).findByRole('button', { name: t('cofounders:acts.give.approveFile') });
    expect(approve).toBeEnabled();

    // The acts of the saved revision arrive when the test says so.
    let answerActs: (list: FileActList) => void = () => undefined;
    vi.mocked(apiClient.GET).mockImplementation((async (path: string) => {
      getCalls.push(path);
      if (path === '/api/company-files/{fileId}/acts')
        return {
          data: await new Promise<FileActList>((resolve) => (answerActs = resolve)),
          response: new Response(),
        };
      throw new Error(`unexpected GET ${path}`);
    }) as never);
    put.mockResolvedValueOnce({ data: sharedFile(4), response: new Response() });
    await user.click(within(record).getByRole('button', { name: t('cofounders:record.save') }));
    expect(await within(record).findByText(plain(t('cofounders:record.saved')))).toBeInTheDocument();
    expect(within(acts).getByRole('button', { name: t('cofounders:acts.give.approveFile') })).toBeDisabled();

    answerActs({ ...ACTS, digest: 'digest-2' });
    await waitFor(() =>
      expect(within(acts).getByRole('button', { name: t('cofounders:acts.give.approveFile') })).toBeEnabled(),
    );
    post.mockResolvedValueOnce({ data: { ...ACTS, digest: 'digest-2' }, response: new Response() });
    await user.click(within(acts).getByRole('button', { name: t('cofounders:acts.give.approveFile') }));
    expect(await within(acts).findByText(plain(t('cofounders:acts.recorded')))).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/company-files/{fileId}/acts', {
      params: { path: { fileId: FILE_ID } },
      body: { personId: 'p2', act: 'approveFile', digest: 'digest-2', language: 'en' },
    });
  });

  it("puts the server's refusal of a field on that field", async () => {
    const { t, user } = renderPage('en');
    const section = await screen.findByRole('region', { name: t('cofounders:record.title') });
    await within(section).findByLabelText(labelled(t('wizard:fields.person.lastName.title')));
    put.mockRejectedValueOnce(
      new ApiError('Invalid', 'http', 422, {
        message: 'Invalid',
        errors: [{ step: 'people', path: '/persons/1/address', keyword: 'pattern', params: {} }],
      }),
    );
    await user.click(within(section).getByRole('button', { name: t('cofounders:record.save') }));
    expect(await within(section).findByText(plain(t('cofounders:record.invalid')))).toBeInTheDocument();
    const address = field(t('wizard:fields.person.address.title'));
    expect(document.getElementById(`${address.id}__error`)).toHaveTextContent(t('forms:errors.pattern'));
  });
});

describe('the submitted file and the draft', () => {
  it('shows the submitted file, says the founder has unsent changes, and edits the draft record', async () => {
    const amended = sharedFile(6);
    amended.status = 'amended';
    const draft = amended.data as { companyName: string; persons: Record<string, unknown>[] };
    draft.companyName = 'Boulangerie Renommée';
    draft.persons[1] = { ...draft.persons[1], address: '8 quai de Loire, 44000 Nantes, France' };
    served = amended;
    const { t } = renderPage('en');
    expect(await screen.findByTestId('summary')).toHaveTextContent(
      'Boulangerie Dupont | 2 rue de la Paix, 75002 Paris, France',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Boulangerie Dupont');
    expect(
      screen.getByText(plain(t('cofounders:shared.amended', { founder: 'Camille Dupont' }))),
    ).toBeInTheDocument();
    const section = screen.getByRole('region', { name: t('cofounders:record.title') });
    expect(
      await within(section).findByLabelText(labelled(t('wizard:fields.person.address.title'))),
    ).toHaveValue('8 quai de Loire, 44000 Nantes, France');
  });

  it('says plainly when a change to a signed file waits for the founder', async () => {
    const { t, user } = renderPage('fr');
    const section = await screen.findByRole('region', { name: t('cofounders:record.title') });
    await within(section).findByLabelText(labelled(t('wizard:fields.person.lastName.title')));
    const saved = sharedFile(4);
    saved.status = 'amended';
    put.mockResolvedValueOnce({ data: saved, response: new Response() });
    await user.click(within(section).getByRole('button', { name: t('cofounders:record.save') }));
    expect(
      await within(section).findByText(
        plain(t('cofounders:record.savedForFounder', { founder: 'Camille Dupont' })),
      ),
    ).toBeInTheDocument();
  });

  it('says a record too large in words', async () => {
    const { t, user } = renderPage('ro');
    const section = await screen.findByRole('region', { name: t('cofounders:record.title') });
    await within(section).findByLabelText(labelled(t('wizard:fields.person.lastName.title')));
    put.mockRejectedValueOnce(
      new ApiError('Too large', 'http', 400, { message: 'Too large', code: 'PERSON_TOO_LARGE' }),
    );
    await user.click(within(section).getByRole('button', { name: t('cofounders:record.save') }));
    expect(
      await within(section).findByText(plain(t('cofounders:errors.PERSON_TOO_LARGE'))),
    ).toBeInTheDocument();
  });
});

describe('a record saved elsewhere meanwhile', () => {
  it('shows the file as it is now, and says so', async () => {
    const { t, user } = renderPage('fr');
    const section = await screen.findByRole('region', { name: t('cofounders:record.title') });
    await within(section).findByLabelText(labelled(t('wizard:fields.person.lastName.title')));
    const current = sharedFile(5);
    const persons = (current.data as { persons: Record<string, unknown>[] }).persons;
    persons[1] = { ...persons[1], lastName: 'Martin-Leroy' };
    put.mockRejectedValueOnce(
      new ApiError('Conflict', 'http', 409, {
        message: 'Conflict',
        code: 'REVISION_CONFLICT',
        file: current,
      }),
    );
    await user.click(within(section).getByRole('button', { name: t('cofounders:record.save') }));
    expect(await within(section).findByText(plain(t('cofounders:record.conflict')))).toBeInTheDocument();
    expect(field(t('wizard:fields.person.lastName.title'))).toHaveValue('Martin-Leroy');
  });
});

describe('leaving the shared file', () => {
  it('asks first, then leaves and goes back to the dashboard', async () => {
    const { t, user } = renderPage('ro');
    await user.click(await screen.findByRole('button', { name: t('cofounders:leave.button') }));
    const dialog = await screen.findByRole('dialog', { name: t('cofounders:leave.title') });
    expect(dialog).toHaveTextContent(t('cofounders:leave.body', { founder: 'Camille Dupont' }));
    del.mockResolvedValueOnce({ response: new Response(null, { status: 204 }) });
    await user.click(within(dialog).getByRole('button', { name: t('cofounders:leave.confirm') }));
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(del).toHaveBeenCalledWith('/api/company-files/{fileId}/membership', {
      params: { path: { fileId: FILE_ID } },
    });
  });
});
