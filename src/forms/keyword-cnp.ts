/**
 * `"cnp": true` on a string: a Romanian personal numeric code whose digits hold together and agree
 * with the person beside it (the `dateOfBirth` and `civility` fields of the same object, when they
 * hold a YYYY-MM-DD date and "M" or "F"). It fails with `{ reason }`, one of src/shared/cnp.ts's
 * reasons, so that `ui:errorMessages` can name one message per reason:
 * `"cnp": { "checksum": "wizard:errors.cnp.checksum", … }`.
 *
 * The precompiled validators of the browser cannot call a function of ours, so the checks are
 * emitted as code, from the same constants as checkCnp (src/shared/cnp.ts), which a test holds to
 * the same answers.
 */
import { _, type KeywordCxt, type KeywordDefinition } from 'ajv';
import { CNP_COUNTY_CODES, CNP_WEIGHTS, type CnpReason } from '../shared/cnp.ts';

/** The county codes as one string, " 01 02 … ", searched for " JJ ". */
const COUNTIES = ` ${CNP_COUNTY_CODES.join(' ')} `;

export const cnp: KeywordDefinition = {
  keyword: 'cnp',
  type: 'string',
  schemaType: 'boolean',
  error: {
    message: 'must be a valid CNP',
    params: ({ params }) => _`{reason: ${params.reason}}`,
  },
  code(cxt: KeywordCxt) {
    if (cxt.schema !== true) return;
    const { gen, data, it } = cxt;
    const reason = gen.let('reason', null);
    // A reason is a string value in the generated code, not an identifier.
    const fail = (value: CnpReason) => gen.assign(reason, _`${value}`);
    gen.if(_`!/^[0-9]{13}$/.test(${data})`);
    fail('format');
    gen.elseIf(_`${data}[0] === "0"`);
    fail('sex');
    gen.elseIf(_`${data}[0] === "9"`);
    fail('nif');
    gen.endIf();

    // The years the first digit allows: one, or 19AA and 20AA for a resident foreigner (7, 8).
    const month = gen.let('month');
    const day = gen.let('day');
    const years = [gen.let('year'), gen.let('year')] as const;
    const real = [gen.let('real'), gen.let('real')] as const;
    const isoDates = [gen.let('iso'), gen.let('iso')] as const;
    gen.if(_`${reason} === null`, () => {
      const first = gen.const('first', _`+${data}[0]`);
      gen.assign(month, _`+${data}.slice(3, 5)`);
      gen.assign(day, _`+${data}.slice(5, 7)`);
      gen.assign(
        years[0],
        _`(${first} < 3 || ${first} > 6 ? 1900 : ${first} < 5 ? 1800 : 2000) + +${data}.slice(1, 3)`,
      );
      gen.assign(years[1], _`${first} > 6 ? ${years[0]} + 100 : ${years[0]}`);
      for (const index of [0, 1] as const) {
        gen.assign(
          real[index],
          _`${month} >= 1 && ${month} <= 12 && ${day} >= 1 && ${day} <= new Date(Date.UTC(${years[index]}, ${month}, 0)).getUTCDate()`,
        );
        gen.assign(
          isoDates[index],
          _`${years[index]} + "-" + ${data}.slice(3, 5) + "-" + ${data}.slice(5, 7)`,
        );
      }
      gen.if(_`!${real[0]} && !${real[1]}`);
      fail('date');
      gen.elseIf(_`${COUNTIES}.indexOf(" " + ${data}.slice(7, 9) + " ") < 0`);
      fail('county');
      gen.endIf();
    });

    gen.if(_`${reason} === null`, () => {
      const sum = gen.let('sum', 0);
      gen.forRange('i', 0, 12, (i) => gen.assign(sum, _`${sum} + ${data}[${i}] * ${CNP_WEIGHTS}[${i}]`));
      gen.if(_`(${sum} % 11 === 10 ? 1 : ${sum} % 11) !== +${data}[12]`, () => fail('checksum'));
    });

    gen.if(_`${reason} === null && ${it.parentData} !== null && typeof ${it.parentData} == "object"`, () => {
      const birth = gen.const('birth', _`${it.parentData}.dateOfBirth`);
      const civility = gen.const('civility', _`${it.parentData}.civility`);
      gen.if(
        _`typeof ${birth} == "string" && /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(${birth}) && !(${real[0]} && ${birth} === ${isoDates[0]}) && !(${real[1]} && ${birth} === ${isoDates[1]})`,
      );
      fail('dateMismatch');
      gen.elseIf(
        _`(${civility} === "M" || ${civility} === "F") && ${civility} !== (${data}[0] % 2 ? "M" : "F")`,
      );
      fail('sexMismatch');
      gen.endIf();
    });

    gen.if(_`${reason} !== null`, () => cxt.error(false, { reason }));
  },
};
