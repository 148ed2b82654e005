/**
 * Who a company file's answers name, and in what capacity: the people the founder may invite (a
 * natural person other than the founder who is an associate, a company associate's representative,
 * a manager, the directeur général or the person who files with a power of attorney) and the acts the file asks of each (issue 35): every manager
 * and the directeur général accept their appointment and make their honour statement, every
 * associate approves the file (a company associate through its representative). The founder (p1)
 * gives their own acts too.
 */
import { personName as sharedPersonName } from '../../../src/shared/company-persons';
import { filerNeedingMandate } from '../../../src/shared/filing-roles';
import type { FileData } from './file-digest';
import { FOUNDER_PERSON_ID } from './file-access';

export const MEMBER_ROLES = ['associate', 'representative', 'manager', 'directorGeneral', 'filer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const ACT_KINDS = ['acceptAppointment', 'honourStatement', 'approveFile'] as const;
export type ActKind = (typeof ACT_KINDS)[number];

export type Person = Record<string, unknown> & { id: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The file's persons (the People step), those with an id. */
export function personsOf(data: FileData): Person[] {
  const list = Array.isArray(data.persons) ? data.persons : [];
  return list.filter((person): person is Person => isRecord(person) && typeof person.id === 'string');
}

export function personOf(data: FileData, personId: string): Person | undefined {
  return personsOf(data).find((person) => person.id === personId);
}

/** A person's name as the file and the documents give it (src/shared/company-persons.ts), else `fallback`. */
export function personName(person: Record<string, unknown> | undefined, fallback = ''): string {
  return (person && sharedPersonName(person)) || fallback;
}

const idsOf = (list: unknown, key: string): string[] =>
  (Array.isArray(list) ? list : [])
    .filter(isRecord)
    .map((item) => item[key])
    .filter((id): id is string => typeof id === 'string');

/** Each natural person's roles in the file, in the order of the persons. */
export function rolesOf(data: FileData): Map<string, MemberRole[]> {
  const persons = new Map(personsOf(data).map((person) => [person.id, person]));
  const roles = new Map<string, MemberRole[]>();
  const add = (personId: string | undefined, role: MemberRole) => {
    const person = personId ? persons.get(personId) : undefined;
    if (!person || person.kind !== 'natural') return;
    const list = roles.get(person.id) ?? [];
    if (!list.includes(role)) list.push(role);
    roles.set(person.id, list);
  };
  for (const id of idsOf(data.subscribers, 'personId')) {
    const subscriber = persons.get(id);
    if (subscriber?.kind === 'legal')
      add(
        typeof subscriber.representativeId === 'string' ? subscriber.representativeId : undefined,
        'representative',
      );
    else add(id, 'associate');
  }
  for (const id of idsOf(data.managers, 'personId')) add(id, 'manager');
  if (typeof data.directorGeneralId === 'string') add(data.directorGeneralId, 'directorGeneral');
  // Who files with a power of attorney signs it to accept it (fr/pouvoir, ro/imputernicire).
  const filer = filerNeedingMandate(data);
  if (filer) add(filer, 'filer');
  const ordered = new Map<string, MemberRole[]>();
  for (const person of persons.values()) {
    const list = roles.get(person.id);
    if (list)
      ordered.set(
        person.id,
        [...list].sort((a, b) => MEMBER_ROLES.indexOf(a) - MEMBER_ROLES.indexOf(b)),
      );
  }
  return ordered;
}

/** The persons the founder may invite: every natural person with a role, the founder aside. */
export function invitablePersons(data: FileData): { person: Person; roles: MemberRole[] }[] {
  const roles = rolesOf(data);
  return personsOf(data)
    .filter((person) => person.id !== FOUNDER_PERSON_ID && roles.has(person.id))
    .map((person) => ({ person, roles: roles.get(person.id) ?? [] }));
}

export interface CalledAct {
  personId: string;
  act: ActKind;
  /** The capacity the act is given in (the role its words name). */
  role: MemberRole;
}

/** The acts the answers ask of each person, in the order of the persons, then of ACT_KINDS. */
export function actsCalledFor(data: FileData): CalledAct[] {
  const acts: CalledAct[] = [];
  for (const [personId, roles] of rolesOf(data)) {
    const managing = roles.find((role) => role === 'manager' || role === 'directorGeneral');
    if (managing) {
      acts.push({ personId, act: 'acceptAppointment', role: managing });
      acts.push({ personId, act: 'honourStatement', role: managing });
    }
    const owning = roles.find((role) => role === 'associate' || role === 'representative');
    if (owning) acts.push({ personId, act: 'approveFile', role: owning });
  }
  return acts;
}

export function jurisdictionOf(data: FileData): 'FR' | 'RO' | null {
  return data.jurisdiction === 'FR' || data.jurisdiction === 'RO' ? data.jurisdiction : null;
}
