import { describe, expect, it } from 'vitest';
import { completeCompanyFile, type LegalFormId } from '../../tests/fixtures/company-file';
import { legalForms } from '@/forms/generated/wizard-steps';
import { checkFiling, displayParams, type FilingProblem, type FilingRuleId } from './filing-check';
import type { LegalForm } from './jurisdictions';

type Data = Record<string, unknown>;

const TODAY = '2026-02-01';

function formOf(id: LegalFormId): LegalForm {
  const form = legalForms.find((entry) => entry.id === id);
  if (!form) throw new Error(`No legal form ${id}`);
  return form;
}

/** A complete file of `id` signed on 15 January 2026, changed by `change`. */
function fileOf(id: LegalFormId, change: (data: Data) => Data = (data) => data): Data {
  return change(completeCompanyFile(2, '2026-01-15', id));
}

const check = (id: LegalFormId, data: Data, today = TODAY) => checkFiling(data, formOf(id), { today });
const rulesOf = (problems: FilingProblem[]) => problems.map((found) => found.rule);
const only = (problems: FilingProblem[], rule: FilingRuleId) =>
  problems.filter((found) => found.rule === rule);

const subscribersOf = (data: Data) => data.subscribers as Data[];
const withSubscriber = (data: Data, index: number, change: Data): Data => ({
  ...data,
  subscribers: subscribersOf(data).map((entry, position) =>
    position === index ? { ...entry, ...change } : entry,
  ),
});

describe('checkFiling: a complete file', () => {
  it.each<LegalFormId>(['FR-SAS', 'FR-SASU', 'FR-SARL', 'FR-EURL', 'RO-SRL', 'RO-SRL_SOLE'])(
    'finds a complete %s ready to sign',
    (id) => {
      // Romania: the act is filed within 15 days; France: within six months of the deposit.
      const result = check(id, fileOf(id), id.startsWith('RO') ? '2026-01-20' : TODAY);
      expect(result.problems).toEqual([]);
      expect(result.verdict).toBe('ready');
    },
  );
});

describe('depositAfterSignature (France)', () => {
  it('refuses statuts signed before the deposit certificate', () => {
    const result = check(
      'FR-SARL',
      fileOf('FR-SARL', (data) => ({ ...data, capitalDepositDate: '2026-01-20' })),
    );
    expect(result.verdict).toBe('fix');
    expect(only(result.problems, 'depositAfterSignature')).toEqual([
      expect.objectContaining({
        severity: 'blocking',
        field: 'capitalDepositDate',
        messageKey: 'documents:filingCheck.rules.depositAfterSignature',
        params: { deposit: '2026-01-20', signature: '2026-01-15' },
        article: expect.stringContaining('L. 223-7'),
      }),
    ]);
  });

  it('accepts a deposit on the day of signature or before, and ignores it in Romania', () => {
    for (const deposit of ['2026-01-15', '2026-01-10'])
      expect(
        rulesOf(
          check(
            'FR-SAS',
            fileOf('FR-SAS', (data) => ({ ...data, capitalDepositDate: deposit })),
          ).problems,
        ),
      ).toEqual([]);
    const romanian = fileOf('RO-SRL', (data) => ({ ...data, capitalDepositDate: '2026-01-20' }));
    expect(rulesOf(check('RO-SRL', romanian, '2026-01-20').problems)).not.toContain('depositAfterSignature');
  });
});

