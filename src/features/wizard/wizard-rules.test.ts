import type { RJSFValidationError } from '@rjsf/utils';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import enWizard from '../../../locales/en/wizard.json';
import frWizard from '../../../locales/fr/wizard.json';
import roWizard from '../../../locales/ro/wizard.json';
import type { StepDefinition } from '@/forms/form-definition';
import { loadLegalFormSteps } from '@/forms/generated/wizard-steps';
import { errorMessageKey, toMessageTokens, translateMessage, type FormTranslate } from '@/forms/translation';
import type { Language } from '@/lib/i18n/languages';
import { fillTemplate } from '@/testing/fill-template';
import { createTestI18n } from '@/testing/render';
import type { FileData } from './draft-merge';

const WIZARD = { fr: frWizard, en: enWizard, ro: roWizard } satisfies Record<Language, typeof frWizard>;
const LANGS = Object.keys(WIZARD) as Language[];

// The date rules compare with the user's today: the clock is fixed (a local noon, far from midnight).
const TODAY = '2025-06-15';
const TOMORROW = '2025-06-16';
const YESTERDAY = '2025-06-14';
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 5, 15, 12, 0, 0));
});
afterAll(() => {
  vi.useRealTimers();
});

// The rules as a French SAS has them (other forms: tests/server/company-file.test.ts checks each one).
const loadSas = loadLegalFormSteps['FR-SAS'];
if (!loadSas) throw new Error('the wizard has no FR-SAS steps');
const wizardSteps = await loadSas();

