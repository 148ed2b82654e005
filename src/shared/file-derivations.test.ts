import { describe, expect, it } from 'vitest';
import { completeCompanyFile } from '../../tests/fixtures/company-file';
import { legalForms } from '@/forms/generated/wizard-steps';
import { nominalCents, withDerivedValues } from './file-derivations';

type Data = Record<string, unknown>;

const derive = (data: Data) => withDerivedValues(legalForms, data);

describe('nominalCents', () => {
  it('is the value of one share in cents when the capital divides into them', () => {
    expect(nominalCents({ shareCapital: 1000, numberOfShares: 100 })).toBe(1000);
    expect(nominalCents({ shareCapital: 1000.5, numberOfShares: 3 })).toBe(33350);
    expect(nominalCents({ shareCapital: 1, numberOfShares: 100 })).toBe(1);
  });

  it('is null when a share would hold a fraction of a cent (1 000 € in 3 shares)', () => {
    expect(nominalCents({ shareCapital: 1000, numberOfShares: 3 })).toBeNull();
    expect(nominalCents({ shareCapital: 1, numberOfShares: 1000 })).toBeNull();
  });

  it('is null until both figures are given and sensible', () => {
    expect(nominalCents({ shareCapital: 1000 })).toBeNull();
    expect(nominalCents({ numberOfShares: 100 })).toBeNull();
    expect(nominalCents({ shareCapital: 1000, numberOfShares: 0 })).toBeNull();
    expect(nominalCents({ shareCapital: 1000, numberOfShares: 2.5 })).toBeNull();
    expect(nominalCents({ shareCapital: '1000', numberOfShares: 100 })).toBeNull();
  });
});

describe('withDerivedValues', () => {
  it('returns the same file when nothing is left to derive', () => {
    for (const form of ['FR-SAS', 'FR-SASU', 'RO-SRL', 'RO-SRL_SOLE'] as const) {
      const file = completeCompanyFile(2, '2026-01-15', form);
      expect(derive(file), form).toBe(file);
    }
  });

  describe('ids', () => {
    it('gives each person added an id past the others, and the natural kind', () => {
      const file = completeCompanyFile();
      const persons = file.persons as Data[];
      const next = derive({ ...file, persons: [...persons, {}, { kind: 'legal' }] });
      expect((next.persons as Data[]).slice(2)).toEqual([
        { id: 'p3', kind: 'natural' },
        { id: 'p4', kind: 'legal' },
      ]);
      expect((next.persons as Data[]).slice(0, 2)).toEqual(persons);
    });

    it('never reuses the id of a person removed while a role still points to it', () => {
      const file = completeCompanyFile(3);
      // The third associate (p3) is removed from the People step, then a person is added.
      const persons = [...(file.persons as Data[]).slice(0, 2), { kind: 'natural', lastName: 'New' }];
      const next = derive({ ...file, persons });
      expect((next.persons as Data[])[2]).toMatchObject({ id: 'p4', lastName: 'New' });
      // The associate's line still names p3: the form says that person is missing.
      expect((next.subscribers as Data[])[2]).toMatchObject({ personId: 'p3' });
    });
  });

  describe('subscriptions', () => {
    it('are the shares times the nominal value, to the cent', () => {
      const file = {
        ...completeCompanyFile(),
        shareCapital: 1000.5,
        numberOfShares: 3,
        subscribers: [
          { personId: 'p1', shares: 2, subscription: 1, paidAmount: 667 },
          { personId: 'p2', shares: 1, paidAmount: 100 },
        ],
      };
      expect(derive(file).subscribers).toEqual([
        { personId: 'p1', shares: 2, subscription: 667, paidAmount: 667 },
        { personId: 'p2', shares: 1, subscription: 333.5, paidAmount: 100 },
      ]);
    });

    it('follow a change of the capital', () => {
      const file = completeCompanyFile();
      const next = derive({ ...file, shareCapital: 2000 });
      expect((next.subscribers as Data[]).map((subscriber) => subscriber.subscription)).toEqual([1000, 1000]);
    });

    it('are left as typed while the capital does not divide into whole cents, or shares are missing', () => {
      const file = completeCompanyFile();
      const uneven = { ...file, shareCapital: 1000, numberOfShares: 3 };
      expect(derive(uneven)).toBe(uneven);
      const noShares = { ...file, subscribers: [{ personId: 'p1', subscription: 12 }, 'p2'] };
      expect(derive(noShares)).toBe(noShares);
    });
  });

  describe('a sole associate', () => {
    it('holds every share and the whole capital, and is the founder', () => {
      const file = {
        ...completeCompanyFile(1, '2026-01-15', 'FR-SASU'),
        shareCapital: 5000,
        numberOfShares: 500,
      };
      const next = derive({ ...file, subscribers: [{ paidAmount: 2500 }] });
      expect(next.subscribers).toEqual([
        { personId: 'p1', shares: 500, subscription: 5000, paidAmount: 2500 },
      ]);
    });

    it('keeps the person chosen when it is not the founder', () => {
      const file = completeCompanyFile(1, '2026-01-15', 'RO-SRL_SOLE');
      const persons = [...(file.persons as Data[]), { id: 'p2', kind: 'legal', name: 'Holding SRL' }];
      const next = derive({ ...file, persons, subscribers: [{ personId: 'p2', shares: 1 }] });
      expect(next.subscribers).toEqual([{ personId: 'p2', shares: 10, subscription: 500 }]);
    });

    it('is not filled in for a form with several associates, nor before a form is chosen', () => {
      const file = completeCompanyFile();
      const subscribers = [
        { paidAmount: 10 },
        { personId: 'p2', shares: 5, subscription: 250, paidAmount: 250 },
      ];
      expect(derive({ ...file, subscribers }).subscribers).toEqual(subscribers);
      const { legalForm: _none, ...unchosen } = completeCompanyFile(1, '2026-01-15', 'FR-SASU');
      const lone = [{ paidAmount: 10 }];
      expect(derive({ ...unchosen, subscribers: lone }).subscribers).toEqual(lone);
    });
  });
});
