/**
 * `"legalFormSuffix": { "jurisdiction": "/jurisdiction", "legalForm": "/legalForm" }` on a name: the
 * name does not end (or start) with the legal form the file has at those JSON pointers of the whole
 * data ("Cafeaua Bună SRL" for an SRL), since the documents add it ("… SRL SRL" otherwise). The error's
 * params name the form as typed (`found`) and the name without it (`suggestion`), for the message.
 * The patterns and the steps are those of src/shared/legal-form-name.ts, which the documents apply to
 * a name saved before this rule; like the other keywords, it generates code, with no run-time function.
 */
import {
  _,
  stringify,
  type Code,
  type CodeGen,
  type KeywordCxt,
  type KeywordDefinition,
  type Name,
} from 'ajv';
import { valueAtPointer } from './keyword-code.ts';
import { LEGAL_FORM_PATTERNS, MAX_CHECKED_LENGTH, TRAILING_SEPARATORS } from '../shared/legal-form-name.ts';

/** A regular expression created once per validator module (`new RegExp` in the standalone code). */
function regExp(gen: CodeGen, source: string, flags: string): Name {
  return gen.scopeValue('pattern', {
    key: `${flags}/${source}`,
    ref: new RegExp(source, flags),
    code: _`new RegExp(${source}, ${flags})`,
  });
}

export const legalFormSuffix: KeywordDefinition = {
  keyword: 'legalFormSuffix',
  type: 'string',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['jurisdiction', 'legalForm'],
    additionalProperties: false,
    properties: {
      jurisdiction: { type: 'string', pattern: '^/' },
      legalForm: { type: 'string', pattern: '^/' },
    },
  },
  error: {
    message: 'must not repeat the legal form',
    params: ({ params }) => _`{found: ${params.found}, suggestion: ${params.suggestion}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data } = cxt;
    const schema = cxt.schema as { jurisdiction: string; legalForm: string };
    const jurisdiction = valueAtPointer(gen, schema.jurisdiction);
    const legalForm = valueAtPointer(gen, schema.legalForm);
    // `FR-SAS`, `RO-SRL_SOLE`: the form's id, as the patterns name it.
    const form = gen.const(
      'form',
      _`typeof ${jurisdiction} == "string" && typeof ${legalForm} == "string" ? ${jurisdiction} + "-" + ${legalForm} : ""`,
    );
    const text = gen.let('text', _`${data}.length <= ${MAX_CHECKED_LENGTH} ? ${data}.normalize("NFD") : ""`);
    const found = gen.let('found', _`undefined`);
    for (const patterns of LEGAL_FORM_PATTERNS) {
      gen.if(_`${stringify(patterns.forms)}.includes(${form})`, () => {
        const end = gen.const('end', _`${regExp(gen, patterns.end, 'iu')}.exec(${text})`);
        gen.if(_`${end} !== null && ${end}[1] !== undefined`, () => {
          gen.assign(found, _`${end}[1]`);
          gen.assign(text, _`${text}.slice(0, ${end}.index)`);
        });
        const start = gen.const('start', _`${regExp(gen, patterns.start, 'iu')}.exec(${text})`);
        // Initials at the start count only in capitals: "Sasu Design" is a name.
        const counts: Code = _`${start} !== null && (${start}[2] !== undefined || (${start}[1] !== undefined && ${start}[1] === ${start}[1].toUpperCase()))`;
        gen.if(counts, () => {
          gen.if(_`${found} === undefined`, () =>
            gen.assign(found, _`${start}[1] !== undefined ? ${start}[1] : ${start}[2]`),
          );
          gen.assign(text, _`${text}.slice(${start}[0].length)`);
        });
      });
    }
    gen.if(_`${found} !== undefined`, () => {
      const suggestion = gen.const(
        'suggestion',
        _`${text}.replace(${regExp(gen, TRAILING_SEPARATORS, 'u')}, "").trim().normalize("NFC")`,
      );
      // A name that is only the form is left to the other rules: there is no name to suggest.
      gen.if(_`${suggestion} !== ""`, () =>
        cxt.error(false, { found: _`${found}.trim().normalize("NFC")`, suggestion }),
      );
    });
  },
};