function step(id: string): StepDefinition {
  const found = wizardSteps.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no step ${id} in the wizard`);
  return found;
}

/** A company file that every step accepts: two associates sharing 100 shares of 10 € (1000 €). */
function completeFile(): FileData {
  return {
    jurisdiction: 'FR',
    legalForm: 'SAS',
    currency: 'EUR',
    persons: [
      {
        id: 'p1',
        kind: 'natural',
        civility: 'M',
        lastName: 'Popescu',
        firstNames: 'Ion',
        dateOfBirth: '1985-11-30',
        placeOfBirth: 'Cluj-Napoca, România',
        nationality: 'RO',
        address: 'Strada Memorandumului 1, 400114 Cluj-Napoca, România',
        fatherName: 'Vasile Popescu',
        motherName: 'Maria Ionescu',
        maritalStatus: 'single',
      },
      {
        id: 'p2',
        kind: 'natural',
        civility: 'F',
        lastName: 'Pop',
        firstNames: 'Ana',
        dateOfBirth: '1992-04-08',
        placeOfBirth: 'București, România',
        nationality: 'RO',
        address: 'Bulevardul Unirii 10, București, România',
        maritalStatus: 'married',
        matrimonialRegime: 'separation',
      },
    ],
    companyName: 'Popescu Consulting',
    corporatePurpose: 'Consultanță IT',
    registeredOffice: 'Strada Memorandumului 1, Cluj-Napoca',
    shareCapital: 1000,
    numberOfShares: 100,
    durationYears: 99,
    managers: [{ personId: 'p1' }],
    nonConvictionStatement: true,
    placeOfSignature: 'Cluj-Napoca',
    dateOfSignature: YESTERDAY,
    subscribers: [
      { personId: 'p1', shares: 70, subscription: 700, paidAmount: 700 },
      { personId: 'p2', shares: 30, subscription: 300, paidAmount: 150 },
    ],
  };
}

/** The errors the step's real (precompiled) validator finds in the file. */
function errorsOf(stepId: string, data: FileData): RJSFValidationError[] {
  const { form } = step(stepId);
  return form.validator.validateFormData(data, form.schema).errors;
}

/**
 * The one error of a keyword on a property (`.shareCapital`, `.subscribers.0.paidAmount`); RJSF names
 * a missing property without the leading dot.
 */
function errorOf(stepId: string, data: FileData, name: string, property: string): RJSFValidationError {
  const errors = errorsOf(stepId, data);
  const bare = (path: string | undefined) => path?.replace(/^\./, '');
  const matching = errors.filter((error) => error.name === name && bare(error.property) === bare(property));
  expect(
    matching,
    JSON.stringify(errors.map(({ name, property, params }) => ({ name, property, params }))),
  ).toHaveLength(1);
  return matching[0] as RJSFValidationError;
}

/** What the form shows for an error in `language`, as its field templates word it. */
function shownMessage(stepId: string, error: RJSFValidationError, language: Language): string {
  const i18n = createTestI18n(language);
  const translate: FormTranslate = (key, params) => String(i18n.t(key as never, params as never));
  const [token] = toMessageTokens([error], step(stepId).form.uiSchema);
  return translateMessage(token?.message ?? '', translate);
}

/** The file with the first person changed (the founder). */
function withFounder(changes: Record<string, unknown>, file = completeFile()): FileData {
  const [founder, ...others] = file.persons as Record<string, unknown>[];
  return { ...file, persons: [{ ...founder, ...changes }, ...others] };
}

function withSubscribers(changes: Partial<Record<string, unknown>>[], file = completeFile()): FileData {
  const subscribers = (file.subscribers as Record<string, unknown>[]).map((subscriber, index) => ({
    ...subscriber,
    ...changes[index],
  }));
  return { ...file, subscribers };
}

describe('the complete file', () => {
  it.each(wizardSteps.map((candidate) => candidate.id))('is accepted by the step %s', (stepId) => {
    expect(errorsOf(stepId, completeFile())).toEqual([]);
  });
});

describe('share capital', () => {
  it('must be at least 1 €', () => {
    const error = errorOf(
      'company-details',
      { ...completeFile(), shareCapital: 0.5 },
      'minimum',
      '.shareCapital',
    );

    expect(error.params).toMatchObject({ limit: 1 });
    expect(errorMessageKey(error, step('company-details').form.uiSchema)).toBe(
      'wizard:errors.shareCapitalMinimum.EUR',
    );
  });

  it('accepts exactly 1 €', () => {
    const data = {
      ...completeFile(),
      shareCapital: 1,
      numberOfShares: 2,
      subscribers: [
        { personId: 'p1', shares: 1, subscription: 0.5, paidAmount: 0.5 },
        { personId: 'p2', shares: 1, subscription: 0.5, paidAmount: 0.25 },
      ],
    };
    expect(errorsOf('company-details', data)).toEqual([]);
    expect(errorsOf('subscribers', data)).toEqual([]);
  });

  it.each(LANGS)('shows its own message (%s)', (language) => {
    const error = errorOf(
      'company-details',
      { ...completeFile(), shareCapital: 0 },
      'minimum',
      '.shareCapital',
    );

    expect(shownMessage('company-details', error, language)).toBe(
      fillTemplate(WIZARD[language].errors.shareCapitalMinimum.EUR, { limit: 1 }),
    );
  });
});

describe('company name', () => {
  it('must not end with the legal form, which the documents add', () => {
    const error = errorOf(
      'company-details',
      { ...completeFile(), companyName: 'Boulangerie Dupont S.A.S.' },
      'legalFormSuffix',
      '.companyName',
    );

    expect(error.params).toEqual({ found: 'S.A.S.', suggestion: 'Boulangerie Dupont' });
  });

  it.each(LANGS)('says so, offering the name without it (%s)', (language) => {
    const error = errorOf(
      'company-details',
      { ...completeFile(), companyName: 'Boulangerie Dupont SAS' },
      'legalFormSuffix',
      '.companyName',
    );

    expect(shownMessage('company-details', error, language)).toBe(
      fillTemplate(WIZARD[language].errors.legalFormInName, {
        found: 'SAS',
        suggestion: 'Boulangerie Dupont',
      }),
    );
    expect(shownMessage('company-details', error, language)).toMatch(/Boulangerie Dupont\W+$/);
  });
});

describe("subscribers' shares", () => {
  const uneven = () => withSubscribers([{ shares: 70 }, { shares: 80 }]);

  it('must add up to the number of shares', () => {
    const error = errorOf('subscribers', uneven(), 'sumMatches', '.subscribers');

    expect(error.params).toEqual({ property: 'shares', sum: 150, expected: 100 });
    expect(errorMessageKey(error, step('subscribers').form.uiSchema)).toBe('wizard:errors.sharesSum.FR');
  });

  it('pass when they add up, whatever the number of subscribers', () => {
    const data = withSubscribers([
      { shares: 1, subscription: 10, paidAmount: 10 },
      { shares: 99, subscription: 990, paidAmount: 990 },
    ]);
    expect(errorsOf('subscribers', data)).toEqual([]);
  });

  it('are not compared before every subscriber has a number of shares', () => {
    const data = withSubscribers([{ shares: 70 }, { shares: undefined }]);
    const errors = errorsOf('subscribers', data);

    expect(errors.some((error) => error.name === 'required')).toBe(true);
    expect(errors.some((error) => error.name === 'sumMatches')).toBe(false);
  });

  it('are not compared while the number of shares is not given', () => {
    const { numberOfShares: _missing, ...data } = uneven();

    expect(errorsOf('subscribers', data).filter((error) => error.name === 'sumMatches')).toEqual([]);
  });

  it.each(LANGS)('show both sums in the message (%s)', (language) => {
    const error = errorOf('subscribers', uneven(), 'sumMatches', '.subscribers');
    const message = shownMessage('subscribers', error, language);

    expect(message).toBe(fillTemplate(WIZARD[language].errors.sharesSum.FR, { sum: 150, expected: 100 }));
    expect(message).toContain('150');
    expect(message).toContain('100');
  });
});

describe("subscribers' subscriptions", () => {
  it('must add up to the share capital', () => {
    const data = withSubscribers([{ subscription: 700 }, { subscription: 200 }]);
    const error = errorOf('subscribers', data, 'sumMatches', '.subscribers');

    expect(error.params).toEqual({ property: 'subscription', sum: 900, expected: 1000 });
    expect(errorMessageKey(error, step('subscribers').form.uiSchema)).toBe(
      'wizard:errors.subscriptionsSum.EUR',
    );
  });

  it('are compared in cents: 1000.1 € + 0.2 € is 1000.3 €', () => {
    // In floating point the sum is not the capital: the rule must round.
    expect(1000.1 + 0.2).not.toBe(1000.3);
    // 10 003 shares of 10 cents.
    const data = withSubscribers(
      [
        { shares: 10001, subscription: 1000.1, paidAmount: 1000.1 },
        { shares: 2, subscription: 0.2, paidAmount: 0.2 },
      ],
      { ...completeFile(), shareCapital: 1000.3, numberOfShares: 10003 },
    );

    expect(errorsOf('company-details', data)).toEqual([]);
    expect(errorsOf('subscribers', data)).toEqual([]);
  });

  it('are compared in cents: 0.1 € + 0.2 € is 0.3 €', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    const data = withSubscribers(
      [
        { shares: 1, subscription: 0.1, paidAmount: 0.1 },
        { shares: 2, subscription: 0.2, paidAmount: 0.2 },
      ],
      { ...completeFile(), shareCapital: 0.3, numberOfShares: 3 },
    );

    expect(errorsOf('subscribers', data)).toEqual([]);
  });

  it('differ by one cent is an error', () => {
    const data = withSubscribers([{ subscription: 700 }, { subscription: 299.99, paidAmount: 150 }]);

    expect(errorOf('subscribers', data, 'sumMatches', '.subscribers').params).toMatchObject({
      property: 'subscription',
    });
  });

  it.each(LANGS)('show both amounts in the message (%s)', (language) => {
    const data = withSubscribers([{ subscription: 700 }, { subscription: 200 }]);
    const error = errorOf('subscribers', data, 'sumMatches', '.subscribers');

    expect(shownMessage('subscribers', error, language)).toBe(
      fillTemplate(WIZARD[language].errors.subscriptionsSum.EUR, { sum: 900, expected: 1000 }),
    );
  });

  it('both sums are reported when both are wrong', () => {
    const data = withSubscribers([
      { shares: 10, subscription: 10, paidAmount: 10 },
      { shares: 10, subscription: 10, paidAmount: 10 },
    ]);
    const sums = errorsOf('subscribers', data).filter((error) => error.name === 'sumMatches');

    expect(sums.map((error) => error.params.property).sort()).toEqual(['shares', 'subscription']);
  });
});

describe('paid amount', () => {
  it('cannot exceed the subscription', () => {
    const data = withSubscribers([{ paidAmount: 700.01 }]);
    const error = errorOf('subscribers', data, 'maximum', '.subscribers.0.paidAmount');

    expect(error.params).toMatchObject({ limit: 700 });
    expect(errorMessageKey(error, step('subscribers').form.uiSchema)).toBe(
      'wizard:errors.paidMoreThanSubscription.EUR',
    );
  });

  it('may equal the subscription, or half of it: a SAS pays up at least half at formation (L. 225-3)', () => {
    expect(errorsOf('subscribers', withSubscribers([{ paidAmount: 700 }, { paidAmount: 150 }]))).toEqual([]);
  });

  it('cannot be less than half of the subscription, compared in cents', () => {
    const data = withSubscribers([{ paidAmount: 349.99 }, { paidAmount: 150 }]);
    const error = errorOf('subscribers', data, 'atLeastTimes', '.subscribers.0.paidAmount');
    expect(error.params).toMatchObject({ property: 'subscription', factor: 0.5, limit: 350 });
    expect(errorMessageKey(error, step('subscribers').form.uiSchema)).toBe('wizard:errors.paidUpMinimum.SAS');
  });

  it.each(LANGS)('says how much must be paid up, citing the law (%s)', (language) => {
    const error = errorOf(
      'subscribers',
      withSubscribers([{ paidAmount: 0 }]),
      'atLeastTimes',
      '.subscribers.0.paidAmount',
    );
    expect(shownMessage('subscribers', error, language)).toBe(
      fillTemplate(WIZARD[language].errors.paidUpMinimum.SAS, { limit: 350 }),
    );
    expect(shownMessage('subscribers', error, language)).toContain('L. 225-3');
  });

  it("is compared with its own subscriber's subscription", () => {
    // 400 is more than the second subscription (300) but less than the first (700).
    const data = withSubscribers([{ paidAmount: 400 }, { paidAmount: 400 }]);
    const errors = errorsOf('subscribers', data);

    expect(errors.map((error) => `${error.name} ${error.property}`)).toEqual([
      'maximum .subscribers.1.paidAmount',
    ]);
  });

  it.each(LANGS)('names the subscription in the message (%s)', (language) => {
    const error = errorOf(
      'subscribers',
      withSubscribers([{ paidAmount: 800 }]),
      'maximum',
      '.subscribers.0.paidAmount',
    );

    expect(shownMessage('subscribers', error, language)).toBe(
      fillTemplate(WIZARD[language].errors.paidMoreThanSubscription.EUR, { limit: 700 }),
    );
  });
});

describe('non-conviction statement', () => {
  it('must be ticked', () => {
    const error = errorOf(
      'legal-declaration',
      { ...completeFile(), nonConvictionStatement: false },
      'const',
      '.nonConvictionStatement',
    );

    expect(errorMessageKey(error, step('legal-declaration').form.uiSchema)).toBe(
      'wizard:errors.nonConvictionRequired',
    );
  });

  it.each(LANGS)('says so when missing or unticked (%s)', (language) => {
    const { nonConvictionStatement: _missing, ...file } = completeFile();
    const missing = errorOf('legal-declaration', file, 'required', '.nonConvictionStatement');
    const unticked = errorOf(
      'legal-declaration',
      { ...file, nonConvictionStatement: false },
      'const',
      '.nonConvictionStatement',
    );

    expect(shownMessage('legal-declaration', missing, language)).toBe(
      WIZARD[language].errors.nonConvictionRequired,
    );
    expect(shownMessage('legal-declaration', unticked, language)).toBe(
      WIZARD[language].errors.nonConvictionRequired,
    );
  });
});

describe('date of signature', () => {
  it('cannot be tomorrow', () => {
    const error = errorOf(
      'legal-declaration',
      { ...completeFile(), dateOfSignature: TOMORROW },
      'notAfterToday',
      '.dateOfSignature',
    );

    expect(errorMessageKey(error, step('legal-declaration').form.uiSchema)).toBe(
      'wizard:errors.signatureInFuture',
    );
  });

  it('can be today or earlier', () => {
    expect(errorsOf('legal-declaration', { ...completeFile(), dateOfSignature: TODAY })).toEqual([]);
    expect(errorsOf('legal-declaration', { ...completeFile(), dateOfSignature: YESTERDAY })).toEqual([]);
  });

  it.each(LANGS)('says it is in the future (%s)', (language) => {
    const error = errorOf(
      'legal-declaration',
      { ...completeFile(), dateOfSignature: TOMORROW },
      'notAfterToday',
      '.dateOfSignature',
    );

    expect(shownMessage('legal-declaration', error, language)).toBe(
      WIZARD[language].errors.signatureInFuture,
    );
  });
});

describe("a person's date of birth", () => {
  const property = '.persons.0.dateOfBirth';

  it('cannot be before 1900', () => {
    const error = errorOf('people', withFounder({ dateOfBirth: '1899-12-31' }), 'formatMinimum', property);

    expect(errorMessageKey(error, step('people').form.uiSchema)).toBe('wizard:errors.dateTooOld');
  });

  it('can be 1 January 1900', () => {
    expect(errorsOf('people', withFounder({ dateOfBirth: '1900-01-01' }))).toEqual([]);
  });

  it('cannot be in the future', () => {
    const error = errorOf('people', withFounder({ dateOfBirth: TOMORROW }), 'notAfterToday', property);

    expect(errorMessageKey(error, step('people').form.uiSchema)).toBe('wizard:errors.birthDateInFuture');
  });

  it('is checked for every person, not only the founder', () => {
    const [founder, other] = completeFile().persons as Record<string, unknown>[];
    const data = { ...completeFile(), persons: [founder, { ...other, dateOfBirth: TOMORROW }] };

    expect(errorOf('people', data, 'notAfterToday', '.persons.1.dateOfBirth').params).toBeDefined();
  });

  it.each(LANGS)('shows the messages of its own (%s)', (language) => {
    const tooOld = errorOf('people', withFounder({ dateOfBirth: '1850-06-01' }), 'formatMinimum', property);
    const future = errorOf('people', withFounder({ dateOfBirth: TOMORROW }), 'notAfterToday', property);

    expect(shownMessage('people', tooOld, language)).toBe(WIZARD[language].errors.dateTooOld);
    expect(shownMessage('people', future, language)).toBe(WIZARD[language].errors.birthDateInFuture);
  });
});

describe("first financial year's closing date (the statutes are signed the day before today)", () => {
  const closingOn = (firstFinancialYearEnd: string | undefined, file = completeFile()) => ({
    ...file,
    firstFinancialYearEnd,
  });

  it('may be left empty (the documents then close it on 31 December), or be a month end after the signature', () => {
    for (const closing of [undefined, '2025-06-30', '2025-12-31', '2026-02-28', '2026-12-31'])
      expect(errorsOf('company-details', closingOn(closing)), closing).toEqual([]);
    // Compared only once the date of signature is given (a later step).
    const { dateOfSignature: _missing, ...unsigned } = completeFile();
    expect(errorsOf('company-details', closingOn('2031-01-31', unsigned))).toEqual([]);
    expect(errorsOf('company-details', closingOn('2031-01-31'))).not.toEqual([]);
  });

  it('must be after the date of signature', () => {
    const error = errorOf('company-details', closingOn('2025-05-31'), 'afterDate', '.firstFinancialYearEnd');

    expect(error.params).toEqual({ limit: YESTERDAY });
    expect(errorMessageKey(error, step('company-details').form.uiSchema)).toBe(
      'wizard:errors.firstYearEndBeforeSignature',
    );
  });

  it('must be 31 December of the year after the signature at the latest (CGI art. 209)', () => {
    const error = errorOf(
      'company-details',
      closingOn('2027-01-31'),
      'notAfterYearEnd',
      '.firstFinancialYearEnd',
    );

    expect(error.params).toEqual({ limit: '2026-12-31', year: '2026' });
    expect(errorMessageKey(error, step('company-details').form.uiSchema)).toBe(
      'wizard:errors.firstYearEndTooLate',
    );
  });

  it('must be the last day of a month', () => {
    const error = errorOf('company-details', closingOn('2025-12-30'), 'endOfMonth', '.firstFinancialYearEnd');

    expect(errorMessageKey(error, step('company-details').form.uiSchema)).toBe(
      'wizard:errors.firstYearEndNotMonthEnd',
    );
  });

  it.each(LANGS)('shows the messages of its own, with the year as written (%s)', (language) => {
    const early = errorOf('company-details', closingOn('2025-05-31'), 'afterDate', '.firstFinancialYearEnd');
    const late = errorOf(
      'company-details',
      closingOn('2027-01-31'),
      'notAfterYearEnd',
      '.firstFinancialYearEnd',
    );
    const midMonth = errorOf(
      'company-details',
      closingOn('2025-12-30'),
      'endOfMonth',
      '.firstFinancialYearEnd',
    );

    expect(shownMessage('company-details', early, language)).toBe(
      WIZARD[language].errors.firstYearEndBeforeSignature,
    );
    const tooLate = shownMessage('company-details', late, language);
    expect(tooLate).toBe(fillTemplate(WIZARD[language].errors.firstYearEndTooLate, { year: '2026' }));
    expect(tooLate).toContain(' 2026');
    expect(shownMessage('company-details', midMonth, language)).toBe(
      WIZARD[language].errors.firstYearEndNotMonthEnd,
    );
  });
});

describe('inalienability of the shares (SAS)', () => {
  it.each(LANGS)('lasts ten years at most, as the message says (%s)', (language) => {
    expect(errorsOf('company-details', { ...completeFile(), inalienabilityYears: 10 })).toEqual([]);
    const error = errorOf(
      'company-details',
      { ...completeFile(), inalienabilityYears: 11 },
      'maximum',
      '.inalienabilityYears',
    );

    expect(shownMessage('company-details', error, language)).toBe(
      fillTemplate(WIZARD[language].errors.inalienabilityMaximum, { limit: 10 }),
    );
  });
});
