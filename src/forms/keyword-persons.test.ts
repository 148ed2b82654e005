/**
 * The persons' keywords (keyword-persons.ts): personRef, personHas, uniqueBy, requiredWhen,
 * wholeCentsPer and timesNominal. Each is checked on the wizard's own steps, compiled both ways the
 * project compiles them: by a live AJV with addFormKeywords (the server, server/services/
 * company-files.ts) and by the precompiled step validators the browser ships (src/forms/generated).
 * A few edge cases use small schemas, compiled by a live AJV and as a freshly generated module.
 */
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import enWizard from '../../locales/en/wizard.json';
import frForms from '../../locales/fr/forms.json';
import frWizard from '../../locales/fr/wizard.json';
import roWizard from '../../locales/ro/wizard.json';
import enForms from '../../locales/en/forms.json';
import roForms from '../../locales/ro/forms.json';
import { completeCompanyFile, type LegalFormId } from '../../tests/fixtures/company-file';
import { FORM_AJV_OPTIONS } from './ajv-options';
import type { StepDefinition } from './form-definition';
import { loadLegalFormSteps } from './generated/wizard-steps';
import { addFormKeywords } from './keywords';
import { errorMessageKey, toMessageTokens, translateMessage, type FormTranslate } from './translation';
import type { Language } from '@/lib/i18n/languages';
import { fillTemplate } from '@/testing/fill-template';
import { precompiledValidator } from '@/testing/precompiled-form';
import { createTestI18n } from '@/testing/render';

type Data = Record<string, unknown>;

const WIZARD = { fr: frWizard, en: enWizard, ro: roWizard } satisfies Record<Language, typeof frWizard>;
const FORMS = { fr: frForms, en: enForms, ro: roForms } satisfies Record<Language, typeof frForms>;
const LANGS = Object.keys(WIZARD) as Language[];

/** An error as both validators can say it: its keyword, the field (as RJSF names it, no leading dot), its params. */
interface Found {
  keyword: string;
  path: string;
  params: Record<string, unknown>;
}

const STEPS: Record<string, StepDefinition[]> = {};
for (const form of ['FR-SAS', 'FR-SARL', 'RO-SRL'] satisfies LegalFormId[])
  STEPS[form] = (await loadLegalFormSteps[form]?.()) ?? [];

