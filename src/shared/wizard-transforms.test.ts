import { describe, expect, it } from 'vitest';
import { versionTwoCompanyFile } from '../../tests/fixtures/company-file';
import {
  knownFields,
  loadLegalFormSteps,
  wizardMigrations,
  wizardVersion,
} from '@/forms/generated/wizard-steps';
import { personName, personsOf } from './company-persons';
import { nameKey } from './name-key';
import { migrateFile } from './wizard-migrations';
import { TRANSFORMS } from './wizard-transforms';

type Data = Record<string, unknown>;

const transform = TRANSFORMS.persons;
if (!transform) throw new Error('no "persons" transform');

/** The version 2 file through the `persons` transform: the file in place, and what it set aside. */
function run(file: Data): { data: Data; setAside: Data } {
  const data = structuredClone(file);
  const setAside: Data = {};
  transform?.(data, (place, value) => {
    setAside[place] = value;
  });
  return { data, setAside };
}

/**
 * A version 2 SARL as founders typed them: the founder is also the first gérant and an associate
 * under another capitalisation, with a shorter place of birth and address there; a company is an
 * associate; the second gérant is said to be an associate, but no associate has his name.
 */
function richVersionTwoFile(): Data {
  return {
    jurisdiction: 'FR',
    legalForm: 'SARL',
    currency: 'EUR',
    fullName: 'Camille Dupont',
    dateOfBirth: '1990-05-17',
    placeOfBirth: 'Lyon, France',
    nationality: 'FR',
    address: '12 rue de la Paix, 75002 Paris, France',
    fatherName: 'Jean Dupont',
    motherName: 'Marie Dupont née Martin',
    companyName: 'Boulangerie Dupont',
    corporatePurpose: 'Bakery and pastry, production and retail.',
    durationYears: 99,
    registeredOffice: '12 rue de la Paix, 75002 Paris, France',
    shareCapital: 1000,
    numberOfShares: 100,
    managers: [
      {
        name: 'camille  dupont',
        isAssociate: true,
        dateOfBirth: '1990-05-17',
        placeOfBirth: 'Lyon',
        nationality: 'FR',
        address: '12 rue de la Paix, 75002 Paris, France',
        fatherName: 'Jean Dupont',
        motherName: 'Marie Dupont née Martin',
      },
      {
        name: 'Paul Bernard',
        isAssociate: true,
        dateOfBirth: '1980-01-02',
        placeOfBirth: 'Nantes, France',
        nationality: 'BE',
        address: '5 quai de la Fosse, 44000 Nantes',
        fatherName: 'Luc Bernard',
        motherName: 'Anne Bernard née Leroy',
      },
    ],
    nonConvictionStatement: true,
    placeOfSignature: 'Paris',
    dateOfSignature: '2026-01-15',
    subscribers: [
      {
        name: 'CAMILLE DUPONT',
        address: '12 rue de la Paix, Paris',
        shares: 60,
        subscription: 600,
        paidAmount: 300,
      },
      {
        name: 'Holding Martin SAS',
        address: '3 place Bellecour, 69002 Lyon',
        shares: 30,
        subscription: 300,
        paidAmount: 60,
      },
      {
        name: 'Élodie Martin',
        address: '8 rue Victor Hugo, 69002 Lyon',
        shares: 10,
        subscription: 100,
        paidAmount: 100,
      },
    ],
  };
}

/** Every string, number and boolean a value holds, with the names of the fields holding them. */
function leaves(value: unknown, name = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item) => leaves(item, name));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => leaves(item, key));
  return value === undefined || value === null ? [] : [[name, value]];
}

