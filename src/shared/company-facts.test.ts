import { describe, expect, it } from 'vitest';
import { companyFacts } from './company-facts';

describe('companyFacts', () => {
  it('knows nothing of an empty or half-filled draft', () => {
    expect(companyFacts(null)).toEqual({
      jurisdiction: null,
      legalForm: null,
      shareCapital: null,
      cashCapital: null,
      paidAtFormation: null,
      payments: [],
      associates: null,
      managers: null,
    });
    // The wizard's defaults: one empty subscriber, one empty manager.
    expect(
      companyFacts({ jurisdiction: 'FR', legalForm: 'SAS', subscribers: [{}], managers: [{}] }),
    ).toMatchObject({ jurisdiction: 'FR', legalForm: 'SAS', associates: null, managers: null });
  });

  it('reads the capital, the cash subscribed and paid in, the associates and the managers', () => {
    const facts = companyFacts({
      jurisdiction: 'FR',
      legalForm: 'SAS',
      shareCapital: 1000,
      subscribers: [
        { personId: 'p1', shares: 60, subscription: 600.1, paidAmount: 300.05 },
        { personId: 'p2', shares: 40, subscription: 399.9, paidAmount: 200 },
      ],
      managers: [{ personId: 'p1' }],
    });
    expect(facts).toEqual({
      jurisdiction: 'FR',
      legalForm: 'SAS',
      shareCapital: 1000,
      cashCapital: 1000,
      paidAtFormation: 500.05,
      payments: [
        { name: '', position: 1, subscription: 600.1, paid: 300.05 },
        { name: '', position: 2, subscription: 399.9, paid: 200 },
      ],
      associates: 2,
      managers: 1,
    });
  });

  it('takes the share capital as the cash part until every subscription is known, and no paid sum until all say it', () => {
    const facts = companyFacts({
      jurisdiction: 'RO',
      legalForm: 'SRL',
      shareCapital: 500,
      subscribers: [{ personId: 'p1', subscription: 250, paidAmount: 0 }, { personId: 'p2' }],
    });
    expect(facts.cashCapital).toBe(500);
    expect(facts.paidAtFormation).toBeNull();
    expect(facts.associates).toBe(2);
    expect(companyFacts({ jurisdiction: 'DE', shareCapital: -5 })).toMatchObject({
      jurisdiction: null,
      shareCapital: null,
    });
  });

  it('counts a subscriber row without a person in none of its figures (associates and cash agree)', () => {
    const facts = companyFacts({
      jurisdiction: 'FR',
      legalForm: 'SAS',
      shareCapital: 1000,
      subscribers: [
        { personId: 'p1', subscription: 600, paidAmount: 300 },
        { personId: '', subscription: 400, paidAmount: 400 },
      ],
    });
    expect(facts).toMatchObject({ associates: 1, cashCapital: 600, paidAtFormation: 300 });
  });
});

describe('each subscriber paying in', () => {
  it('names each associate who gives a subscription and an amount paid in, with their place in the list', () => {
    const facts = companyFacts({
      jurisdiction: 'FR',
      legalForm: 'SAS',
      persons: [
        { id: 'p1', kind: 'natural', firstNames: 'Camille', lastName: 'Dupont' },
        { id: 'p2', kind: 'legal', name: 'Holding SAS' },
      ],
      subscribers: [
        { personId: 'p1', subscription: 500, paidAmount: 0 },
        { personId: '', subscription: 100, paidAmount: 100 },
        { personId: 'p2', subscription: 400, paidAmount: 400 },
        { personId: 'p3', subscription: 10 },
      ],
    });
    expect(facts.payments).toEqual([
      { name: 'Camille Dupont', position: 1, subscription: 500, paid: 0 },
      { name: 'Holding SAS', position: 3, subscription: 400, paid: 400 },
    ]);
  });
});
