/**
 * The `cnp` keyword, compiled both ways the project compiles schemas: by a live AJV (the server, the
 * staff preview) and as the precompiled module the build writes for the browser (scripts/forms/
 * compile-form.ts), which is run here as it ships, without AJV's compiler.
 */
import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { FORM_AJV_OPTIONS } from './ajv-options';
import { addFormKeywords } from './keywords';
import { toMessageTokens } from './translation';
import { checkCnp } from '@/shared/cnp';
import { makeCnp, withDigit } from '@/testing/cnp';
import { precompiledSource, precompiledValidator } from '@/testing/precompiled-form';

/** Persons as the version-3 file holds them: the CNP beside the date of birth and civility. */
const schema = {
  type: 'object',
  properties: {
    persons: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          civility: { enum: ['M', 'F'] },
          dateOfBirth: { type: 'string', format: 'date' },
          cnp: { type: 'string', cnp: true },
        },
      },
    },
  },
} as RJSFSchema;

interface Person {
  cnp?: unknown;
  dateOfBirth?: string;
  civility?: string;
}

/** Why each person's CNP is refused (null: it is not), by one of the two validators. */
type Reasons = (persons: Person[]) => (string | null)[];

function reasonsOf(errors: { path: string; keyword: string; reason: unknown }[], count: number) {
  return Array.from({ length: count }, (_, index) => {
    const error = errors.find((candidate) => candidate.keyword === 'cnp' && candidate.path === `${index}`);
    return error ? String(error.reason) : null;
  });
}

const liveAjv: Reasons = (() => {
  // As the server compiles the wizard's steps (server/services/company-files.ts).
  const ajv = new Ajv({ ...FORM_AJV_OPTIONS, allErrors: true, strict: true });
  addFormats(ajv);
  const validate = addFormKeywords(ajv).compile(schema);
  return (persons) => {
    validate({ persons });
    const errors = (validate.errors ?? []).map((error) => ({
      path: error.instancePath.split('/')[2] ?? '',
      keyword: error.keyword,
      reason: (error.params as { reason?: unknown }).reason,
    }));
    return reasonsOf(errors, persons.length);
  };
})();

const precompiled: Reasons = (() => {
  const validator = precompiledValidator(schema);
  return (persons) => {
    const { errors } = validator.validateFormData({ persons }, schema);
    return reasonsOf(
      errors.map((error) => ({
        path: (error.property ?? '').split('.')[2] ?? '',
        keyword: error.name ?? '',
        reason: (error.params as { reason?: unknown }).reason,
      })),
      persons.length,
    );
  };
})();

const VALID = '2850315420017'; // a woman born on 15 March 1985 in Bucharest sector 2

/** Codes, each with the reason it must give (null: accepted). */
const CASES: [Person, string | null][] = [
  [{ cnp: VALID }, null],
  [{ cnp: VALID, dateOfBirth: '1985-03-15', civility: 'F' }, null],
  [{ cnp: '5201206346491' }, null],
  [{ cnp: makeCnp(8, '2000-02-29', '70'), dateOfBirth: '2000-02-29', civility: 'F' }, null],
  [{ cnp: '7041218318525', dateOfBirth: '1904-12-18' }, null],
  [{ cnp: '2850315 42001' }, 'format'],
  [{ cnp: '285031542001' }, 'format'],
  [{ cnp: withDigit(VALID, 0, '0') }, 'sex'],
  [{ cnp: makeCnp(9, '1985-03-15', '42') }, 'nif'],
  [{ cnp: makeCnp(1, '1900-02-29', '42') }, 'date'],
  [{ cnp: makeCnp(2, '1985-03-15', '49') }, 'county'],
  [{ cnp: withDigit(VALID, 12, '8') }, 'checksum'],
  [{ cnp: '5201206346490' }, 'checksum'],
  [{ cnp: VALID, dateOfBirth: '1985-03-16' }, 'dateMismatch'],
  [{ cnp: makeCnp(7, '2000-02-29', '40'), dateOfBirth: '1900-02-29' }, 'dateMismatch'],
  [{ cnp: VALID, civility: 'M' }, 'sexMismatch'],
  [{ cnp: VALID, dateOfBirth: '1985-03-16', civility: 'M' }, 'dateMismatch'],
  [{ cnp: VALID, dateOfBirth: '15/03/1985', civility: 'F' }, null],
];

