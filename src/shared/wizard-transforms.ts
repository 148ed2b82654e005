/**
 * Migrations that moving answers from one place to another cannot say (wizard-migrations.ts runs
 * them by the name `transform` gives in schemas/wizard/migrations.json).
 *
 * `persons` (version 2 → 3): the founder's details, each manager and each subscriber become one list
 * of persons, and the roles point to them. A person named in several places (the founder who is also
 * président and associate) becomes one person: names are matched as the documents matched them
 * (case and accents aside). A detail two places give differently keeps the first and sets the other
 * aside, where the founder sees it.
 */
import { nameKey } from './name-key.ts';

type Data = Record<string, unknown>;
export type Transform = (data: Data, setAside: (place: string, value: unknown) => void) => void;

const isRecord = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const hasValue = (value: unknown) =>
  value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

/**
 * The legal forms a version 2 subscriber's name could end with: such a subscriber was a company. As
 * companies write them (capitals, or GmbH, Ltd, Inc.): "Andrei Sas" and "Maria Sa" are people.
 */
const COMPANY_SUFFIX =
  /\s+(S\.?A\.?S\.?U?|S\.?A\.?R\.?L\.?|E\.?U\.?R\.?L\.?|S\.?R\.?L\.?|S\.?A\.?|S\.?C\.?I\.?|S\.?N\.?C\.?|GmbH|GMBH|Ltd\.?|LTD\.?|LLC|Inc\.?|INC\.?|B\.?V\.?|AG|S\.?p\.?A\.?|S\.?P\.?A\.?|S\.?L\.?)$/;

/**
 * "Camille Marie Dupont" → first names "Camille Marie", birth name "Dupont": the founder checks it. A
 * part not given is left out (an empty string would fail the field's pattern as well as `required`).
 */
function splitName(full: string): { firstNames?: string; lastName?: string } {
  const words = full.split(/\s+/).filter(Boolean);
  if (words.length === 0) return {};
  if (words.length === 1) return { lastName: words[0] };
  return { firstNames: words.slice(0, -1).join(' '), lastName: words.at(-1) };
}

const PERSON_FIELDS = ['dateOfBirth', 'placeOfBirth', 'nationality', 'address', 'fatherName', 'motherName'];

const persons: Transform = (data, setAside) => {
  const list: Data[] = [];
  const byName = new Map<string, Data>();
  let nextId = 1;
  /**
   * The person of that name, created when new; `details` fill what it lacks. Only a subscriber may
   * be a company: the founder and the managers were asked a date of birth and parents' names.
   */
  const personFor = (name: string, details: Data, place: string, mayBeCompany = false): Data => {
    const key = nameKey(name);
    let person = key === '' ? undefined : byName.get(key);
    if (!person) {
      const company = mayBeCompany ? COMPANY_SUFFIX.exec(name) : null;
      person = company
        ? { id: `p${nextId}`, kind: 'legal', name, legalForm: company[1] ?? '' }
        : { id: `p${nextId}`, kind: 'natural', ...splitName(name) };
      nextId += 1;
      list.push(person);
      if (key !== '') byName.set(key, person);
    }
    for (const [field, value] of Object.entries(details)) {
      if (!hasValue(value)) continue;
      // A company keeps its address as its registered office.
      const target = person.kind === 'legal' && field === 'address' ? 'registeredOffice' : field;
      if (person.kind === 'legal' && target !== 'registeredOffice') setAside(`${place}.${field}`, value);
      else if (!hasValue(person[target])) person[target] = value;
      else if (JSON.stringify(person[target]) !== JSON.stringify(value)) setAside(`${place}.${field}`, value);
    }
    return person;
  };

  // The founder first: the account holder is the first person of the file.
  const founderName = text(data.fullName);
  const founderDetails = Object.fromEntries(PERSON_FIELDS.map((field) => [field, data[field]]));
  if (founderName !== '' || Object.values(founderDetails).some(hasValue))
    personFor(founderName, founderDetails, 'founder');
  for (const field of ['fullName', ...PERSON_FIELDS]) Reflect.deleteProperty(data, field);

  const associateNames = new Set(
    (Array.isArray(data.subscribers) ? data.subscribers : [])
      .filter(isRecord)
      .map((subscriber) => nameKey(text(subscriber.name))),
  );
  if (Array.isArray(data.managers)) {
    data.managers = data.managers.map((manager, index) => {
      if (!isRecord(manager)) return manager;
      const { name, isAssociate, ...details } = manager;
      const place = `managers.${index}`;
      // An associate is now whoever is one: a manager said to be one under no subscriber's name shows.
      if (isAssociate === true && !associateNames.has(nameKey(text(name))))
        setAside(`${place}.isAssociate`, isAssociate);
      if (!hasValue(name) && !Object.values(details).some(hasValue)) return {};
      const person = personFor(text(name), details, place);
      return { personId: person.id };
    });
  }
  if (Array.isArray(data.subscribers)) {
    data.subscribers = data.subscribers.map((subscriber, index) => {
      if (!isRecord(subscriber)) return subscriber;
      const { name, address, ...holding } = subscriber;
      if (!hasValue(name) && !hasValue(address)) return holding;
      const person = personFor(text(name), { address }, `subscribers.${index}`, true);
      return { personId: person.id, ...holding };
    });
  }
  if (list.length > 0) data.persons = list;
};

export const TRANSFORMS: Readonly<Record<string, Transform>> = { persons };
