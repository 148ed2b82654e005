/**
 * schemas/wizard/fragments/identity-document.json, pasted into a person of a list as the lead will
 * paste it, resolved for a Romanian and a French form, and compiled as the server and the browser do.
 */
import type { RJSFSchema } from '@rjsf/utils';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import enForms from '../../locales/en/forms.json';
import enWizard from '../../locales/en/wizard.json';
import frForms from '../../locales/fr/forms.json';
import frWizard from '../../locales/fr/wizard.json';
import roForms from '../../locales/ro/forms.json';
import roWizard from '../../locales/ro/wizard.json';
import fragment from '../../schemas/wizard/fragments/identity-document.json';
import frJurisdiction from '../../schemas/jurisdictions/fr.json';
import roJurisdiction from '../../schemas/jurisdictions/ro.json';
import { FORM_AJV_OPTIONS } from '@/forms/ajv-options';
import { addFormKeywords } from '@/forms/keywords';
import { legalFormsOf, type JurisdictionJson, type LegalForm } from '@/shared/jurisdictions';
import { resolveStepForForm, type Json } from '@/shared/wizard-resolve';
import { precompiledValidator } from '@/testing/precompiled-form';

const forms = legalFormsOf([roJurisdiction, frJurisdiction] as unknown as JurisdictionJson[]);
const formOf = (id: string) => forms.find((form) => form.id === id) as LegalForm;

/** A step holding a list of persons, each with the fragment's fields beside the ones it compares with. */
function personsStep(form: LegalForm) {
  const step = {
    title: 'wizard:steps.persons.title',
    icon: 'users',
    schema: {
      type: 'object',
      properties: {
        persons: {
          type: 'array',
          items: {
            type: 'object',
            required: ['civility', 'dateOfBirth', 'nationality', 'idDocument'],
            properties: {
              civility: { enum: ['M', 'F'] },
              dateOfBirth: { type: 'string', format: 'date' },
              nationality: { type: 'string' },
              ...fragment.properties,
            },
            allOf: fragment.personRules,
          },
        },
      },
    },
    uiSchema: { persons: { items: fragment.uiSchema } },
  };
  return resolveStepForForm(step as never, form);
}

/** The step's validator as the server compiles it (server/services/company-files.ts). */
function serverValidator(schema: Json): ValidateFunction {
  const ajv = new Ajv({ ...FORM_AJV_OPTIONS, allErrors: true, strict: true });
  addFormats(ajv);
  return addFormKeywords(ajv).compile(schema);
}

const romanian = personsStep(formOf('RO-SRL'));
const validators = {
  server: (() => {
    const validate = serverValidator(romanian.schema);
    return (data: unknown) => {
      validate(data);
      return (
        (validate.errors ?? [])
          .filter((error) => error.keyword !== 'if')
          // As the server reports them: a missing field at its own place (toValidationError).
          .map((error) => {
            const missing = (error.params as { missingProperty?: string }).missingProperty;
            return `${error.instancePath}${missing ? `/${missing}` : ''} ${error.keyword}`;
          })
      );
    };
  })(),
  browser: (() => {
    const validator = precompiledValidator(romanian.schema as RJSFSchema);
    return (data: unknown) =>
      validator
        .validateFormData(data, romanian.schema as RJSFSchema)
        .errors.filter((error) => error.name !== 'if')
        .map((error) => `${(error.property ?? '').replace(/\./g, '/')} ${error.name ?? ''}`);
  })(),
};

/** A Romanian associate as the act constitutiv needs her. */
const ioana = () => ({
  civility: 'F',
  dateOfBirth: '1985-03-15',
  nationality: 'RO',
  cnp: '2850315420017',
  idDocument: {
    type: 'idCard',
    series: 'RX',
    number: '123456',
    issuedBy: 'SPCLEP Sector 2',
    issuedOn: '2019-05-20',
  },
});

type Person = ReturnType<typeof ioana>;

