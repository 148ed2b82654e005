import type { FormDefinition, FormValues } from './form-definition';
import { toMessageTokens, uiNodeAt } from './translation';

/**
 * Rules a founder should hear of as they type, not only once they press Next: a field's
 * `ui:options.warnWhileTyping` lists the keywords whose errors show under it at once, as a warning
 * (the name that repeats its legal form: the documents add it). They still block the step as errors do.
 */
export const WARN_WHILE_TYPING_OPTION = 'warnWhileTyping';

/** The key of the warnings in RJSF's formContext: message tokens by field id. */
export const WARNINGS_CONTEXT_KEY = 'warnings';

export type FieldWarnings = Record<string, string[]>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether any field of the form asks for warnings while typing (most forms do not: nothing to run). */
export function warnsWhileTyping(form: Pick<FormDefinition, 'uiSchema'>): boolean {
  const visit = (node: unknown): boolean =>
    isRecord(node) &&
    ((isRecord(node['ui:options']) && WARN_WHILE_TYPING_OPTION in node['ui:options']) ||
      Object.values(node).some(visit));
  return visit(form.uiSchema);
}

/** RJSF's id of the field at an error's property: `.subscribers.0.name` of form `f` is `f_subscribers_0_name`. */
function fieldId(formName: string, property: string | undefined): string {
  return [formName, ...(property ?? '').split('.').filter(Boolean)].join('_');
}

/** The warnings `values` give rise to now, as message tokens by field id (the field templates word them). */
export function fieldWarnings(form: FormDefinition, values: FormValues): FieldWarnings {
  const { errors } = form.validator.validateFormData(values, form.schema);
  const warned = errors.filter((error) => {
    const keywords = uiNodeAt(form.uiSchema, error.property)['ui:options'];
    const list = isRecord(keywords) ? keywords[WARN_WHILE_TYPING_OPTION] : undefined;
    return Array.isArray(list) && list.includes(error.name);
  });
  const result: FieldWarnings = {};
  for (const error of toMessageTokens(warned, form.uiSchema)) {
    const id = fieldId(form.name, error.property);
    (result[id] ??= []).push(error.message ?? '');
  }
  return result;
}

/** The warnings of the field `id`, from RJSF's formContext. */
export function warningsOf(formContext: unknown, id: string): string[] {
  const warnings = isRecord(formContext) ? formContext[WARNINGS_CONTEXT_KEY] : undefined;
  const list = isRecord(warnings) ? warnings[id] : undefined;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}
