import { describe, expect, it } from 'vitest';
import { legalFormsOf, type JurisdictionJson, type LegalForm } from './jurisdictions';
import { resolveStepForForm, StepResolutionError, type StepFileJson } from './wizard-resolve';

const source = { law: 'Test law, art. 1', confirmed: true };
const parameter = (value: unknown) => ({ value, source });
const jurisdiction: JurisdictionJson = {
  code: 'RO',
  title: 'jurisdictions:RO.title',
  currency: 'RON',
  filingLanguage: 'ro',
  parameters: {
    minimumShareCapital: parameter(500),
    maximumDurationYears: parameter(null),
    requiredFields: parameter(['caenMain']),
  },
  legalForms: [
    {
      code: 'SRL',
      title: 'jurisdictions:RO.forms.SRL.title',
      explanation: { summary: 's', liability: 'l', associates: 'a', management: 'm', capital: 'c' },
      parameters: { maximumAssociates: parameter(50), managerTitle: parameter('administrator') },
    },
  ],
};
const [srl] = legalFormsOf([jurisdiction]) as [LegalForm];
const france: LegalForm = { ...srl, id: 'FR-SAS', jurisdiction: 'FR', code: 'SAS', currency: 'EUR' };

const step: StepFileJson = {
  title: 'wizard:steps.x.title',
  description: 'wizard:steps.x.description.{managerTitle}',
  icon: 'building',
  schema: {
    type: 'object',
    required: ['capital'],
    properties: {
      capital: { type: 'number', minimum: { $param: 'minimumShareCapital' } },
      duration: {
        type: 'integer',
        maximum: { $param: 'maximumDurationYears', otherwise: 999 },
        default: { $param: 'maximumDurationYears' },
      },
      caenMain: { $onlyFor: ['RO'], type: 'string', enum: { $list: 'caen' } },
      people: {
        type: 'array',
        maxItems: { $param: 'maximumAssociates' },
        items: {
          type: 'object',
          required: ['name', 'fatherName'],
          properties: { name: { type: 'string' }, fatherName: { $onlyFor: ['FR'], type: 'string' } },
        },
      },
    },
  },
  uiSchema: {
    'ui:order': ['capital', 'caenMain', 'duration', 'people'],
    capital: {
      'ui:options': { currency: { $param: 'currency' } },
      'ui:errorMessages': { minimum: 'wizard:errors.min.{currency}' },
    },
    caenMain: { 'ui:widget': 'caen' },
    people: {
      'ui:itemTitle': 'wizard:people.{{number}}',
      items: { fatherName: { 'ui:title': 'wizard:father' } },
    },
  },
};

describe('resolving a step for a legal form', () => {
  it("puts the form's figures in place and fills the keys", () => {
    const resolved = resolveStepForForm(step, srl, { caen: ['6201', '1071'] });
    const properties = resolved.schema.properties as Record<string, Record<string, unknown>>;
    expect(properties.capital).toEqual({ type: 'number', minimum: 500 });
    expect(properties.caenMain).toEqual({ type: 'string', enum: ['6201', '1071'] });
    expect(resolved.uiSchema?.capital).toEqual({
      'ui:options': { currency: 'RON' },
      'ui:errorMessages': { minimum: 'wizard:errors.min.RON' },
    });
    expect(resolved.description).toBe('wizard:steps.x.description.administrator');
    // i18next's own {{placeholders}} are left for the page.
    expect((resolved.uiSchema?.people as Record<string, unknown>)['ui:itemTitle']).toBe(
      'wizard:people.{{number}}',
    );
  });

  it('leaves out a keyword whose figure the law does not set, unless it says otherwise', () => {
    const resolved = resolveStepForForm(step, srl, { caen: [] });
    const duration = (resolved.schema.properties as Record<string, Record<string, unknown>>).duration;
    expect(duration).toEqual({ type: 'integer', maximum: 999 });
  });

  it('keeps a field only for the jurisdictions it names, with its uiSchema, order and requirement', () => {
    const resolved = resolveStepForForm(step, france, { caen: [] });
    const properties = resolved.schema.properties as Record<string, Record<string, unknown>>;
    expect(properties).not.toHaveProperty('caenMain');
    expect(resolved.uiSchema).not.toHaveProperty('caenMain');
    expect(resolved.uiSchema?.['ui:order']).toEqual(['capital', 'duration', 'people']);
    const romanian = resolveStepForForm(step, srl, { caen: [] });
    const items = ((romanian.schema.properties as Record<string, Record<string, unknown>>).people?.items ??
      {}) as Record<string, unknown>;
    expect(items.required).toEqual(['name']);
    expect(items.properties).not.toHaveProperty('fatherName');
  });

  it("makes the law's required fields required where the step declares them", () => {
    expect(resolveStepForForm(step, srl, { caen: [] }).schema.required).toEqual(['capital', 'caenMain']);
    expect(resolveStepForForm(step, france, { caen: [] }).schema.required).toEqual(['capital']);
  });

  it('names the place of an unknown parameter or list', () => {
    const broken = {
      ...step,
      schema: { type: 'object', properties: { x: { minimum: { $param: 'nope' } } } },
    };
    expect(() => resolveStepForForm(broken, srl, {}, 'schemas/wizard/x.json')).toThrow(StepResolutionError);
    expect(() => resolveStepForForm(broken, srl, {}, 'schemas/wizard/x.json')).toThrow(
      /x\.json\/properties\/x\/minimum: unknown parameter "nope"/,
    );
    expect(() => resolveStepForForm(step, srl, {})).toThrow(/unknown list "caen"/);
  });
});
