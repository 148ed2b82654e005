import { screen, waitFor, within } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { forgetCatalog, formatPrice, type Offer } from '@/lib/catalog/catalog';

/** A price as the page shows it to a reader: the DOM text's non-breaking space read as a space. */
const shownPrice = (price: number, language: string) => formatPrice(price, language).replace(/\s/g, ' ');
import { displayName } from '@/lib/i18n/display-name';
import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import { accessTokenAtom, endSession, sessionStore } from '@/lib/session/session';
import { createTestI18n, epochSeconds, renderWithProviders, unsignedJwt } from '@/testing/render';
import documentsFile from '../../../schemas/documents.json';
import { round, signingState, statuts } from '@/testing/signing';
import { DocumentsPage } from './documents-page';
import { attachmentFileName } from './download-document';

const OFFERS: Offer[] = [
  {
    sku: 'PREMIUM_PACKAGE',
    name: { fr: 'Premium', en: 'Premium', ro: 'Premium' },
    features: { fr: [], en: [], ro: [] },
    plans: [
      { sku: 'PREMIUM_ONE_TIME', price: 50, currency: 'EUR', planType: 'ONE_TIME', billingCycle: null },
    ],
    productSkus: [
      'LEGAL_STATUSES',
      'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
      'LIST_OF_BENEFICIARIES',
      'PROFESSIONAL_PROMOTIONAL_WEBSITE',
    ],
  },
  {
    sku: 'STARTER_PACKAGE',
    name: { fr: 'Essentiel', en: 'Essential', ro: 'Esențial' },
    features: { fr: [], en: [], ro: [] },
    plans: [{ sku: 'STARTER_ONE_TIME', price: 1, currency: 'EUR', planType: 'ONE_TIME', billingCycle: null }],
    productSkus: ['LEGAL_STATUSES'],
  },
];

let get: MockInstance;

/** GET /api/documents for a French company: the official copy in French, translations in English and Romanian. */
const FRENCH_COMPANY_LANGUAGES = {
  legalForm: 'FR-SAS',
  filingLanguage: 'fr',
  documents: [
    'LEGAL_STATUSES',
    'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
    'LIST_OF_BENEFICIARIES',
  ].map((sku) => ({ sku, languages: ['fr', 'en', 'ro'] })),
};

/** GET /api/documents/filing-check of a complete file: nothing to fix. */
const READY_CHECK = {
  source: 'submitted',
  legalForm: 'FR-SAS',
  checkedOn: '2026-02-01',
  verdict: 'ready',
  problems: [],
};

/** The answers every test shares (the catalog, the documents' languages, the check); undefined for the others. */
function commonAnswer(path: string) {
  if (path === '/api/marketing/offers/list') return { data: OFFERS, response: new Response() };
  if (path === '/api/documents/filing-check') return { data: READY_CHECK, response: new Response() };
  if (path === '/api/documents') return { data: FRENCH_COMPANY_LANGUAGES, response: new Response() };
  // No round of signatures yet.
  if (path === '/api/company-files/{fileId}/signing')
    throw new ApiError('Network response was not ok Not Found', 'http', 404);
  return undefined;
}

function renderDocuments(language: Language, products: string[]) {
  sessionStore.set(accessTokenAtom, unsignedJwt({ sub: 'user-1', products, exp: epochSeconds(600) }));
  const i18n = createTestI18n(language);
  const view = renderWithProviders(<DocumentsPage />, { route: '/documents', i18n, store: sessionStore });
  return { ...view, t: i18n.getFixedT(language, 'documents') };
}

function card(t: TFunction<'documents'>, id: 'statutes' | 'certificates' | 'beneficiaries' | 'website') {
  return screen.getByRole('article', { name: t(`cards.${id}.title`) });
}

