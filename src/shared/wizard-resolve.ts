/**
 * Turns a wizard step file (schemas/wizard/<step>.json) into the step of one legal form: plain JSON
 * Schema and uiSchema, with the form's legal figures in place. The build precompiles the result for
 * the browser, the server compiles the same result: one definition, one set of rules, per form.
 *
 * What a step file may say (schemas/README.md explains it to staff):
 * - `{"$param": "minimumShareCapital"}` stands for the form's parameter (schemas/jurisdictions/);
 *   `"otherwise": 100` gives the value when the law sets none (null). A parameter without a value
 *   and without `otherwise` removes the keyword that holds it (no minimum: no `minimum`).
 * - `{"$list": "caen"}` stands for a list of values shipped as data (the CAEN codes).
 * - `"$onlyFor": ["RO", "FR-SARL"]` on a field: the field exists only for those jurisdictions or forms;
 *   on any other object of a schema (a rule of `requiredWhen`), that object does.
 * - `{managerTitle}` inside a uiSchema string (a translation key) is replaced by the parameter's value.
 * - The form's `requiredFields` parameter makes those fields required where they are declared.
 */
import { parameterValues, type LegalForm } from './jurisdictions.ts';

export type Json = Record<string, unknown>;

/** The parts of a step file the resolution reads and writes. */
export interface StepFileJson {
  title: string;
  description?: string;
  icon: string;
  schema: Json;
  uiSchema?: Json;
}

export class StepResolutionError extends Error {}

const DROP = Symbol('drop');
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface Context {
  params: Record<string, unknown>;
  form: LegalForm;
  lists: Record<string, readonly unknown[]>;
  where: string;
}

function resolveValue(value: unknown, context: Context, path: string): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item, index) => resolveValue(item, context, `${path}/${index}`));
    return items.filter((item) => item !== DROP);
  }
  if (!isRecord(value)) return value;
  // A part of a keyword for some forms only (a rule of `requiredWhen`): left out elsewhere.
  if ('$onlyFor' in value) {
    const { $onlyFor, ...rest } = value;
    if (!appliesTo($onlyFor, context.form, `${context.where}${path}`)) return DROP;
    return resolveValue(rest, context, path);
  }
  if ('$param' in value) {
    const name = value.$param;
    if (typeof name !== 'string' || !(name in context.params))
      throw new StepResolutionError(`${context.where}${path}: unknown parameter ${JSON.stringify(name)}`);
    const resolved = context.params[name];
    if (resolved !== null && resolved !== undefined) return structuredClone(resolved);
    return 'otherwise' in value ? value.otherwise : DROP;
  }
  if ('$list' in value) {
    const list = typeof value.$list === 'string' ? context.lists[value.$list] : undefined;
    if (!list)
      throw new StepResolutionError(`${context.where}${path}: unknown list ${JSON.stringify(value.$list)}`);
    return [...list];
  }
  const result: Json = {};
  let dropped = false;
  for (const [key, child] of Object.entries(value)) {
    const resolved = resolveValue(child, context, `${path}/${key}`);
    if (resolved === DROP) dropped = true;
    else result[key] = resolved;
  }
  // A keyword whose every part depends on figures the law does not set is left out as a whole.
  return dropped && Object.keys(result).length === 0 ? DROP : result;
}

function appliesTo(onlyFor: unknown, form: LegalForm, where: string): boolean {
  if (onlyFor === undefined) return true;
  if (!Array.isArray(onlyFor) || !onlyFor.every((entry) => typeof entry === 'string'))
    throw new StepResolutionError(`${where}: $onlyFor must list jurisdictions or forms ("RO", "FR-SARL")`);
  return onlyFor.includes(form.jurisdiction) || onlyFor.includes(form.id);
}

/** Fills `{name}` in a translation key (never `{{name}}`, which i18next fills where the text shows). */
function fillKey(text: string, context: Context, path: string): string {
  return text.replace(/(?<!\{)\{([A-Za-z]+)\}(?!\})/g, (_, name: string) => {
    const value = context.params[name];
    if (value === undefined || value === null || typeof value === 'object')
      throw new StepResolutionError(`${context.where}${path}: {${name}} names no parameter with a value`);
    return String(value);
  });
}

