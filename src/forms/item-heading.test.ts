import { describe, expect, it } from 'vitest';
import { itemHeading } from './item-heading';

describe('itemHeading', () => {
  const persons = { 'ui:options': { itemTitleFrom: 'person' } };

  it("adds a person's name to the numbered heading, a company's as registered", () => {
    expect(
      itemHeading('Personne 2', persons, { kind: 'natural', firstNames: 'Ioana', lastName: 'Popescu' }),
    ).toBe('Personne 2 — Ioana Popescu');
    expect(itemHeading('Person 3', persons, { kind: 'legal', name: 'Holding Martin' })).toBe(
      'Person 3 — Holding Martin',
    );
  });

  it('keeps the numbered heading while nothing names the element, or where the list asks nothing', () => {
    expect(itemHeading('Persoana 1', persons, { kind: 'natural' })).toBe('Persoana 1');
    expect(itemHeading('Associé 1', {}, { kind: 'natural', firstNames: 'Ioana', lastName: 'Popescu' })).toBe(
      'Associé 1',
    );
  });
});
