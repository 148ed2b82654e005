import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import enWizard from '../../../locales/en/wizard.json';
import type { FormValues } from '@/forms/form-definition';
import { fillTemplate } from '@/testing/fill-template';
import { renderWithProviders } from '@/testing/render';
import { wizardFrSasPeopleForm } from '../generated/wizard-fr-sas-people';
import { SchemaForm } from '../schema-form';

const fields = enWizard.fields.person;

function PeopleStep({ initial }: { initial: FormValues }) {
  const [values, setValues] = useState<FormValues>(initial);
  return (
    <SchemaForm
      form={wizardFrSasPeopleForm}
      formData={values}
      onChange={setValues}
      onSubmit={() => undefined}
      submitLabel="Next"
    />
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const titled = (title: string) => new RegExp(`^${escapeRegExp(title)}`);

function firstPerson() {
  return screen.getByRole('region', { name: fillTemplate(fields.heading, { number: 1 }) });
}

describe("an object's fields shown by ui:options.showIf (the People step)", () => {
  it("shows a person's fields for a person, a company's for a company, as the kind changes", async () => {
    const { user } = renderWithProviders(
      <PeopleStep initial={{ persons: [{ id: 'p1', kind: 'natural' }] }} />,
      {
        language: 'en',
      },
    );
    const card = firstPerson();
    expect(within(card).getByRole('textbox', { name: titled(fields.lastName.title) })).toBeInTheDocument();
    expect(within(card).queryByRole('textbox', { name: titled(fields.registrationNumber.title) })).toBeNull();

    await user.selectOptions(
      within(card).getByRole('combobox', { name: titled(fields.kind.title) }),
      fields.kind.legal,
    );

    expect(within(card).queryByRole('textbox', { name: titled(fields.lastName.title) })).toBeNull();
    expect(within(card).queryByRole('textbox', { name: titled(fields.firstNames.title) })).toBeNull();
    expect(within(card).getByRole('textbox', { name: titled(fields.name.title) })).toBeInTheDocument();
    expect(
      within(card).getByRole('textbox', { name: titled(fields.registrationNumber.title) }),
    ).toBeInTheDocument();
  });

  it('shows the matrimonial regime only to a married person, and the spouse only with common property', async () => {
    const { user } = renderWithProviders(
      <PeopleStep initial={{ persons: [{ id: 'p1', kind: 'natural' }] }} />,
      {
        language: 'en',
      },
    );
    const card = firstPerson();
    const regime = () =>
      within(card).queryByRole('combobox', { name: titled(fields.matrimonialRegime.title) });
    const spouse = () => within(card).queryByRole('textbox', { name: titled(fields.spouseLastName.title) });
    expect(regime()).toBeNull();

    await user.selectOptions(
      within(card).getByRole('combobox', { name: titled(fields.maritalStatus.title) }),
      fields.maritalStatus.married,
    );
    expect(regime()).toBeInTheDocument();
    expect(within(card).queryByRole('checkbox', { name: titled(fields.commonFunds.title) })).toBeNull();

    await user.selectOptions(regime() as HTMLElement, fields.matrimonialRegime.community);
    await user.click(within(card).getByRole('checkbox', { name: titled(fields.commonFunds.title) }));
    expect(spouse()).toBeInTheDocument();

    await user.selectOptions(regime() as HTMLElement, fields.matrimonialRegime.separation);
    // The common-property box goes with the community regime; what it held stays in the file.
    expect(within(card).queryByRole('checkbox', { name: titled(fields.commonFunds.title) })).toBeNull();
  });
});
