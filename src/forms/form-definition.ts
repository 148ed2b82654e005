import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
// The deep import keeps AJV itself (the run-time compiler) out of the bundle.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';

/** The values of a form: whatever its schema describes, keyed by field name. */
export type FormValues = Record<string, unknown>;

/** A form of schemas/forms/ ready to render: its schema, its uiSchema (with translation keys) and its validator. */
export interface FormDefinition {
  name: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validator: ValidatorType<FormValues>;
}

/** The shape of a schemas/forms/<name>.json file. */
export interface FormDefinitionJson {
  schema: unknown;
  uiSchema?: unknown;
}

/**
 * Pairs a definition file with its validator. The generated modules (src/forms/generated/) call it
 * with the precompiled functions; the staff preview calls it with a live validator.
 */
export function defineForm(
  name: string,
  json: FormDefinitionJson,
  validateFns: ValidatorFunctions | ValidatorType<FormValues>,
): FormDefinition {
  const schema = json.schema as RJSFSchema;
  const uiSchema = (json.uiSchema ?? {}) as UiSchema;
  const validator =
    'validateFormData' in validateFns && typeof validateFns.validateFormData === 'function'
      ? (validateFns as ValidatorType<FormValues>)
      : createPrecompiledValidator<FormValues>(validateFns as ValidatorFunctions, schema);
  return { name, schema, uiSchema, validator };
}

/** The icons a step of a multi-step form can show (step files name one of these). */
export const STEP_ICONS = ['flag', 'user', 'building', 'briefcase', 'gavel', 'users', 'file'] as const;
export type StepIcon = (typeof STEP_ICONS)[number];

/** One step of a multi-step form (the wizard): its title and description keys, its icon and its form. */
export interface StepDefinition {
  id: string;
  title: string;
  description?: string;
  icon: StepIcon;
  form: FormDefinition;
}

/** The shape of a schemas/wizard/<step>.json file. */
export interface StepDefinitionJson extends FormDefinitionJson {
  title: string;
  description?: string;
  icon: string;
}

export function defineStep(
  id: string,
  json: Pick<StepDefinitionJson, 'title' | 'description' | 'icon'>,
  form: FormDefinition,
): StepDefinition {
  const icon = (STEP_ICONS as readonly string[]).includes(json.icon) ? (json.icon as StepIcon) : 'file';
  return { id, title: json.title, description: json.description, icon, form };
}