describe('subscribers against the capital', () => {
  it('refuses shares that do not add up to the number of shares', () => {
    const data = withSubscriber(fileOf('FR-SAS'), 0, { shares: 4 });
    expect(only(check('FR-SAS', data).problems, 'sharesTotal')).toEqual([
      expect.objectContaining({
        severity: 'blocking',
        field: 'subscribers.shares',
        params: { total: 9, expected: 10 },
      }),
    ]);
  });

  it('refuses subscriptions that do not add up to the capital', () => {
    const data = withSubscriber(fileOf('RO-SRL'), 1, { subscription: 400 });
    const found = only(check('RO-SRL', data, '2026-01-20').problems, 'subscriptionsTotal');
    expect(found).toEqual([
      expect.objectContaining({
        params: { total: '900.00', expected: '1000.00' },
        article: 'Legea nr. 31/1990, art. 7 lit. d)',
      }),
    ]);
  });

  it('refuses an unequal price per share (90 parts for 100 lei, 10 for 900: D6 b)', () => {
    const data = {
      ...fileOf('RO-SRL'),
      shareCapital: 1000,
      numberOfShares: 100,
      subscribers: [
        { personId: 'p1', shares: 90, subscription: 100, paidAmount: 0 },
        { personId: 'p2', shares: 10, subscription: 900, paidAmount: 0 },
      ],
    };
    const found = only(check('RO-SRL', data, '2026-01-20').problems, 'subscriptionNominal');
    expect(found.map((entry) => entry.item)).toEqual([0, 1]);
    expect(found[0]?.params).toEqual({ name: 'Camille Dupont', shares: 90 });
  });
});

describe('paid amounts', () => {
  it('refuses less than a fifth paid in a SARL (L. 223-7) and accepts exactly a fifth', () => {
    const short = withSubscriber(fileOf('FR-SARL'), 1, { paidAmount: 49.99 });
    expect(only(check('FR-SARL', short).problems, 'paidMinimum')).toEqual([
      expect.objectContaining({
        item: 1,
        field: 'subscribers.paidAmount',
        params: { name: 'Alex Subscriber2', paid: '49.99', minimum: '50.00', fraction: '20' },
        article: expect.stringContaining('L. 223-7'),
      }),
    ]);
    expect(
      rulesOf(check('FR-SARL', withSubscriber(fileOf('FR-SARL'), 1, { paidAmount: 50 })).problems),
    ).toEqual([]);
  });

  it('refuses less than half paid in a SAS (L. 225-3 by L. 227-1)', () => {
    const found = only(
      check('FR-SAS', withSubscriber(fileOf('FR-SAS'), 0, { paidAmount: 124 })).problems,
      'paidMinimum',
    );
    expect(found[0]?.params.minimum).toBe('125.00');
    expect(found[0]?.article).toContain('L. 225-3');
  });

  it('asks nothing paid before registration in Romania (art. 9^1), but never more than subscribed', () => {
    const nothing = withSubscriber(fileOf('RO-SRL'), 0, { paidAmount: 0 });
    expect(rulesOf(check('RO-SRL', nothing, '2026-01-20').problems)).toEqual([]);
    const over = withSubscriber(fileOf('RO-SRL'), 0, { paidAmount: 600 });
    expect(rulesOf(check('RO-SRL', over, '2026-01-20').problems)).toEqual(['paidOverSubscription']);
  });
});

describe('capitalMinimum', () => {
  it('refuses a Romanian capital under 500 lei, citing Legea 239/2025', () => {
    const data = {
      ...fileOf('RO-SRL_SOLE'),
      shareCapital: 200,
      numberOfShares: 20,
      subscribers: [{ personId: 'p1', shares: 20, subscription: 200, paidAmount: 0 }],
    };
    expect(only(check('RO-SRL_SOLE', data, '2026-01-20').problems, 'capitalMinimum')).toEqual([
      expect.objectContaining({
        field: 'shareCapital',
        params: { capital: '200.00', minimum: '500.00', currency: 'RON' },
        article: expect.stringContaining('239/2025'),
      }),
    ]);
  });
});

