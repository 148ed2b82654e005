import { screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import stepsFile from '../../../schemas/wizard/steps.json';
import { chooserStep, legalForms, loadLegalFormSteps, wizardOutline } from '@/forms/generated/wizard-steps';
import { SchemaForm } from '@/forms/schema-form';
import { renderWithProviders } from '@/testing/render';
import type { FileData } from './draft-merge';
import { declaredFields, fieldHintPath, firstInvalidStep, stepAt, stepOfField } from './wizard-steps';
import { wizardWidgets } from './wizard-widgets';

// The steps of a French SAS; every legal form has the same steps in the same order.
const loadSas = loadLegalFormSteps['FR-SAS'];
if (!loadSas) throw new Error('the wizard has no FR-SAS steps');
const wizardSteps = await loadSas();

const indexOf = (id: string) => {
  const index = wizardSteps.findIndex((step) => step.id === id);
  if (index < 0) throw new Error(`no step ${id} in the wizard`);
  return index;
};

/** A company file that every step accepts: one founder, two subscribers sharing 100 shares and 1000 €. */
function completeFile(): FileData {
  return {
    jurisdiction: 'FR',
    legalForm: 'SAS',
    currency: 'EUR',
    fullName: 'Élodie Dupont',
    dateOfBirth: '1990-03-12',
    placeOfBirth: 'Lyon, France',
    nationality: 'FR',
    address: '12 rue de la Paix, 75002 Paris, France',
    fatherName: 'Jean Dupont',
    motherName: 'Marie Martin',
    companyName: 'Boulangerie Dupont',
    corporatePurpose: 'Boulangerie, pâtisserie',
    registeredOffice: '12 rue de la Paix, 75002 Paris, France',
    shareCapital: 1000,
    numberOfShares: 100,
    durationYears: 99,
    managers: [
      {
        name: 'Élodie Dupont',
        isAssociate: true,
        dateOfBirth: '1990-03-12',
        placeOfBirth: 'Lyon, France',
        nationality: 'FR',
        address: '12 rue de la Paix, 75002 Paris, France',
        fatherName: 'Jean Dupont',
        motherName: 'Marie Martin',
      },
    ],
    nonConvictionStatement: true,
    placeOfSignature: 'Paris',
    dateOfSignature: '2024-05-02',
    subscribers: [
      { name: 'Élodie Dupont', address: 'Paris', shares: 60, subscription: 600, paidAmount: 300 },
      { name: 'Ion Popescu', address: 'Cluj-Napoca', shares: 40, subscription: 400, paidAmount: 400 },
    ],
  };
}

describe('fieldHintPath', () => {
  it('drops list positions from a path', () => {
    expect(fieldHintPath(['subscribers', '2', 'name'])).toBe('subscribers.name');
    expect(fieldHintPath(['subscribers', '0', 'paidAmount'])).toBe('subscribers.paidAmount');
  });

  it('keeps a plain field as it is', () => {
    expect(fieldHintPath(['shareCapital'])).toBe('shareCapital');
    expect(fieldHintPath(['subscribers'])).toBe('subscribers');
  });

  it('is null for a path with no name (the root, or a list element itself)', () => {
    expect(fieldHintPath([])).toBeNull();
    expect(fieldHintPath(['3'])).toBeNull();
  });

  it('keeps a name holding digits that is not a position', () => {
    expect(fieldHintPath(['address2', '1'])).toBe('address2');
  });
});

describe('stepOfField', () => {
  it('finds a field of the company step and the id of its control', () => {
    expect(stepOfField(wizardSteps, 'shareCapital')).toEqual({
      index: indexOf('company-details'),
      elementId: 'wizard-fr-sas-company-details_shareCapital',
    });
  });

  it("points a list element's field at the first element of the list", () => {
    expect(stepOfField(wizardSteps, 'subscribers.name')).toEqual({
      index: indexOf('subscribers'),
      elementId: 'wizard-fr-sas-subscribers_subscribers_0_name',
    });
  });

  it('finds the fields of the first and of the other steps', () => {
    expect(stepOfField(wizardSteps, 'fullName')).toEqual({
      index: 1,
      elementId: 'wizard-fr-sas-personal-information_fullName',
    });
    expect(stepOfField(wizardSteps, 'managers.name')?.index).toBe(indexOf('management'));
    expect(stepOfField(wizardSteps, 'legalForm')?.index).toBe(0);
    expect(stepOfField(wizardSteps, 'dateOfSignature')).toEqual({
      index: indexOf('legal-declaration'),
      elementId: 'wizard-fr-sas-legal-declaration_dateOfSignature',
    });
  });

  it('is null for a field no step has', () => {
    expect(stepOfField(wizardSteps, 'favouriteColour')).toBeNull();
    expect(stepOfField(wizardSteps, '')).toBeNull();
  });

  it("gives ids that the rendered steps' controls really have", async () => {
    for (const step of wizardSteps) {
      // A hidden field (the currency, set with the country) has no control to jump to.
      const ui = step.form.uiSchema as Record<string, { 'ui:widget'?: string } | undefined>;
      const properties = Object.entries(step.form.schema.properties ?? {}).filter(
        ([name]) => ui[name]?.['ui:widget'] !== 'hidden',
      );
      const fields = properties.flatMap(([name, schema]) => {
        const items = typeof schema === 'object' ? schema.items : undefined;
        const itemFields =
          items && typeof items === 'object' && !Array.isArray(items)
            ? Object.keys(items.properties ?? {}).map((child) => `${name}.${child}`)
            : [];
        return [name, ...itemFields];
      });
      const formData: FileData = Object.fromEntries(
        properties
          .filter(([, schema]) => typeof schema === 'object' && schema.type === 'array')
          .map(([name]) => [name, [{}]]),
      );
      const { unmount } = renderWithProviders(
        createElement(SchemaForm, {
          form: step.form,
          formData,
          onChange: () => {},
          onSubmit: () => {},
          submitLabel: 'Next',
          widgets: wizardWidgets,
        }),
        { language: 'en' },
      );
      await screen.findByRole('button', { name: 'Next' });

      expect(fields.length).toBeGreaterThan(0);
      for (const field of fields) {
        const target = stepOfField(wizardSteps, field);
        expect(target?.index, field).toBe(wizardSteps.indexOf(step));
        expect(
          document.getElementById(target?.elementId ?? ''),
          `${field} → ${target?.elementId}`,
        ).not.toBeNull();
      }
      unmount();
    }
  });
});

describe('stepAt', () => {
  it('returns the step at an index of the wizard', () => {
    expect(stepAt(wizardSteps, 0)).toBe(wizardSteps[0]);
    expect(stepAt(wizardSteps, 2)).toBe(wizardSteps[2]);
  });

  it('clamps an index outside the wizard to its first or last step', () => {
    expect(stepAt(wizardSteps, -1)).toBe(wizardSteps[0]);
    expect(stepAt(wizardSteps, wizardSteps.length)).toBe(wizardSteps.at(-1));
    expect(stepAt(wizardSteps, 99)).toBe(wizardSteps.at(-1));
  });

  it('throws for a wizard without steps', () => {
    expect(() => stepAt([], 0)).toThrow(/no steps/);
  });
});

describe('the steps of each legal form', () => {
  it('follow schemas/wizard/steps.json: the shared choice of the form, then its own steps', async () => {
    expect(wizardOutline.map((step) => step.id)).toEqual(stepsFile.steps);
    expect(Object.keys(loadLegalFormSteps)).toEqual(legalForms.map((form) => form.id));
    for (const form of legalForms) {
      const steps = await loadLegalFormSteps[form.id]?.();
      expect(steps?.map((step) => step.id)).toEqual(stepsFile.steps);
      expect(steps?.[0]).toBe(chooserStep);
      const slug = form.id.toLowerCase().replace(/_/g, '-');
      expect(steps?.slice(1).map((step) => step.form.name)).toEqual(
        stepsFile.steps.slice(1).map((id) => `wizard-${slug}-${id}`),
      );
    }
  });
});

describe('firstInvalidStep', () => {
  it('is the first step for an empty file', () => {
    expect(firstInvalidStep(wizardSteps, {})).toBe(0);
  });

  it('is null for a complete, valid file', () => {
    expect(firstInvalidStep(wizardSteps, completeFile())).toBeNull();
  });

  it("is the subscribers' step when only their shares do not add up", () => {
    const file = completeFile();
    file.numberOfShares = 120;

    expect(firstInvalidStep(wizardSteps, file)).toBe(indexOf('subscribers'));
  });

  it('is the earliest step that breaks a rule when several do', () => {
    const file = completeFile();
    file.managers = [{ ...(file.managers as FileData[])[0], name: '   ' }];
    file.nonConvictionStatement = false;

    expect(firstInvalidStep(wizardSteps, file)).toBe(indexOf('management'));
  });

  it('is the company step when its required field is missing', () => {
    const { companyName: _missing, ...file } = completeFile();

    expect(firstInvalidStep(wizardSteps, file)).toBe(indexOf('company-details'));
  });
});

describe('declaredFields', () => {
  it('leaves out a field no step declares any more, and keeps every other one', () => {
    const file = completeFile();
    expect(declaredFields(wizardSteps, { ...file, industry: 'bakery' })).toEqual(file);
    expect(declaredFields(wizardSteps, {})).toEqual({});
  });

  it("leaves out what a list's elements no longer have (a French manager's parents in a Romanian file)", async () => {
    const romanian = (await loadLegalFormSteps['RO-SRL']?.()) ?? [];
    const file = { ...completeFile(), jurisdiction: 'RO', legalForm: 'SRL', currency: 'RON' };
    const [manager] = declaredFields(romanian, file).managers as FileData[];
    expect(manager).not.toHaveProperty('fatherName');
    expect(manager).toMatchObject({ name: 'Élodie Dupont', nationality: 'FR' });
  });
});
