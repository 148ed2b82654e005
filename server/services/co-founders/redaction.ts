/**
 * What a co-founder sees of the file: every other person's identity document, CNP and parents'
 * names removed (names, birth date and place, nationality and address stay: the statuts every
 * associate signs print them). Their own record is whole. What the founder set aside is never sent
 * (SharedFile has no place for it).
 */
import type { FileData } from './file-digest';

/** The fields of a person only that person (and the founder) may read. */
export const PRIVATE_PERSON_FIELDS = [
  'cnp',
  'idType',
  'idSeries',
  'idNumber',
  'idIssuedBy',
  'idIssuedOn',
  'fatherName',
  'motherName',
] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `data` as the person `ownPersonId` may read it. */
export function redactFor(data: FileData, ownPersonId: string): FileData {
  if (!Array.isArray(data.persons)) return { ...data };
  return {
    ...data,
    persons: data.persons.map((person: unknown) => {
      if (!isRecord(person) || person.id === ownPersonId) return person;
      const hidden = new Set<string>(PRIVATE_PERSON_FIELDS);
      return Object.fromEntries(Object.entries(person).filter(([field]) => !hidden.has(field)));
    }),
  };
}
