import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wizardCompanyFormForm } from '@/forms/generated/wizard-company-form';
import { SchemaForm } from '@/forms/schema-form';
import { apiClient } from '@/lib/api/client';
import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import { createTestI18n, renderWithProviders } from '@/testing/render';
// The wizard opens the form chooser: its test names the chooser's options with their figures as the
// chooser shows them (a test's reading of another feature's content, not shared code).
/* eslint-disable no-restricted-imports */
import { CHOOSER } from '@/features/form-chooser/chooser-content';
import { parameterValue } from '@/features/form-chooser/chooser-data';
import { formatFigures, resolveFigures } from '@/features/form-chooser/figures';
/* eslint-enable no-restricted-imports */
import { ChooseCompanyFormContext } from './widgets/choose-company-form';
import { wizardWidgets } from './wizard-widgets';

describe('the choice of country', () => {
  // The review found "Sume în leu românesc" (Intl's name of the currency): amounts are in lei.
  it.each([
    ['ro', 'Sume în lei', /leu/],
    ['fr', 'Montants en lei', /leu roumain/],
    ['en', 'Amounts in lei', /Romanian leu/],
  ] as const)('says in %s that Romanian amounts are in lei', async (language, said, never) => {
    renderWithProviders(
      <SchemaForm
        form={wizardCompanyFormForm}
        formData={{}}
        onChange={() => {}}
        onSubmit={() => {}}
        submitLabel="next"
        widgets={wizardWidgets}
      />,
      { language },
    );
    expect(await screen.findByText(new RegExp(`^${said} · `))).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(never);
  });
});

/**
 * The first step as the wizard page runs it: the page keeps the values, and the chooser's "Choose this
 * form" replaces them with the country and the form (as the page's ChooseCompanyFormContext does).
 */
function StepWithChooser({ onChange }: { onChange: (values: Record<string, unknown>) => void }) {
  const values = useRef<Record<string, unknown>>({});
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  const choose = (jurisdiction: string, legalForm: string) => {
    const next = { ...values.current, jurisdiction, legalForm };
    values.current = next;
    onChange(next);
    setFormData(next);
  };
  return (
    <ChooseCompanyFormContext.Provider value={choose}>
      <SchemaForm
        form={wizardCompanyFormForm}
        formData={formData}
        onChange={(next) => {
          values.current = next;
          onChange(next);
        }}
        onSubmit={() => {}}
        submitLabel="next"
        widgets={wizardWidgets}
      />
    </ChooseCompanyFormContext.Provider>
  );
}

function renderStep(language: Language, onChange: (values: Record<string, unknown>) => void = () => {}) {
  return renderWithProviders(<StepWithChooser onChange={onChange} />, { language });
}

/** Words as the queries read the page: every run of spaces (non-breaking ones too) as one. */
const shown = (words: string) => words.replace(/\s+/g, ' ');

describe('the choice of legal form', () => {
  beforeEach(() => {
    // The chooser's cost row asks for the offers: none here (its own tests cover it).
    vi.spyOn(apiClient, 'GET').mockResolvedValue({ data: [], response: new Response() } as never);
  });
  afterEach(() => vi.restoreAllMocks());

  it.each(LANGUAGES)(
    'asks for the country first, rather than showing every country’s forms (%s)',
    async (language) => {
      const { t } = createTestI18n(language);
      renderStep(language);
      expect(
        await screen.findByText(shown(t('wizard:fields.legalForm.chooseCountryFirst'))),
      ).toBeInTheDocument();
      for (const code of ['SAS', 'SASU', 'SARL', 'EURL', 'SRL', 'SRL_SOLE'])
        expect(
          screen.queryByRole('radio', {
            name: t(`jurisdictions:${code.startsWith('SRL') ? 'RO' : 'FR'}.forms.${code}.title` as never),
          }),
        ).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('radio', { name: t('jurisdictions:FR.title') }));
      expect(
        await screen.findByRole('radio', { name: t('jurisdictions:FR.forms.SASU.title') }),
      ).toBeInTheDocument();
      expect(
        screen.queryByText(shown(t('wizard:fields.legalForm.chooseCountryFirst'))),
      ).not.toBeInTheDocument();
    },
  );

  it('"Help me choose" opens the chooser, whose "Choose this form" sets the country and the form', async () => {
    const language = 'fr';
    const { t } = createTestI18n(language);
    const onChange = vi.fn();
    renderStep(language, onChange);
    await userEvent.click(
      await screen.findByRole('button', { name: t('wizard:fields.legalForm.helpMeChoose') }),
    );
    const dialog = await screen.findByRole('dialog', { name: t('wizard:fields.legalForm.chooserTitle') });
    const answers = { country: 'FR', associates: 'alone', pay: 'employee', profit: 'low', investors: 'no' };
    // A key built at run time, with a context: i18next's typed `t` can check neither.
    const withContext = t as unknown as (key: string, options: Record<string, string | undefined>) => string;
    // The options' figures ({{frLowProfitLimit}}), from schemas/form-chooser.json, as the chooser gives them.
    const figures = resolveFigures(CHOOSER.figures, parameterValue).figures;
    const figuresOf = (question: string) =>
      formatFigures(
        CHOOSER.questions.find((candidate) => candidate.id === question)?.figures,
        figures,
        language,
      );
    for (const [question, option] of Object.entries(answers)) {
      const group = await within(dialog).findByRole('radiogroup', {
        name: t(`chooser:questions.${question}.title` as never),
      });
      await userEvent.click(
        within(group).getByRole('radio', {
          // The chosen country's own wording when the content has one (options.<option>_FR).
          name: withContext(`chooser:questions.${question}.options.${option}`, {
            ...figuresOf(question),
            context: question === 'country' ? undefined : answers.country,
          }),
        }),
      );
    }
    await userEvent.click(
      within(dialog).getByRole('button', { name: t('chooser:ui.recommendation.choose') }),
    );
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ jurisdiction: 'FR', legalForm: 'SASU' }),
    );
    expect(await screen.findByRole('radio', { name: t('jurisdictions:FR.forms.SASU.title') })).toBeChecked();
    expect(screen.getByRole('radio', { name: t('jurisdictions:FR.title') })).toBeChecked();
  });

  it('does not ask the chooser’s country question again once the country is chosen', async () => {
    const { t } = createTestI18n('ro');
    renderStep('ro');
    await userEvent.click(await screen.findByRole('radio', { name: t('jurisdictions:RO.title') }));
    await userEvent.click(screen.getByRole('button', { name: t('wizard:fields.legalForm.helpMeChoose') }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByRole('radiogroup', { name: t('chooser:questions.associates.title') }),
    ).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('radiogroup', { name: t('chooser:questions.country.title') }),
    ).not.toBeInTheDocument();
  });
});
