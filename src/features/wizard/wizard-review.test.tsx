import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import enForms from '../../../locales/en/forms.json';
import enWizard from '../../../locales/en/wizard.json';
import frForms from '../../../locales/fr/forms.json';
import frWizard from '../../../locales/fr/wizard.json';
import roForms from '../../../locales/ro/forms.json';
import roWizard from '../../../locales/ro/wizard.json';
import { loadLegalFormSteps } from '@/forms/generated/wizard-steps';
import type { Language } from '@/lib/i18n/languages';
import { renderWithProviders } from '@/testing/render';
import { WizardReview } from './wizard-review';

const WORDS = {
  fr: { forms: frForms, wizard: frWizard },
  en: { forms: enForms, wizard: enWizard },
  ro: { forms: roForms, wizard: roWizard },
} as const;

const SAS_STEPS = (await loadLegalFormSteps['FR-SAS']?.()) ?? [];
const COMPANY_DETAILS = SAS_STEPS.findIndex((step) => step.id === 'company-details');
if (COMPANY_DETAILS < 1) throw new Error('The SAS has no company-details step after the first');

function renderReview(language: Language, corporatePurpose: string) {
  const onEdit = vi.fn();
  renderWithProviders(
    <WizardReview
      steps={SAS_STEPS}
      data={{ jurisdiction: 'FR', legalForm: 'SAS', companyName: 'Kreo Labs', corporatePurpose }}
      formatters={{}}
      onEdit={onEdit}
      onBack={() => {}}
      onSubmit={() => {}}
      submitting={false}
      error={null}
    />,
    { language },
  );
  return onEdit;
}

describe("the review of a French SAS's file", () => {
  it.each(Object.keys(WORDS) as Language[])(
    'flags, in a %s interface, a corporate purpose written in English, and leads back to its step',
    async (language) => {
      const { forms, wizard } = WORDS[language];
      const onEdit = renderReview(language, 'Software development and IT consulting');
      const message = forms.filingLanguage.warning.fr.replace('{{language}}', forms.filingLanguage.names.en);
      // Under the answer, in the section of its step…
      const section = screen.getByRole('region', { name: wizard.steps.companyDetails.title });
      expect(within(section).getByText(message)).toBeInTheDocument();
      // …and before the submit button, with a way back to the step.
      const link = screen.getByRole('button', {
        name: forms.filingLanguage.reviewField
          .replace('{{field}}', wizard.fields.corporatePurpose.title)
          .replace('{{step}}', wizard.steps.companyDetails.title),
      });
      expect(screen.getByText(forms.filingLanguage.reviewTitle)).toBeInTheDocument();
      link.click();
      expect(onEdit).toHaveBeenCalledWith(COMPANY_DETAILS);
      // It does not stop the submission.
      expect(screen.getByRole('button', { name: wizard.review.submit })).toBeEnabled();
    },
  );

  it('says nothing of a corporate purpose written in French', () => {
    renderReview('en', 'Conseil en informatique et développement de logiciels');
    expect(screen.queryByText(enForms.filingLanguage.reviewTitle)).not.toBeInTheDocument();
    expect(screen.queryByText(/seems to be written in/)).not.toBeInTheDocument();
    expect(screen.getByText('Conseil en informatique et développement de logiciels')).toBeInTheDocument();
  });
});

describe('the review of a file with several persons', () => {
  it.each(Object.keys(WORDS) as Language[])('offers, in %s, to invite them to the file', (language) => {
    const { wizard } = WORDS[language];
    renderWithProviders(
      <WizardReview
        steps={SAS_STEPS}
        data={{
          jurisdiction: 'FR',
          legalForm: 'SAS',
          persons: [
            { id: 'p1', kind: 'natural', firstNames: 'Camille', lastName: 'Dupont' },
            { id: 'p2', kind: 'natural', firstNames: 'Alex', lastName: 'Martin' },
          ],
        }}
        formatters={{}}
        onEdit={() => {}}
        onBack={() => {}}
        onSubmit={() => {}}
        submitting={false}
        error={null}
      />,
      { language },
    );
    expect(screen.getByRole('link', { name: wizard.review.team.link })).toHaveAttribute('href', '/team');
  });
});

describe('a submission refused because the file changed meanwhile', () => {
  it.each(Object.keys(WORDS) as Language[])(
    'tells the founder, in a %s interface, that the change was brought in and to submit again',
    (language) => {
      renderWithProviders(
        <WizardReview
          steps={SAS_STEPS}
          data={{ jurisdiction: 'FR', legalForm: 'SAS', companyName: 'Kreo Labs' }}
          formatters={{}}
          onEdit={() => {}}
          onBack={() => {}}
          onSubmit={() => {}}
          submitting={false}
          error="conflict"
        />,
        { language },
      );
      const words = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');
      const alerts = screen.getAllByRole('alert').map((alert) => words(alert.textContent));
      expect(alerts).toContain(words(WORDS[language].wizard.ui.submit.conflict));
      expect(screen.getByRole('button', { name: WORDS[language].wizard.review.submit })).toBeEnabled();
    },
  );
});
