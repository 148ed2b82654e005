import { errorId } from '@rjsf/utils';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import enForms from '../../../locales/en/forms.json';
import enWizard from '../../../locales/en/wizard.json';
import frForms from '../../../locales/fr/forms.json';
import frWizard from '../../../locales/fr/wizard.json';
import roForms from '../../../locales/ro/forms.json';
import roWizard from '../../../locales/ro/wizard.json';
import type { FormDefinition, FormValues } from '@/forms/form-definition';
import { wizardFrSasCompanyDetailsForm } from '@/forms/generated/wizard-fr-sas-company-details';
import { wizardFrSasuCompanyDetailsForm } from '@/forms/generated/wizard-fr-sasu-company-details';
import { wizardRoSrlCompanyDetailsForm } from '@/forms/generated/wizard-ro-srl-company-details';
import { SchemaForm } from '@/forms/schema-form';
import type { Language } from '@/lib/i18n/languages';
import { renderWithProviders } from '@/testing/render';
import { wizardWidgets } from './wizard-widgets';

const DURATION_ID = 'wizard-fr-sasu-company-details_durationYears';

describe('the company-details step of a French SASU', () => {
  // The browser's own locale does not change what a number field shows: the interface's language does.
  it.each([['fr-FR'], ['en-US']])('shows the 99-year default duration in a %s browser', async (locale) => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue([locale]);
    const { container } = renderWithProviders(
      <SchemaForm
        form={wizardFrSasuCompanyDetailsForm}
        formData={{ jurisdiction: 'FR', legalForm: 'SASU' }}
        onChange={() => {}}
        onSubmit={() => {}}
        submitLabel="next"
      />,
    );
    const field = () => container.querySelector<HTMLInputElement>(`#${DURATION_ID}`);
    // The read-only stand-in first, then the number field once its code has loaded.
    expect(field()?.value).toBe('99');
    await waitFor(() => expect(field()?.readOnly).toBe(false));
    expect(field()?.value).toBe('99');
  });
});

const WORDS = {
  fr: { forms: frForms, wizard: frWizard },
  en: { forms: enForms, wizard: enWizard },
  ro: { forms: roForms, wizard: roWizard },
} as const;
const LANGUAGES = Object.keys(WORDS) as Language[];

/** The warning a founder reads in `language` for a text in `written` where `filing` is due. */
function warning(language: Language, filing: 'fr' | 'ro', written: Language) {
  const words = WORDS[language].forms.filingLanguage;
  return words.warning[filing].replace('{{language}}', words.names[written]);
}

function Step({ form, values }: { form: FormDefinition; values: FormValues }) {
  const [data, setData] = useState(values);
  return (
    <SchemaForm
      form={form}
      formData={data}
      onChange={setData}
      onSubmit={() => {}}
      submitLabel="next"
      widgets={wizardWidgets}
    />
  );
}

/** The purpose's text area, named by its label (which also holds the required mark). */
const purposeField = (language: Language) =>
  screen.getByRole('textbox', {
    name: new RegExp(`^${WORDS[language].wizard.fields.corporatePurpose.title}`),
  });

/**
 * Renders the step in a `language` interface and enters a purpose: typed key by key (the warning
 * follows the typing), or pasted where only the result matters (the Romanian form is slow to type in).
 */
async function enterPurpose(
  how: 'type' | 'paste',
  language: Language,
  form: FormDefinition,
  values: FormValues,
  purpose: string,
) {
  const { user } = renderWithProviders(<Step form={form} values={values} />, { language });
  if (how === 'type') await user.type(purposeField(language), purpose);
  else {
    await user.click(purposeField(language));
    await user.paste(purpose);
  }
}

/** The notice's code loads apart: wait for its live region, then check that it says nothing. */
async function expectNoWarning() {
  await waitFor(() => expect(screen.getByRole('status')).toBeInTheDocument());
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
}