function resolveUi(ui: unknown, context: Context, path: string): unknown {
  if (typeof ui === 'string') return fillKey(ui, context, path);
  if (Array.isArray(ui)) return ui.map((item, index) => resolveUi(item, context, `${path}/${index}`));
  if (!isRecord(ui)) return ui;
  const value = resolveValue(ui, context, path);
  if (value === DROP || !isRecord(value)) return value === DROP ? undefined : value;
  const result: Json = {};
  for (const [key, child] of Object.entries(value)) {
    const resolved = resolveUi(child, context, `${path}/${key}`);
    if (resolved !== undefined) result[key] = resolved;
  }
  return result;
}

/** A schema node and its uiSchema node, resolved together (a field left out leaves both). */
function resolveNode(schema: Json, ui: Json, context: Context, path: string): { schema: Json; ui: Json } {
  const { properties, items, ...keywords } = schema;
  const resolved = resolveValue(keywords, context, path);
  const out: Json = isRecord(resolved) ? resolved : {};
  const uiOut: Json = {};
  for (const [key, value] of Object.entries(ui)) {
    if (!key.startsWith('ui:') && key !== 'items') continue;
    const resolvedUi = resolveUi(value, context, `${path}(ui)/${key}`);
    if (resolvedUi !== undefined) uiOut[key] = resolvedUi;
  }

  if (isRecord(properties)) {
    const kept: Json = {};
    const left: string[] = [];
    for (const [name, child] of Object.entries(properties)) {
      if (!isRecord(child)) {
        kept[name] = child;
        continue;
      }
      const { $onlyFor, ...childSchema } = child;
      if (!appliesTo($onlyFor, context.form, `${context.where}${path}/properties/${name}`)) {
        left.push(name);
        continue;
      }
      const node = resolveNode(
        childSchema,
        isRecord(ui[name]) ? ui[name] : {},
        context,
        `${path}/properties/${name}`,
      );
      kept[name] = node.schema;
      if (Object.keys(node.ui).length > 0 || name in ui) uiOut[name] = node.ui;
    }
    out.properties = kept;
    if (Array.isArray(out.required))
      out.required = out.required.filter((name) => !left.includes(String(name)));
    // A field left out is required in no case either.
    if (Array.isArray(out.requiredWhen))
      out.requiredWhen = out.requiredWhen
        .map((rule) =>
          isRecord(rule) && Array.isArray(rule.required)
            ? { ...rule, required: rule.required.filter((name) => !left.includes(String(name))) }
            : rule,
        )
        .filter((rule) => !isRecord(rule) || !Array.isArray(rule.required) || rule.required.length > 0);
    if (Array.isArray(uiOut['ui:order']))
      uiOut['ui:order'] = uiOut['ui:order'].filter((name) => !left.includes(String(name)));
  }
  if (isRecord(items)) {
    const node = resolveNode(items, isRecord(ui.items) ? ui.items : {}, context, `${path}/items`);
    out.items = node.schema;
    if (Object.keys(node.ui).length > 0 || 'items' in ui) uiOut.items = node.ui;
  } else if (items !== undefined) out.items = items;
  return { schema: out, ui: uiOut };
}

/**
 * The step as `form` has it. `lists` holds the data lists `$list` may name. Throws a
 * StepResolutionError naming the place when the file names an unknown parameter or list.
 */
export function resolveStepForForm(
  step: StepFileJson,
  form: LegalForm,
  lists: Record<string, readonly unknown[]> = {},
  where = '',
): StepFileJson {
  const context: Context = { params: parameterValues(form), form, lists, where };
  const { schema, ui } = resolveNode(step.schema, step.uiSchema ?? {}, context, '');
  // The law's required fields for this form, where this step declares them.
  const requiredByLaw = form.parameters.requiredFields?.value;
  if (Array.isArray(requiredByLaw) && isRecord(schema.properties)) {
    const required = Array.isArray(schema.required) ? [...(schema.required as string[])] : [];
    for (const field of requiredByLaw)
      if (typeof field === 'string' && field in schema.properties && !required.includes(field))
        required.push(field);
    schema.required = required;
  }
  const title = fillKey(step.title, context, '/title');
  const description =
    step.description === undefined ? undefined : fillKey(step.description, context, '/description');
  return { ...step, title, ...(description === undefined ? {} : { description }), schema, uiSchema: ui };
}

/** The top-level fields a resolved step declares. */
export function declaredFieldsOf(step: StepFileJson): string[] {
  return isRecord(step.schema.properties) ? Object.keys(step.schema.properties) : [];
}
