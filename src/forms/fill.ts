import type { FormValues } from './form-definition';

/**
 * A list's shortcut that copies the user's own details into one of its elements ("It's me" on the
 * wizard's associates, "I am the president" on its managers). The list's uiSchema says which fields
 * of an element take which of the user's details: `ui:options.fillFrom` maps an element's field to
 * the name of a detail (`{"name": "fullName", "address": "address"}`), and `ui:fillLabel` names the
 * button. The details are the form's own values (the wizard's file holds the founder's personal
 * information), else the page's `fillSource` (the founder's account).
 */
export type FillMapping = Record<string, string>;

/** What a list's template needs from the form to offer the shortcut (RJSF's formContext carries it). */
export interface FillContext {
  /** The user's details, by name: what the shortcut copies. */
  source: FormValues;
  /** Puts `item` at `index` of the list at `path` (appended when `index` is the list's length). */
  apply: (path: readonly (string | number)[], index: number, item: FormValues) => void;
}

/** The key of the FillContext in RJSF's formContext. */
export const FILL_CONTEXT_KEY = 'fill';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value the user gave (an empty text or an absent value is none). */
export function hasValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  return true;
}

/** `ui:options.fillFrom` when it is a mapping of field names to detail names, else null. */
export function fillMappingOf(option: unknown): FillMapping | null {
  if (!isRecord(option)) return null;
  const entries = Object.entries(option).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/** The details a form's lists may copy: every name their `ui:options.fillFrom` mappings give. */
export function fillDetailsOf(uiSchema: unknown): string[] {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (!isRecord(node)) return;
    const options = node['ui:options'];
    const mapping = isRecord(options) ? fillMappingOf(options.fillFrom) : null;
    for (const detail of Object.values(mapping ?? {})) found.add(detail);
    for (const [key, child] of Object.entries(node)) if (key !== 'ui:options') visit(child);
  };
  visit(uiSchema);
  return [...found];
}

/**
 * The details to copy, by name (only `names`, so that typing elsewhere leaves them alone): the form's
 * values where given, else the page's source.
 */
export function fillSourceOf(
  names: readonly string[],
  formValues: FormValues,
  pageSource: FormValues | undefined,
): FormValues {
  const source: FormValues = {};
  for (const name of names) {
    if (hasValue(formValues[name])) source[name] = formValues[name];
    else if (hasValue(pageSource?.[name])) source[name] = pageSource?.[name];
  }
  return source;
}

/** Where the shortcut writes and what: the element's position and its values once filled. */
export interface FillPlan {
  index: number;
  item: FormValues;
  /** The fields it copies, in the mapping's order (the first one gets the focus). */
  fields: string[];
}

/**
 * What the shortcut would do to `list`, or null when it has nothing to do: no detail to copy, an
 * element already holding them all, or no empty element and no room for another. It fills the first
 * element where none of the mapped fields has a value (never overwriting what was typed), else adds
 * one when `canAdd`. Only fields an element declares (`itemFields`) are copied: a French-only field
 * is left out of a Romanian file.
 */
export function planFill(
  list: unknown,
  itemFields: readonly string[],
  mapping: FillMapping,
  source: FormValues,
  canAdd: boolean,
): FillPlan | null {
  const copied: FormValues = {};
  for (const [field, detail] of Object.entries(mapping))
    if (itemFields.includes(field) && hasValue(source[detail])) copied[field] = source[detail];
  const fields = Object.keys(copied);
  if (fields.length === 0) return null;
  const items = Array.isArray(list) ? list : [];
  const holdsAll = (item: unknown) =>
    isRecord(item) && fields.every((field) => JSON.stringify(item[field]) === JSON.stringify(copied[field]));
  if (items.some(holdsAll)) return null;
  const mapped = Object.keys(mapping).filter((field) => itemFields.includes(field));
  const empty = items.findIndex((item) => !isRecord(item) || mapped.every((field) => !hasValue(item[field])));
  if (empty >= 0) {
    const current = items[empty];
    return { index: empty, item: { ...(isRecord(current) ? current : {}), ...copied }, fields };
  }
  return canAdd ? { index: items.length, item: copied, fields } : null;
}

/** `values` with `item` at `index` of the list at `path` (the other values untouched). */
export function withListItem(
  values: FormValues,
  path: readonly (string | number)[],
  index: number,
  item: FormValues,
): FormValues {
  const [head, ...rest] = path;
  if (head === undefined) return values;
  const key = String(head);
  if (rest.length > 0) {
    const child = values[key];
    return { ...values, [key]: withListItem(isRecord(child) ? child : {}, rest, index, item) };
  }
  const list = Array.isArray(values[key]) ? [...(values[key] as unknown[])] : [];
  list[index] = item;
  return { ...values, [key]: list };
}