describe('the persons transform (version 2 → 3)', () => {
  it('opens a rich version 2 draft with every value in its new place', () => {
    const { data, setAside } = run(richVersionTwoFile());

    expect(data.persons).toEqual([
      {
        id: 'p1',
        kind: 'natural',
        firstNames: 'Camille',
        lastName: 'Dupont',
        dateOfBirth: '1990-05-17',
        placeOfBirth: 'Lyon, France',
        nationality: 'FR',
        address: '12 rue de la Paix, 75002 Paris, France',
        fatherName: 'Jean Dupont',
        motherName: 'Marie Dupont née Martin',
      },
      {
        id: 'p2',
        kind: 'natural',
        firstNames: 'Paul',
        lastName: 'Bernard',
        dateOfBirth: '1980-01-02',
        placeOfBirth: 'Nantes, France',
        nationality: 'BE',
        address: '5 quai de la Fosse, 44000 Nantes',
        fatherName: 'Luc Bernard',
        motherName: 'Anne Bernard née Leroy',
      },
      {
        id: 'p3',
        kind: 'legal',
        name: 'Holding Martin SAS',
        legalForm: 'SAS',
        registeredOffice: '3 place Bellecour, 69002 Lyon',
      },
      {
        id: 'p4',
        kind: 'natural',
        firstNames: 'Élodie',
        lastName: 'Martin',
        address: '8 rue Victor Hugo, 69002 Lyon',
      },
    ]);
    // One person, many roles: the founder is the first gérant and the first associate.
    expect(data.managers).toEqual([{ personId: 'p1' }, { personId: 'p2' }]);
    expect(data.subscribers).toEqual([
      { personId: 'p1', shares: 60, subscription: 600, paidAmount: 300 },
      { personId: 'p3', shares: 30, subscription: 300, paidAmount: 60 },
      { personId: 'p4', shares: 10, subscription: 100, paidAmount: 100 },
    ]);
    // What two places said differently, and what no longer has a place, is kept where the founder sees it.
    expect(setAside).toEqual({
      'managers.0.placeOfBirth': 'Lyon',
      'managers.1.isAssociate': true,
      'subscribers.0.address': '12 rue de la Paix, Paris',
    });
    // The founder's fields of version 2 are gone from the top of the file; the rest stays as it was.
    const old = richVersionTwoFile();
    for (const field of [
      'fullName',
      'dateOfBirth',
      'placeOfBirth',
      'nationality',
      'address',
      'fatherName',
      'motherName',
    ])
      expect(data, field).not.toHaveProperty(field);
    for (const field of [
      'companyName',
      'shareCapital',
      'numberOfShares',
      'registeredOffice',
      'dateOfSignature',
    ])
      expect(data[field], field).toEqual(old[field]);
  });

  it('loses nothing: each value typed is in the file or set aside, each name is a person', () => {
    const old = richVersionTwoFile();
    const { data, setAside } = run(old);
    const kept = [...leaves(data), ...leaves(setAside)].map(([, value]) => JSON.stringify(value));
    const names = new Set(personsOf(data).map((person) => nameKey(personName(person))));

    for (const [field, value] of leaves(old)) {
      if (field === 'fullName' || field === 'name')
        expect(names, String(value)).toContain(nameKey(String(value)));
      // Whether a manager is an associate is a fact of the file now (he is one of its associates).
      else if (field !== 'isAssociate')
        expect(kept, `${field}: ${String(value)}`).toContain(JSON.stringify(value));
    }
  });

  it('opens the version 2 fixture, a SAS whose president is its founder and first associate', () => {
    const { data, setAside } = run(versionTwoCompanyFile());

    expect(setAside).toEqual({});
    expect(personsOf(data).map((person) => [person.id, person.kind, personName(person)])).toEqual([
      ['p1', 'natural', 'Camille Dupont'],
      ['p2', 'legal', 'Holding Martin SAS'],
    ]);
    expect(data.managers).toEqual([{ personId: 'p1' }]);
    expect((data.subscribers as Data[]).map((subscriber) => subscriber.personId)).toEqual(['p1', 'p2']);
  });

  it('gives every role a person the version 3 steps find', async () => {
    const migrated = migrateFile(
      richVersionTwoFile(),
      2,
      wizardVersion,
      wizardMigrations,
      new Set(knownFields),
    );
    if (!migrated.ok) throw new Error(`the migration failed: ${migrated.reason}`);
    const steps = (await loadLegalFormSteps['FR-SARL']?.()) ?? [];
    const references = steps.flatMap((step) =>
      step.form.validator
        .validateFormData(migrated.data, step.form.schema)
        .errors.filter((error) =>
          ['personRef', 'uniqueBy', 'timesNominal', 'wholeCentsPer'].includes(error.name ?? ''),
        )
        .map((error) => `${step.id} ${error.name} ${error.property}`),
    );
    expect(steps.map((step) => step.id)).toContain('people');
    expect(references).toEqual([]);
  });

  it('keeps the founder and the managers natural persons, whatever their names end with', () => {
    const { data } = run({
      fullName: 'Andrei Sas',
      managers: [{ name: 'Maria SA', dateOfBirth: '1970-01-01' }],
      subscribers: [
        { name: 'ANDREI SAS', address: 'Cluj-Napoca', shares: 1 },
        { name: 'Ion Sas', address: 'Cluj-Napoca', shares: 1 },
      ],
    });

    expect(personsOf(data).map((person) => [person.kind, personName(person)])).toEqual([
      ['natural', 'Andrei Sas'],
      ['natural', 'Maria SA'],
      ['natural', 'Ion Sas'],
    ]);
    expect((data.subscribers as Data[]).map((subscriber) => subscriber.personId)).toEqual(['p1', 'p3']);
  });

  it('reads an associate whose name ends with a legal form, as written, as a company', () => {
    const { data, setAside } = run({
      subscribers: [
        { name: 'Acme GmbH', address: 'Berlin' },
        { name: 'Brutăria Dumitrescu S.R.L.', address: 'Cluj-Napoca' },
        { name: 'Acme GmbH', address: 'Berlin, Germany' },
      ],
    });

    expect(data.persons).toEqual([
      { id: 'p1', kind: 'legal', name: 'Acme GmbH', legalForm: 'GmbH', registeredOffice: 'Berlin' },
      {
        id: 'p2',
        kind: 'legal',
        name: 'Brutăria Dumitrescu S.R.L.',
        legalForm: 'S.R.L.',
        registeredOffice: 'Cluj-Napoca',
      },
    ]);
    // Two lines of one associate point to one company: the subscribers step asks to merge them.
    expect((data.subscribers as Data[]).map((subscriber) => subscriber.personId)).toEqual(['p1', 'p2', 'p1']);
    expect(setAside).toEqual({ 'subscribers.2.address': 'Berlin, Germany' });
  });

  it("keeps a manager bearing a company's name a person, and the associate of that name is him", () => {
    // A version 2 manager was asked a date of birth and parents' names: a natural person.
    const { data, setAside } = run({
      managers: [{ name: 'Holding Martin SAS', dateOfBirth: '1980-01-02' }],
      subscribers: [{ name: 'Holding Martin SAS', address: 'Lyon', shares: 1 }],
    });
    expect(data.persons).toEqual([
      {
        id: 'p1',
        kind: 'natural',
        firstNames: 'Holding Martin',
        lastName: 'SAS',
        dateOfBirth: '1980-01-02',
        address: 'Lyon',
      },
    ]);
    expect(data.subscribers).toEqual([{ personId: 'p1', shares: 1 }]);
    expect(setAside).toEqual({});
  });

  it('makes a person of a nameless manager or associate with details, and of nothing else', () => {
    const { data, setAside } = run({
      managers: [{}, { isAssociate: false }, { address: 'Lyon' }, { address: 'Nantes' }],
      subscribers: [{ shares: 10 }, { address: 'Paris', shares: 5 }],
    });

    expect(data.persons).toEqual([
      { id: 'p1', kind: 'natural', address: 'Lyon' },
      { id: 'p2', kind: 'natural', address: 'Nantes' },
      { id: 'p3', kind: 'natural', address: 'Paris' },
    ]);
    expect(data.managers).toEqual([{}, {}, { personId: 'p1' }, { personId: 'p2' }]);
    expect(data.subscribers).toEqual([{ shares: 10 }, { personId: 'p3', shares: 5 }]);
    expect(setAside).toEqual({});
  });

  it('adds no persons to a file that names no one', () => {
    const { data } = run({ jurisdiction: 'RO', legalForm: 'SRL', companyName: 'X' });
    expect(data).toEqual({ jurisdiction: 'RO', legalForm: 'SRL', companyName: 'X' });
  });

  it('splits a full name on its last word, and keeps a single word as the birth name', () => {
    const { data } = run({
      fullName: 'Jean-Pierre  Marie   Dupont',
      managers: [{ name: 'Madonna', address: 'x' }],
    });
    expect(personsOf(data).map((person) => [person.firstNames, person.lastName])).toEqual([
      ['Jean-Pierre Marie', 'Dupont'],
      [undefined, 'Madonna'],
    ]);
  });
});
