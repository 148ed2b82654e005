import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { displayName } from '@/lib/i18n/display-name';
import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import type { SigningState } from '@/lib/signing/signing-api';
import { accessTokenAtom, sessionStore } from '@/lib/session/session';
import { createTestI18n, epochSeconds, renderWithProviders, unsignedJwt } from '@/testing/render';
import {
  FILE_ID,
  STATUTS_ID,
  beneficiaries,
  round,
  signingState,
  statuts,
  stubIntersectionObserver,
  withLegalWords,
} from '@/testing/signing';
import { SigningPage } from './signing-page';

type Init = { params?: { path?: Record<string, string>; query?: Record<string, string> }; body?: unknown };

let get: MockInstance;
let post: MockInstance;
let state: SigningState;
let observer: ReturnType<typeof stubIntersectionObserver>;

const FILE = {
  data: {
    jurisdiction: 'FR',
    persons: [
      { id: 'p1', kind: 'natural', firstNames: 'Camille', lastName: 'Dupont' },
      { id: 'p2', kind: 'natural', firstNames: 'Ana', lastName: 'Popescu' },
      { id: 'p3', kind: 'natural', firstNames: 'Luca', lastName: 'Marin' },
    ],
  },
};

/** The statuts as the preview sends them: in French, or in the language asked for. */
function preview(language: string | undefined) {
  const lang = language ?? 'fr';
  return {
    sku: 'LEGAL_STATUSES',
    title: lang === 'fr' ? 'Statuts' : `Statuts (${lang})`,
    language: lang,
    filingLanguage: 'fr',
    translation: lang !== 'fr',
    templateVersion: '1',
    complete: true,
    blocks: [{ kind: 'paragraph', text: `Article 1 (${lang})` }],
  };
}

/** Words as a reader finds them in the page: Testing Library reads a non-breaking space as a space. */
const text = (words: string) => words.replace(/\s+/g, ' ');

function answer(data: unknown) {
  return { data, response: new Response() };
}

function renderPage(language: Language, userId = FILE_ID) {
  sessionStore.set(accessTokenAtom, unsignedJwt({ sub: userId, products: [], exp: epochSeconds(600) }));
  const i18n = withLegalWords(createTestI18n(language));
  const view = renderWithProviders(
    <Routes>
      <Route path="/sign/:fileId" element={<SigningPage />} />
    </Routes>,
    { route: `/sign/${FILE_ID}`, i18n, store: sessionStore },
  );
  return { ...view, t: i18n.getFixedT(language, 'signing'), tAll: i18n.t.bind(i18n) };
}

beforeEach(() => {
  state = signingState();
  observer = stubIntersectionObserver();
  get = vi.spyOn(apiClient, 'GET').mockImplementation((async (path: string, init?: Init) => {
    if (path === '/api/company-files/{fileId}/signing') return answer(state);
    if (path === '/api/company-file') return answer(FILE);
    if (path === '/api/company-files/{fileId}/signing/documents/{documentId}/preview')
      return answer(preview(init?.params?.query?.lang));
    throw new Error(`unexpected GET ${path}`);
  }) as never);
  post = vi.spyOn(apiClient, 'POST').mockImplementation((async (path: string) => {
    throw new Error(`unexpected POST ${path}`);
  }) as never);
});

afterEach(() => vi.unstubAllGlobals());

/** Reads the statuts to their end: the end marker comes into view. */
async function readToTheEnd(t: (key: 'sign.end') => string) {
  const marker = await screen.findByText(text(t('sign.end')));
  observer.reach(marker);
}

