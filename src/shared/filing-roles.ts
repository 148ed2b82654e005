/**
 * Who does what in filing the registration, from the answers: the person who files when a power of
 * attorney is needed. The documents (server/services/documents/) and the wizard's review read it here.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The person who files the registration, when a power of attorney is needed: a natural person of the
 * file named by `filerId` who is not a legal representative (a manager or a SAS's directeur général,
 * C. com. L. 227-6), else null. The documents print that person; the review names their role.
 */
export function filerNeedingMandate(data: Record<string, unknown>): string | null {
  const filerId = typeof data.filerId === 'string' ? data.filerId : '';
  if (filerId === '') return null;
  const persons = Array.isArray(data.persons) ? data.persons.filter(isRecord) : [];
  const filer = persons.find((person) => person.id === filerId);
  if (!filer || (filer.kind !== undefined && filer.kind !== 'natural')) return null;
  const managers = Array.isArray(data.managers) ? data.managers.filter(isRecord) : [];
  if (managers.some((manager) => manager.personId === filerId)) return null;
  if (data.directorGeneralId === filerId) return null;
  return filerId;
}