describe.each([
  ['a live AJV with addFormKeywords', liveAjv],
  ['the precompiled module', precompiled],
])('the cnp keyword, through %s', (_, reasons) => {
  it('accepts valid codes and names the reason of each invalid one', () => {
    expect(reasons(CASES.map(([person]) => person))).toEqual(CASES.map(([, reason]) => reason));
  });

  it('checks only strings: another type is the type keyword’s error', () => {
    expect(reasons([{ cnp: 2850315420017 }])).toEqual([null]);
  });

  it('gives the same answer as checkCnp for thousands of codes, near misses and persons', () => {
    // A fixed sequence of pseudo-random numbers (mulberry32): the same codes on every run.
    let seed = 20261132;
    const next = (limit: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let mixed = Math.imul(seed ^ (seed >>> 15), seed | 1);
      mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
      return Math.floor((((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296) * limit);
    };
    const persons: Person[] = [];
    for (let round = 0; round < 3000; round++) {
      const year = 1880 + next(140);
      const date = `${year}-${String(1 + next(12)).padStart(2, '0')}-${String(1 + next(31)).padStart(2, '0')}`;
      // Men and women of the year's century, or resident foreigners (7, 8) of either century.
      const first = (year < 1900 ? 3 : next(2) === 0 ? 7 : year < 2000 ? 1 : 5) + next(2);
      let cnp = makeCnp(first, date, String(next(100)).padStart(2, '0'), next(1000));
      // A slip on one digit in a third of the codes.
      if (next(3) === 0) cnp = withDigit(cnp, next(13), String(next(10)));
      const person: Person = { cnp };
      if (next(2) === 0) person.dateOfBirth = next(4) === 0 ? `${year}-01-0${1 + next(9)}` : date;
      if (next(2) === 0) person.civility = next(2) === 0 ? 'M' : 'F';
      persons.push(person);
    }
    const expected = persons.map((person) => {
      const result = checkCnp(String(person.cnp), person as { dateOfBirth?: string; civility?: 'M' | 'F' });
      return result.ok ? null : result.reason;
    });
    // Every reason turns up, so the comparison covers each branch of the generated code.
    expect(new Set(expected)).toEqual(
      new Set([null, 'sex', 'nif', 'date', 'county', 'checksum', 'dateMismatch', 'sexMismatch']),
    );
    expect(reasons(persons)).toEqual(expected);
  });
});

describe('the precompiled module', () => {
  it('carries the checks as code of its own: it imports nothing but AJV’s runtime and the formats', () => {
    const source = precompiledSource(schema);
    expect(source).toContain('"279146358279"');
    expect(source).not.toMatch(/shared\/cnp|keyword-cnp|checkCnp/);
  });
});

describe('messages', () => {
  it('turn each reason into its own key of ui:errorMessages', () => {
    const uiSchema: UiSchema = {
      persons: {
        items: {
          cnp: {
            'ui:errorMessages': {
              cnp: { checksum: 'wizard:errors.cnp.checksum', dateMismatch: 'wizard:errors.cnp.dateMismatch' },
            },
          },
        },
      },
    };
    const validator = precompiledValidator(schema);
    const { errors } = validator.validateFormData(
      { persons: [{ cnp: withDigit(VALID, 12, '8') }, { cnp: VALID, dateOfBirth: '1985-03-16' }] },
      schema,
    );
    expect(toMessageTokens(errors as RJSFValidationError[], uiSchema).map((error) => error.message)).toEqual([
      'i18n:{"key":"wizard:errors.cnp.checksum","params":{"reason":"checksum"}}',
      'i18n:{"key":"wizard:errors.cnp.dateMismatch","params":{"reason":"dateMismatch"}}',
    ]);
  });
});
