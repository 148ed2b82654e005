import { errorId } from '@rjsf/utils';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { wizardFrSasuCompanyDetailsForm } from '@/forms/generated/wizard-fr-sasu-company-details';
import { SchemaForm } from '@/forms/schema-form';
import { renderWithProviders } from '@/testing/render';

const DURATION_ID = 'wizard-fr-sasu-company-details_durationYears';

describe('the company-details step of a French SASU', () => {
  // A French browser: RJSF hands a number field its value as text with a decimal comma there.
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
