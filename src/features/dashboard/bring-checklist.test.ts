import { describe, expect, it } from 'vitest';
import { bringChecklist, personKey } from './bring-checklist';

describe('bringChecklist', () => {
  it('asks for one identity document per person, a person named twice only once', () => {
    const items = bringChecklist({
      subscribers: [{ name: 'Ana  Popescu' }, { name: 'Ion Ionescu' }],
      managers: [{ name: ' ana popescu ' }, { name: 'Maria Radu' }],
      registeredOffice: 'Strada Lipscani 10, București',
      shareCapital: 200,
      currency: 'RON',
    });
    expect(items).toEqual([
      { kind: 'identity', name: 'Ana Popescu', roles: ['associate', 'manager'] },
      { kind: 'identity', name: 'Ion Ionescu', roles: ['associate'] },
      { kind: 'identity', name: 'Maria Radu', roles: ['manager'] },
      { kind: 'registeredOffice', address: 'Strada Lipscani 10, București' },
      { kind: 'capitalDeposit', amount: 200, currency: 'RON' },
    ]);
  });

  it('ignores case and spaces, not letters', () => {
    expect(personKey('Jean  DUPONT')).toBe(personKey('jean dupont'));
    expect(personKey('JeanDupont')).toBe(personKey('jean dupont'));
    expect(personKey('Jean Dupond')).not.toBe(personKey('Jean Dupont'));
  });

  it('still lists the papers of a file not filled in yet', () => {
    expect(bringChecklist({})).toEqual([
      { kind: 'identities' },
      { kind: 'registeredOffice', address: null },
      { kind: 'capitalDeposit', amount: null, currency: null },
    ]);
  });

  it('skips unnamed people and unusable answers', () => {
    const items = bringChecklist({
      subscribers: [{}, { name: '   ' }, null, 'Jean'],
      managers: 'nobody',
      registeredOffice: 42,
      shareCapital: -5,
      currency: '',
    });
    expect(items).toEqual([
      { kind: 'identities' },
      { kind: 'registeredOffice', address: null },
      { kind: 'capitalDeposit', amount: null, currency: null },
    ]);
  });
});
