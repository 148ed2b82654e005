import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import enWizard from '../../../locales/en/wizard.json';
import frWizard from '../../../locales/fr/wizard.json';
import type { FormDefinition, FormValues } from '@/forms/form-definition';
import { renderWithProviders } from '@/testing/render';
import { wizardFrSasManagementForm } from '../generated/wizard-fr-sas-management';
import { wizardFrSasSubscribersForm } from '../generated/wizard-fr-sas-subscribers';
import { wizardFrSasuSubscribersForm } from '../generated/wizard-fr-sasu-subscribers';
import { wizardRoSrlManagementForm } from '../generated/wizard-ro-srl-management';
import { SchemaForm } from '../schema-form';

/** The founder's personal information, as the wizard's file holds it (step "personal-information"). */
const FOUNDER = {
  fullName: 'Camille Martin',
  dateOfBirth: '1990-03-12',
  placeOfBirth: 'Lyon, France',
  nationality: 'FR',
  address: '1 rue de la Paix, 75002 Paris, France',
  fatherName: 'Jean Martin',
  motherName: 'Marie Durand',
};

/** Holds the values as the wizard does, and reports every change. */
function Harness({
  form,
  initial,
  fillSource,
  onChange,
}: {
  form: FormDefinition;
  initial: FormValues;
  fillSource?: FormValues;
  onChange: (values: FormValues) => void;
}) {
  const [values] = useState<FormValues>(initial);
  return (
    <SchemaForm
      form={form}
      formData={values}
      onChange={onChange}
      onSubmit={() => undefined}
      submitLabel="Next"
      fillSource={fillSource}
    />
  );
}

function renderList(form: FormDefinition, initial: FormValues, fillSource?: FormValues) {
  const onChange = vi.fn<(values: FormValues) => void>();
  const view = renderWithProviders(
    <Harness form={form} initial={initial} fillSource={fillSource} onChange={onChange} />,
    { language: form.name.startsWith('wizard-ro') ? 'en' : 'fr' },
  );
  const lastValues = () => onChange.mock.calls.at(-1)?.[0] ?? {};
  return { ...view, onChange, lastValues };
}

describe('"I am the president": the management step copies the founder into the manager', () => {
  const label = frWizard.fields.manager.fillFromFounder.president;

  it("fills the empty card with the founder's personal information and moves the focus there", async () => {
    const { user, lastValues } = renderList(wizardFrSasManagementForm, { ...FOUNDER, managers: [{}] });

    await user.click(screen.getByRole('button', { name: label }));

    expect(lastValues().managers).toEqual([
      {
        isAssociate: false,
        name: FOUNDER.fullName,
        dateOfBirth: FOUNDER.dateOfBirth,
        placeOfBirth: FOUNDER.placeOfBirth,
        nationality: FOUNDER.nationality,
        address: FOUNDER.address,
        fatherName: FOUNDER.fatherName,
        motherName: FOUNDER.motherName,
      },
    ]);
    const name = screen.getByRole('textbox', { name: new RegExp(`^${frWizard.fields.manager.name.title}`) });
    expect(name).toHaveValue(FOUNDER.fullName);
    expect(screen.getByRole('button', { name: frWizard.fields.manager.dateOfBirth.title })).toHaveTextContent(
      '12 mars 1990',
    );
    await waitFor(() => expect(name).toHaveFocus());
    // Done: the president is the founder, and a SAS has one president.
    expect(screen.queryByRole('button', { name: label })).not.toBeInTheDocument();
  });

  it("takes the account's name and birth date when the file has none yet", async () => {
    const { user, lastValues } = renderList(
      wizardFrSasManagementForm,
      { managers: [{}] },
      { fullName: 'Camille Martin', dateOfBirth: '1990-03-12' },
    );

    await user.click(screen.getByRole('button', { name: label }));

    expect(lastValues().managers).toEqual([
      { isAssociate: false, name: 'Camille Martin', dateOfBirth: '1990-03-12' },
    ]);
  });

  it('never overwrites a manager already typed', async () => {
    const typed = { name: 'Ana Pop', nationality: 'RO' };
    renderList(wizardFrSasManagementForm, { ...FOUNDER, managers: [typed] });
    // One president, already named: nowhere to copy.
    expect(screen.queryByRole('button', { name: label })).not.toBeInTheDocument();
  });

  it("leaves out the parents' names in a Romanian file (no such field there)", async () => {
    const { user, lastValues } = renderList(wizardRoSrlManagementForm, { ...FOUNDER, managers: [{}] });

    await user.click(
      screen.getByRole('button', { name: enWizard.fields.manager.fillFromFounder.administrator }),
    );

    const [manager] = lastValues().managers as FormValues[];
    expect(manager).toMatchObject({ name: FOUNDER.fullName, address: FOUNDER.address });
    expect(manager).not.toHaveProperty('fatherName');
    expect(manager).not.toHaveProperty('motherName');
  });
});

describe('"It\'s me": the associates step copies the founder into the first empty card', () => {
  const label = frWizard.fields.subscriber.fillFromFounder;
  const other = { name: 'Ana Pop', address: 'Cluj-Napoca', shares: 50, subscription: 500, paidAmount: 500 };

  it('fills the first empty card, leaving the others as typed', async () => {
    const { user, lastValues } = renderList(wizardFrSasSubscribersForm, {
      ...FOUNDER,
      subscribers: [other, { shares: 50 }],
    });

    await user.click(screen.getByRole('button', { name: label }));

    expect(lastValues().subscribers).toEqual([
      other,
      { shares: 50, name: FOUNDER.fullName, address: FOUNDER.address },
    ]);
    // The founder is in the list now: the shortcut goes.
    expect(screen.queryByRole('button', { name: label })).not.toBeInTheDocument();
  });

  it('adds a card when every card is taken and the form allows more associates', async () => {
    const { user, lastValues } = renderList(wizardFrSasSubscribersForm, {
      ...FOUNDER,
      subscribers: [other, { ...other, name: 'Ion Popescu' }],
    });

    await user.click(screen.getByRole('button', { name: label }));

    expect(lastValues().subscribers).toEqual([
      other,
      { ...other, name: 'Ion Popescu' },
      expect.objectContaining({ name: FOUNDER.fullName, address: FOUNDER.address }),
    ]);
  });

  it('is not offered when the sole associate is someone already typed', () => {
    renderList(wizardFrSasuSubscribersForm, { ...FOUNDER, subscribers: [other] });
    expect(screen.queryByRole('button', { name: label })).not.toBeInTheDocument();
  });

  it('is not offered when there is nothing to copy', () => {
    renderList(wizardFrSasSubscribersForm, { subscribers: [{}] });
    expect(screen.queryByRole('button', { name: label })).not.toBeInTheDocument();
  });
});