describe('beneficialOwners', () => {
  it('flags a company associate whose owners are not given, with the review’s own sentence', () => {
    const data = fileOf('FR-SAS', (file) => ({
      ...file,
      persons: [
        ...(file.persons as Data[]),
        { id: 'p3', kind: 'legal', name: 'Holding Martin SAS', representativeId: 'p1', owners: [] },
      ],
      subscribers: [
        { personId: 'p1', shares: 5, subscription: 250, paidAmount: 250 },
        { personId: 'p3', shares: 5, subscription: 250, paidAmount: 250 },
      ],
    }));
    const found = only(check('FR-SAS', data).problems, 'beneficialOwners');
    expect(found).toEqual([
      expect.objectContaining({
        messageKey: 'wizard:beneficialOwners.problems.legalPersonWithoutOwners.FR',
        field: 'persons.owners',
        params: expect.objectContaining({ name: 'Holding Martin SAS' }),
      }),
    ]);
    // p2 holds nothing any more: a person left without a role.
    expect(rulesOf(check('FR-SAS', data).problems)).toContain('personWithoutRole');
  });
});

describe('seatProof', () => {
  it('asks who lends premises in Romania, and nothing of a French seat at home or with a domiciliation company', () => {
    const home = fileOf('RO-SRL', (data) => ({ ...data, registeredOfficeType: 'lent' }));
    expect(only(check('RO-SRL', home, '2026-01-20').problems, 'seatProof')).toEqual([
      expect.objectContaining({
        severity: 'blocking',
        field: 'registeredOfficeOwnerId',
        article: 'Legea nr. 31/1990, art. 17 alin. (3)',
      }),
    ]);
    const owned = { ...home, registeredOfficeOwnerId: 'p2' };
    expect(rulesOf(check('RO-SRL', owned, '2026-01-20').problems)).toEqual([]);
    const unknown = { ...home, registeredOfficeOwnerId: 'p9' };
    expect(rulesOf(check('RO-SRL', unknown, '2026-01-20').problems)).toEqual(['seatProof']);
    const domiciliation = fileOf('FR-SARL', (data) => ({ ...data, registeredOfficeType: 'domiciliation' }));
    expect(rulesOf(check('FR-SARL', domiciliation).problems)).toEqual([]);
    const atHome = fileOf('FR-SARL', (data) => ({ ...data, registeredOfficeType: 'home' }));
    expect(rulesOf(check('FR-SARL', atHome).problems)).toEqual([]);
  });

  it('says nothing while the wizard has no such field', () => {
    expect(rulesOf(check('FR-SARL', fileOf('FR-SARL')).problems)).not.toContain('seatProof');
  });
});

describe('managerData', () => {
  it('asks a French manager’s parents’ names for the declaration of non-conviction', () => {
    const data = fileOf('FR-SARL', (file) => ({
      ...file,
      managers: [{ personId: 'p2' }],
    }));
    expect(only(check('FR-SARL', data).problems, 'managerData')).toEqual([
      expect.objectContaining({
        field: 'persons.fatherName',
        item: 1,
        params: { name: 'Alex Subscriber2', missing: 'fatherName, motherName' },
      }),
    ]);
  });

  it('asks a Romanian administrator’s CNP, and a SAS’s directeur général’s data', () => {
    const romanian = fileOf('RO-SRL', (file) => ({
      ...file,
      persons: (file.persons as Data[]).map((person, index) =>
        index === 0 ? { ...person, nationality: 'RO' } : person,
      ),
    }));
    expect(only(check('RO-SRL', romanian, '2026-01-20').problems, 'managerData')[0]?.params.missing).toBe(
      'cnp',
    );
    const withDg = fileOf('FR-SAS', (file) => ({ ...file, directorGeneralId: 'p2' }));
    expect(only(check('FR-SAS', withDg).problems, 'managerData')[0]?.params.name).toBe('Alex Subscriber2');
  });

  it('refuses a manager who points to no one', () => {
    const data = fileOf('FR-EURL', (file) => ({ ...file, managers: [{ personId: 'p7' }] }));
    expect(only(check('FR-EURL', data).problems, 'managerData')).toEqual([
      expect.objectContaining({ field: 'managers.personId', item: 0 }),
    ]);
  });
});