beforeEach(() => {
  forgetCatalog();
  get = vi.spyOn(apiClient, 'GET').mockImplementation((async (path: string) => {
    const answer = commonAnswer(path);
    if (answer) return answer;
    throw new Error(`unexpected GET ${path}`);
  }) as never);
  // The page asks for a fresh token on arrival: the same products come back.
  vi.spyOn(apiClient, 'POST').mockImplementation((async () => ({
    data: { accessToken: sessionStore.get(accessTokenAtom) },
    response: new Response(),
  })) as never);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:document');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});

afterEach(() => endSession());

describe.each(LANGUAGES)('/documents in %s', (language) => {
  it('shows the cards of schemas/documents.json, unlocked only by the products of the token', async () => {
    const { t } = renderDocuments(language, ['LEGAL_STATUSES', 'PROFESSIONAL_PROMOTIONAL_WEBSITE']);
    // Every card until the server says which documents the file's legal form has.
    expect(screen.getAllByRole('article')).toHaveLength(documentsFile.cards.length);
    expect(await screen.findByText(t('summary', { count: 2, total: 4 }))).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(4);

    const statutes = card(t, 'statutes');
    expect(within(statutes).getByRole('button', { name: t('actions.pdf') })).toBeEnabled();
    expect(within(statutes).getByRole('button', { name: t('actions.docx') })).toBeEnabled();
    // Locked or not, every document can be previewed.
    expect(within(card(t, 'certificates')).getByRole('button', { name: t('actions.preview') })).toBeEnabled();
    const website = card(t, 'website');
    expect(within(website).getByRole('link', { name: t('actions.website') })).toHaveAttribute(
      'href',
      '/create-your-website',
    );

    // Locked: a disabled 'Locked' button and the cheapest plan that unlocks it, linked to /plans.
    const certificates = card(t, 'certificates');
    expect(within(certificates).getByRole('button', { name: t('actions.locked') })).toBeDisabled();
    expect(
      await within(certificates).findByText(
        t('locked.includedIn', { offer: 'Premium', price: shownPrice(50, language) }),
      ),
    ).toBeInTheDocument();
    expect(within(certificates).getByRole('link', { name: t('locked.seePlans') })).toHaveAttribute(
      'href',
      '/plans',
    );
    expect(get).toHaveBeenCalledWith('/api/marketing/offers/list');
  });

  it('downloads an unlocked document as Word, under the name the server gives', async () => {
    get.mockImplementation((async (path: string) => {
      const answer = commonAnswer(path);
      if (answer) return answer;
      return {
        data: new Blob(['PK'], { type: 'application/octet-stream' }),
        response: new Response(null, {
          headers: { 'content-disposition': 'attachment; filename="statuts-boulangerie.docx"' },
        }),
      };
    }) as never);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('statuts-boulangerie.docx');
    });
    const { user, t } = renderDocuments(language, ['LEGAL_STATUSES']);
    const statutes = card(t, 'statutes');
    await user.click(within(statutes).getByRole('button', { name: t('actions.docx') }));
    expect(await within(statutes).findByRole('status')).toHaveTextContent(
      t('download.ready', { document: t('cards.statutes.title') }),
    );
    expect(click).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/api/documents/{sku}', {
      params: { path: { sku: 'LEGAL_STATUSES' }, query: { format: 'docx' } },
      parseAs: 'blob',
    });
  });

  it('offers a courtesy translation in the interface language when it is not the filing language', async () => {
    const { user, t } = renderDocuments(language, ['LEGAL_STATUSES']);
    const statutes = card(t, 'statutes');
    const translationPdf = t('actions.translationFormat', {
      format: 'PDF',
      language: new Intl.DisplayNames([language], { type: 'language' }).of(language),
    });
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/documents'));
    if (language === 'fr') {
      // A French company's official copy is already in French: nothing to translate.
      expect(within(statutes).queryByRole('button', { name: translationPdf })).toBeNull();
      return;
    }
    get.mockImplementation((async (path: string) => {
      const answer = commonAnswer(path);
      if (answer) return answer;
      return {
        data: new Blob(['%PDF-'], { type: 'application/pdf' }),
        response: new Response(null, {
          headers: { 'content-disposition': 'attachment; filename="statuts-traduction.pdf"' },
        }),
      };
    }) as never);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    // The list's answer renders as a transition: the note shows once React has rendered it.
    expect(
      await within(statutes).findByText(
        t('copies.translationNote', {
          language: new Intl.DisplayNames([language], { type: 'language' }).of('fr'),
        }),
      ),
    ).toBeInTheDocument();
    await user.click(await within(statutes).findByRole('button', { name: translationPdf }));
    expect(await within(statutes).findByRole('status')).toHaveTextContent(
      t('download.ready', { document: t('cards.statutes.title') }),
    );
    expect(get).toHaveBeenCalledWith('/api/documents/{sku}', {
      params: { path: { sku: 'LEGAL_STATUSES' }, query: { format: 'pdf', lang: language } },
      parseAs: 'blob',
    });
  });

  it('sends the user to the form when no company file was submitted yet', async () => {
    get.mockImplementation((async (path: string) => {
      const answer = commonAnswer(path);
      if (answer) return answer;
      throw new ApiError('Network response was not ok Conflict', 'http', 409);
    }) as never);
    const { user, t } = renderDocuments(language, ['LEGAL_STATUSES']);
    const statutes = card(t, 'statutes');
    await user.click(within(statutes).getByRole('button', { name: t('actions.pdf') }));
    const alert = await within(statutes).findByRole('alert');
    expect(alert).toHaveTextContent(t('download.fileNotSubmitted'));
    expect(within(alert).getByRole('link', { name: t('download.openWizard') })).toHaveAttribute(
      'href',
      '/ai-powered-form',
    );
  });

  it('says which answer the documents cannot print, in the server’s words, with a way back to the form', async () => {
    const message = 'Personne 2 – Nom de naissance : caractères 王';
    get.mockImplementation((async (path: string) => {
      const answer = commonAnswer(path);
      if (answer) return answer;
      throw new ApiError('Network response was not ok', 'http', 422, {
        message,
        code: 'UNPRINTABLE_CHARACTERS',
      });
    }) as never);
    const { user, t } = renderDocuments(language, ['LEGAL_STATUSES']);
    const statutes = card(t, 'statutes');
    await user.click(within(statutes).getByRole('button', { name: t('actions.pdf') }));
    const alert = await within(statutes).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).not.toHaveTextContent(t('download.noTemplate'));
    expect(within(alert).getByRole('link', { name: t('download.openWizard') })).toBeInTheDocument();
  });

  it('says when the download failed, and lets the user try again', async () => {
    get.mockImplementation((async (path: string) => {
      const answer = commonAnswer(path);
      if (answer) return answer;
      throw new ApiError('Network response was not ok', 'network');
    }) as never);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, t } = renderDocuments(language, ['LEGAL_STATUSES']);
    const statutes = card(t, 'statutes');
    await user.click(within(statutes).getByRole('button', { name: t('actions.pdf') }));
    expect(await within(statutes).findByRole('alert')).toHaveTextContent(t('download.failed'));
    await waitFor(() =>
      expect(within(statutes).getByRole('button', { name: t('actions.pdf') })).toBeEnabled(),
    );
  });
});

