import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import enForms from '../../../locales/en/forms.json';
import enWizard from '../../../locales/en/wizard.json';
import frForms from '../../../locales/fr/forms.json';
import frWizard from '../../../locales/fr/wizard.json';
import roForms from '../../../locales/ro/forms.json';
import roWizard from '../../../locales/ro/wizard.json';
import type { FormDefinition, FormValues } from '@/forms/form-definition';
import { wizardCompanyFormForm } from '@/forms/generated/wizard-company-form';
import { wizardFrSasCompanyDetailsForm } from '@/forms/generated/wizard-fr-sas-company-details';
import { wizardFrSasSubscribersForm } from '@/forms/generated/wizard-fr-sas-subscribers';
import { wizardRoSrlCompanyDetailsForm } from '@/forms/generated/wizard-ro-srl-company-details';
import { SchemaForm } from '@/forms/schema-form';
import { SchemaSummary } from '@/forms/schema-summary';
import type { Language } from '@/lib/i18n/languages';
import { renderWithProviders } from '@/testing/render';
import { wizardWidgets } from './wizard-widgets';

const FORMS = { fr: frForms, en: enForms, ro: roForms } satisfies Record<Language, typeof frForms>;
const WIZARD = { fr: frWizard, en: enWizard, ro: roWizard } satisfies Record<Language, typeof frWizard>;

/** Spaces as a reader sees them: Intl writes no-break and narrow no-break spaces. */
const flat = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

/** The form as the wizard holds it; `stored` is what the file would save. */
function renderStep(form: FormDefinition, language: Language, initial: FormValues = {}) {
  const stored: { current: FormValues } = { current: initial };
  function Harness() {
    const [values, setValues] = useState<FormValues>(initial);
    return (
      <SchemaForm
        form={form}
        formData={values}
        widgets={wizardWidgets}
        onChange={(next) => {
          stored.current = next;
          setValues(next);
        }}
        onSubmit={() => {}}
        submitLabel="next"
      />
    );
  }
  const rendered = renderWithProviders(<Harness />, { language });
  return { ...rendered, stored };
}

/** The number field once its code has loaded (a read-only stand-in shows the value until then). */
async function realField(id: string): Promise<HTMLInputElement> {
  await waitFor(() => expect(document.getElementById(id)).toHaveProperty('readOnly', false));
  return document.getElementById(id) as HTMLInputElement;
}

const echoOf = (input: HTMLElement) => flat(document.getElementById(`${input.id}__description`)?.textContent);
const errorOf = (input: HTMLElement) => flat(document.getElementById(`${input.id}__error`)?.textContent);

const FR_CAPITAL = 'wizard-fr-sas-company-details_shareCapital';
const RO_CAPITAL = 'wizard-ro-srl-company-details_shareCapital';
const FR_SHARES = 'wizard-fr-sas-company-details_numberOfShares';

/** Types `text` key by key, checking after each key the text shown and the value the file holds. */
async function typeKeyByKey(
  user: ReturnType<typeof renderWithProviders>['user'],
  input: HTMLInputElement,
  text: string,
  stored: () => unknown,
  values: unknown[],
) {
  await user.click(input);
  for (const [index, key] of [...text].entries()) {
    await user.keyboard(key);
    expect(input.value).toBe(text.slice(0, index + 1));
    expect(stored()).toBe(values[index]);
  }
}