describe('personWithoutRole', () => {
  it('warns of a person no role points to, and counts the filer and the seat’s owner as roles', () => {
    const data = fileOf('FR-SASU', (file) => ({
      ...file,
      persons: [
        ...(file.persons as Data[]),
        { id: 'p2', kind: 'natural', firstNames: 'Luc', lastName: 'Roux' },
      ],
    }));
    const result = check('FR-SASU', data);
    expect(result.verdict).toBe('ready');
    expect(result.problems).toEqual([
      expect.objectContaining({
        rule: 'personWithoutRole',
        severity: 'warning',
        item: 1,
        params: { name: 'Luc Roux' },
      }),
    ]);
    expect(rulesOf(check('FR-SASU', { ...data, filerId: 'p2' }).problems)).toEqual([]);
    const company = fileOf('FR-SASU', (file) => ({
      ...file,
      persons: [...(file.persons as Data[]), { id: 'p2', kind: 'legal', name: 'Holding Roux SAS' }],
    }));
    expect(only(check('FR-SASU', company).problems, 'personWithoutRole')[0]).toMatchObject({
      field: 'persons.name',
      item: 1,
    });
  });
});

describe('signature date', () => {
  it('refuses a date of signature after today', () => {
    const result = check('FR-SAS', fileOf('FR-SAS'), '2026-01-14');
    expect(result.verdict).toBe('fix');
    expect(rulesOf(result.problems)).toEqual(['signatureInFuture']);
  });

  it('warns past six months from the deposit in France, 15 days in Romania', () => {
    expect(rulesOf(check('FR-SAS', fileOf('FR-SAS'), '2026-07-15').problems)).toEqual([]);
    const late = check('FR-SAS', fileOf('FR-SAS'), '2026-07-16');
    expect(late.verdict).toBe('ready');
    expect(late.problems).toEqual([
      expect.objectContaining({
        rule: 'signatureTooOld',
        severity: 'warning',
        params: { signature: '2026-01-15', limit: '2026-07-15', months: 6 },
      }),
    ]);
    const deposited = fileOf('FR-SAS', (data) => ({ ...data, capitalDepositDate: '2026-01-02' }));
    expect(only(check('FR-SAS', deposited, '2026-07-03').problems, 'signatureTooOld')[0]?.params.limit).toBe(
      '2026-07-02',
    );
    expect(rulesOf(check('RO-SRL', fileOf('RO-SRL'), '2026-01-30').problems)).toEqual([]);
    expect(
      only(check('RO-SRL', fileOf('RO-SRL'), '2026-01-31').problems, 'signatureTooOld')[0]?.article,
    ).toBe('Legea nr. 31/1990, art. 36 alin. (1)');
  });
});

describe('a draft', () => {
  it('checks what is there and skips what is not yet answered', () => {
    const result = check('FR-SAS', { jurisdiction: 'FR', legalForm: 'SAS', currency: 'EUR' });
    expect(result).toEqual({ verdict: 'ready', problems: [] });
  });

  it('lists the blocking problems before the warnings', () => {
    const data = withSubscriber(
      fileOf('FR-SASU', (file) => ({
        ...file,
        persons: [...(file.persons as Data[]), { id: 'p2', kind: 'natural', lastName: 'Roux' }],
      })),
      0,
      { paidAmount: 1 },
    );
    expect(check('FR-SASU', data).problems.map((found) => found.severity)).toEqual(['blocking', 'warning']);
  });
});

describe('displayParams', () => {
  it('writes dates as the language writes them and leaves the rest as it is', () => {
    expect(displayParams({ signature: '2026-01-15', name: 'Ana', total: 9 }, 'fr-FR')).toEqual({
      signature: '15 janvier 2026',
      name: 'Ana',
      total: 9,
    });
    expect(displayParams({ limit: '2026-07-15' }, 'ro-RO').limit).toBe('15 iulie 2026');
  });
});