describe.each(LANGUAGES)('a Romanian SRL’s deed in %s', (language) => {
  // Legea nr. 31/1990, art. 5: several associates sign an act constitutiv, a sole associate a statut.
  it.each([
    ['RO-SRL', 'actConstitutiv', /constitutiv/i],
    ['RO-SRL_SOLE', 'statut', /statut/i],
  ] as const)(
    'is named after the form of a %s file, on its card and its preview',
    async (form, key, word) => {
      get.mockImplementation((async (path: string) => {
        if (path === '/api/documents')
          return {
            data: { ...FRENCH_COMPANY_LANGUAGES, legalForm: form, filingLanguage: 'ro' },
            response: new Response(),
          };
        const answer = commonAnswer(path);
        if (answer) return answer;
        throw new ApiError('refused', 'http', 503);
      }) as never);
      const { user, t } = renderDocuments(language, []);
      const name = t(`cards.statutes.${key}`);
      expect(name).toMatch(word);
      expect(name).not.toMatch(key === 'statut' ? /constitutiv/i : /statut/i);
      const deed = await screen.findByRole('article', { name });
      await user.click(within(deed).getByRole('button', { name: t('actions.preview') }));
      expect(
        await screen.findByRole('dialog', { name: t('preview.dialogTitle', { document: name }) }),
      ).toBeInTheDocument();
    },
  );
});

