import { describe, expect, it } from 'vitest';
import {
  kindOf,
  nextPersonId,
  personChoices,
  personName,
  personsById,
  personsOf,
  referencedPersonIds,
  withPersonIds,
} from './company-persons';

const camille = { id: 'p1', kind: 'natural', firstNames: 'Camille Marie', lastName: 'Dupont' };
const holding = { id: 'p2', kind: 'legal', name: 'Holding Martin SAS', legalForm: 'SAS' };

describe('personsOf', () => {
  it("is the file's persons, leaving out what is not a person", () => {
    expect(personsOf({ persons: [camille, null, 'p3', [], holding] })).toEqual([camille, holding]);
  });

  it('is empty for a file without persons, or not a file at all', () => {
    expect(personsOf({})).toEqual([]);
    expect(personsOf({ persons: 'Camille' })).toEqual([]);
    expect(personsOf(null)).toEqual([]);
    expect(personsOf([camille])).toEqual([]);
  });
});

describe('kindOf', () => {
  it('is legal only for a company: a person of no kind (or another) is natural', () => {
    expect(kindOf(holding)).toBe('legal');
    expect(kindOf(camille)).toBe('natural');
    expect(kindOf({ id: 'p3' })).toBe('natural');
    expect(kindOf({ kind: 'LEGAL' })).toBe('natural');
  });
});

describe('personName', () => {
  it('is the first names then the birth name of a natural person, trimmed', () => {
    expect(personName(camille)).toBe('Camille Marie Dupont');
    expect(personName({ firstNames: '  Ana ', lastName: ' Pop  ' })).toBe('Ana Pop');
  });

  it('adds the usage name after it when it differs from the birth name', () => {
    expect(personName({ ...camille, usageName: 'Martin' })).toBe('Camille Marie Dupont (Martin)');
    expect(personName({ ...camille, usageName: 'Dupont' })).toBe('Camille Marie Dupont');
    expect(personName({ ...camille, usageName: '   ' })).toBe('Camille Marie Dupont');
  });

  it('is what is typed so far, and empty while nothing is', () => {
    expect(personName({ lastName: 'Dupont' })).toBe('Dupont');
    expect(personName({ firstNames: 'Camille' })).toBe('Camille');
    expect(personName({ kind: 'natural' })).toBe('');
  });

  it("is a company's name, whatever natural fields it still holds", () => {
    expect(personName({ ...holding, firstNames: 'Paul', lastName: 'Martin' })).toBe('Holding Martin SAS');
    expect(personName({ kind: 'legal' })).toBe('');
  });
});

describe('personsById', () => {
  it('finds each person by id; the first of two with the same id wins', () => {
    const copy = { ...camille, lastName: 'Copy' };
    const byId = personsById({ persons: [camille, holding, copy, { kind: 'natural' }, { id: 3 }] });
    expect([...byId.keys()]).toEqual(['p1', 'p2']);
    expect(byId.get('p1')).toBe(camille);
  });
});

describe('nextPersonId', () => {
  it('is p1 for no one, and one past the highest id otherwise', () => {
    expect(nextPersonId([])).toBe('p1');
    expect(nextPersonId([camille, holding])).toBe('p3');
    expect(nextPersonId([{ id: 'p7' }, { id: 'p2' }])).toBe('p8');
  });

  it('ignores ids that are not of the wizard (which the schema refuses)', () => {
    expect(nextPersonId([{ id: 'x9' }, { id: 'p0' }, { id: 'p01' }, { id: 12 }, {}])).toBe('p1');
  });

  it('is past every id a role still points to', () => {
    expect(nextPersonId([camille], ['p1', 'p4'])).toBe('p5');
  });
});

describe('referencedPersonIds', () => {
  it("are the ids of managers, associates, companies' representatives and owners", () => {
    const ids = referencedPersonIds({
      persons: [camille, { ...holding, representativeId: 'p5', owners: [{ personId: 'p6', percent: 60 }] }],
      managers: [{ personId: 'p1' }, {}],
      subscribers: [{ personId: 'p2' }, { personId: 'p4' }, null],
    });
    expect([...ids].sort()).toEqual(['p1', 'p2', 'p4', 'p5', 'p6']);
    expect(referencedPersonIds(null).size).toBe(0);
  });
});

describe('withPersonIds', () => {
  it('gives a person just added an id and the natural kind', () => {
    expect(withPersonIds([camille, {}, { kind: 'legal', name: 'X SRL' }])).toEqual([
      camille,
      { id: 'p2', kind: 'natural' },
      { id: 'p3', kind: 'legal', name: 'X SRL' },
    ]);
  });

  it('returns the same list when every person has both', () => {
    const persons = [camille, holding];
    expect(withPersonIds(persons)).toBe(persons);
  });

  it('renumbers an id given twice, and one the schema would refuse, keeping the first', () => {
    const result = withPersonIds([camille, { ...camille, lastName: 'Copy' }, { id: 'p0', kind: 'natural' }]);
    expect(result).toEqual([
      camille,
      { ...camille, id: 'p2', lastName: 'Copy' },
      { id: 'p3', kind: 'natural' },
    ]);
  });

  it('keeps what is not a person where it was', () => {
    expect(withPersonIds([null, {}])).toEqual([null, { id: 'p1', kind: 'natural' }]);
  });

  it('never gives a new person the id of one removed while a role still names it', () => {
    // p2 was removed; the president still points to it: the next person is p3, not the president.
    expect(withPersonIds([camille, {}], ['p1', 'p2'])).toEqual([camille, { id: 'p3', kind: 'natural' }]);
  });
});

describe('personChoices', () => {
  it('lists the persons with an id by name and kind, numbered by their place in the file', () => {
    expect(personChoices({ persons: [camille, { kind: 'natural' }, holding, { id: 'p4' }] })).toEqual([
      { value: 'p1', label: 'Camille Marie Dupont', kind: 'natural', number: 1 },
      { value: 'p2', label: 'Holding Martin SAS', kind: 'legal', number: 3 },
      { value: 'p4', label: '', kind: 'natural', number: 4 },
    ]);
  });
});