describe.each(LANGUAGES)('/sign/:fileId in %s', (language) => {
  it('tells the founder what stops the signature and where to fix it, and the reasons of a refused start', async () => {
    state = signingState({
      round: null,
      readiness: [
        { code: 'ACT_MISSING', personId: 'p2', act: 'approveFile' },
        { code: 'SIGNATORY_NOT_JOINED', personId: 'p3' },
        { code: 'FILING_CHECK' },
      ],
    });
    const { t, tAll, user } = renderPage(language);
    const act = tAll('legal-acts:acts.approveFile.FR.title' as never);
    const missing = await screen.findByText(
      text(t('readiness.reasons.ACT_MISSING', { person: 'Ana Popescu', act })),
    );
    expect(
      within(missing.closest('li') as HTMLElement).getByRole('link', {
        name: t('readiness.fix.ACT_MISSING'),
      }),
    ).toHaveAttribute('href', '/team');
    expect(
      screen.getByText(text(t('readiness.reasons.SIGNATORY_NOT_JOINED', { person: 'Luca Marin' }))),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('readiness.fix.FILING_CHECK') })).toHaveAttribute(
      'href',
      '/documents',
    );
    // The legal level of a French company's signature.
    expect(screen.getByText(text(tAll('legal-acts:legalLevel.FR.title' as never)))).toBeInTheDocument();

    post.mockImplementation((async () => {
      throw new ApiError('Not ready', 'http', 409, {
        code: 'SIGNING_NOT_READY',
        message: 'Not ready',
        readiness: [{ code: 'NOT_SUBMITTED' }],
      });
    }) as never);
    await user.click(screen.getByRole('button', { name: t('readiness.start') }));
    const alert = (await screen.findByText(text(t('readiness.notReady')))).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(within(alert).getByText(text(t('readiness.reasons.NOT_SUBMITTED')))).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: t('readiness.fix.NOT_SUBMITTED') })).toHaveAttribute(
      'href',
      '/ai-powered-form',
    );
    expect(post).toHaveBeenCalledWith('/api/company-files/{fileId}/signing', {
      params: { path: { fileId: FILE_ID } },
    });
  });

  it('keeps Sign off until the statuts were read to the end and the box ticked, then signs with the code', async () => {
    const { t, tAll, user } = renderPage(language);
    const sign = await screen.findByRole('button', { name: t('sign.button') });
    expect(sign).toBeDisabled();
    // The statuts in French, with the courtesy translation beside them in another language.
    expect(await screen.findByRole('article', { name: 'Statuts' })).toBeInTheDocument();
    if (language === 'fr') expect(screen.queryByText(/^Article 1 \((en|ro)\)$/)).not.toBeInTheDocument();
    else expect(await screen.findByRole('article', { name: `Statuts (${language})` })).toBeInTheDocument();
    // The document of rank 2 waits for the statuts.
    expect(screen.getByText(text(t('round.rank2')))).toBeInTheDocument();
    expect(screen.getByText(beneficiaries().title)).toBeInTheDocument();

    const readInFull = screen.getByRole('checkbox', { name: tAll('legal-acts:consent.readInFull' as never) });
    expect(readInFull).toBeDisabled();
    expect(screen.getByRole('button', { name: t('sign.sendCode') })).toBeDisabled();
    await readToTheEnd(t);
    expect(screen.getByText(text(t('sign.endReached')))).toBeInTheDocument();
    expect(sign).toBeDisabled();
    await user.click(readInFull);

    post.mockImplementation((async (path: string, init?: Init) => {
      if (path === '/api/company-files/{fileId}/signing/code')
        return answer({ sentTo: 'c***@example.com', expiresAt: '2026-11-20T09:10:00.000Z' });
      if (path === '/api/company-files/{fileId}/signing/signatures') {
        expect(init?.body).toEqual({ documentIds: [STATUTS_ID], code: '123456', language, readInFull: true });
        return answer(
          signingState({
            round: round({
              documents: [
                beneficiaries({ open: true }),
                statuts({
                  signatories: statuts().signatories.map((signatory) =>
                    signatory.personId === 'p1'
                      ? { ...signatory, signedAt: '2026-11-20T09:05:00.000Z' }
                      : signatory,
                  ),
                }),
              ],
            }),
          }),
        );
      }
      throw new Error(`unexpected POST ${path}`);
    }) as never);
    await user.click(screen.getByRole('button', { name: t('sign.sendCode') }));
    expect(await screen.findByText(new RegExp(`c\\*\\*\\*@example\\.com`))).toBeInTheDocument();
    const code = screen.getByRole('textbox', {
      name: new RegExp(t('sign.codeLabel').replace(/[()]/g, '\\$&')),
    });
    await user.type(code, '12345');
    expect(sign).toBeDisabled();
    await user.type(code, '6');
    expect(sign).toBeEnabled();
    // The consent words sit beside the button, with the signatory's name and the documents' titles.
    expect(sign).toHaveAccessibleDescription(
      tAll('legal-acts:consent.sign' as never, { name: 'Camille Dupont', documents: statuts().title }),
    );
    await user.click(sign);
    expect(await screen.findByText(text(t('sign.signed')))).toBeInTheDocument();
    // The list of beneficiaries opened: it is the next one to read.
    expect(await screen.findByRole('button', { name: t('sign.button') })).toBeDisabled();
  });

  it('says a wrong code with the attempts left, an expired code, and too many codes', async () => {
    const { t, tAll, user } = renderPage(language);
    await readToTheEnd(t);
    await user.click(screen.getByRole('checkbox', { name: tAll('legal-acts:consent.readInFull' as never) }));
    let refusal: ApiError = new ApiError('Wrong code: 3 attempts left', 'http', 400, {
      code: 'CODE_INVALID',
      message: 'Wrong code: 3 attempts left',
      attemptsLeft: 3,
    });
    post.mockImplementation((async (path: string) => {
      if (path === '/api/company-files/{fileId}/signing/code')
        throw new ApiError('Too many requests', 'http', 429, { message: 'Too many requests' });
      throw refusal;
    }) as never);
    await user.click(screen.getByRole('button', { name: t('sign.sendCode') }));
    expect(await screen.findByText(text(t('sign.codeTooMany')))).toBeInTheDocument();

    await user.type(
      screen.getByRole('textbox', { name: new RegExp(t('sign.codeLabel').replace(/[()]/g, '\\$&')) }),
      '000000',
    );
    await user.click(screen.getByRole('button', { name: t('sign.button') }));
    expect(await screen.findByText(text(t('sign.errors.CODE_INVALID', { count: 3 })))).toBeInTheDocument();

    refusal = new ApiError('Expired', 'http', 400, { code: 'CODE_EXPIRED', message: 'Expired' });
    await user.click(screen.getByRole('button', { name: t('sign.button') }));
    expect(await screen.findByText(text(t('sign.errors.CODE_EXPIRED')))).toBeInTheDocument();
  });

  it('sends a Romanian round to each signatory’s qualified signature: the PDFs and who signs them, no code', async () => {
    state = signingState({
      round: round({
        mode: 'qualified',
        documents: [
          statuts({ title: 'Actul constitutiv al Kreo Labs SRL', language: 'ro' }),
          beneficiaries({ title: 'Declarație privind beneficiarul real', language: 'ro' }),
        ],
      }),
    });
    const { t, tAll } = renderPage(language);
    expect(await screen.findByText(text(t('qualified.title')))).toBeInTheDocument();
    expect(screen.getByText(text(tAll('legal-acts:legalLevel.RO.title' as never)))).toBeInTheDocument();
    const statutes = screen.getByRole('article', { name: 'Actul constitutiv al Kreo Labs SRL' });
    expect(
      within(statutes).getByRole('button', {
        name: t('round.downloadOf', { document: 'Actul constitutiv al Kreo Labs SRL' }),
      }),
    ).toBeEnabled();
    const signers = within(statutes).getByRole('list', {
      name: t('round.signatories', { document: 'Actul constitutiv al Kreo Labs SRL' }),
    });
    expect(
      within(signers).getByText(
        text(
          t('round.signatoryLine', { name: 'Ana Popescu', role: 'associée', status: t('round.notSigned') }),
        ),
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t('sign.button') })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t('sign.sendCode') })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says a round was voided because the documents’ wording changed before they were sealed', async () => {
    state = signingState({
      readiness: [],
      round: round({
        status: 'voided',
        voidedAt: '2026-11-21T09:00:00.000Z',
        voidedChanges: [],
        voidedReason: 'documentsChanged',
      }),
    });
    const { t } = renderPage(language);
    expect(await screen.findByText(text(t('voided.documentsChanged')))).toBeInTheDocument();
    expect(screen.queryByText(text(t('voided.body')))).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('readiness.start') })).toBeEnabled();
  });

  it('says why a round was voided, in the form’s words, and that a new round is needed', async () => {
    state = signingState({
      readiness: [],
      round: round({
        status: 'voided',
        voidedAt: '2026-11-21T09:00:00.000Z',
        voidedChanges: [{ path: '/persons/1/address', personId: 'p2' }, { path: '/shareCapital' }],
      }),
    });
    const { t, tAll } = renderPage(language);
    expect(await screen.findByText(text(t('voided.title')))).toBeInTheDocument();
    expect(
      screen.getByText(
        t('voided.changeOf', {
          field: tAll('wizard:fields.person.address.title' as never),
          person: 'Ana Popescu',
        }),
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(text(tAll('wizard:fields.shareCapital.title' as never)))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('readiness.start') })).toBeEnabled();
  });
});

