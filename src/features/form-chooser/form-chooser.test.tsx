import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api/client';
import { forgetCatalog, type Offer } from '@/lib/catalog/catalog';
import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import { createTestI18n, renderWithProviders } from '@/testing/render';
import { FILING_FORMS } from '@/lib/filing-cost/filing-forms';
import { CHOOSER } from './chooser-content';
import { parameterValue } from './chooser-data';
import { formatFigures, resolveFigures } from './figures';
import { FormChooser } from './form-chooser';

const FIGURES = resolveFigures(CHOOSER.figures, parameterValue).figures;

/** A rule's reason as the card writes it: its words with its figures in the reader's language. */
function reasonOf(
  t: (key: string, values?: Record<string, string>) => string,
  language: Language,
  id: string,
) {
  const rule = CHOOSER.rules.find((candidate) => candidate.id === id);
  if (!rule) throw new Error(`no rule ${id}`);
  return t(`chooser:reasons.${id}`, formatFigures(rule.figures, FIGURES, language));
}

/** One offer holding every document a filing takes, at 10 €. */
const OFFER: Offer = {
  sku: 'STANDARD_PACKAGE',
  name: { fr: 'Standard', en: 'Standard', ro: 'Standard' },
  features: { fr: [], en: [], ro: [] },
  plans: [
    {
      sku: 'STANDARD_PACKAGE_ONE_TIME',
      price: 10,
      currency: 'EUR',
      planType: 'ONE_TIME',
      billingCycle: null,
    },
  ],
  productSkus: [...new Set(FILING_FORMS.flatMap((form) => form.documents))],
};

beforeEach(() => {
  forgetCatalog();
  vi.spyOn(apiClient, 'GET').mockResolvedValue({ data: [OFFER], response: new Response() } as never);
});
afterEach(() => vi.restoreAllMocks());

/**
 * Answers a question by its title and option words, as a founder reads them: the chosen country's own
 * wording when the content has one (options.<option>_FR / _RO, i18next's context).
 */
async function answer(language: Language, question: string, option: string, country?: string) {
  const { t } = createTestI18n(language);
  const group = screen.getByRole('radiogroup', { name: t(`chooser:questions.${question}.title` as never) });
  // A key built at run time, with a context: i18next's typed `t` can check neither.
  const withContext = t as unknown as (key: string, options: Record<string, string | undefined>) => string;
  const figures = CHOOSER.questions.find((candidate) => candidate.id === question)?.figures;
  const name = withContext(`chooser:questions.${question}.options.${option}`, {
    ...formatFigures(figures, FIGURES, language),
    context: country,
  });
  await userEvent.click(within(group).getByRole('radio', { name }));
}

/** Words as toHaveTextContent reads the page: every run of spaces (non-breaking ones too) as one. */
const shown = (words: string) => words.replace(/\s+/g, ' ');

/** Answers in order; `country` is the one already chosen (a prop), else the `country` answer's. */
async function answerAll(language: Language, answers: Record<string, string>, country?: string) {
  for (const [question, option] of Object.entries(answers))
    await answer(
      language,
      question,
      option,
      question === 'country' ? undefined : (country ?? answers.country),
    );
}