describe('the preview', () => {
  it('shows the document the server built, under a watermark, with the plan that unlocks it', async () => {
    get.mockImplementation((async (path: string) => {
      const answer = commonAnswer(path);
      if (answer) return answer;
      return {
        data: {
          sku: 'LIST_OF_BENEFICIARIES',
          title: 'Document relatif au bénéficiaire effectif',
          language: 'fr',
          filingLanguage: 'fr',
          translation: false,
          templateVersion: '1.0',
          complete: false,
          blocks: [
            { kind: 'title', text: 'Document relatif au bénéficiaire effectif' },
            { kind: 'heading', level: 2, text: '1. La société' },
            { kind: 'withheld', words: 40 },
            {
              kind: 'table',
              align: ['left', 'right'],
              header: [['Associé', 'Capital']],
              rows: [['Ioana', '66,67 %']],
              footer: [],
            },
            { kind: 'signatures', signers: [{ name: 'Ioana', role: 'Président', note: '' }] },
          ],
        },
        response: new Response(),
      };
    }) as never);
    const { user, t } = renderDocuments('fr', []);
    await user.click(within(card(t, 'beneficiaries')).getByRole('button', { name: t('actions.preview') }));
    const dialog = await screen.findByRole('dialog');
    const sheet = await within(dialog).findByRole('article', {
      name: 'Document relatif au bénéficiaire effectif',
    });
    expect(sheet).toHaveAttribute('data-watermark', t('preview.watermark'));
    expect(within(sheet).getByRole('heading', { name: '1. La société' })).toBeInTheDocument();
    expect(within(sheet).getByRole('cell', { name: '66,67 %' })).toBeInTheDocument();
    expect(within(dialog).getByText(t('preview.notice'))).toBeInTheDocument();
    // A clause the server kept back: its place, named, and why, said once.
    expect(within(sheet).getByRole('note', { name: t('preview.withheld') })).toBeInTheDocument();
    expect(within(dialog).getByText(t('preview.withheldNotice'))).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: t('locked.seePlans') })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/documents/{sku}/preview', {
      params: { path: { sku: 'LIST_OF_BENEFICIARIES' }, query: {} },
    });
  });

  it.each(LANGUAGES)(
    'says in %s why a preview must wait: too many asked (429), writers busy (503)',
    async (language) => {
      let status = 429;
      get.mockImplementation((async (path: string) => {
        const answer = commonAnswer(path);
        if (answer) return answer;
        throw new ApiError('refused', 'http', status);
      }) as never);
      const { user, t } = renderDocuments(language, []);
      const open = () =>
        user.click(within(card(t, 'beneficiaries')).getByRole('button', { name: t('actions.preview') }));
      await open();
      let dialog = await screen.findByRole('dialog');
      expect(await within(dialog).findByText(t('preview.errors.too-many'))).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      status = 503;
      await open();
      dialog = await screen.findByRole('dialog');
      expect(await within(dialog).findByText(t('preview.errors.busy'))).toBeInTheDocument();
    },
  );

  it('opens on the translation in the interface language, and switches to the official copy', async () => {
    const sheetOf = (language: string) => ({
      sku: 'LEGAL_STATUSES',
      title: language === 'en' ? 'Articles of association' : 'Statuts',
      language,
      filingLanguage: 'fr',
      translation: language !== 'fr',
      templateVersion: '1.0',
      complete: true,
      blocks: [{ kind: 'title', text: language === 'en' ? 'Articles of association' : 'Statuts' }],
    });
    get.mockImplementation((async (path: string, options?: { params?: { query?: { lang?: string } } }) => {
      const answer = commonAnswer(path);
      if (answer) return answer;
      return { data: sheetOf(options?.params?.query?.lang ?? 'fr'), response: new Response() };
    }) as never);
    const { user, t } = renderDocuments('en', ['LEGAL_STATUSES']);
    const statutes = card(t, 'statutes');
    await within(statutes).findByText(t('copies.translation', { language: 'English' }));
    await user.click(within(statutes).getByRole('button', { name: t('actions.previewOwned') }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByRole('article', { name: 'Articles of association' }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByText(t('preview.filing', { language: 'French' })));
    expect(await within(dialog).findByRole('article', { name: 'Statuts' })).toBeInTheDocument();
    // A document bought comes whole: nothing withheld, nothing to explain.
    expect(within(dialog).queryByText(t('preview.withheldNotice'))).not.toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/documents/{sku}/preview', {
      params: { path: { sku: 'LEGAL_STATUSES' }, query: { lang: 'en' } },
    });
    expect(get).toHaveBeenCalledWith('/api/documents/{sku}/preview', {
      params: { path: { sku: 'LEGAL_STATUSES' }, query: {} },
    });
  });
});

