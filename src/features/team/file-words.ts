import type { StepDefinition } from '@/forms/form-definition';
import { legalForms } from '@/forms/generated/wizard-steps';
import { personName, personsById } from '@/shared/company-persons';
import { actCapacity, companyWithForm } from '@/shared/act-words';
import { legalFormOfFile, type LegalForm } from '@/shared/jurisdictions';
import type { FileAct, FileActKind } from './team-api';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export type FileData = Record<string, unknown>;

/** The legal form the file's answers chose (`FR-SAS`), or undefined before one is chosen. */
export function legalFormOf(data: FileData): LegalForm | undefined {
  return legalFormOfFile(legalForms, data);
}

/** The company as the acts name it: its name and its form ("Atelier Lumière SAS"). */
export function companyLabel(data: FileData): string {
  return companyWithForm(data);
}

export function nameOf(data: FileData, personId: string): string {
  const person = personsById(data).get(personId);
  return person ? personName(person) : '';
}

/** The capacity words an act names (`cofounders:capacity.<key>`): the manager's title of the form, or associate. */
export function capacityKey(data: FileData, personId: string, act: FileActKind): string {
  return actCapacity(legalForms, data, personId, act);
}

/**
 * The label of a changed field (`/persons/1/address`, `/shareCapital`), from the step that holds it:
 * its `ui:title` translation key, walked down the uiSchema without the list positions. Null when no
 * step names it.
 */
export function changedFieldTitle(steps: readonly StepDefinition[], path: string): string | null {
  const names = path.split('/').filter((segment) => segment !== '' && !/^\d+$/.test(segment));
  const [top, ...rest] = names;
  if (!top) return null;
  const step = steps.find((candidate) => top in (candidate.form.schema.properties ?? {}));
  if (!step) return null;
  let node: unknown = step.form.uiSchema[top];
  for (const name of rest) {
    if (!isRecord(node)) return null;
    node = isRecord(node.items) ? node.items[name] : node[name];
  }
  const title = isRecord(node) ? node['ui:title'] : undefined;
  return typeof title === 'string' ? title : null;
}

/** The acts one person owes, in the order the file asks them (appointment, statement, approval). */
export function actsOf(acts: readonly FileAct[], personId: string): FileAct[] {
  const order: FileActKind[] = ['acceptAppointment', 'honourStatement', 'approveFile'];
  return acts
    .filter((act) => act.personId === personId)
    .sort((a, b) => order.indexOf(a.act) - order.indexOf(b.act));
}
