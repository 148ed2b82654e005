/**
 * Keywords for a company file's persons (schemas/wizard/people.json): the file names each person once,
 * in `/persons`, and every role (associate, manager, a company's representative or owner) points to one
 * by its `id`. They generate code, like those of keywords.ts, so the browser's precompiled validators
 * and the server's AJV check the same rules.
 *
 * - `"personRef": { "kinds": ["natural"] }` on a string: the id of a person of `/persons`, of one of
 *   those kinds (a person with no `kind` is natural). Fails with `{ reason: "missing" | "kind" }`.
 * - `"personHas": ["fatherName"]` on a string that `personRef` checks: the natural person it names has
 *   those fields (a manager's parents, which the declaration of non-conviction prints). An entry may be
 *   `{ "field": "fatherName", "$onlyFor": ["FR"] }`. Fails once, naming the first missing field: `{ field }`.
 * - `"uniqueBy": "personId"` on an array of objects: no two items hold the same value there (a person
 *   is an associate once). Fails with `{ index, value }`, the position of the second one.
 * - `"requiredWhen": [{ "when": { "kind": "natural" }, "required": ["lastName"] }]` on an object: those
 *   fields are required (present, as `required` means) while every `when` field equals its value (or
 *   one of a list of values). It fails like `required`, with `{ missingProperty }`, so the message
 *   shows under the missing field.
 *   JSON Schema's `if`/`then` would say the same, but the form renderer evaluates those with the
 *   validator, which the browser has only precompiled for whole steps.
 * - `"wholeCentsPer": "/numberOfShares"` on a number (the capital): it divides into that many equal
 *   shares of a whole number of cents (art. 11 Legea 31/1990: equal parts; 1 000 € in 3 shares cannot
 *   be). Fails with `{ count, nominal }`, the nominal value rounded to 4 decimals.
 * - `"timesNominal": { "capital": "/shareCapital", "count": "/numberOfShares" }` on a number of an
 *   object with `shares` (a subscription): it is `shares` times the nominal value, to the cent. Fails
 *   with `{ expected }`.
 */
import { _, type Code, type KeywordCxt, type KeywordDefinition, type Name } from 'ajv';
import type { CodeGen } from 'ajv';
import { valueAtPointer } from './keyword-code.ts';

/**
 * Code testing that `value` is one of `allowed`, compared with ===. (A list written into the code as
 * JSON would be a string there, and `includes` on it would match any part: a kind "" or "atur".)
 */
function isOneOf(value: Code | Name, allowed: readonly (string | boolean)[]): Code {
  const tests = allowed.map((item) => _`${value} === ${item}`);
  return _`(${tests.reduce((all, test) => _`${all} || ${test}`)})`;
}

/** Code finding the person of `/persons` whose id is `id` (undefined when none is). */
function findPerson(gen: CodeGen, id: Code | Name): Name {
  const persons = valueAtPointer(gen, '/persons');
  const found = gen.let('person', _`undefined`);
  gen.if(_`Array.isArray(${persons})`, () =>
    gen.forOf('candidate', persons, (candidate) =>
      gen.if(
        _`${found} === undefined && ${candidate} !== null && typeof ${candidate} == "object" && ${candidate}.id === ${id}`,
        () => gen.assign(found, candidate),
      ),
    ),
  );
  return found;
}

const personRef: KeywordDefinition = {
  keyword: 'personRef',
  type: 'string',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    properties: { kinds: { type: 'array', items: { enum: ['natural', 'legal'] }, minItems: 1 } },
    additionalProperties: false,
  },
  error: {
    message: 'must name a person of the file',
    params: ({ params }) => _`{reason: ${params.reason}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data } = cxt;
    const kinds = (cxt.schema as { kinds?: string[] }).kinds ?? ['natural', 'legal'];
    const person = findPerson(gen, data);
    gen.if(
      _`${person} === undefined`,
      () => cxt.error(false, { reason: _`"missing"` }),
      () => {
        const kind = gen.const('kind', _`typeof ${person}.kind == "string" ? ${person}.kind : "natural"`);
        gen.if(_`!${isOneOf(kind, kinds)}`, () => cxt.error(false, { reason: _`"kind"` }));
      },
    );
  },
};

const hasValueCode = (value: Code | Name) =>
  _`(${value} !== undefined && ${value} !== null && (typeof ${value} != "string" || ${value}.trim() !== ""))`;

const personHas: KeywordDefinition = {
  keyword: 'personHas',
  type: 'string',
  schemaType: 'array',
  metaSchema: {
    type: 'array',
    items: {
      anyOf: [
        { type: 'string' },
        {
          type: 'object',
          required: ['field'],
          properties: { field: { type: 'string' } },
          additionalProperties: false,
        },
      ],
    },
  },
  error: {
    message: 'the person lacks a detail this role needs',
    params: ({ params }) => _`{field: ${params.field}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data } = cxt;
    const person = findPerson(gen, data);
    const fields = (cxt.schema as (string | { field: string })[]).map((entry) =>
      typeof entry === 'string' ? entry : entry.field,
    );
    // A missing person is personRef's error, not this one's; a company's details are requiredWhen's.
    gen.if(
      _`${person} !== undefined && (${person}.kind === undefined || ${person}.kind === "natural")`,
      () => {
        // One message, for the first detail missing: the field's text names what the role needs.
        const missing = gen.let('missing', _`undefined`);
        for (const field of [...fields].reverse())
          gen.if(_`!${hasValueCode(_`${person}[${field}]`)}`, () => gen.assign(missing, _`${field}`));
        gen.if(_`${missing} !== undefined`, () => cxt.error(false, { field: missing }));
      },
    );
  },
};

