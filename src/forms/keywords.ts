/**
 * The validation keywords our schemas add to JSON Schema, for rules the standard cannot say. They
 * generate code (no run-time functions), so they work in the precompiled validators of the browser
 * as in the server's AJV: one definition, checked in both places.
 *
 * - `"notAfterToday": true` on a date string: the date is today or earlier.
 * - `"sumMatches": { "shares": "/numberOfShares" }` on an array of objects: the items' `shares` add up
 *   to the number at that JSON pointer of the whole data (checked once every item has a number there).
 * - `"atLeastTimes": { "subscription": 0.5 }` on a number: it is at least 0.5 times the number in the
 *   field `subscription` of the same object (half of a subscription paid up; a capital of at least
 *   10 lei a share). Checked once that field holds a number; compared in cents.
 * - `"cnp": true` on a string: a Romanian personal numeric code (keyword-cnp.ts).
 * - `"afterDate": "/dateOfSignature"` on a date string: the date is later than the date at that JSON
 *   pointer of the whole data (a first financial year closes after the statutes are signed). Checked
 *   once both are dates.
 * - `"notAfterYearEnd": { "date": "/dateOfSignature", "years": 1 }` on a date string: the date is at
 *   the latest 31 December of the year of that other date plus `years` (the first financial year's
 *   tax bound). Checked once both are dates; the error names the `limit` and its `year`.
 * - `"endOfMonth": true` on a date string: the date is the last day of its month.
 */
import { _, type Code, type KeywordCxt, type KeywordDefinition, type Name } from 'ajv';
import type Ajv from 'ajv';
import { valueAtPointer } from './keyword-code.ts';
import { PERSON_KEYWORDS } from './keyword-persons.ts';
import { cnp } from './keyword-cnp.ts';
import { legalFormSuffix } from './keyword-legal-form-suffix.ts';

/**
 * Today as YYYY-MM-DD. In a browser it is the user's own date. The server does not know the user's
 * time zone, so it accepts any date that is already today somewhere on Earth (UTC+14).
 */
const todayCode = _`new Date(Date.now() + (typeof window === "undefined" ? 50400000 : -60000 * new Date().getTimezoneOffset())).toISOString().slice(0, 10)`;

const notAfterToday: KeywordDefinition = {
  keyword: 'notAfterToday',
  type: 'string',
  schemaType: 'boolean',
  error: { message: 'must not be after today' },
  code(cxt: KeywordCxt) {
    if (cxt.schema !== true) return;
    cxt.fail(_`${cxt.data} > ${todayCode}`);
  },
};

/** Code that is true when `value` is a string of the form YYYY-MM-DD. */
const isIsoDate = (value: Name | Code) =>
  _`(typeof ${value} == "string" && /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(${value}))`;

const afterDate: KeywordDefinition = {
  keyword: 'afterDate',
  type: 'string',
  schemaType: 'string',
  metaSchema: { type: 'string', pattern: '^/' },
  error: {
    message: 'must be after another date',
    params: ({ params }) => _`{limit: ${params.limit}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data } = cxt;
    const other = valueAtPointer(gen, cxt.schema as string);
    // YYYY-MM-DD strings compare as the dates they write.
    gen.if(_`${isIsoDate(other)} && ${isIsoDate(data)} && ${data} <= ${other}`, () =>
      cxt.error(false, { limit: other }),
    );
  },
};

const notAfterYearEnd: KeywordDefinition = {
  keyword: 'notAfterYearEnd',
  type: 'string',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['date', 'years'],
    additionalProperties: false,
    properties: { date: { type: 'string', pattern: '^/' }, years: { type: 'integer', minimum: 0 } },
  },
  error: {
    message: 'must not be after the end of the year allowed',
    params: ({ params }) => _`{limit: ${params.limit}, year: ${params.year}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data } = cxt;
    const { date, years } = cxt.schema as { date: string; years: number };
    const other = valueAtPointer(gen, date);
    gen.if(_`${isIsoDate(other)} && ${isIsoDate(data)}`, () => {
      // A string, so that a message shows "2027", never a number written "2 027".
      const year = gen.const('year', _`String(Number(${other}.slice(0, 4)) + ${years})`);
      const limit = gen.const('limit', _`${year} + "-12-31"`);
      gen.if(_`${data} > ${limit}`, () => cxt.error(false, { limit, year }));
    });
  },
};