describe.each(LANGUAGES)('the pre-filing check in %s', (language) => {
  const PROBLEMS_CHECK = {
    ...READY_CHECK,
    verdict: 'fix',
    problems: [
      {
        rule: 'paidMinimum',
        severity: 'blocking',
        article: 'Code de commerce, art. L. 223-7 al. 1',
        messageKey: 'documents:filingCheck.rules.paidMinimum',
        params: { name: 'Alex Martin', paid: '40.00', minimum: '50.00', fraction: '20' },
        step: 'subscribers',
        field: 'subscribers.paidAmount',
        item: 1,
      },
      {
        rule: 'signatureTooOld',
        severity: 'warning',
        article: 'C. com. L. 223-8 al. 2',
        messageKey: 'documents:filingCheck.rules.signatureTooOld',
        params: { signature: '2026-01-15', limit: '2026-07-15', months: 6 },
        step: 'legal-declaration',
        field: 'dateOfSignature',
      },
    ],
  };

  it('shows the verdict before the downloads: ready to sign', async () => {
    const { t } = renderDocuments(language, ['LEGAL_STATUSES']);
    const panel = screen.getByRole('region', { name: t('filingCheck.title') });
    expect(await within(panel).findByText(t('filingCheck.ready'))).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/documents/filing-check', {
      params: { query: { source: 'submitted' } },
    });
    // The verdict comes before the documents' cards.
    const [firstCard] = screen.getAllByRole('article');
    expect(panel.compareDocumentPosition(firstCard as Node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('lists each problem with its article and a link to the wizard’s field, downloads still offered', async () => {
    get.mockImplementation((async (path: string) =>
      path === '/api/documents/filing-check'
        ? { data: PROBLEMS_CHECK, response: new Response() }
        : commonAnswer(path)) as never);
    const { t } = renderDocuments(language, ['LEGAL_STATUSES']);
    const panel = screen.getByRole('region', { name: t('filingCheck.title') });
    expect(await within(panel).findByText(t('filingCheck.fix'))).toBeInTheDocument();
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((item) => item.dataset.rule)).toEqual(['paidMinimum', 'signatureTooOld']);
    expect(within(items[0] as HTMLElement).getByText(/Alex Martin/)).toBeInTheDocument();
    expect(
      within(items[0] as HTMLElement).getByText(
        t('filingCheck.article', { article: 'Code de commerce, art. L. 223-7 al. 1' }),
      ),
    ).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/ai-powered-form?field=subscribers.paidAmount&item=1',
    );
    expect(within(items[1] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/ai-powered-form?field=dateOfSignature',
    );
    expect(within(panel).getByText(t('filingCheck.downloadAnyway'))).toBeInTheDocument();
    expect(within(card(t, 'statutes')).getByRole('button', { name: t('actions.pdf') })).toBeEnabled();
  });

  it('shows the way to the guided form before any file, in the room its loader kept for those words', async () => {
    let answer: (value: never) => void = () => undefined;
    get.mockImplementation((async (path: string) =>
      path === '/api/documents/filing-check'
        ? new Promise((resolve) => {
            answer = resolve;
          })
        : commonAnswer(path)) as never);
    const { t } = renderDocuments(language, []);
    const panel = screen.getByRole('region', { name: t('filingCheck.title') });
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/documents/filing-check', expect.anything()));
    // While the check runs: its status said, the words of "no file" there but hidden from every reader.
    expect(within(panel).getByRole('status')).toHaveTextContent(t('filingCheck.loading'));
    const kept = within(panel).getByText(t('filingCheck.noFile'));
    expect(kept).toHaveAttribute('aria-hidden', 'true');
    expect(kept).toHaveStyle({ visibility: 'hidden' });

    answer(
      Promise.reject(
        new ApiError('Network response was not ok Conflict', 'http', 409, { code: 'NO_FILE', message: 'x' }),
      ) as never,
    );
    expect(await within(panel).findByRole('link', { name: t('filingCheck.startForm') })).toHaveAttribute(
      'href',
      '/ai-powered-form',
    );
    expect(within(panel).getByText(t('filingCheck.noFile'))).toBeVisible();
    expect(within(panel).queryByRole('status')).toBeNull();
  });

  it('checks the draft of a user who bought no document, and offers no pack', async () => {
    const { t } = renderDocuments(language, []);
    await screen.findByText(t('filingCheck.ready'));
    expect(get).toHaveBeenCalledWith('/api/documents/filing-check', {
      params: { query: { source: 'draft' } },
    });
    expect(screen.queryByRole('region', { name: t('pack.title') })).toBeNull();
  });

  it('downloads the whole pack as one ZIP, with the translations in the interface language', async () => {
    get.mockImplementation((async (path: string) => {
      const answer = commonAnswer(path);
      if (answer) return answer;
      return {
        data: new Blob(['PK'], { type: 'application/zip' }),
        response: new Response(null, {
          headers: { 'content-disposition': 'attachment; filename="dossier-boulangerie.zip"' },
        }),
      };
    }) as never);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('dossier-boulangerie.zip');
    });
    const { user, t } = renderDocuments(language, ['LEGAL_STATUSES']);
    const pack = screen.getByRole('region', { name: t('pack.title') });
    // The filing language known, a translation is offered when the interface speaks another.
    if (language !== 'fr')
      await within(pack).findByText(
        t('pack.translations', { language: displayName(language, 'language', language) }),
      );
    else await waitFor(() => expect(get).toHaveBeenCalledWith('/api/documents'));
    await user.click(within(pack).getByRole('button', { name: t('pack.pdf') }));
    expect(await within(pack).findByText(t('pack.ready'))).toBeInTheDocument();
    expect(click).toHaveBeenCalledOnce();
    expect(get).toHaveBeenCalledWith('/api/documents/pack', {
      params: { query: language === 'fr' ? { format: 'pdf' } : { format: 'pdf', lang: language } },
      parseAs: 'blob',
    });
  });
});

