import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { forgetCatalog, type Offer } from '@/lib/catalog/catalog';
import { formatCalendarDate, todayIsoDate } from '@/lib/format/dates';
import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import { accessTokenAtom, endSession, sessionStore } from '@/lib/session/session';
import { createTestI18n, epochSeconds, renderWithProviders, unsignedJwt } from '@/testing/render';
import frSteps from '../../../schemas/jurisdictions/registration/fr.json';
import roSteps from '../../../schemas/jurisdictions/registration/ro.json';
import type { CompanyFileEvent, CompanyFileTimeline } from './dashboard-api';
import { DashboardPage } from './dashboard-page';

const OFFERS: Offer[] = [
  {
    sku: 'STANDARD_PACKAGE',
    name: { fr: 'Standard', en: 'Standard', ro: 'Standard' },
    features: { fr: [], en: [], ro: [] },
    plans: [
      { sku: 'STANDARD_ONE_TIME', price: 49, currency: 'EUR', planType: 'ONE_TIME', billingCycle: null },
    ],
    productSkus: ['LEGAL_STATUSES'],
  },
];

const event = (kind: CompanyFileEvent['kind'], extra: Partial<CompanyFileEvent> = {}): CompanyFileEvent => ({
  id: `${kind}-${extra.step ?? ''}`,
  kind,
  occurredAt: '2026-03-01T10:00:00.000Z',
  ...extra,
});

const PAID = event('paid', {
  offerSku: 'STANDARD_PACKAGE',
  amountCents: 4900,
  currency: 'EUR',
  invoiceNumber: 'KR-000042',
});

const FR_TIMELINE: CompanyFileTimeline = {
  jurisdiction: 'FR',
  submitted: true,
  events: [
    event('draftStarted'),
    event('submitted'),
    PAID,
    event('documentsReady'),
    event('stepDone', { step: 'capitalDeposit', doneOn: '2026-03-02' }),
  ],
};

const FR_DATA = {
  jurisdiction: 'FR',
  legalForm: 'SAS',
  currency: 'EUR',
  subscribers: [{ name: 'Élodie Dupont' }, { name: 'Marc Petit' }],
  managers: [{ name: 'élodie  DUPONT' }],
  registeredOffice: '12 rue de la Paix, 75002 Paris',
  shareCapital: 1000,
};

const INVOICES = [
  {
    id: '2b1f6a7e-0000-4000-8000-000000000002',
    number: 'KR-000043',
    kind: 'creditNote' as const,
    issuedAt: '2026-03-05T09:00:00.000Z',
    totalCents: -4900,
    currency: 'EUR',
    offerSku: 'STANDARD_PACKAGE',
    creditedInvoiceNumber: 'KR-000042',
  },
  {
    id: '2b1f6a7e-0000-4000-8000-000000000001',
    number: 'KR-000042',
    kind: 'invoice' as const,
    issuedAt: '2026-03-01T10:00:00.000Z',
    totalCents: 4900,
    currency: 'EUR',
    offerSku: 'STANDARD_PACKAGE',
  },
];

let answers: Record<string, unknown>;
let get: MockInstance;
let put: MockInstance;
let del: MockInstance;

const ok = (data: unknown, headers?: HeadersInit) => ({ data, response: new Response(null, { headers }) });

beforeEach(() => {
  forgetCatalog();
  answers = {
    '/api/company-file/events': FR_TIMELINE,
    '/api/company-file': { data: FR_DATA },
    '/api/invoices': { invoices: [] },
    '/api/marketing/offers/list': OFFERS,
  };
  get = vi.spyOn(apiClient, 'GET').mockImplementation((async (path: string) => {
    if (path in answers) {
      const answer = answers[path];
      if (answer instanceof Error) throw answer;
      return ok(answer);
    }
    throw new Error(`unexpected GET ${path}`);
  }) as never);
  put = vi.spyOn(apiClient, 'PUT');
  del = vi.spyOn(apiClient, 'DELETE');
});

afterEach(() => endSession());

function renderDashboard(language: Language = 'en') {
  sessionStore.set(accessTokenAtom, unsignedJwt({ sub: 'user-1', products: [], exp: epochSeconds(600) }));
  const i18n = createTestI18n(language);
  const view = renderWithProviders(<DashboardPage />, { route: '/dashboard', i18n, store: sessionStore });
  const fixed = i18n.getFixedT(language);
  // The content files' keys (registration:…, jurisdictions:…, documents:…), as the page looks them up.
  const tAll = (key: string, options?: Record<string, unknown>) =>
    String(fixed(key as never, options as never));
  return { ...view, t: i18n.getFixedT(language, 'dashboard'), tAll };
}