describe('the corporate purpose, typed in the language of the documents or not', () => {
  const sas = { jurisdiction: 'FR', legalForm: 'SAS' };
  const srl = { jurisdiction: 'RO', legalForm: 'SRL' };
  const english = 'Software development and IT consulting';

  it.each(LANGUAGES)(
    'warns in a %s interface that a French SAS purpose typed in English goes as typed into the French statuts',
    async (language) => {
      await enterPurpose('type', language, wizardFrSasCompanyDetailsForm, sas, english);
      const notice = await screen.findByText(warning(language, 'fr', 'en'));
      expect(notice.closest('[role="status"]')).not.toBeNull();
      // A warning, not an error: the field stays valid.
      expect(purposeField(language)).toHaveAttribute('aria-invalid', 'false');
    },
  );

  it.each(LANGUAGES)(
    'says nothing in a %s interface of a French SAS purpose typed in French',
    async (language) => {
      const french = 'Conseil en informatique et développement de logiciels';
      await enterPurpose('type', language, wizardFrSasCompanyDetailsForm, sas, french);
      await expectNoWarning();
    },
  );

  it.each(LANGUAGES)(
    'warns in a %s interface that a Romanian SRL purpose in English goes as typed into the Romanian deed',
    async (language) => {
      await enterPurpose('paste', language, wizardRoSrlCompanyDetailsForm, srl, english);
      expect(await screen.findByText(warning(language, 'ro', 'en'))).toBeInTheDocument();
    },
  );

  it.each(LANGUAGES)(
    'says nothing in a %s interface of a Romanian SRL purpose in Romanian',
    async (language) => {
      const romanian = 'Consultanță IT și dezvoltare de software';
      await enterPurpose('paste', language, wizardRoSrlCompanyDetailsForm, srl, romanian);
      await expectNoWarning();
    },
  );

  it('takes the warning back once the purpose is rewritten in French', async () => {
    const { user } = renderWithProviders(<Step form={wizardFrSasCompanyDetailsForm} values={sas} />, {
      language: 'en',
    });
    const field = purposeField('en');
    await user.type(field, 'Software development and sales');
    expect(await screen.findByText(warning('en', 'fr', 'en'))).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'Développement et vente de logiciels');
    expect(screen.queryByText(warning('en', 'fr', 'en'))).not.toBeInTheDocument();
  });
});

describe('the company name of a French SASU', () => {
  const NAME_ID = 'wizard-fr-sasu-company-details_companyName';

  it.each([['fr'], ['en'], ['ro']] as const)(
    'warns as the founder types that the legal form is added, offering the name without it (%s)',
    async (language) => {
      const { container, user, i18n } = renderWithProviders(
        <SchemaForm
          form={wizardFrSasuCompanyDetailsForm}
          formData={{ jurisdiction: 'FR', legalForm: 'SASU', currency: 'EUR' }}
          onChange={() => {}}
          onSubmit={() => {}}
          submitLabel="next"
        />,
        { language },
      );
      const field = () => container.querySelector<HTMLInputElement>(`#${NAME_ID}`);
      const message = i18n.t('wizard:errors.legalFormInName', {
        found: 'sasu',
        suggestion: 'Pâtisserie Étoile',
      });

      await user.type(field() as HTMLInputElement, 'Pâtisserie Étoile sasu');
      // Before any Next: shown under the field, and read with it.
      const warning = await screen.findByText(message);
      const place = warning.closest('[id]')?.id;
      expect(place).toBe(errorId(NAME_ID));
      expect(field()?.getAttribute('aria-describedby')).toContain(place);

      await user.type(field() as HTMLInputElement, '{Backspace>5}');
      await waitFor(() => expect(screen.queryByText(message)).toBeNull());
      expect(field()?.value).toBe('Pâtisserie Étoile');
    },
  );

  it('shows nothing for a name that only starts with the letters, nor any other rule before Next', async () => {
    const { container, user } = renderWithProviders(
      <SchemaForm
        form={wizardFrSasuCompanyDetailsForm}
        formData={{ jurisdiction: 'FR', legalForm: 'SASU', currency: 'EUR' }}
        onChange={() => {}}
        onSubmit={() => {}}
        submitLabel="next"
      />,
      { language: 'fr' },
    );
    await user.type(
      container.querySelector<HTMLInputElement>(`#${NAME_ID}`) as HTMLInputElement,
      'Sasu Design',
    );
    expect(container.querySelector(`[id="${errorId(NAME_ID)}"]`)).toBeNull();
  });
});