describe('attachmentFileName', () => {
  it('reads the RFC 5987 name first, then the plain one, else the fallback', () => {
    expect(attachmentFileName(`attachment; filename="a.html"; filename*=UTF-8''st%C3%A1tut.html`, 'x')).toBe(
      'státut.html',
    );
    expect(attachmentFileName('attachment; filename="statuts-dupont.html"', 'x')).toBe('statuts-dupont.html');
    expect(attachmentFileName('attachment; filename=plain.html', 'x')).toBe('plain.html');
    expect(attachmentFileName("attachment; filename*=UTF-8''%E0%A4%A.html", 'x')).toBe('x');
    expect(attachmentFileName(null, 'fallback.html')).toBe('fallback.html');
  });
});

/** GET /api/documents for a Romanian SRL whose legal representative files and whose seat is lent. */
const ROMANIAN_COMPANY_DOCUMENTS = {
  legalForm: 'RO-SRL',
  filingLanguage: 'ro',
  documents: [
    { sku: 'LEGAL_STATUSES', languages: ['ro', 'en', 'fr'] },
    { sku: 'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION', languages: ['ro', 'en', 'fr'] },
    { sku: 'LIST_OF_BENEFICIARIES', languages: ['ro', 'en', 'fr'] },
    { sku: 'FILING_MANDATE', languages: ['ro'], notApplicable: 'filerIsRepresentative' },
    { sku: 'REGISTERED_OFFICE_PROOF', languages: ['ro'] },
    { sku: 'OPERATING_CONDITIONS_DECLARATION', languages: ['ro'] },
  ],
};
const STANDARD_DOCUMENTS = [
  'LEGAL_STATUSES',
  'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
  'LIST_OF_BENEFICIARIES',
  'SUBSCRIBERS_LIST',
  'FILING_MANDATE',
  'REGISTERED_OFFICE_PROOF',
  'LEGAL_NOTICE',
  'OPERATING_CONDITIONS_DECLARATION',
];