function stepOf(form: LegalFormId, id: string): StepDefinition {
  const found = STEPS[form]?.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no step ${id} for ${form}`);
  return found;
}

/** The errors the step's precompiled validator (the browser's) finds. */
function precompiledErrors(form: LegalFormId, stepId: string, data: Data): Found[] {
  const { schema, validator } = stepOf(form, stepId).form;
  return validator.validateFormData(data, schema).errors.map((error) => ({
    keyword: error.name ?? '',
    path: (error.property ?? '').replace(/^\./, ''),
    params: error.params as Record<string, unknown>,
  }));
}

/** The errors a live AJV with our keywords (the server's) finds, with the step's schema. */
function liveErrors(form: LegalFormId, stepId: string, data: Data): Found[] {
  const ajv = new Ajv({ ...FORM_AJV_OPTIONS, allErrors: true, strict: true });
  addFormats(ajv);
  const validate = addFormKeywords(ajv).compile(stepOf(form, stepId).form.schema);
  validate(data);
  return (validate.errors ?? []).map((error) => {
    const params = error.params as Record<string, unknown>;
    // RJSF names a missing field after the object that lacks it: the same here.
    const segments = error.instancePath.split('/').filter(Boolean);
    if (typeof params.missingProperty === 'string') segments.push(params.missingProperty);
    return { keyword: error.keyword, path: segments.join('.'), params };
  });
}

const VALIDATORS = [
  ['a live AJV with addFormKeywords', liveErrors],
  ['the precompiled step validators', precompiledErrors],
] as const;

/** A company that is an associate, with its representative and its owners (natural persons of the file). */
const HOLDING = {
  id: 'p3',
  kind: 'legal',
  name: 'Holding Martin SAS',
  legalForm: 'SAS',
  registeredOffice: '3 place Bellecour, 69002 Lyon, France',
  country: 'FR',
  registrationNumber: '812 345 678 RCS Lyon',
  representativeId: 'p1',
  owners: [
    { personId: 'p1', percent: 60 },
    { personId: 'p2', percent: 40 },
  ],
};

/**
 * A complete file of `form` whose second associate is a company (p3), owned by the two natural
 * persons p1 (the founder, president) and p2.
 */
function fileOf(form: LegalFormId = 'FR-SAS'): Data {
  const file = completeCompanyFile(2, '2026-01-15', form);
  const subscribers = file.subscribers as Data[];
  return {
    ...file,
    persons: [...(file.persons as Data[]), HOLDING],
    subscribers: [subscribers[0], { ...subscribers[1], personId: 'p3' }],
  };
}

const persons = (file: Data) => file.persons as Data[];

/** The file with person `index` changed; a field set to undefined is removed. */
function withPerson(file: Data, index: number, changes: Data): Data {
  const list = persons(file).map((person, at) => {
    if (at !== index) return person;
    return Object.fromEntries(
      Object.entries({ ...person, ...changes }).filter(([, value]) => value !== undefined),
    );
  });
  return { ...file, persons: list };
}

describe.each(VALIDATORS)('the persons keywords, through %s', (_, errorsOf) => {
  /** The errors of every step but the first (the chooser) for the file. */
  const allErrors = (form: LegalFormId, file: Data) =>
    (STEPS[form] ?? []).slice(1).flatMap((step) => errorsOf(form, step.id, file));

  it.each(['FR-SAS', 'FR-SARL', 'RO-SRL'] as const)(
    'accept a complete %s file with a company associate',
    (form) => {
      expect(allErrors(form, fileOf(form))).toEqual([]);
    },
  );

  describe('personRef', () => {
    it('refuses a role naming no person of the file', () => {
      const file = { ...fileOf(), managers: [{ personId: 'p9' }] };
      expect(errorsOf('FR-SAS', 'management', file)).toEqual([
        { keyword: 'personRef', path: 'managers.0.personId', params: { reason: 'missing' } },
      ]);
    });

    it('refuses a company where only a natural person may be (a manager, a representative, an owner)', () => {
      const file = { ...fileOf('FR-SARL'), managers: [{ personId: 'p3' }] };
      expect(errorsOf('FR-SARL', 'management', file)).toEqual([
        { keyword: 'personRef', path: 'managers.0.personId', params: { reason: 'kind' } },
      ]);
      const owned = withPerson(fileOf(), 2, {
        representativeId: 'p3',
        owners: [{ personId: 'p3', percent: 10 }],
      });
      expect(errorsOf('FR-SAS', 'people', owned)).toEqual([
        { keyword: 'personRef', path: 'persons.2.representativeId', params: { reason: 'kind' } },
        { keyword: 'personRef', path: 'persons.2.owners.0.personId', params: { reason: 'kind' } },
      ]);
    });

    it('takes a company as an associate', () => {
      expect(errorsOf('FR-SAS', 'subscribers', fileOf())).toEqual([]);
    });

    it('follows the persons as they are: the id of a person removed is missing', () => {
      const file = { ...fileOf(), persons: persons(fileOf()).filter((person) => person.id !== 'p2') };
      expect(errorsOf('FR-SAS', 'people', file)).toEqual([
        { keyword: 'personRef', path: 'persons.1.owners.1.personId', params: { reason: 'missing' } },
      ]);
    });

    it('counts a person without a kind as natural', () => {
      const file = withPerson(fileOf(), 0, { kind: undefined });
      expect(errorsOf('FR-SAS', 'management', file)).toEqual([]);
    });
  });

  describe('personHas', () => {
    it("asks a French manager's father's and mother's names, in one message naming the first missing", () => {
      const file = withPerson(fileOf(), 0, { fatherName: undefined, motherName: '  ' });
      expect(errorsOf('FR-SAS', 'management', file)).toEqual([
        { keyword: 'personHas', path: 'managers.0.personId', params: { field: 'fatherName' } },
      ]);
      const withFather = withPerson(fileOf(), 0, { motherName: '  ' });
      expect(errorsOf('FR-SAS', 'management', withFather)).toEqual([
        { keyword: 'personHas', path: 'managers.0.personId', params: { field: 'motherName' } },
      ]);
    });

    it('asks nothing of a Romanian manager’s parents', () => {
      const file = withPerson(fileOf('RO-SRL'), 0, { fatherName: undefined, motherName: undefined });
      expect(errorsOf('RO-SRL', 'management', file)).toEqual([]);
    });

    it("asks a French natural associate's marital status, never a company's", () => {
      const file = withPerson(withPerson(fileOf(), 0, { maritalStatus: undefined }), 2, {
        maritalStatus: undefined,
      });
      expect(errorsOf('FR-SAS', 'subscribers', file)).toEqual([
        { keyword: 'personHas', path: 'subscribers.0.personId', params: { field: 'maritalStatus' } },
      ]);
    });

    it('leaves a missing person to personRef', () => {
      const file = { ...fileOf(), managers: [{ personId: 'p9' }] };
      expect(errorsOf('FR-SAS', 'management', file).map((error) => error.keyword)).toEqual(['personRef']);
    });
  });

  describe('uniqueBy', () => {
    it('refuses a person named twice in a role, at the second place', () => {
      const managers = { ...fileOf('FR-SARL'), managers: [{ personId: 'p1' }, { personId: 'p1' }] };
      expect(errorsOf('FR-SARL', 'management', managers)).toEqual([
        { keyword: 'uniqueBy', path: 'managers', params: { index: 1, value: 'p1' } },
      ]);
      const file = fileOf();
      const [first] = file.subscribers as Data[];
      const subscribers = { ...file, subscribers: [first, { ...first }] };
      expect(
        errorsOf('FR-SAS', 'subscribers', subscribers).filter((error) => error.keyword === 'uniqueBy'),
      ).toEqual([{ keyword: 'uniqueBy', path: 'subscribers', params: { index: 1, value: 'p1' } }]);
    });

    it("refuses two persons with one id, and one company's owner listed twice", () => {
      const twins = { ...fileOf(), persons: [...persons(fileOf()), { ...persons(fileOf())[1] }] };
      expect(errorsOf('FR-SAS', 'people', twins)).toEqual([
        { keyword: 'uniqueBy', path: 'persons', params: { index: 3, value: 'p2' } },
      ]);
      const owners = withPerson(fileOf(), 2, {
        owners: [
          { personId: 'p1', percent: 30 },
          { personId: 'p1', percent: 30 },
        ],
      });
      expect(errorsOf('FR-SAS', 'people', owners)).toEqual([
        { keyword: 'uniqueBy', path: 'persons.2.owners', params: { index: 1, value: 'p1' } },
      ]);
    });

    it('compares only the values given: two cards still to fill are not the same person', () => {
      const file = { ...fileOf('FR-SARL'), managers: [{ personId: 'p1' }, {}, {}] };
      expect(errorsOf('FR-SARL', 'management', file).map((error) => error.keyword)).toEqual([
        'required',
        'required',
      ]);
    });
  });

  describe('requiredWhen', () => {
    it("requires a natural person's identity, as any required field, under the field", () => {
      const file = withPerson(fileOf(), 1, { lastName: '   ', civility: undefined });
      expect(errorsOf('FR-SAS', 'people', file).sort(byPath)).toEqual([
        { keyword: 'requiredWhen', path: 'persons.1.civility', params: { missingProperty: 'civility' } },
        // A blank name is its pattern's error only: requiredWhen asks for presence, as `required` does,
        // so that the field shows one message.
        { keyword: 'pattern', path: 'persons.1.lastName', params: { pattern: '\\S' } },
      ]);
    });

    it("requires a company's registration and representative, and none of a person's fields", () => {
      const file = withPerson(fileOf(), 2, { registrationNumber: undefined, representativeId: undefined });
      expect(errorsOf('FR-SAS', 'people', file).sort(byPath)).toEqual([
        {
          keyword: 'requiredWhen',
          path: 'persons.2.registrationNumber',
          params: { missingProperty: 'registrationNumber' },
        },
        {
          keyword: 'requiredWhen',
          path: 'persons.2.representativeId',
          params: { missingProperty: 'representativeId' },
        },
      ]);
    });

    it('requires the regime of a married French person, and the spouse when common property is contributed', () => {
      const married = withPerson(fileOf(), 0, { maritalStatus: 'married' });
      expect(errorsOf('FR-SAS', 'people', married)).toEqual([
        {
          keyword: 'requiredWhen',
          path: 'persons.0.matrimonialRegime',
          params: { missingProperty: 'matrimonialRegime' },
        },
      ]);
      const contributing = withPerson(married, 0, {
        matrimonialRegime: 'community',
        commonFunds: true,
        spouseCivility: 'M',
      });
      expect(errorsOf('FR-SAS', 'people', contributing).map((error) => error.path)).toEqual([
        'persons.0.spouseLastName',
        'persons.0.spouseFirstNames',
      ]);
      expect(errorsOf('FR-SAS', 'people', withPerson(contributing, 0, { commonFunds: false }))).toEqual([]);
    });

    it("requires a Romanian file's identity document, an identity card's series, a Romanian's CNP", () => {
      const base = fileOf('RO-SRL');
      const card = withPerson(base, 0, { idType: 'idCard', idIssuedBy: undefined });
      expect(errorsOf('RO-SRL', 'people', card).map((error) => error.path)).toEqual([
        'persons.0.idIssuedBy',
        'persons.0.idSeries',
      ]);
      const romanian = withPerson(base, 1, { nationality: 'RO' });
      expect(errorsOf('RO-SRL', 'people', romanian)).toEqual([
        { keyword: 'requiredWhen', path: 'persons.1.cnp', params: { missingProperty: 'cnp' } },
      ]);
    });

    it('asks a French file none of the Romanian fields', () => {
      const file = withPerson(fileOf(), 0, { nationality: 'RO' });
      expect(errorsOf('FR-SAS', 'people', file)).toEqual([]);
    });
  });

  describe('wholeCentsPer', () => {
    const capital = (shareCapital: number, numberOfShares: number) =>
      errorsOf('FR-SAS', 'company-details', { ...fileOf(), shareCapital, numberOfShares }).filter(
        (error) => error.keyword === 'wholeCentsPer',
      );

    it('refuses a capital that does not divide into equal shares of whole cents', () => {
      expect(capital(1000, 3)).toEqual([
        { keyword: 'wholeCentsPer', path: 'shareCapital', params: { count: 3, nominal: 333.3333 } },
      ]);
      expect(capital(1, 1000)).toEqual([
        { keyword: 'wholeCentsPer', path: 'shareCapital', params: { count: 1000, nominal: 0.001 } },
      ]);
    });

    it('accepts shares of any whole number of cents', () => {
      expect(capital(1000.5, 3)).toEqual([]);
      expect(capital(0.03, 3)).toEqual([]);
      expect(capital(10003 * 0.1, 10003)).toEqual([]);
    });

    it('waits for a sensible number of shares', () => {
      const { numberOfShares: _none, ...file } = fileOf();
      expect(errorsOf('FR-SAS', 'company-details', { ...file, shareCapital: 1000 })).toEqual([
        { keyword: 'required', path: 'numberOfShares', params: { missingProperty: 'numberOfShares' } },
      ]);
      expect(capital(1000, 0).filter((error) => error.keyword === 'wholeCentsPer')).toEqual([]);
    });
  });

  describe('timesNominal', () => {
    /** The errors of the subscribers' step for a capital, shares and (shares, subscription) lines. */
    const subscriptions = (shareCapital: number, numberOfShares: number, lines: [number, number][]) =>
      errorsOf('FR-SAS', 'subscribers', {
        ...fileOf(),
        shareCapital,
        numberOfShares,
        subscribers: lines.map(([shares, subscription], index) => ({
          personId: `p${index * 2 + 1}`,
          shares,
          subscription,
          paidAmount: subscription,
        })),
      }).filter((error) => error.keyword === 'timesNominal');

    it('refuses a subscription other than the shares times the nominal value, naming the right one', () => {
      // 100 shares of 10 €: 90 parts for 100 € next to 10 parts for 900 € (unequal nominal values).
      expect(
        subscriptions(1000, 100, [
          [90, 100],
          [10, 900],
        ]),
      ).toEqual([
        { keyword: 'timesNominal', path: 'subscribers.0.subscription', params: { expected: 900 } },
        { keyword: 'timesNominal', path: 'subscribers.1.subscription', params: { expected: 100 } },
      ]);
    });

    it('is exact to the cent, whatever floating point does', () => {
      // 3 shares of 333.50 €.
      expect(
        subscriptions(1000.5, 3, [
          [2, 667],
          [1, 333.5],
        ]),
      ).toEqual([]);
      expect(
        subscriptions(1000.5, 3, [
          [2, 666.99],
          [1, 333.51],
        ]),
      ).toEqual([
        { keyword: 'timesNominal', path: 'subscribers.0.subscription', params: { expected: 667 } },
        { keyword: 'timesNominal', path: 'subscribers.1.subscription', params: { expected: 333.5 } },
      ]);
      expect(
        subscriptions(0.3, 3, [
          [1, 0.1],
          [2, 0.2],
        ]),
      ).toEqual([]);
    });

    it('leaves a capital that does not divide to wholeCentsPer, and a line without shares to required', () => {
      expect(
        subscriptions(1000, 3, [
          [1, 333.33],
          [2, 666.67],
        ]),
      ).toEqual([]);
      expect(
        subscriptions(1000, 100, [
          [Number.NaN, 100],
          [10, 100],
        ]),
      ).toEqual([]);
    });
  });
});

const byPath = (a: Found, b: Found) => a.path.localeCompare(b.path) || a.keyword.localeCompare(b.keyword);

describe('the messages of the persons keywords (fr, en, ro)', () => {
  /** The one error of `keyword` at `path` the precompiled step validator finds, as RJSF gives it. */
  function rjsfError(form: LegalFormId, stepId: string, data: Data, keyword: string, path: string) {
    const { schema, validator } = stepOf(form, stepId).form;
    const errors = validator.validateFormData(data, schema).errors;
    const matching = errors.filter(
      (error) => error.name === keyword && (error.property ?? '').replace(/^\./, '') === path,
    );
    expect(matching, JSON.stringify(errors)).toHaveLength(1);
    return matching[0] as RJSFValidationError;
  }

  function shown(form: LegalFormId, stepId: string, error: RJSFValidationError, language: Language): string {
    const i18n = createTestI18n(language);
    const translate: FormTranslate = (key, params) => String(i18n.t(key as never, params as never));
    const [token] = toMessageTokens([error], stepOf(form, stepId).form.uiSchema);
    return translateMessage(token?.message ?? '', translate);
  }

  /** Each case: where the error is, the message key it must take, and the message in each language. */
  const CASES: {
    name: string;
    form: LegalFormId;
    step: string;
    data: () => Data;
    keyword: string;
    path: string;
    key: string;
    text: (language: Language, params: Record<string, string | number>) => string;
  }[] = [
    {
      name: 'a manager naming no one',
      form: 'FR-SAS',
      step: 'management',
      data: () => ({ ...fileOf(), managers: [{ personId: 'p9' }] }),
      keyword: 'personRef',
      path: 'managers.0.personId',
      key: 'wizard:errors.personMissing',
      text: (language) => WIZARD[language].errors.personMissing,
    },
    {
      name: 'a company as manager',
      form: 'FR-SARL',
      step: 'management',
      data: () => ({ ...fileOf('FR-SARL'), managers: [{ personId: 'p3' }] }),
      keyword: 'personRef',
      path: 'managers.0.personId',
      key: 'wizard:errors.managerNotNatural',
      text: (language) => WIZARD[language].errors.managerNotNatural,
    },
    {
      name: 'a company representing a company',
      form: 'FR-SAS',
      step: 'people',
      data: () => withPerson(fileOf(), 2, { representativeId: 'p3' }),
      keyword: 'personRef',
      path: 'persons.2.representativeId',
      key: 'wizard:errors.personNotNatural',
      text: (language) => WIZARD[language].errors.personNotNatural,
    },
    {
      name: "a manager's father",
      form: 'FR-SAS',
      step: 'management',
      data: () => withPerson(fileOf(), 0, { fatherName: undefined }),
      keyword: 'personHas',
      path: 'managers.0.personId',
      key: 'wizard:errors.managerParents',
      text: (language) => WIZARD[language].errors.managerParents,
    },
    {
      name: "an associate's marital status",
      form: 'FR-SAS',
      step: 'subscribers',
      data: () => withPerson(fileOf(), 0, { maritalStatus: undefined }),
      keyword: 'personHas',
      path: 'subscribers.0.personId',
      key: 'wizard:errors.associateMaritalStatus',
      text: (language) => WIZARD[language].errors.associateMaritalStatus,
    },
    {
      name: 'a manager named twice',
      form: 'FR-SARL',
      step: 'management',
      data: () => ({ ...fileOf('FR-SARL'), managers: [{ personId: 'p1' }, { personId: 'p1' }] }),
      keyword: 'uniqueBy',
      path: 'managers',
      key: 'wizard:errors.managerTwice',
      text: (language) => WIZARD[language].errors.managerTwice,
    },
    {
      name: 'an associate named twice',
      form: 'FR-SAS',
      step: 'subscribers',
      data: () => {
        const file = fileOf();
        const [first] = file.subscribers as Data[];
        return { ...file, subscribers: [first, { ...first }] };
      },
      keyword: 'uniqueBy',
      path: 'subscribers',
      key: 'wizard:errors.subscriberTwice',
      text: (language) => WIZARD[language].errors.subscriberTwice,
    },
    {
      name: 'two persons with one id',
      form: 'FR-SAS',
      step: 'people',
      data: () => ({ ...fileOf(), persons: [...persons(fileOf()), { ...persons(fileOf())[0] }] }),
      keyword: 'uniqueBy',
      path: 'persons',
      key: 'wizard:errors.personTwice',
      text: (language) => WIZARD[language].errors.personTwice,
    },
    {
      name: "a company's owner listed twice",
      form: 'FR-SAS',
      step: 'people',
      data: () =>
        withPerson(fileOf(), 2, {
          owners: [
            { personId: 'p2', percent: 10 },
            { personId: 'p2', percent: 10 },
          ],
        }),
      keyword: 'uniqueBy',
      path: 'persons.2.owners',
      key: 'wizard:errors.ownerTwice',
      text: (language) => WIZARD[language].errors.ownerTwice,
    },
    {
      name: "a person's missing place of birth",
      form: 'FR-SAS',
      step: 'people',
      data: () => withPerson(fileOf(), 1, { placeOfBirth: undefined }),
      keyword: 'requiredWhen',
      path: 'persons.1.placeOfBirth',
      key: 'forms:errors.required',
      text: (language) => FORMS[language].errors.required,
    },
    {
      name: 'a capital in unequal shares (EUR)',
      form: 'FR-SAS',
      step: 'company-details',
      data: () => ({ ...fileOf(), shareCapital: 1000, numberOfShares: 3 }),
      keyword: 'wholeCentsPer',
      path: 'shareCapital',
      key: 'wizard:errors.capitalEqualShares.EUR',
      text: (language, params) => fillTemplate(WIZARD[language].errors.capitalEqualShares.EUR, params),
    },
    {
      name: 'a capital in unequal shares (RON)',
      form: 'RO-SRL',
      step: 'company-details',
      data: () => ({ ...fileOf('RO-SRL'), shareCapital: 1000, numberOfShares: 3 }),
      keyword: 'wholeCentsPer',
      path: 'shareCapital',
      key: 'wizard:errors.capitalEqualShares.RON',
      text: (language, params) => fillTemplate(WIZARD[language].errors.capitalEqualShares.RON, params),
    },
    {
      name: 'a subscription off the nominal value (EUR)',
      form: 'FR-SAS',
      step: 'subscribers',
      data: () => {
        const file = fileOf();
        const [first, second] = file.subscribers as Data[];
        return { ...file, subscribers: [{ ...first, subscription: 240, paidAmount: 240 }, second] };
      },
      keyword: 'timesNominal',
      path: 'subscribers.0.subscription',
      key: 'wizard:errors.subscriptionTimesNominal.EUR',
      text: (language, params) => fillTemplate(WIZARD[language].errors.subscriptionTimesNominal.EUR, params),
    },
    {
      name: 'a subscription off the nominal value (RON)',
      form: 'RO-SRL',
      step: 'subscribers',
      data: () => {
        const file = fileOf('RO-SRL');
        const [first, second] = file.subscribers as Data[];
        return { ...file, subscribers: [{ ...first, subscription: 499, paidAmount: 499 }, second] };
      },
      keyword: 'timesNominal',
      path: 'subscribers.0.subscription',
      key: 'wizard:errors.subscriptionTimesNominal.RON',
      text: (language, params) => fillTemplate(WIZARD[language].errors.subscriptionTimesNominal.RON, params),
    },
  ];

  describe.each(CASES)('$name', ({ form, step, data, keyword, path, key, text }) => {
    it(`takes the message ${key}`, () => {
      const error = rjsfError(form, step, data(), keyword, path);
      expect(errorMessageKey(error, stepOf(form, step).form.uiSchema)).toBe(key);
    });

    it.each(LANGS)('says it in %s', (language) => {
      const error = rjsfError(form, step, data(), keyword, path);
      const message = shown(form, step, error, language);
      expect(message).toBe(text(language, error.params as Record<string, string | number>));
      // A real message, not the key nor the generic "invalid".
      expect(message).not.toContain('errors.');
      expect(message).not.toBe(FORMS[language].errors.invalid);
    });
  });

  it.each(LANGS)('names the amounts the founder must change (%s)', (language) => {
    const capital = rjsfError(
      'FR-SAS',
      'company-details',
      { ...fileOf(), shareCapital: 1000, numberOfShares: 3 },
      'wholeCentsPer',
      'shareCapital',
    );
    expect(shown('FR-SAS', 'company-details', capital, language)).toContain('333.3333');
    expect(shown('FR-SAS', 'company-details', capital, language)).toContain('3');
  });
});

/** Small schemas for the keywords' edges, compiled by a live AJV and as a freshly generated module. */
describe('the persons keywords at their edges', () => {
  const schema = {
    type: 'object',
    properties: {
      'share/capital': { type: 'number', wholeCentsPer: '/counts/share~1count' },
      counts: { type: 'object', properties: { 'share/count': { type: 'integer' } } },
      persons: {
        type: 'array',
        uniqueBy: 'id',
        items: {
          type: 'object',
          requiredWhen: [
            { when: { kind: 'natural' }, required: ['lastName'] },
            { when: { commonFunds: true, regime: ['community', 'universal'] }, required: ['spouse'] },
          ],
        },
      },
      anyone: { type: 'string', personRef: {} },
      manager: { type: 'string', personRef: { kinds: ['natural'] }, personHas: ['fatherName'] },
      subscription: {
        type: 'object',
        properties: {
          value: {
            type: 'number',
            timesNominal: { capital: '/share~1capital', count: '/counts/share~1count' },
          },
        },
      },
    },
  } as RJSFSchema;

  const live = (() => {
    const ajv = new Ajv({ ...FORM_AJV_OPTIONS, allErrors: true, strict: true });
    addFormats(ajv);
    const validate = addFormKeywords(ajv).compile(schema);
    return (data: Data) => {
      validate(data);
      return (validate.errors ?? []).map(
        (error) => `${error.keyword} ${error.instancePath} ${JSON.stringify(error.params)}`,
      );
    };
  })();
  const precompiled = (() => {
    const validator = precompiledValidator(schema);
    return (data: Data) =>
      validator.validateFormData(data, schema).errors.map((error) => {
        const params = { ...(error.params as Data) };
        // RJSF names a missing field after its object; AJV names the object: the same text for both.
        const path = String(error.property ?? '')
          .replace(new RegExp(`\\.${String(params.missingProperty ?? '\\0')}$`), '')
          .replace(/\./g, '/');
        return `${error.name} ${path} ${JSON.stringify(params)}`;
      });
  })();

  describe.each([
    ['a live AJV', live],
    ['the generated module', precompiled],
  ])('through %s', (_, errorsOf) => {
    it('reads pointers with escaped names (~1 is /)', () => {
      expect(errorsOf({ 'share/capital': 10, counts: { 'share/count': 3 } })).toEqual([
        'wholeCentsPer /share~1capital {"count":3,"nominal":3.3333}',
      ]);
      expect(
        errorsOf({ 'share/capital': 10, counts: { 'share/count': 4 }, subscription: { value: 2.5 } }),
      ).toEqual([]);
      // timesNominal reads `shares` beside it: none here, nothing to compare.
      expect(
        errorsOf({
          'share/capital': 10,
          counts: { 'share/count': 4 },
          subscription: { shares: 2, value: 5.01 },
        }),
      ).toEqual(['timesNominal /subscription/value {"expected":5}']);
    });

    it('takes any kind without `kinds`, and a person without a kind as natural', () => {
      const persons = [
        { id: 'p1', kind: 'legal' },
        { id: 'p2', lastName: 'Pop', fatherName: 'Ion Pop' },
      ];
      expect(errorsOf({ persons, anyone: 'p1', manager: 'p2' })).toEqual([]);
    });

    it('compares a kind exactly: "" or a part of "natural" is no kind', () => {
      for (const kind of ['', 'atura', 'Natural'])
        expect(errorsOf({ persons: [{ id: 'p1', kind, fatherName: 'Ion' }], manager: 'p1' }), kind).toEqual([
          'personRef /manager {"reason":"kind"}',
        ]);
    });

    it('applies requiredWhen only when every `when` field has exactly one of its values', () => {
      expect(errorsOf({ persons: [{ kind: 'natural' }] })).toEqual([
        'requiredWhen /persons/0 {"missingProperty":"lastName"}',
      ]);
      for (const person of [
        { kind: 'nat' },
        { kind: '' },
        { commonFunds: 'true', regime: 'community' },
        { commonFunds: true, regime: 'separation' },
        { commonFunds: true },
      ])
        expect(errorsOf({ persons: [person] }), JSON.stringify(person)).toEqual([]);
      expect(errorsOf({ persons: [{ commonFunds: true, regime: 'universal' }] })).toEqual([
        'requiredWhen /persons/0 {"missingProperty":"spouse"}',
      ]);
    });

    it('asks personHas only of a natural person who exists', () => {
      expect(errorsOf({ persons: [{ id: 'p1' }], manager: 'p1' })).toEqual([
        'personHas /manager {"field":"fatherName"}',
      ]);
      expect(errorsOf({ persons: [], manager: 'p1' })).toEqual(['personRef /manager {"reason":"missing"}']);
    });

    it('lets uniqueBy pass over what is not an object, and empty values', () => {
      expect(
        errorsOf({ persons: [null, { id: '' }, { id: '' }, { id: 'p1', kind: 'legal' }] }).filter((e) =>
          e.startsWith('uniqueBy'),
        ),
      ).toEqual([]);
    });
  });

  it('refuses a keyword written wrong, when the schema is compiled', () => {
    const compile = (property: Data) =>
      addFormKeywords(new Ajv({ ...FORM_AJV_OPTIONS, strict: true })).compile({
        type: 'object',
        properties: { x: property },
      });
    expect(() => compile({ type: 'string', personRef: { kinds: ['robot'] } })).toThrow();
    expect(() => compile({ type: 'string', personRef: { kinds: [] } })).toThrow();
    expect(() => compile({ type: 'number', wholeCentsPer: 'numberOfShares' })).toThrow();
    expect(() => compile({ type: 'number', timesNominal: { capital: '/shareCapital' } })).toThrow();
    expect(() => compile({ type: 'object', requiredWhen: [{ when: { kind: 'legal' } }] })).toThrow();
    expect(() => compile({ type: 'string', personHas: [{ field: 'x', other: 1 }] })).toThrow();
  });
});