it('shows a complete round’s sealed documents and the evidence file, and downloads the evidence', async () => {
  state = signingState({
    round: round({
      status: 'complete',
      completedAt: '2026-11-22T09:00:00.000Z',
      documents: [statuts({ sealed: true, sealedSha256: 'c'.repeat(64) })],
    }),
  });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:evidence');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  const { t, user } = renderPage('en');
  expect(await screen.findByRole('alert', { name: t('complete.title') })).toBeInTheDocument();
  expect(screen.getByText('c'.repeat(64))).toBeInTheDocument();
  expect(
    screen.getByRole('button', {
      name: t('round.downloadSignedOf', { document: statuts().title }),
    }),
  ).toBeEnabled();
  get.mockImplementation((async () => answer(new Blob(['%PDF'], { type: 'application/pdf' }))) as never);
  await user.click(screen.getByRole('button', { name: t('round.evidence') }));
  await waitFor(() =>
    expect(get).toHaveBeenCalledWith('/api/company-files/{fileId}/signing/evidence', {
      params: { path: { fileId: FILE_ID } },
      parseAs: 'blob',
    }),
  );
  expect(await screen.findByText(text(t('round.downloaded')))).toBeInTheDocument();
  expect(displayName('en', 'language', 'fr')).toBe('French');
});

