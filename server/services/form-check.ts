/**
 * A form posted without JavaScript is checked with its own definition (schemas/forms/<name>.json, the
 * one the page renders and the browser checks): the same rules, and each field's first problem in the
 * user's language, worded as the page words it (`ui:errorMessages`, else forms.json's default).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { FORM_AJV_OPTIONS } from '../../src/forms/ajv-options';
import { addFormKeywords } from '../../src/forms/keywords';
import { translator, type ServerLanguage } from './i18n';

export interface FieldUi {
  'ui:title'?: string;
  'ui:widget'?: string;
  'ui:help'?: string;
  'ui:autocomplete'?: string;
  'ui:options'?: { inputType?: string };
  'ui:errorMessages'?: Record<string, string>;
}

export interface FormDefinitionFile<F extends string> {
  schema: {
    required?: string[];
    properties: Record<F, { maxLength?: number; minLength?: number }>;
  };
  uiSchema: Record<F, FieldUi>;
}

/** schemas/forms/<name>.json, read once at start-up like the other content. */
export function readFormDefinition<F extends string>(name: string): FormDefinitionFile<F> {
  return JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../schemas/forms/${name}.json`, import.meta.url)), 'utf8'),
  ) as FormDefinitionFile<F>;
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

// PostgreSQL refuses NUL in text, and no person types control characters (tabs and newlines aside).
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * The checker of one form: `check(values, language)` answers each field's first problem (nothing when
 * the values are valid). Empty strings must be left out of `values` by the caller, so that they fail
 * `required` ("Champ obligatoire") as they do in the browser.
 */
export function createFormCheck<F extends string>(definition: FormDefinitionFile<F>, fields: readonly F[]) {
  const ajv = new Ajv({ ...FORM_AJV_OPTIONS, allErrors: true });
  addFormats(ajv);
  addFormKeywords(ajv);
  const validate = ajv.compile(definition.schema);

  /** The form's own message for an error, or null for an error on no field of the form. */
  function messageOf(error: ErrorObject, language: ServerLanguage): { field: F; text: string } | null {
    const params = error.params as { missingProperty?: string; limit?: number };
    const field = (error.keyword === 'required' ? params.missingProperty : error.instancePath.slice(1)) as
      F | undefined;
    if (!field || !fields.includes(field)) return null;
    const key =
      definition.uiSchema[field]['ui:errorMessages']?.[error.keyword] ?? `forms:errors.${error.keyword}`;
    return { field, text: translator(language)(key, { limit: params.limit }) };
  }

  return function check(values: Partial<Record<F, unknown>>, language: ServerLanguage): FieldErrors<F> {
    const errors: FieldErrors<F> = {};
    for (const field of fields) {
      const value = values[field];
      if (typeof value === 'string' && CONTROL_CHARACTERS.test(value))
        errors[field] = translator(language)('forms:errors.invalid');
    }
    if (!validate(values)) {
      for (const error of validate.errors ?? []) {
        const problem = messageOf(error, language);
        if (problem && !errors[problem.field]) errors[problem.field] = problem.text;
      }
    }
    return errors;
  };
}

/** A field of a urlencoded body as text: a repeated field counts by its last value (see the date field). */
export function formText(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  const last = Array.isArray(value) ? value.at(-1) : value;
  return typeof last === 'string' ? last : '';
}

/** The values a checker takes: trimmed, empty ones left out. */
export function presentValues<F extends string>(values: Record<F, string>): Partial<Record<F, string>> {
  return Object.fromEntries(Object.entries<string>(values).filter(([, value]) => value !== '')) as Partial<
    Record<F, string>
  >;
}
