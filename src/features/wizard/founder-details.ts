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

/**
 * What the founder's account says of the file's fields: a step's field names the account's details it
 * takes in `ui:options.fromAccount` (`["firstname", "lastname"]`: joined by a space), so that staff
 * choose them in the step files. A detail the account lacks (no birth date) gives nothing.
 */
export function accountValues(steps: readonly StepDefinition[], account: FounderAccount): FileData {
  const values: FileData = {};
  const details = account as unknown as Record<string, unknown>;
  for (const step of steps) {
    for (const [field, ui] of Object.entries(step.form.uiSchema)) {
      const options = isRecord(ui) ? ui['ui:options'] : undefined;
      const names = isRecord(options) ? options.fromAccount : undefined;
      if (!Array.isArray(names)) continue;
      const text = names
        .map((name) => details[String(name)])
        .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
        .map((value) => value.trim())
        .join(' ');
      if (text !== '') values[field] = text;
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

/** `data` with the account's values in the fields still empty (the same object when none is). */
export function withAccountValues(data: FileData, values: FileData): FileData {
  const missing = Object.entries(values).filter(([field]) => !hasValue(data[field]));
  return missing.length > 0 ? { ...data, ...Object.fromEntries(missing) } : data;
}
