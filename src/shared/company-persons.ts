/**
 * The persons of a company file (schemas/wizard/people.json): everyone the file names, once. Roles
 * (an associate, a manager, a company's representative or owner) hold a person's `id`. Read by the
 * wizard (lists of persons to choose from, the review), the server and the documents.
 */
export type PersonKind = 'natural' | 'legal';

export interface PersonRecord {
  id?: unknown;
  kind?: unknown;
  [field: string]: unknown;
}

const isRecord = (value: unknown): value is PersonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The persons of a file's values (an empty list when there are none). */
export function personsOf(values: unknown): PersonRecord[] {
  const persons = isRecord(values) ? values.persons : undefined;
  return Array.isArray(persons) ? persons.filter(isRecord) : [];
}

export function kindOf(person: PersonRecord): PersonKind {
  return person.kind === 'legal' ? 'legal' : 'natural';
}

/**
 * How a person is named in lists and sentences: first names then birth name ("Camille Dupont"), the
 * usage name after it when there is one; a company by its name. Empty while nothing is typed.
 */
export function personName(person: PersonRecord): string {
  if (kindOf(person) === 'legal') return text(person.name);
  const usage = text(person.usageName);
  const name = [text(person.firstNames), text(person.lastName)].filter(Boolean).join(' ');
  return usage && usage !== text(person.lastName) ? `${name} (${usage})`.trim() : name;
}

/** The persons by id. */
export function personsById(values: unknown): Map<string, PersonRecord> {
  const byId = new Map<string, PersonRecord>();
  for (const person of personsOf(values))
    if (typeof person.id === 'string' && !byId.has(person.id)) byId.set(person.id, person);
  return byId;
}

/** An id as the schema takes it (people.json: p1, p2, …; no p0, no p01). */
const PERSON_ID = /^p([1-9]\d*)$/;

/**
 * The next free id of a list of persons: p1, p2, …, past every id the list holds and every id in
 * `taken` (the ids the roles still point to): a person removed while a manager still names them
 * leaves the manager pointing to no one, never to the next person added.
 */
export function nextPersonId(persons: readonly PersonRecord[], taken: Iterable<string> = []): string {
  let highest = 0;
  const ids = [...persons.map((person) => person.id), ...taken];
  for (const id of ids) {
    const match = typeof id === 'string' ? PERSON_ID.exec(id) : null;
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `p${highest + 1}`;
}

/** The ids the file's roles point to: managers, associates, companies' representatives and owners. */
export function referencedPersonIds(values: unknown): Set<string> {
  const ids = new Set<string>();
  const add = (role: unknown, field: string) => {
    const id = isRecord(role) ? role[field] : undefined;
    if (typeof id === 'string') ids.add(id);
  };
  const list = (value: unknown) => (Array.isArray(value) ? value : []);
  if (!isRecord(values)) return ids;
  for (const role of [...list(values.managers), ...list(values.subscribers)]) add(role, 'personId');
  for (const person of personsOf(values)) {
    add(person, 'representativeId');
    for (const owner of list(person.owners)) add(owner, 'personId');
  }
  return ids;
}

/**
 * The persons with an id each and a kind (a person just added has neither): the same array when
 * none lacked one. Ids given twice (a copy pasted by hand) are renumbered after the first. A new id
 * is never one of `taken` (referencedPersonIds).
 */
export function withPersonIds(persons: readonly unknown[], taken: Iterable<string> = []): unknown[] {
  const seen = new Set<string>();
  let changed = false;
  const result: unknown[] = [];
  const known = persons.filter(isRecord);
  const reserved = [...taken];
  for (const entry of persons) {
    if (!isRecord(entry)) {
      result.push(entry);
      continue;
    }
    let person = entry;
    if (typeof person.id !== 'string' || !PERSON_ID.test(person.id) || seen.has(person.id)) {
      const others = [...known, ...(result.filter(isRecord) as PersonRecord[])];
      person = { ...person, id: nextPersonId(others, reserved) };
      changed = true;
    }
    if (person.kind === undefined) {
      person = { ...person, kind: 'natural' };
      changed = true;
    }
    seen.add(person.id as string);
    result.push(person);
  }
  return changed ? result : (persons as unknown[]);
}

/** A choice in a list of persons: its id, its name, its kind. */
export interface PersonChoice {
  value: string;
  label: string;
  kind: PersonKind;
  /** Its position in the file, from 1: names a person not yet named ("Person 2"). */
  number: number;
}

export function personChoices(values: unknown): PersonChoice[] {
  return personsOf(values)
    .map((person, index) => ({ person, index }))
    .filter(({ person }) => typeof person.id === 'string')
    .map(({ person, index }) => ({
      value: person.id as string,
      label: personName(person),
      kind: kindOf(person),
      number: index + 1,
    }));
}
