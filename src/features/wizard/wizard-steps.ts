import type { StepDefinition } from '@/forms/form-definition';
import type { FileData } from './draft-merge';

/**
 * A field's hint path: its path in the file without list positions (`subscribers.2.name` →
 * `subscribers.name`), i.e. what its uiSchema and its hint are keyed by.
 */
export function fieldHintPath(path: readonly string[]): string | null {
  const named = path.filter((segment) => !/^\d+$/.test(segment));
  return named.length > 0 ? named.join('.') : null;
}

/** The step holding a field (hint path) and the id of its control (a list's first element for its fields). */
export function stepOfField(
  steps: readonly StepDefinition[],
  field: string,
): { index: number; elementId: string } | null {
  const [top, ...rest] = field.split('.');
  const index = steps.findIndex((step) => top !== undefined && top in (step.form.schema.properties ?? {}));
  const step = steps[index];
  if (!step || top === undefined) return null;
  // Down the schema: a list's fields are those of its first element (`persons_0_owners_0_personId`).
  const segments: string[] = [];
  const names = [top, ...rest];
  let schema: unknown = step.form.schema;
  names.forEach((name, position) => {
    const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
    schema = properties[name];
    segments.push(name);
    const last = position === names.length - 1;
    if (!last && isRecord(schema) && schema.type === 'array' && isRecord(schema.items)) {
      segments.push('0');
      schema = schema.items;
    }
  });
  return { index, elementId: [step.form.name, ...segments].join('_') };
}

/** The first step whose rules the file breaks, or null when the whole file is valid (Complete). */
export function firstInvalidStep(steps: readonly StepDefinition[], data: FileData): number | null {
  const index = steps.findIndex(
    (step) => step.form.validator.validateFormData(data, step.form.schema).errors.length > 0,
  );
  return index >= 0 ? index : null;
}

/** The step at `index`, kept within the wizard (a saved step may be past a step that was removed). */
export function stepAt(steps: readonly StepDefinition[], index: number): StepDefinition {
  const step = steps[Math.min(Math.max(index, 0), steps.length - 1)];
  if (!step) throw new Error('The wizard has no steps: schemas/wizard/steps.json lists none');
  return step;
}

/**
 * The file as the steps describe it: a field no step declares (removed from the schemas since the
 * draft was saved, or a field of another legal form the founder chose before) is left out of a
 * submission, and so is a field of a list's elements that the list no longer has (a French manager's
 * parents' names in a Romanian file).
 */
export function declaredFields(steps: readonly StepDefinition[], data: FileData): FileData {
  const properties = Object.assign({}, ...steps.map((step) => step.form.schema.properties ?? {})) as Record<
    string,
    unknown
  >;
  const result: FileData = {};
  for (const [key, value] of Object.entries(data)) {
    const schema = properties[key];
    if (schema === undefined) continue;
    result[key] = Array.isArray(value) ? value.map((item) => declaredItemFields(schema, item)) : value;
  }
  return result;
}

function declaredItemFields(listSchema: unknown, item: unknown): unknown {
  const items = isRecord(listSchema) ? listSchema.items : undefined;
  const itemProperties = isRecord(items) && isRecord(items.properties) ? items.properties : undefined;
  if (!itemProperties || !isRecord(item)) return item;
  // A list inside an element (a company's owners) keeps only what its own elements declare.
  return Object.fromEntries(
    Object.entries(item)
      .filter(([key]) => key in itemProperties)
      .map(([key, value]) => [
        key,
        Array.isArray(value) ? value.map((entry) => declaredItemFields(itemProperties[key], entry)) : value,
      ]),
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
