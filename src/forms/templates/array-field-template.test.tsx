import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import frWizard from '../../../locales/fr/wizard.json';
import type { FormDefinition, FormValues } from '@/forms/form-definition';
import { renderWithProviders } from '@/testing/render';
import { wizardFrSarlManagementForm } from '../generated/wizard-fr-sarl-management';
import { wizardFrSasManagementForm } from '../generated/wizard-fr-sas-management';
import { SchemaForm } from '../schema-form';

/** The persons of the file, as the People step holds them: the managers point to them. */
const PERSONS = [
  { id: 'p1', kind: 'natural', firstNames: 'Camille', lastName: 'Martin' },
  { id: 'p2', kind: 'natural', firstNames: 'Ana', lastName: 'Pop' },
];

/** Holds the values as the wizard does, and reports every change. */
function Harness({
  form,
  initial,
  onChange,
}: {
  form: FormDefinition;
  initial: FormValues;
  onChange: (values: FormValues) => void;
}) {
  const [values, setValues] = useState<FormValues>(initial);
  return (
    <SchemaForm
      form={form}
      formData={values}
      onChange={(next) => {
        setValues(next);
        onChange(next);
      }}
      onSubmit={() => undefined}
      submitLabel="Next"
    />
  );
}

function renderList(form: FormDefinition, initial: FormValues) {
  const onChange = vi.fn<(values: FormValues) => void>();
  const view = renderWithProviders(<Harness form={form} initial={initial} onChange={onChange} />, {
    language: 'fr',
  });
  const lastValues = () => onChange.mock.calls.at(-1)?.[0] ?? {};
  return { ...view, onChange, lastValues };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field's accessible name starts with its title (a required mark may follow). */
const titled = (title: string) => new RegExp(`^${escapeRegExp(title)}`);
const managersGroup = (title: string) => screen.getByRole('group', { name: titled(title) });

describe('a list (ArrayFieldTemplate)', () => {
  it('is a group named by its title, with an add button named by ui:addLabel that adds an element', async () => {
    const { user, lastValues } = renderList(wizardFrSarlManagementForm, {
      persons: PERSONS,
      managers: [{ personId: 'p1' }],
    });
    const group = managersGroup(frWizard.fields.managers.title.gerant);

    await user.click(within(group).getByRole('button', { name: frWizard.fields.manager.add.gerant }));

    expect(lastValues().managers).toHaveLength(2);
    expect((lastValues().managers as FormValues[])[0]).toEqual({ personId: 'p1' });
    // Each element is its own card, with the person to choose.
    expect(
      within(group).getAllByRole('combobox', { name: titled(frWizard.fields.manager.person.title.gerant) }),
    ).toHaveLength(2);
  });

  it('offers no add button once the legal form allows no more (a SAS has one président)', () => {
    renderList(wizardFrSasManagementForm, { persons: PERSONS, managers: [{ personId: 'p1' }] });

    const group = managersGroup(frWizard.fields.managers.title.president);
    expect(within(group).queryByRole('button', { name: frWizard.fields.manager.add.president })).toBeNull();
  });

  it('offers the add button of an empty list', () => {
    renderList(wizardFrSasManagementForm, { persons: PERSONS, managers: [] });

    const group = managersGroup(frWizard.fields.managers.title.president);
    expect(within(group).getByRole('button', { name: frWizard.fields.manager.add.president })).toBeEnabled();
  });
});
