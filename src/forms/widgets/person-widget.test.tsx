import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import enForms from '../../../locales/en/forms.json';
import enWizard from '../../../locales/en/wizard.json';
import frWizard from '../../../locales/fr/wizard.json';
import roWizard from '../../../locales/ro/wizard.json';
import type { Language } from '@/lib/i18n/languages';
import { fillTemplate } from '@/testing/fill-template';
import { renderWithProviders } from '@/testing/render';
import type { FormDefinition, FormValues } from '../form-definition';
import { wizardFrSasPeopleForm } from '../generated/wizard-fr-sas-people';
import { wizardFrSarlManagementForm } from '../generated/wizard-fr-sarl-management';
import { wizardFrSasSubscribersForm } from '../generated/wizard-fr-sas-subscribers';
import { SchemaForm } from '../schema-form';

const WIZARD = { fr: frWizard, en: enWizard, ro: roWizard } satisfies Record<Language, typeof frWizard>;

/** The file's persons: the founder, a company she represents, and a person not named yet. */
const PERSONS = [
  { id: 'p1', kind: 'natural', firstNames: 'Camille', lastName: 'Dupont' },
  { id: 'p2', kind: 'legal', name: 'Holding Martin SAS', representativeId: 'p1' },
  { id: 'p4', kind: 'natural' },
];

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

function renderStep(form: FormDefinition, initial: FormValues, language: Language = 'en') {
  const onChange = vi.fn<(values: FormValues) => void>();
  const view = renderWithProviders(<Harness form={form} initial={initial} onChange={onChange} />, {
    language,
  });
  return { ...view, lastValues: () => onChange.mock.calls.at(-1)?.[0] ?? {} };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field's accessible name starts with its title (a required mark may follow). */
const titled = (title: string) => new RegExp(`^${escapeRegExp(title)}`);
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => [(option as HTMLOptionElement).value, option.textContent]);

describe('the person field (ui:widget "person")', () => {
  it.each(Object.keys(WIZARD) as Language[])(
    'lists every person of the file by name, an unnamed one by its place (%s)',
    (language) => {
      renderStep(wizardFrSasSubscribersForm, { persons: PERSONS, subscribers: [{}] }, language);

      const select = screen.getByRole('combobox', {
        name: titled(WIZARD[language].fields.subscriber.person.title),
      });
      expect(optionsOf(select).slice(1)).toEqual([
        ['p1', 'Camille Dupont'],
        ['p2', 'Holding Martin SAS'],
        ['p4', fillTemplate(WIZARD[language].fields.person.unnamed, { number: 3 })],
      ]);
    },
  );

  it('stores the id of the person chosen', async () => {
    const { user, lastValues } = renderStep(wizardFrSasSubscribersForm, {
      persons: PERSONS,
      subscribers: [{}],
    });

    const select = screen.getByRole('combobox', { name: titled(enWizard.fields.subscriber.person.title) });
    await user.selectOptions(select, 'Holding Martin SAS');

    expect((lastValues().subscribers as FormValues[])[0]).toMatchObject({ personId: 'p2' });
    expect(select).toHaveValue('p2');
  });

  it('lists only natural persons where the uiSchema says so (a manager)', () => {
    renderStep(wizardFrSarlManagementForm, { persons: PERSONS, managers: [{ personId: 'p1' }] });

    const select = screen.getByRole('combobox', {
      name: titled(enWizard.fields.manager.person.title.gerant),
    });
    expect(optionsOf(select).map(([value]) => value)).toEqual(['p1', 'p4']);
    expect(select).toHaveValue('p1');
  });

  it('offers the placeholder and no one when the file names no one yet', () => {
    renderStep(wizardFrSarlManagementForm, { managers: [{}] });

    const select = screen.getByRole('combobox', {
      name: titled(enWizard.fields.manager.person.title.gerant),
    });
    expect(optionsOf(select)).toEqual([['', enForms.select.placeholder]]);
  });

  it("names, on the People step itself, the persons as they are typed (a company's representative)", async () => {
    const { user } = renderStep(wizardFrSasPeopleForm, { persons: PERSONS });
    // A person's card is headed by its number, then the name once there is one.
    const company = screen.getByRole('region', {
      name: `${fillTemplate(enWizard.fields.person.heading, { number: 2 })} — Holding Martin SAS`,
    });
    const representative = within(company).getByRole('combobox', {
      name: titled(enWizard.fields.person.representativeId.title),
    });
    // Only natural persons represent a company; the company itself is not offered.
    expect(optionsOf(representative).map(([, label]) => label)).toEqual([
      enForms.select.placeholder,
      'Camille Dupont',
      fillTemplate(enWizard.fields.person.unnamed, { number: 3 }),
    ]);
    expect(representative).toHaveValue('p1');

    const third = screen.getByRole('region', {
      name: fillTemplate(enWizard.fields.person.heading, { number: 3 }),
    });
    await user.type(
      within(third).getByRole('textbox', { name: titled(enWizard.fields.person.lastName.title) }),
      'Pop',
    );

    expect(optionsOf(representative).map(([, label]) => label)).toEqual([
      enForms.select.placeholder,
      'Camille Dupont',
      'Pop',
    ]);
  });
});