describe.each(LANGUAGES)('the filing papers in %s', (language) => {
  it('shows a Romanian file its own documents, and says why one does not apply instead of a download', async () => {
    get.mockImplementation((async (path: string) => {
      if (path === '/api/documents') return { data: ROMANIAN_COMPANY_DOCUMENTS, response: new Response() };
      const answer = commonAnswer(path);
      if (answer) return answer;
      throw new Error(`unexpected GET ${path}`);
    }) as never);
    const { t } = renderDocuments(language, STANDARD_DOCUMENTS);
    const comodat = await screen.findByRole('article', { name: t('cards.registeredOffice.comodat') });
    expect(within(comodat).getByRole('button', { name: t('actions.pdf') })).toBeEnabled();
    // The French documents are not offered to a Romanian company.
    expect(screen.queryByRole('article', { name: t('cards.subscribers.title') })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: t('cards.legalNotice.title') })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(7);
    // The legal representative files: no power of attorney, said, with the way back to the answer.
    const mandate = screen.getByRole('article', { name: t('cards.filingMandate.imputernicire') });
    expect(mandate).toHaveAttribute('data-state', 'not-applicable');
    expect(within(mandate).getByText(t('notApplicable.badge'))).toBeInTheDocument();
    expect(within(mandate).getByText(t('notApplicable.filerIsRepresentative'))).toBeInTheDocument();
    expect(within(mandate).getByRole('link', { name: t('notApplicable.change') })).toHaveAttribute(
      'href',
      '/ai-powered-form',
    );
    expect(within(mandate).queryByRole('button')).not.toBeInTheDocument();
  });

  it('copies the legal notice’s text, the first section of the document, ready to paste', async () => {
    get.mockImplementation((async (path: string) => {
      if (path === '/api/documents')
        return {
          data: {
            ...FRENCH_COMPANY_LANGUAGES,
            documents: [...FRENCH_COMPANY_LANGUAGES.documents, { sku: 'LEGAL_NOTICE', languages: ['fr'] }],
          },
          response: new Response(),
        };
      const answer = commonAnswer(path);
      if (answer) return answer;
      return {
        data: {
          sku: 'LEGAL_NOTICE',
          title: 'Annonce légale – avis de constitution',
          language: 'fr',
          filingLanguage: 'fr',
          translation: false,
          templateVersion: '1.0',
          complete: true,
          blocks: [
            { kind: 'title', text: 'Annonce légale – avis de constitution' },
            { kind: 'note', text: 'Code de commerce, art. R. 210-3 et R. 210-4' },
            { kind: 'heading', level: 2, text: "Texte de l'annonce" },
            { kind: 'paragraph', text: 'Avis de constitution' },
            { kind: 'paragraph', text: 'Dénomination : Boulangerie Dupont.' },
            { kind: 'heading', level: 2, text: 'Coût et publication' },
            { kind: 'paragraph', text: '197,00 € hors taxes' },
          ],
        },
        response: new Response(),
      };
    }) as never);
    const { user, t } = renderDocuments(language, STANDARD_DOCUMENTS);
    const notice = await screen.findByRole('article', { name: t('cards.legalNotice.title') });
    await user.click(within(notice).getByRole('button', { name: t('copy.button') }));
    expect(await within(notice).findByText(t('copy.done'))).toBeInTheDocument();
    // user-event stands in for the clipboard: what the page wrote is read back.
    expect(await navigator.clipboard.readText()).toBe(
      'Avis de constitution\n\nDénomination : Boulangerie Dupont.',
    );
    expect(get).toHaveBeenCalledWith('/api/documents/{sku}/preview', {
      params: { path: { sku: 'LEGAL_NOTICE' }, query: {} },
    });
  });
});

