import type { ErrorSchema, UiSchema } from '@rjsf/utils';
import type { FormDefinition, FormValues } from '@/forms/form-definition';
import type { FileValidationError } from './team-api';

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The People step's form for one person: the same schema, rules and words as the wizard, with the
 * list fixed to the one record (nothing added or removed) and the kind of person not to be changed.
 */
export function ownRecordForm(people: FormDefinition): FormDefinition {
  const list = isRecord(people.uiSchema.persons) ? people.uiSchema.persons : {};
  const items = isRecord(list.items) ? list.items : {};
  const options = isRecord(list['ui:options']) ? list['ui:options'] : {};
  const uiSchema: UiSchema = {
    ...people.uiSchema,
    persons: {
      ...list,
      // One record, the account's own: titled as such, not as the file's numbered list of persons.
      'ui:title': 'cofounders:record.listTitle',
      'ui:tooltip': undefined,
      'ui:itemTitle': 'cofounders:record.itemTitle',
      'ui:options': { ...options, addable: false, keepFirst: true, orderable: false },
      items: { ...items, kind: { 'ui:widget': 'hidden' } },
    },
  };
  return { ...people, uiSchema };
}

/**
 * The server's refusals (422, paths under `/persons/<index>` of the whole file) on the fields of the
 * one record shown, in the renderer's words for each rule.
 */
export function recordErrors(
  errors: readonly FileValidationError[],
  index: number,
  say: (keyword: string, params: Record<string, unknown>) => string,
): ErrorSchema<FormValues> {
  const schema: Record<string, unknown> = {};
  const prefix = `/persons/${index}`;
  for (const error of errors) {
    if (error.path !== prefix && !error.path.startsWith(`${prefix}/`)) continue;
    const rest = error.path.slice(prefix.length).split('/').filter(Boolean);
    const missing = error.params.missingProperty;
    if (error.keyword === 'required' && typeof missing === 'string') rest.push(missing);
    let node = (((schema.persons ??= {}) as Record<string, unknown>)['0'] ??= {});
    for (const segment of rest) node = (node as Record<string, unknown>)[segment] ??= {};
    const target = node as { __errors?: string[] };
    target.__errors = [...(target.__errors ?? []), say(error.keyword, error.params)];
  }
  return schema as ErrorSchema<FormValues>;
}