const entry = (id: string) => {
  const found = document.querySelector<HTMLElement>(`[data-entry="${id}"]`);
  if (!found) throw new Error(`no timeline entry ${id}`);
  return found;
};

describe('/dashboard', () => {
  it('invites a founder without a company file to the guided form', async () => {
    answers['/api/company-file/events'] = { jurisdiction: null, submitted: false, events: [] };
    answers['/api/company-file'] = { data: {} };
    const { t } = renderDashboard('fr');

    expect(await screen.findByRole('heading', { name: t('empty.title') })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('empty.action') })).toHaveAttribute('href', '/ai-powered-form');
    expect(await screen.findByText(t('invoices.empty'))).toBeInTheDocument();
  });

  it('tells the story of the file, then the French steps in order, done or to do', async () => {
    const { t, tAll } = renderDashboard('en');

    expect(await screen.findByRole('heading', { name: t('timeline.title') })).toBeInTheDocument();
    const steps = await screen.findAllByRole('article');
    expect(steps.map((step) => step.dataset.step)).toEqual(frSteps.steps.map((step) => step.id));

    expect(entry('draftStarted')).toHaveTextContent(t('timeline.draftStarted.done'));
    expect(entry('paid')).toHaveTextContent(t('timeline.paid.done'));
    await waitFor(() => expect(entry('paid')).toHaveTextContent('Standard · €49 · invoice KR-000042'));
    expect(within(entry('documentsReady')).getByRole('link')).toHaveAttribute('href', '/documents');
    expect(entry('capitalDeposit')).toHaveAttribute('data-state', 'done');
    expect(entry('capitalDeposit')).toHaveTextContent(
      t('steps.doneOn', { date: formatCalendarDate('2026-03-02', 'en') }),
    );
    expect(entry('legalNotice')).toHaveAttribute('data-state', 'to-do');
    // The active item is the last one done in a row: the first step.
    expect(entry('capitalDeposit')).toHaveAttribute('data-active');
    expect(entry('legalNotice')).not.toHaveAttribute('data-active');

    // The card: its words, the fee of the company's legal form, the official link, the unchecked source.
    const deposit = steps[0] as HTMLElement;
    expect(deposit).toHaveAttribute('data-state', 'done');
    const legalNotice = screen.getByRole('article', { name: tAll('registration:FR.legalNotice.title') });
    expect(legalNotice).toHaveTextContent(`${tAll('jurisdictions:FR.fees.legalNotice.label')}: €197`);
    expect(
      within(legalNotice).getByRole('link', { name: tAll('documents:cards.statutes.title') }),
    ).toHaveAttribute('href', '/documents');
    expect(legalNotice).toHaveTextContent(tAll('registration:labels.unconfirmed'));
    const filing = screen.getByRole('article', { name: tAll('registration:FR.singleWindowFiling.title') });
    expect(filing).not.toHaveTextContent(tAll('registration:labels.unconfirmed'));
    expect(within(filing).getByRole('link', { name: tAll('registration:labels.open') })).toHaveAttribute(
      'href',
      'https://formalites.entreprises.gouv.fr',
    );
  });

  it('lists what to bring from the company file, each person once', async () => {
    const { t } = renderDashboard('fr');
    const section = await screen.findByRole('region', { name: t('bring.title') });
    // The DOM's non-breaking spaces (in "1 000 €") read as spaces.
    const items = within(section)
      .getAllByRole('listitem')
      .map((item) => item.textContent?.replace(/\s/g, ' '));
    expect(items).toEqual([
      t('bring.identity', { name: 'Élodie Dupont', role: t('bring.roles.both') }),
      t('bring.identity', { name: 'Marc Petit', role: t('bring.roles.associate') }),
      t('bring.registeredOfficeAt', { address: '12 rue de la Paix, 75002 Paris' }),
      t('bring.capitalDepositOf', { amount: '1 000 €' }),
    ]);
  });

  it('ticks a step off on today, by default, and unticks it', async () => {
    const { t, tAll, user } = renderDashboard('en');
    const card = await screen.findByRole('article', { name: tAll('registration:FR.legalNotice.title') });
    const today = todayIsoDate();
    put.mockResolvedValueOnce(
      ok({
        ...FR_TIMELINE,
        events: [...FR_TIMELINE.events, event('stepDone', { step: 'legalNotice', doneOn: today })],
      }) as never,
    );
    await user.click(within(card).getByRole('button', { name: t('steps.markDone') }));

    expect(put).toHaveBeenCalledWith('/api/company-file/steps/{stepId}', {
      params: { path: { stepId: 'legalNotice' } },
      body: { doneOn: today },
    });
    const doneOn = t('steps.doneOn', { date: formatCalendarDate(today, 'en') });
    expect(await within(card).findByText(doneOn)).toBeInTheDocument();
    expect(card).toHaveAttribute('data-state', 'done');
    expect(entry('legalNotice')).toHaveTextContent(doneOn);

    del.mockResolvedValueOnce(ok(FR_TIMELINE) as never);
    await user.click(within(card).getByRole('button', { name: t('steps.undo') }));
    expect(del).toHaveBeenCalledWith('/api/company-file/steps/{stepId}', {
      params: { path: { stepId: 'legalNotice' } },
    });
    expect(await within(card).findByRole('button', { name: t('steps.markDone') })).toBeInTheDocument();
    expect(entry('legalNotice')).toHaveAttribute('data-state', 'to-do');
  });

  it.each(LANGUAGES)(
    'in %s, a typed date leaves the button below in sight; the calendar opens from its own button and a day picked closes it',
    async (language) => {
      const { t, tAll, user } = renderDashboard(language);
      const card = await screen.findByRole('article', { name: tAll('registration:FR.kbisReceived.title') });
      const field = await within(card).findByLabelText(t('steps.dateLabel'), {}, { timeout: 10_000 });
      const calendar = () => document.querySelector<HTMLElement>('[data-dates-dropdown]');
      await user.clear(field);
      await user.type(field, language === 'ro' ? '01.06.2025' : '01/06/2025');
      // Mantine would have opened it over the "Mark as done" button on the first key.
      expect(calendar()).toBeNull();

      const open = within(card).getByRole('button', { name: t('steps.calendarLabel') });
      expect(open).toHaveAttribute('aria-expanded', 'false');
      // Its button opens it and closes it (a press on it is not taken as one outside the calendar).
      await user.click(open);
      await waitFor(() => expect(calendar()).not.toBeNull());
      expect(open).toHaveAttribute('aria-expanded', 'true');
      await user.click(open);
      await waitFor(() => expect(calendar()).toBeNull());
      expect(open).toHaveAttribute('aria-expanded', 'false');
      await user.click(open);
      await waitFor(() => expect(calendar()).not.toBeNull());
      // It shows the month typed: June 2025 (jsdom lays nothing out: its days are found regardless of visibility).
      await user.click(
        within(calendar() as HTMLElement).getByRole('button', { name: /^15 \S+ 2025$/, hidden: true }),
      );
      await waitFor(() => expect(calendar()).toBeNull());
      expect(field).toHaveValue(language === 'ro' ? '15.06.2025' : '15/06/2025');

      put.mockResolvedValueOnce(ok(FR_TIMELINE) as never);
      await user.click(within(card).getByRole('button', { name: t('steps.markDone') }));
      expect(put).toHaveBeenCalledWith('/api/company-file/steps/{stepId}', {
        params: { path: { stepId: 'kbisReceived' } },
        body: { doneOn: '2025-06-15' },
      });
    },
  );

  it.each(LANGUAGES)('refuses a date in the future in %s, before asking the server', async (language) => {
    const { t, tAll, user } = renderDashboard(language);
    const card = await screen.findByRole('article', { name: tAll('registration:FR.kbisReceived.title') });
    const field = await within(card).findByLabelText(t('steps.dateLabel'), {}, { timeout: 10_000 });
    await user.clear(field);
    await user.type(field, '01/06/2099');
    await user.click(within(card).getByRole('button', { name: t('steps.markDone') }));

    expect(await within(card).findByText(t('steps.errors.future'))).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });

  it.each(LANGUAGES)('shows the server refusing a date in %s', async (language) => {
    const { t, tAll, user } = renderDashboard(language);
    const card = await screen.findByRole('article', { name: tAll('registration:FR.kbisReceived.title') });
    put.mockRejectedValueOnce(
      new ApiError('The date is out of range', 'http', 422, { code: 'STEP_DATE_OUT_OF_RANGE', message: 'x' }),
    );
    await user.click(within(card).getByRole('button', { name: t('steps.markDone') }));

    expect(await within(card).findByText(t('steps.errors.outOfRange'))).toBeInTheDocument();
    expect(card).toHaveAttribute('data-state', 'to-do');
  });

  it('shows Romania’s steps, its costs in lei and the beneficial-owner reminder', async () => {
    answers['/api/company-file/events'] = {
      jurisdiction: 'RO',
      submitted: false,
      events: [event('draftStarted')],
    };
    answers['/api/company-file'] = {
      data: {
        jurisdiction: 'RO',
        legalForm: 'SRL',
        currency: 'RON',
        shareCapital: 200,
        subscribers: [],
        managers: [],
      },
    };
    const { t, tAll } = renderDashboard('ro');

    const steps = await screen.findAllByRole('article');
    expect(steps.map((step) => step.dataset.step)).toEqual(roSteps.steps.map((step) => step.id));
    const reminders = screen.getByRole('region', { name: tAll('registration:labels.reminders') });
    expect(reminders).toHaveTextContent(tAll('registration:RO.beneficialOwners.title'));
    expect(reminders).toHaveTextContent(tAll('registration:RO.beneficialOwners.body'));
    const filing = screen.getByRole('article', { name: tAll('registration:RO.onrcFiling.title') });
    expect(filing).toHaveTextContent(
      `${tAll('jurisdictions:RO.fees.registration.label')}: ${tAll('marketing:outsideFees.free')}`,
    );
    // Two associates' deed is their act constitutiv (Legea nr. 31/1990, art. 5), not a statut.
    expect(
      within(filing).getByRole('link', { name: tAll('documents:cards.statutes.actConstitutiv') }),
    ).toHaveAttribute('href', '/documents');
    expect(filing).not.toHaveTextContent(/statut/i);
    const bring = screen.getByRole('region', { name: t('bring.title') });
    expect(bring.textContent?.replace(/\s/g, ' ')).toContain(
      t('bring.capitalDepositOf', { amount: tAll('marketing:outsideFees.lei', { amount: '200' }) }).replace(
        /\s/g,
        ' ',
      ),
    );
    // Not paid yet: the timeline points to the packages.
    expect(within(entry('paid')).getByRole('link', { name: t('timeline.paid.action') })).toHaveAttribute(
      'href',
      '/plans',
    );
  });

  it('says when the dashboard cannot load, and tries again', async () => {
    answers['/api/company-file/events'] = new ApiError('Network response was not ok', 'network');
    const { t, user } = renderDashboard('fr');
    expect(await screen.findByText(t('loadError'))).toBeInTheDocument();

    answers['/api/company-file/events'] = FR_TIMELINE;
    await user.click(screen.getByRole('button', { name: t('retry') }));
    expect(await screen.findByRole('heading', { name: t('timeline.title') })).toBeInTheDocument();
  });

  it('lists the invoices, a credit note with the invoice it cancels, each with its PDF', async () => {
    answers['/api/invoices'] = { invoices: INVOICES };
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { t, user } = renderDashboard('fr');

    const section = await screen.findByRole('region', { name: t('invoices.title') });
    const credit = await within(section).findByText('KR-000043');
    const creditRow = credit.closest('li') as HTMLElement;
    expect(creditRow).toHaveTextContent(t('invoices.kind.creditNote'));
    expect(creditRow).toHaveTextContent(t('invoices.cancels', { number: 'KR-000042' }));
    expect(creditRow.textContent?.replace(/\s/g, ' ')).toContain('-49 €');

    get.mockImplementationOnce((async () =>
      ok(new Blob(['%PDF']), {
        'content-disposition': 'attachment; filename="facture-KR-000042.pdf"',
      })) as never);
    await user.click(
      within(section).getByRole('button', { name: t('invoices.downloadLabel', { number: 'KR-000042' }) }),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(get).toHaveBeenCalledWith('/api/invoices/{invoiceId}', {
      params: { path: { invoiceId: INVOICES[1]?.id } },
      parseAs: 'blob',
    });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('facture-KR-000042.pdf');
  });

  it('opens the filing guide on the filing step only, loaded when asked for, with the file’s values', async () => {
    answers['/api/company-file'] = { data: FR_DATA, status: 'submitted' };
    const { tAll, user } = renderDashboard('en');
    const filing = await screen.findByRole('article', {
      name: tAll('registration:FR.singleWindowFiling.title'),
    });
    const show = within(filing).getByRole('button', { name: tAll('registration:guide.show') });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('button', { name: tAll('registration:guide.show') })).toHaveLength(1);
    expect(filing.querySelector('[data-guide]')).toBeNull();

    await user.click(show);
    expect(show).toHaveAttribute('aria-expanded', 'true');
    const office = await within(filing).findByText('12 rue de la Paix, 75002 Paris');
    expect(office.closest('[data-field]')).toHaveAttribute('data-field', 'registeredOffice');
  });
});
