import type { StepDefinition } from '@/forms/form-definition';
import type { components } from '@/lib/api/schema';
import type { FileData } from './draft-merge';
import type { CompanyFile } from './draft-sync';

/** The founder's account, as the API gives it (GET /api/user/info). */
export type FounderAccount = components['schemas']['UserInfo'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const hasValue = (value: unknown) =>
  value !== undefined && value !== null && (typeof value !== 'string' || value.trim() !== '');

/** The account's details a uiSchema node takes (`ui:options.fromAccount`), joined by a space. */
function detailsText(ui: unknown, details: Record<string, unknown>): string {
  const options = isRecord(ui) ? ui['ui:options'] : undefined;
  const names = isRecord(options) ? options.fromAccount : undefined;
  if (!Array.isArray(names)) return '';
  return names
    .map((name) => details[String(name)])
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    .map((value) => value.trim())
    .join(' ');
}

/**
 * What the founder's account says of the file's fields: a step's field names the account's details it
 * takes in `ui:options.fromAccount` (`["firstname", "lastname"]`: joined by a space), so that staff
 * choose them in the step files. A list's element fields may name them too: they fill the list's
 * first element (the founder is the first person of the file). A detail the account lacks (no birth
 * date) gives nothing.
 */
export function accountValues(steps: readonly StepDefinition[], account: FounderAccount): FileData {
  const values: FileData = {};
  const details = account as unknown as Record<string, unknown>;
  for (const step of steps) {
    for (const [field, ui] of Object.entries(step.form.uiSchema)) {
      const text = detailsText(ui, details);
      if (text !== '') values[field] = text;
      const items = isRecord(ui) ? ui.items : undefined;
      if (!isRecord(items)) continue;
      const first: FileData = {};
      for (const [itemField, itemUi] of Object.entries(items)) {
        const itemText = detailsText(itemUi, details);
        if (itemText !== '') first[itemField] = itemText;
      }
      if (Object.keys(first).length > 0) values[field] = [first];
    }
  }
  return values;
}

/**
 * A draft the founder has not started: the server has never stored it and nothing is typed (on this
 * device either). Only such a draft is pre-filled from the account; one that has any value is the
 * founder's own, even if they emptied the name since.
 */
export function isNewEmptyDraft(file: Pick<CompanyFile, 'status'> | null, data: FileData): boolean {
  return file?.status === 'new' && !Object.values(data).some(hasValue);
}

/**
 * `data` with the account's values in the fields still empty (the same object when none is); a list's
 * values go into the empty fields of its first element.
 */
export function withAccountValues(data: FileData, values: FileData): FileData {
  let next = data;
  for (const [field, value] of Object.entries(values)) {
    if (Array.isArray(value)) {
      const given = isRecord(value[0]) ? value[0] : {};
      const list = Array.isArray(next[field]) ? (next[field] as unknown[]) : [];
      const first = isRecord(list[0]) ? list[0] : {};
      const missing = Object.entries(given).filter(([name]) => !hasValue(first[name]));
      if (missing.length > 0)
        next = { ...next, [field]: [{ ...first, ...Object.fromEntries(missing) }, ...list.slice(1)] };
    } else if (!hasValue(next[field])) next = { ...next, [field]: value };
  }
  return next;
}