const uniqueBy: KeywordDefinition = {
  keyword: 'uniqueBy',
  type: 'array',
  schemaType: 'string',
  error: {
    message: 'must not hold the same value twice',
    params: ({ params }) => _`{index: ${params.index}, value: ${params.value}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data } = cxt;
    const property = cxt.schema as string;
    const seen = gen.const('seen', _`new Set()`);
    gen.forRange('index', 0, _`${data}.length`, (index) => {
      const item = gen.const('item', _`${data}[${index}]`);
      const value = gen.const(
        'value',
        _`${item} !== null && typeof ${item} == "object" ? ${item}[${property}] : undefined`,
      );
      gen.if(_`typeof ${value} == "string" && ${value} !== ""`, () =>
        gen.if(
          _`${seen}.has(${value})`,
          () => cxt.error(false, { index, value }),
          () => gen.code(_`${seen}.add(${value})`),
        ),
      );
    });
  },
};

interface RequiredWhenRule {
  when: Record<string, string | boolean | (string | boolean)[]>;
  required: string[];
}

const requiredWhen: KeywordDefinition = {
  keyword: 'requiredWhen',
  type: 'object',
  schemaType: 'array',
  metaSchema: {
    type: 'array',
    items: {
      type: 'object',
      required: ['when', 'required'],
      additionalProperties: false,
      properties: {
        when: {
          type: 'object',
          additionalProperties: {
            anyOf: [
              { type: ['string', 'boolean'] },
              { type: 'array', items: { type: ['string', 'boolean'] }, minItems: 1 },
            ],
          },
        },
        required: { type: 'array', items: { type: 'string' }, minItems: 1 },
      },
    },
  },
  error: {
    message: ({ params }) => _`"must have required property '" + ${params.missingProperty} + "'"`,
    params: ({ params }) => _`{missingProperty: ${params.missingProperty}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data } = cxt;
    for (const rule of cxt.schema as RequiredWhenRule[]) {
      const conditions = Object.entries(rule.when).map(([field, expected]) => {
        const allowed = Array.isArray(expected) ? expected : [expected];
        return isOneOf(_`${data}[${field}]`, allowed);
      });
      const applies = conditions.reduce<Code>((all, condition) => _`${all} && ${condition}`, _`true`);
      gen.if(applies, () => {
        // Absent, as JSON Schema's `required` means: a blank text is the field's own `pattern` error,
        // which would otherwise show twice under it.
        for (const field of rule.required)
          gen.if(_`${data}[${field}] === undefined || ${data}[${field}] === null`, () =>
            cxt.error(false, { missingProperty: _`${field}` }),
          );
      });
    }
  },
};

const wholeCentsPer: KeywordDefinition = {
  keyword: 'wholeCentsPer',
  type: 'number',
  schemaType: 'string',
  metaSchema: { type: 'string', pattern: '^/' },
  error: {
    message: 'does not divide into equal shares of a whole number of cents',
    params: ({ params }) => _`{count: ${params.count}, nominal: ${params.nominal}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data } = cxt;
    const count = valueAtPointer(gen, cxt.schema as string);
    gen.if(
      _`typeof ${count} == "number" && Number.isInteger(${count}) && ${count} > 0 && Math.round(${data} * 100) % ${count} !== 0`,
      () =>
        cxt.error(false, {
          count,
          nominal: _`Math.round(${data} / ${count} * 10000) / 10000`,
        }),
    );
  },
};

const timesNominal: KeywordDefinition = {
  keyword: 'timesNominal',
  type: 'number',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['capital', 'count'],
    additionalProperties: false,
    properties: { capital: { type: 'string', pattern: '^/' }, count: { type: 'string', pattern: '^/' } },
  },
  error: {
    message: 'must be the shares times the nominal value',
    params: ({ params }) => _`{expected: ${params.expected}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data, it } = cxt;
    const { capital: capitalPointer, count: countPointer } = cxt.schema as { capital: string; count: string };
    const capital = valueAtPointer(gen, capitalPointer);
    const count = valueAtPointer(gen, countPointer);
    const shares = gen.const(
      'shares',
      _`${it.parentData} !== null && typeof ${it.parentData} == "object" ? ${it.parentData}.shares : undefined`,
    );
    // Checked only once the capital divides into whole cents (wholeCentsPer says when it does not).
    const capitalCents = gen.const(
      'capitalCents',
      _`typeof ${capital} == "number" ? Math.round(${capital} * 100) : NaN`,
    );
    gen.if(
      _`Number.isInteger(${shares}) && Number.isInteger(${count}) && ${count} > 0 && Number.isInteger(${capitalCents}) && ${capitalCents} % ${count} === 0`,
      () => {
        const expected = gen.const('expected', _`${shares} * (${capitalCents} / ${count})`);
        gen.if(_`Math.round(${data} * 100) !== ${expected}`, () =>
          cxt.error(false, { expected: _`${expected} / 100` }),
        );
      },
    );
  },
};

/** The persons' keywords, for FORM_KEYWORDS. */
export const PERSON_KEYWORDS: readonly KeywordDefinition[] = [
  personRef,
  personHas,
  uniqueBy,
  requiredWhen,
  wholeCentsPer,
  timesNominal,
];