it('shows the round another start prepared meanwhile when the server says it is being signed already', async () => {
  state = signingState({ round: null, readiness: [] });
  const { t, user } = renderPage('en');
  await screen.findByRole('button', { name: t('readiness.start') });
  post.mockImplementation((async () => {
    state = signingState();
    throw new ApiError('Started', 'http', 409, {
      code: 'ALREADY_STARTED',
      message: 'These documents are being signed already',
      readiness: [],
    });
  }) as never);
  await user.click(screen.getByRole('button', { name: t('readiness.start') }));
  expect(await screen.findByText(text(t('round.status.open')))).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: t('readiness.start') })).not.toBeInTheDocument();
  expect(screen.queryByText(text(t('readiness.startFailed')))).not.toBeInTheDocument();
});

it('offers the evidence file to the signatories and the founder, not to a member who signs nothing', async () => {
  state = signingState({
    role: 'coFounder',
    personId: 'p3',
    round: round({
      status: 'complete',
      completedAt: '2026-11-22T09:00:00.000Z',
      documents: [statuts({ sealed: true, sealedSha256: 'c'.repeat(64) })],
    }),
  });
  const { t } = renderPage('en', '00000000-0000-4000-8000-000000000003');
  expect(await screen.findByRole('alert', { name: t('complete.title') })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: t('round.evidence') })).not.toBeInTheDocument();
});
