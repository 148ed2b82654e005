import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { wizardCompanyFormForm } from '@/forms/generated/wizard-company-form';
import { SchemaForm } from '@/forms/schema-form';
import { renderWithProviders } from '@/testing/render';
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