describe.each(Object.entries(validators))('the identity document, checked by the %s', (_, errorsOf) => {
  const check = (change: (person: Person) => void) => {
    const person = ioana();
    change(person);
    return errorsOf({ persons: [person] });
  };

  it('accepts a complete Romanian associate, and a foreigner with a passport and no CNP', () => {
    expect(check(() => {})).toEqual([]);
    expect(
      check((person) => {
        person.nationality = 'FR';
        delete (person as Partial<Person>).cnp;
        person.idDocument = {
          type: 'passport',
          series: '',
          number: '22AB12345',
          issuedBy: 'Préfecture du Rhône',
          issuedOn: '2022-01-10',
        };
        delete (person.idDocument as Partial<Person['idDocument']>).series;
      }),
    ).toEqual([]);
  });

  it('requires the identity document, and the CNP of a Romanian national', () => {
    expect(check((person) => delete (person as Partial<Person>).idDocument)).toEqual([
      '/persons/0/idDocument required',
    ]);
    expect(check((person) => delete (person as Partial<Person>).cnp)).toEqual(['/persons/0/cnp required']);
  });

  it('checks the CNP against the person', () => {
    expect(check((person) => (person.civility = 'M'))).toEqual(['/persons/0/cnp cnp']);
  });

  it('wants two capital letters and six digits on a Romanian identity card with a series', () => {
    expect(check((person) => (person.idDocument.series = 'rx'))).toEqual([
      '/persons/0/idDocument/series pattern',
    ]);
    expect(check((person) => (person.idDocument.series = 'RXX'))).toEqual([
      '/persons/0/idDocument/series pattern',
    ]);
    expect(check((person) => (person.idDocument.number = '12345'))).toEqual([
      '/persons/0/idDocument/number pattern',
    ]);
    // A passport's series is not an identity card's.
    expect(
      check((person) => {
        person.idDocument.type = 'passport';
        person.idDocument.series = 'X1';
        person.idDocument.number = '051234567';
      }),
    ).toEqual([]);
  });

  it('wants the number as printed: letters and digits, no spaces', () => {
    expect(
      check((person) => {
        person.idDocument.type = 'passport';
        person.idDocument.number = '22AB 12345';
      }),
    ).toEqual(['/persons/0/idDocument/number pattern']);
  });

  it('wants a date of issue after the date of birth, and not in the future', () => {
    expect(check((person) => (person.idDocument.issuedOn = '1985-03-15'))).toEqual([
      '/persons/0/idDocument/issuedOn formatExclusiveMinimum',
    ]);
    expect(check((person) => (person.idDocument.issuedOn = '1980-01-01'))).toEqual([
      '/persons/0/idDocument/issuedOn formatExclusiveMinimum',
    ]);
    expect(check((person) => (person.idDocument.issuedOn = '2999-01-01'))).toEqual([
      '/persons/0/idDocument/issuedOn notAfterToday',
    ]);
  });
});

describe('the fragment', () => {
  it('is left out of a French form, with its requirement', () => {
    const french = personsStep(formOf('FR-SAS'));
    const person = (french.schema as { properties: { persons: { items: Json } } }).properties.persons.items;
    expect(Object.keys(person.properties as Json)).toEqual(['civility', 'dateOfBirth', 'nationality']);
    expect(person.required).toEqual(['civility', 'dateOfBirth', 'nationality']);
  });

  it('names only translation keys that exist in French, English and Romanian', () => {
    const keys = new Set<string>();
    const visit = (value: unknown) => {
      if (typeof value === 'string' && /^(wizard|forms):/.test(value)) keys.add(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(visit);
    };
    visit(fragment.uiSchema);
    expect(keys.size).toBeGreaterThan(20);
    const locales = [
      { wizard: frWizard, forms: frForms },
      { wizard: enWizard, forms: enForms },
      { wizard: roWizard, forms: roForms },
    ];
    for (const locale of locales)
      for (const key of keys) {
        const [namespace, path] = key.split(':') as ['wizard' | 'forms', string];
        const text = path
          .split('.')
          .reduce<unknown>((node, part) => (node as Json)?.[part], locale[namespace]);
        expect(typeof text, key).toBe('string');
      }
  });
});