describe('a money field, typed key by key', () => {
  it('reads "1000,50" in French as 1 000,50 € and echoes it', async () => {
    const { user, stored } = renderStep(wizardFrSasCompanyDetailsForm, 'fr');
    const input = await realField(FR_CAPITAL);
    await typeKeyByKey(
      user,
      input,
      '1000,50',
      () => stored.current.shareCapital,
      [1, 10, 100, 1000, 1000, 1000.5, 1000.5],
    );
    expect(echoOf(input)).toBe('soit 1 000,50 €');
    expect(errorOf(input)).toBe('');
  });

  it('reads "1 000,50" and "1.000,50" in French', async () => {
    const { user, stored } = renderStep(wizardFrSasCompanyDetailsForm, 'fr');
    const input = await realField(FR_CAPITAL);
    await typeKeyByKey(
      user,
      input,
      '1.000,50',
      () => stored.current.shareCapital,
      [1, 1, 1, 1, 1000, 1000, 1000.5, 1000.5],
    );
    await user.clear(input);
    expect(stored.current.shareCapital).toBeUndefined();
    expect(echoOf(input)).toBe('');
    await user.type(input, '1 000,50');
    expect(stored.current.shareCapital).toBe(1000.5);
    expect(echoOf(input)).toBe('soit 1 000,50 €');
  });

  it('reads "1.000" in Romanian as one thousand lei, the field’s own example', async () => {
    const { user, stored } = renderStep(wizardRoSrlCompanyDetailsForm, 'ro');
    const input = await realField(RO_CAPITAL);
    expect(input.placeholder).toBe(WIZARD.ro.fields.shareCapital.placeholder);
    await typeKeyByKey(user, input, '1.000', () => stored.current.shareCapital, [1, 1, 1, 1, 1000]);
    expect(echoOf(input)).toBe('adică 1.000 lei');
    await user.type(input, ',50');
    expect(stored.current.shareCapital).toBe(1000.5);
    expect(echoOf(input)).toBe('adică 1.000,50 lei');
    // The unit beside the field says lei, not RON.
    expect(input.parentElement?.textContent).toContain('lei');
    expect(input.parentElement?.textContent).not.toContain('RON');
  });

  it('reads "1,000.50" and "1000.50" in English, echoing "that is €1,000.50"', async () => {
    const { user, stored } = renderStep(wizardFrSasCompanyDetailsForm, 'en');
    const input = await realField(FR_CAPITAL);
    await typeKeyByKey(
      user,
      input,
      '1,000.50',
      () => stored.current.shareCapital,
      [1, 1, 1, 1, 1000, 1000, 1000.5, 1000.5],
    );
    expect(echoOf(input)).toBe('that is €1,000.50');
    await user.clear(input);
    await user.type(input, '1000.50');
    expect(stored.current.shareCapital).toBe(1000.5);
  });

  it('echoes lei in every language for a Romanian company', async () => {
    const { user, stored } = renderStep(wizardRoSrlCompanyDetailsForm, 'en');
    const input = await realField(RO_CAPITAL);
    await user.type(input, '1,000.5');
    expect(stored.current.shareCapital).toBe(1000.5);
    expect(echoOf(input)).toBe('that is 1,000.50 lei');
  });

  it('echoes the paid amount of a subscriber too', async () => {
    const { user, stored } = renderStep(wizardFrSasSubscribersForm, 'fr', {
      shareCapital: 1000,
      numberOfShares: 100,
      subscribers: [{ name: 'Ion Pop', shares: 50 }],
    });
    const input = await realField('wizard-fr-sas-subscribers_subscribers_0_paidAmount');
    await user.type(input, '250,5');
    const subscribers = stored.current.subscribers as FormValues[];
    expect(subscribers[0]?.paidAmount).toBe(250.5);
    expect(echoOf(input)).toBe('soit 250,50 €');
  });
});

describe('a number field that cannot read what was typed', () => {
  it('keeps the text, says why in the user’s language, and holds the text so the step cannot pass', async () => {
    const { user, stored } = renderStep(wizardFrSasCompanyDetailsForm, 'fr');
    const input = await realField(FR_CAPITAL);
    await user.type(input, '1,2,3');
    expect(input.value).toBe('1,2,3');
    expect(stored.current.shareCapital).toBe('1,2,3');
    expect(errorOf(input)).toBe(flat(FORMS.fr.number.errors.separators.replace('{{example}}', '1 000,50')));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(echoOf(input)).toBe('');
  });

  it('refuses cents beyond two decimals rather than rounding them', async () => {
    const { user, stored } = renderStep(wizardRoSrlCompanyDetailsForm, 'ro');
    const input = await realField(RO_CAPITAL);
    await user.type(input, '1000,505');
    expect(stored.current.shareCapital).toBe('1000,505');
    expect(errorOf(input)).toBe(flat(FORMS.ro.number.errors.decimals.replace('{{limit}}', '2')));
  });

  it('waits for the user to leave the field before judging a lone minus sign', async () => {
    const { user } = renderStep(wizardFrSasCompanyDetailsForm, 'en');
    const input = await realField(FR_CAPITAL);
    await user.type(input, '-');
    expect(errorOf(input)).toBe('');
    await user.tab();
    expect(errorOf(input)).toBe(flat(FORMS.en.number.errors.digits.replace('{{example}}', '1,000.50')));
  });

  it('reads thousands in a whole-number field and refuses decimals there', async () => {
    const { user, stored } = renderStep(wizardFrSasCompanyDetailsForm, 'fr');
    const input = await realField(FR_SHARES);
    // No error on the way: "1.5" may still become "1.500".
    await typeKeyByKey(user, input, '1.500', () => stored.current.numberOfShares, [
      1,
      1,
      '1.5',
      '1.50',
      1500,
    ]);
    expect(errorOf(input)).toBe('');
    await user.clear(input);
    await user.type(input, '2,5');
    expect(errorOf(input)).toBe(flat(FORMS.fr.number.errors.whole));
  });
});