const endOfMonth: KeywordDefinition = {
  keyword: 'endOfMonth',
  type: 'string',
  schemaType: 'boolean',
  error: { message: 'must be the last day of a month' },
  code(cxt: KeywordCxt) {
    const { data } = cxt;
    if (cxt.schema !== true) return;
    // Day 0 of the next month is the last day of this one (28 or 29 February included).
    cxt.fail(
      _`${isIsoDate(data)} && Number(${data}.slice(8, 10)) !== new Date(Date.UTC(Number(${data}.slice(0, 4)), Number(${data}.slice(5, 7)), 0)).getUTCDate()`,
    );
  },
};

const sumMatches: KeywordDefinition = {
  keyword: 'sumMatches',
  type: 'array',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    minProperties: 1,
    additionalProperties: { type: 'string', pattern: '^/' },
  },
  error: {
    message: 'the items do not add up to the expected total',
    params: ({ params }) =>
      _`{property: ${params.property}, sum: ${params.sum}, expected: ${params.expected}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data } = cxt;
    const rules = Object.entries(cxt.schema as Record<string, string>);
    for (const [property, pointer] of rules) {
      const expected = valueAtPointer(gen, pointer);
      const sum = gen.let('sum', 0);
      const complete = gen.let('complete', true);
      gen.forOf('item', data, (item) =>
        gen.if(
          _`${item} !== null && typeof ${item} == "object" && typeof ${item}[${property}] == "number"`,
          () => gen.assign(sum, _`${sum} + ${item}[${property}]`),
          () => gen.assign(complete, false),
        ),
      );
      // Compared in cents: 0.1 + 0.2 euros is 0.3 euros.
      gen.if(
        _`${complete} && typeof ${expected} == "number" && Math.round(${sum} * 100) !== Math.round(${expected} * 100)`,
        () => cxt.error(false, { property: _`${property}`, sum, expected }),
      );
    }
  },
};

const atLeastTimes: KeywordDefinition = {
  keyword: 'atLeastTimes',
  type: 'number',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    minProperties: 1,
    additionalProperties: { type: 'number', minimum: 0 },
  },
  error: {
    message: 'is less than the required multiple of another field',
    params: ({ params }) =>
      _`{property: ${params.property}, factor: ${params.factor}, limit: ${params.limit}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data, it } = cxt;
    for (const [property, factor] of Object.entries(cxt.schema as Record<string, number>)) {
      const other = gen.const(
        'other',
        _`${it.parentData} !== null && typeof ${it.parentData} == "object" ? ${it.parentData}[${property}] : undefined`,
      );
      // The limit in cents, rounded as money is: half of 333.33 is 166.67.
      const limit = gen.const(
        'limit',
        _`typeof ${other} == "number" ? Math.round(${other} * ${factor} * 100) : null`,
      );
      gen.if(_`${limit} !== null && Math.round(${data} * 100) < ${limit}`, () =>
        cxt.error(false, { property: _`${property}`, factor: _`${factor}`, limit: _`${limit} / 100` }),
      );
    }
  },
};

/** Every keyword of ours, for `ajv.addKeyword`. */
export const FORM_KEYWORDS: readonly KeywordDefinition[] = [
  notAfterToday,
  sumMatches,
  atLeastTimes,
  afterDate,
  notAfterYearEnd,
  endOfMonth,
  cnp,
  legalFormSuffix,
  ...PERSON_KEYWORDS,
];

/** Adds our keywords (and nothing else) to an AJV instance; returns it, as RJSF's `extenderFn` wants. */
export function addFormKeywords<T extends Ajv>(ajv: T): T {
  for (const definition of FORM_KEYWORDS) {
    if (!ajv.getKeyword(definition.keyword as string)) ajv.addKeyword(definition);
  }
  return ajv;
}