describe.each(LANGUAGES)('the signature section in %s', (language) => {
  /** Words as a reader finds them: Testing Library reads a non-breaking space as a space. */
  const text = (words: string) => words.replace(/\s+/g, ' ');

  it('says where the signature stands, with a link to the signing page', async () => {
    get.mockImplementation((async (path: string) => {
      if (path === '/api/company-files/{fileId}/signing')
        return { data: signingState({ round: round() }), response: new Response() };
      const answer = commonAnswer(path);
      if (answer) return answer;
      throw new Error(`unexpected GET ${path}`);
    }) as never);
    renderDocuments(language, ['LEGAL_STATUSES']);
    const tSigning = createTestI18n(language).getFixedT(language, 'signing');
    const section = await screen.findByRole('region', { name: tSigning('documents.title') });
    expect(
      await within(section).findByText(text(tSigning('documents.open', { signed: 0, total: 2 }))),
    ).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: tSigning('documents.link') })).toHaveAttribute(
      'href',
      '/sign/user-1',
    );
    expect(get).toHaveBeenCalledWith('/api/company-files/{fileId}/signing', {
      params: { path: { fileId: 'user-1' } },
      signal: expect.any(AbortSignal),
    });
  });

  it('offers the signed documents and the evidence file once everyone signed', async () => {
    get.mockImplementation((async (path: string) => {
      if (path === '/api/company-files/{fileId}/signing')
        return {
          data: signingState({
            round: round({
              status: 'complete',
              documents: [statuts({ sealed: true, sealedSha256: 'c'.repeat(64) })],
            }),
          }),
          response: new Response(),
        };
      const answer = commonAnswer(path);
      if (answer) return answer;
      return { data: new Blob(['%PDF'], { type: 'application/pdf' }), response: new Response() };
    }) as never);
    const { user } = renderDocuments(language, ['LEGAL_STATUSES']);
    const tSigning = createTestI18n(language).getFixedT(language, 'signing');
    const section = await screen.findByRole('region', { name: tSigning('documents.title') });
    expect(await within(section).findByText(text(tSigning('documents.complete')))).toBeInTheDocument();
    expect(within(section).getByText(statuts().title)).toBeInTheDocument();
    await user.click(
      within(section).getByRole('button', {
        name: tSigning('round.downloadSignedOf', { document: statuts().title }),
      }),
    );
    await user.click(within(section).getByRole('button', { name: tSigning('round.evidence') }));
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('/api/company-files/{fileId}/signing/evidence', {
        params: { path: { fileId: 'user-1' } },
        parseAs: 'blob',
      }),
    );
    expect(get).toHaveBeenCalledWith('/api/company-files/{fileId}/signing/documents/{documentId}/pdf', {
      params: { path: { fileId: 'user-1', documentId: statuts().id } },
      parseAs: 'blob',
    });
  });
});
