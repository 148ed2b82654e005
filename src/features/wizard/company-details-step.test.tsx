import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { wizardFrSasuCompanyDetailsForm } from '@/forms/generated/wizard-fr-sasu-company-details';
import { SchemaForm } from '@/forms/schema-form';
import { renderWithProviders } from '@/testing/render';

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