describe.each(LANGUAGES)('the form chooser in %s', (language) => {
  const { t } = createTestI18n(language);

  it('recommends a SASU to a solo founder who wants to be paid as an employee, with its reason and the table', async () => {
    renderWithProviders(<FormChooser />, { language });
    expect(screen.getByText(t('chooser:ui.answerAll'))).toBeInTheDocument();
    await answerAll(language, {
      country: 'FR',
      associates: 'alone',
      pay: 'employee',
      profit: 'medium',
      investors: 'no',
    });
    const card = screen.getByTestId('chooser-recommendation');
    expect(within(card).getByRole('heading')).toHaveTextContent(
      shown(t('chooser:ui.recommendation.title', { form: t('jurisdictions:FR.forms.SASU.short') })),
    );
    expect(card).toHaveTextContent(shown(reasonOf(t as never, language, 'sasuEmployee')));
    // The comparison of France's four forms, the recommended one marked.
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      t('chooser:ui.table.criterion'),
      t('jurisdictions:FR.forms.SAS.short'),
      `${t('jurisdictions:FR.forms.SASU.short')}${t('chooser:ui.table.recommended')}`,
      t('jurisdictions:FR.forms.SARL.short'),
      t('jurisdictions:FR.forms.EURL.short'),
    ]);
    expect(
      within(table).getByRole('rowheader', { name: t('chooser:rows.managerSocialRegime') }),
    ).toBeInTheDocument();
    // A figure carries its unit: the words around it never repeat it ("5 ans ans").
    expect(table.textContent).not.toMatch(/\b(ans ans|years years|ani ani)\b/);
    // The cost to create: the offer's 10 € plus the fees outside Kreo, once the offers are known.
    const cost = within(table).getByRole('row', { name: new RegExp(t('chooser:rows.costToCreate')) });
    expect(await within(cost).findAllByText(/€/)).toHaveLength(4);
    // The sources, numbered with their date, and the line saying it is not advice.
    expect(screen.getByRole('heading', { name: t('chooser:ui.sources.title') })).toBeInTheDocument();
    expect(
      screen.getAllByRole('link', { name: t('chooser:ui.sources.reference', { number: 1 }) }).length,
    ).toBeGreaterThan(0);
    expect(screen.getByText(shown(t('chooser:ui.notAdvice')))).toBeInTheDocument();
  });

  it('recommends an EURL to a solo founder who prefers lower contributions, with its reason', async () => {
    renderWithProviders(<FormChooser />, { language });
    await answerAll(language, {
      country: 'FR',
      associates: 'alone',
      pay: 'lowerContributions',
      profit: 'high',
      investors: 'yes',
    });
    const card = screen.getByTestId('chooser-recommendation');
    expect(within(card).getByRole('heading')).toHaveTextContent(
      shown(t('jurisdictions:FR.forms.EURL.short')),
    );
    expect(card).toHaveTextContent(shown(reasonOf(t as never, language, 'eurlLowerContributions')));
    // Screen readers hear the recommendation's title from a live region that was there before it.
    const announced = document.querySelector('[aria-live="polite"]');
    expect(announced).not.toBe(null);
    expect(announced).not.toContainElement(card);
    expect(announced).toHaveTextContent(shown(t('jurisdictions:FR.forms.EURL.short')));
  });

  it('recommends a Romanian solo founder a single-member SRL, says when a PFA might suit better, and skips a country already chosen', async () => {
    const onChoose = vi.fn();
    renderWithProviders(<FormChooser country="RO" onChoose={onChoose} />, { language });
    expect(
      screen.queryByRole('radiogroup', { name: t('chooser:questions.country.title') }),
    ).not.toBeInTheDocument();
    await answerAll(language, { associates: 'alone', pay: 'noPay', profit: 'low', investors: 'no' }, 'RO');
    const card = screen.getByTestId('chooser-recommendation');
    expect(within(card).getByRole('heading')).toHaveTextContent(
      shown(t('jurisdictions:RO.forms.SRL_SOLE.short')),
    );
    expect(card).toHaveTextContent(
      shown(t('chooser:ui.recommendation.alternative', { form: t('chooser:alternatives.PFA.title') })),
    );
    // The PFA's notice: its summary and what speaks for it, not the SRL's own reason ("you create alone").
    const notices = within(card).getAllByRole('alert');
    const notice = notices.find((each) =>
      shown(each.textContent ?? '').includes(shown(t('chooser:alternatives.PFA.summary'))),
    );
    if (!notice) throw new Error('no PFA notice');
    // The II's own notice says what speaks for the II, not the PFA's reason.
    const iiNotice = notices.find((each) => each !== notice);
    expect(iiNotice).toHaveTextContent(shown(reasonOf(t as never, language, 'roIiSmall')));
    expect(iiNotice).not.toHaveTextContent(shown(reasonOf(t as never, language, 'roPfaSmall')));
    expect(notice).toHaveTextContent(shown(t('chooser:alternatives.PFA.summary')));
    expect(notice).toHaveTextContent(shown(reasonOf(t as never, language, 'roPfaSmall')));
    expect(notice).not.toHaveTextContent(shown(reasonOf(t as never, language, 'roAlone')));
    expect(card).toHaveTextContent(shown(reasonOf(t as never, language, 'roAlone')));
    // PFA and II are compared, and said not to be created by Kreo.
    const table = screen.getByRole('table');
    expect(
      within(table).getByRole('columnheader', { name: t('chooser:alternatives.II.title') }),
    ).toBeInTheDocument();
    expect(within(table).getAllByText(t('chooser:ui.table.notCreatedByKreo')).length).toBeGreaterThan(0);
    await userEvent.click(within(card).getByRole('button', { name: t('chooser:ui.recommendation.choose') }));
    expect(onChoose).toHaveBeenCalledWith('RO', 'SRL_SOLE');
  });
});

describe('the form chooser’s figures', () => {
  it('writes the Romanian profit answers and the numbers of associates from the figures, in each language’s format', async () => {
    renderWithProviders(<FormChooser country="RO" />, { language: 'en' });
    const { t } = createTestI18n('en');
    const profit = screen.getByRole('radiogroup', { name: t('chooser:questions.profit.title') });
    expect(
      within(profit).getByRole('radio', { name: /^Under 48,600\slei \(12 minimum wages\)$/ }),
    ).toBeInTheDocument();
    expect(
      within(profit).getByRole('radio', { name: /^About 48,600\slei to 150,000\slei$/ }),
    ).toBeInTheDocument();
    const associates = within(screen.getByRole('table')).getByRole('row', {
      name: new RegExp(t('chooser:rows.associates').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    });
    expect(associates).toHaveTextContent('2 to 50 shareholders');
  });

  it('writes "de lei" in Romanian', () => {
    renderWithProviders(<FormChooser country="RO" />, { language: 'ro' });
    expect(
      screen.getByRole('radio', { name: /^Sub 48\.600\sde\slei \(12 salarii minime\)$/ }),
    ).toBeInTheDocument();
  });
});