describe('a money field given its value', () => {
  it('shows a saved amount as the language writes it, and rewrites it when the language changes', async () => {
    const { i18n } = renderStep(wizardFrSasCompanyDetailsForm, 'fr', { shareCapital: 1000.5 });
    const input = await realField(FR_CAPITAL);
    expect(input.value).toBe('1000,50');
    expect(echoOf(input)).toBe('soit 1 000,50 €');
    await act(() => i18n.changeLanguage('en'));
    await waitFor(() => expect(input.value).toBe('1000.50'));
    expect(echoOf(input)).toBe('that is €1,000.50');
  });

  it('shows a value that changes from elsewhere (a draft loaded, a list filled in)', async () => {
    const form = (formData: FormValues) => (
      <SchemaForm
        form={wizardFrSasCompanyDetailsForm}
        formData={formData}
        onChange={() => {}}
        onSubmit={() => {}}
        submitLabel="next"
      />
    );
    const { rerender } = renderWithProviders(form({ shareCapital: 1000 }), { language: 'ro' });
    const input = await realField(FR_CAPITAL);
    expect(input.value).toBe('1000');
    rerender(form({ shareCapital: 2500.75 }));
    expect(input.value).toBe('2500,75');
    expect(echoOf(input)).toBe('adică 2.500,75 €');
  });

  it('shows a text it could not read as it was typed, with its problem', async () => {
    renderStep(wizardRoSrlCompanyDetailsForm, 'ro', { shareCapital: '12abc' });
    const input = await realField(RO_CAPITAL);
    expect(input.value).toBe('12abc');
    expect(errorOf(input)).toBe(flat(FORMS.ro.number.errors.digits.replace('{{example}}', '1.000,50')));
  });
});

describe('amounts in lei elsewhere in the wizard', () => {
  it('writes lei on the review, in every language', () => {
    for (const language of ['fr', 'en', 'ro'] as const) {
      const { unmount } = renderWithProviders(
        <SchemaSummary
          form={wizardRoSrlCompanyDetailsForm}
          values={{ shareCapital: 1000.5 }}
          title="details"
        />,
        { language },
      );
      const expected = { fr: '1 000,50 lei', en: '1,000.50 lei', ro: '1.000,50 lei' }[language];
      expect(flat(screen.getByRole('region', { name: 'details' }).textContent)).toContain(expected);
      expect(screen.getByRole('region', { name: 'details' }).textContent).not.toContain('RON');
      unmount();
    }
  });

  it('writes euros on the review with the sign the language puts', () => {
    renderWithProviders(
      <SchemaSummary form={wizardFrSasCompanyDetailsForm} values={{ shareCapital: 1000 }} title="details" />,
      { language: 'ro' },
    );
    expect(flat(screen.getByRole('region', { name: 'details' }).textContent)).toContain('1.000 €');
  });

  it('says "Sume în lei" when the founder picks Romania, not the currency’s dictionary name', async () => {
    renderStep(wizardCompanyFormForm, 'ro');
    expect(await screen.findByText(/^Sume în lei ·/)).toBeInTheDocument();
    expect(screen.queryByText(/leu românesc/)).not.toBeInTheDocument();
    expect(screen.getByText(/^Sume în euro ·/)).toBeInTheDocument();
  });
});
