import { describe, expect, it } from 'vitest';
import en from '../../locales/en/wizard.json';
import fr from '../../locales/fr/wizard.json';
import ro from '../../locales/ro/wizard.json';
import {
  beneficialOwners,
  formatExplanationParams,
  type BeneficialOwnersInput,
  type BoLegalPerson,
  type BoPerson,
  type Explanation,
} from './beneficial-owners';

const natural = (id: string): BoPerson => ({ id, kind: 'natural' });
const legal = (
  id: string,
  name: string,
  owners: { personId: string; percent: number }[],
  representativeId: string | undefined = 'rep',
): BoLegalPerson => ({ id, kind: 'legal', name, owners, representativeId });
const REP = natural('rep');

const results: ReturnType<typeof beneficialOwners>[] = [];
/** A French SAS file unless told otherwise; every result is kept for the locale checks below. */
function compute(input: Partial<BeneficialOwnersInput> & Pick<BeneficialOwnersInput, 'persons'>) {
  const result = beneficialOwners({
    jurisdiction: 'FR',
    legalForm: 'SAS',
    subscribers: [],
    managers: [],
    thresholdPercent: 25,
    ...input,
  });
  results.push(result);
  return result;
}
const ids = (result: ReturnType<typeof beneficialOwners>) => result.owners.map((owner) => owner.personId);
const codes = (result: ReturnType<typeof beneficialOwners>) => result.problems.map((problem) => problem.code);
const sub = (personId: string, shares: number) => ({ personId, shares });
const five = ['p1', 'p2', 'p3', 'p4', 'p5'];

describe('beneficialOwners: ownership', () => {
  it('names a sole direct holder, with how they were found', () => {
    const result = compute({ persons: [natural('p1')], subscribers: [sub('p1', 100)] });
    expect(result.basis).toBe('ownership');
    expect(result.fallback).toBeNull();
    expect(result.problems).toEqual([]);
    expect(result.owners).toEqual([
      {
        personId: 'p1',
        percent: 100,
        paths: [{ kind: 'direct', percent: 100 }],
        basis: 'ownership',
        roles: [],
        explanations: [
          { key: 'wizard:beneficialOwners.reason.direct', params: { percent: 100 } },
          { key: 'wizard:beneficialOwners.reason.ownership.FR', params: { threshold: 25 } },
        ],
      },
    ]);
  });

  it('names both holders at 50/50, and cites the Romanian law for an SRL', () => {
    const result = compute({
      jurisdiction: 'RO',
      legalForm: 'SRL',
      persons: [natural('p1'), natural('p2')],
      subscribers: [sub('p1', 50), sub('p2', 50)],
    });
    expect(ids(result)).toEqual(['p1', 'p2']);
    expect(result.owners.map((owner) => owner.percent)).toEqual([50, 50]);
    expect(result.owners[0]?.explanations.at(-1)?.key).toBe('wizard:beneficialOwners.reason.ownership.RO');
  });

  it('does not count exactly 25 % (more than 25 % is the rule), but counts 25.01 %', () => {
    const persons = ['p1', 'p2', 'p3', 'p4'].map(natural);
    const exactly = compute({
      persons,
      subscribers: [sub('p1', 2500), sub('p2', 2500), sub('p3', 2500), sub('p4', 2500)],
    });
    expect(exactly.basis).toBe('fallback');
    expect(exactly.holdings.map((holding) => holding.percent)).toEqual([25, 25, 25, 25]);
    const above = compute({
      persons,
      subscribers: [sub('p1', 2501), sub('p2', 2500), sub('p3', 2500), sub('p4', 2499)],
    });
    expect(ids(above)).toEqual(['p1']);
    expect(above.owners[0]?.percent).toBe(25.01);
  });

  it('multiplies through a holding owned 50/50 that holds 60 %: both owners hold 30 %', () => {
    const holding = legal('h', 'Holding Dupont SAS', [
      { personId: 'p1', percent: 50 },
      { personId: 'p2', percent: 50 },
    ]);
    const result = compute({
      persons: [natural('p1'), natural('p2'), natural('p3'), holding, REP],
      subscribers: [sub('h', 60), sub('p3', 40)],
    });
    expect(ids(result)).toEqual(['p3', 'p1', 'p2']);
    expect(result.owners.map((owner) => owner.percent)).toEqual([40, 30, 30]);
    expect(result.owners[1]?.explanations).toEqual([
      {
        key: 'wizard:beneficialOwners.reason.indirect',
        params: { percent: 30, via: 'Holding Dupont SAS', viaPercent: 60, ownerPercent: 50 },
      },
      { key: 'wizard:beneficialOwners.reason.ownership.FR', params: { threshold: 25 } },
    ]);
    expect(result.problems).toEqual([]);
  });

  it('adds a direct 20 % and an indirect 10 % into 30 %, and leaves the other owner at 10 %', () => {
    const holding = legal('h', 'Holding SAS', [
      { personId: 'p1', percent: 50 },
      { personId: 'p2', percent: 50 },
    ]);
    const result = compute({
      persons: [natural('p1'), natural('p2'), natural('p3'), holding, REP],
      subscribers: [sub('p1', 20), sub('h', 20), sub('p3', 60)],
    });
    expect(ids(result)).toEqual(['p3', 'p1']);
    const owner = result.owners[1];
    expect(owner?.percent).toBe(30);
    expect(owner?.paths).toEqual([
      { kind: 'direct', percent: 20 },
      {
        kind: 'indirect',
        viaPersonId: 'h',
        viaName: 'Holding SAS',
        viaPercent: 20,
        ownerPercent: 50,
        percent: 10,
      },
    ]);
    expect(owner?.explanations.map((explanation) => explanation.key)).toEqual([
      'wizard:beneficialOwners.reason.direct',
      'wizard:beneficialOwners.reason.indirect',
      'wizard:beneficialOwners.reason.total',
      'wizard:beneficialOwners.reason.ownership.FR',
    ]);
    expect(owner?.explanations[2]?.params).toEqual({ percent: 30 });
    expect(result.holdings.find((holding) => holding.personId === 'p2')?.percent).toBe(10);
  });

  it('sums a person found on several paths, or listed twice, into one owner', () => {
    const result = compute({
      persons: [
        natural('p1'),
        natural('p2'),
        natural('p3'),
        legal('l1', 'Alpha SARL', [
          { personId: 'p1', percent: 12 },
          { personId: 'p1', percent: 8 },
          { personId: 'p2', percent: 80 },
        ]),
        legal('l2', 'Beta SAS', [
          { personId: 'p1', percent: 25 },
          { personId: 'p3', percent: 75 },
        ]),
        REP,
      ],
      subscribers: [sub('p1', 6), sub('l1', 50), sub('p1', 4), sub('l2', 40)],
    });
    // p1: 10 % direct (6 + 4 shares) + 50 % × 20 % + 40 % × 25 % = 30 %.
    const owner = result.owners.find((entry) => entry.personId === 'p1');
    expect(result.owners.filter((entry) => entry.personId === 'p1')).toHaveLength(1);
    expect(owner?.percent).toBe(30);
    expect(owner?.paths.map((path) => path.percent)).toEqual([10, 10, 10]);
    expect(ids(result)).toEqual(['p2', 'p1', 'p3']);
  });

  it('never names a legal person, even one holding everything', () => {
    const owned = compute({
      persons: [natural('p1'), legal('h', 'Holding SAS', [{ personId: 'p1', percent: 100 }]), REP],
      subscribers: [sub('h', 100)],
    });
    expect(ids(owned)).toEqual(['p1']);
    const spread = compute({
      persons: [
        ...five.map(natural),
        legal(
          'h',
          'Holding SAS',
          five.map((personId) => ({ personId, percent: 20 })),
        ),
        REP,
      ],
      subscribers: [sub('h', 100)],
      managers: [{ personId: 'h' }],
    });
    expect(spread.basis).toBe('fallback');
    expect(ids(spread)).toEqual(['rep']);
    const unknownOwners = compute({
      persons: [legal('h', 'Holding SAS', []), REP],
      subscribers: [sub('h', 100)],
      managers: [{ personId: 'rep' }],
    });
    for (const result of [owned, spread, unknownOwners]) {
      expect(ids(result)).not.toContain('h');
      expect(result.holdings.map((holding) => holding.personId)).not.toContain('h');
    }
  });
});

describe('beneficialOwners: exact figures and rounding', () => {
  it('shows two decimals, more only where rounding would cross the threshold', () => {
    const thirds = compute({
      persons: ['p1', 'p2', 'p3'].map(natural),
      subscribers: ['p1', 'p2', 'p3'].map((p) => sub(p, 1)),
    });
    expect(thirds.owners.map((owner) => owner.percent)).toEqual([33.33, 33.33, 33.33]);
    const near = compute({
      persons: ['p1', 'p2', 'p3'].map(natural),
      subscribers: [sub('p1', 6251), sub('p2', 6249), sub('p3', 12500)],
    });
    // 25.004 % is more than 25 %: an owner, never shown as "25".
    expect(ids(near)).toEqual(['p3', 'p1']);
    expect(near.owners[1]?.percent).toBe(25.004);
    expect(near.holdings[2]).toMatchObject({ personId: 'p2', percent: 24.996 });
  });

  it('shows a share within a millionth of the threshold on its own side', () => {
    const result = compute({
      persons: ['p1', 'p2'].map(natural),
      subscribers: [sub('p1', 250_000_001), sub('p2', 749_999_999)],
    });
    expect(ids(result)).toEqual(['p2', 'p1']);
    expect(result.owners[1]?.percent).toBeGreaterThan(25);
  });

  it('adds typed percentages exactly: 0.2 + 83.9 + 15.9 is 100, not above it', () => {
    const owners = [
      { personId: 'p1', percent: 0.2 },
      { personId: 'p2', percent: 83.9 },
      { personId: 'p3', percent: 15.9 },
    ];
    const result = compute({
      persons: [...['p1', 'p2', 'p3'].map(natural), legal('h', 'Holding SAS', owners), REP],
      subscribers: [sub('h', 100)],
    });
    expect(codes(result)).toEqual([]);
    expect(ids(result)).toEqual(['p2']);
    expect(result.owners[0]?.percent).toBe(83.9);
  });

  it('compares a product exactly: 50 % of a 50 % holding is 25 %, not an owner', () => {
    const result = compute({
      persons: [
        natural('p1'),
        natural('p2'),
        legal('h', 'Holding SAS', [{ personId: 'p1', percent: 50 }]),
        REP,
      ],
      subscribers: [sub('h', 50), sub('p2', 50)],
      managers: [{ personId: 'p2' }],
    });
    expect(ids(result)).toEqual(['p2']);
    expect(result.holdings.find((holding) => holding.personId === 'p1')?.percent).toBe(25);
  });
});

describe('beneficialOwners: the fallback the law sets', () => {
  const spread = five.map((personId) => sub(personId, 20));

  it('SAS: the président and the directeur général, not a directeur général délégué', () => {
    const result = compute({
      persons: [...five.map(natural), natural('dg'), natural('dgd')],
      subscribers: spread,
      managers: [
        { personId: 'p1' },
        { personId: 'dg' },
        { personId: 'dgd', role: 'directeurGeneralDelegue' },
      ],
    });
    expect(result.basis).toBe('fallback');
    expect(result.fallback).toEqual({
      key: 'wizard:beneficialOwners.fallback.presidentAndDirectorGeneral',
      params: { threshold: 25 },
    });
    expect(result.owners).toMatchObject([
      { personId: 'p1', basis: 'fallback', roles: ['president'], percent: 20 },
      { personId: 'dg', basis: 'fallback', roles: ['directeurGeneral'], percent: 0 },
    ]);
    expect(result.owners[0]?.explanations).toEqual([
      { key: 'wizard:beneficialOwners.reason.fallback.president', params: {} },
    ]);
  });

  it('SAS with a legal-person président: the natural person representing it', () => {
    const result = compute({
      persons: [...five.map(natural), legal('pres', 'Gestion SAS', [{ personId: 'p1', percent: 100 }]), REP],
      subscribers: spread,
      managers: [{ personId: 'pres' }],
    });
    expect(result.owners).toMatchObject([{ personId: 'rep', roles: ['president'] }]);
    expect(result.owners[0]?.explanations).toEqual([
      {
        key: 'wizard:beneficialOwners.reason.fallback.representativeOf.president',
        params: { via: 'Gestion SAS' },
      },
    ]);
  });

  it('SARL and EURL: every gérant', () => {
    for (const legalForm of ['SARL', 'EURL'] as const) {
      const result = compute({
        legalForm,
        persons: [...five.map(natural), natural('g')],
        subscribers: spread,
        managers: [{ personId: 'p2' }, { personId: 'g' }, { personId: 'p4' }],
      });
      expect(result.fallback?.key).toBe('wizard:beneficialOwners.fallback.everyGerant');
      expect(ids(result)).toEqual(['p2', 'g', 'p4']);
      expect(result.owners.every((owner) => owner.roles.join() === 'gerant')).toBe(true);
    }
  });

  it('SRL: every administrator (Legea 129/2019 art. 4 alin. (2) lit. a) pct. 2)', () => {
    const result = compute({
      jurisdiction: 'RO',
      legalForm: 'SRL',
      persons: [...five.map(natural), natural('a')],
      subscribers: spread,
      managers: [{ personId: 'a' }, { personId: 'p5' }],
    });
    expect(result.fallback?.key).toBe('wizard:beneficialOwners.fallback.administrators');
    expect(result.owners).toMatchObject([
      { personId: 'a', roles: ['administrator'] },
      { personId: 'p5', roles: ['administrator'], percent: 20 },
    ]);
  });

  it('SASU and SRL with a sole associate that is a company owned in small parts: its officers', () => {
    const holding = legal(
      'h',
      'Holding SA',
      five.map((personId) => ({ personId, percent: 20 })),
    );
    const sasu = compute({
      legalForm: 'SASU',
      persons: [...five.map(natural), holding, REP],
      subscribers: [sub('h', 1000)],
      managers: [{ personId: 'p3' }],
    });
    expect(ids(sasu)).toEqual(['p3']);
    const srl = compute({
      jurisdiction: 'RO',
      legalForm: 'SRL_SOLE',
      persons: [...five.map(natural), holding, REP],
      subscribers: [sub('h', 1000)],
      managers: [{ personId: 'h' }],
    });
    expect(srl.owners).toMatchObject([{ personId: 'rep', roles: ['administrator'] }]);
    expect(srl.owners[0]?.explanations[0]?.key).toBe(
      'wizard:beneficialOwners.reason.fallback.representativeOf.administrator',
    );
  });

  it('names a person once when they hold two offices', () => {
    const result = compute({
      persons: [
        ...five.map(natural),
        legal('dgco', 'Direction SAS', [{ personId: 'p1', percent: 100 }], 'p1'),
      ],
      subscribers: spread,
      managers: [{ personId: 'p1' }, { personId: 'dgco' }],
    });
    expect(result.owners).toHaveLength(1);
    expect(result.owners[0]).toMatchObject({ personId: 'p1', roles: ['president', 'directeurGeneral'] });
    expect(result.owners[0]?.explanations.map((explanation) => explanation.key)).toEqual([
      'wizard:beneficialOwners.reason.fallback.president',
      'wizard:beneficialOwners.reason.fallback.representativeOf.directeurGeneral',
    ]);
  });

  it('flags a fallback with nobody to name', () => {
    const result = compute({ persons: five.map(natural), subscribers: spread });
    expect(result.owners).toEqual([]);
    expect(result.problems).toEqual([
      {
        code: 'noFallbackRepresentative',
        severity: 'error',
        key: 'wizard:beneficialOwners.problems.noFallbackRepresentative.FR',
        params: {},
      },
    ]);
  });
});

describe('beneficialOwners: problems for the review page', () => {
  it('a legal-person associate with no owners listed', () => {
    const result = compute({
      jurisdiction: 'RO',
      legalForm: 'SRL',
      persons: [natural('p1'), legal('h', 'Holding SRL', []), REP],
      subscribers: [sub('h', 80), sub('p1', 20)],
      managers: [{ personId: 'p1' }],
    });
    expect(result.problems).toEqual([
      {
        code: 'legalPersonWithoutOwners',
        severity: 'error',
        key: 'wizard:beneficialOwners.problems.legalPersonWithoutOwners.RO',
        params: { personId: 'h', name: 'Holding SRL' },
      },
    ]);
  });

  it("owners' percentages above 100", () => {
    const result = compute({
      persons: [
        natural('p1'),
        natural('p2'),
        legal('h', 'Holding SAS', [
          { personId: 'p1', percent: 50.1 },
          { personId: 'p2', percent: 50 },
        ]),
        REP,
      ],
      subscribers: [sub('h', 100)],
    });
    expect(result.problems).toMatchObject([
      {
        code: 'ownersAbove100',
        severity: 'error',
        params: { personId: 'h', name: 'Holding SAS', total: 100.1 },
      },
    ]);
  });

  it('an owner who is not a natural person, who is not counted', () => {
    const result = compute({
      persons: [
        natural('p1'),
        legal('top', 'Top Holding Ltd', [{ personId: 'p1', percent: 100 }]),
        legal('h', 'Holding SAS', [{ personId: 'top', percent: 100 }]),
        REP,
      ],
      subscribers: [sub('h', 100)],
      managers: [{ personId: 'p1' }],
    });
    expect(result.problems).toMatchObject([
      {
        code: 'ownerNotNatural',
        key: 'wizard:beneficialOwners.problems.ownerNotNatural.FR',
        params: { personId: 'h', name: 'Holding SAS', ownerId: 'top', ownerName: 'Top Holding Ltd' },
      },
    ]);
    expect(result.basis).toBe('fallback');
  });

  it('a legal person without a (natural) representative', () => {
    const result = compute({
      persons: [
        natural('p1'),
        legal('h1', 'Sans Représentant SAS', [{ personId: 'p1', percent: 100 }], undefined),
        legal('h2', 'Représentée par une société SAS', [{ personId: 'p1', percent: 100 }], 'h1'),
      ],
      subscribers: [sub('h1', 50), sub('h2', 50)],
    });
    expect(result.problems.map((problem) => [problem.code, problem.params.personId])).toEqual([
      ['legalPersonWithoutRepresentative', 'h1'],
      ['legalPersonWithoutRepresentative', 'h2'],
    ]);
    expect(ids(result)).toEqual(['p1']);
  });

  it('a percentage that is not one, and a reference to nobody', () => {
    const result = compute({
      persons: [
        natural('p1'),
        legal('h', 'Holding SAS', [
          { personId: 'p1', percent: 0 },
          { personId: 'p1', percent: 120 },
          { personId: 'p1', percent: Number.NaN },
          { personId: 'ghost', percent: 10 },
        ]),
        REP,
      ],
      subscribers: [sub('h', 100), sub('nobody', 10)],
      managers: [{ personId: 'missing' }],
    });
    expect(
      result.problems.map((problem) => [problem.code, problem.params.ownerId ?? problem.params.personId]),
    ).toEqual([
      ['unknownPerson', 'missing'],
      ['ownerPercentInvalid', 'p1'],
      ['ownerPercentInvalid', 'p1'],
      ['ownerPercentInvalid', 'p1'],
      ['unknownPerson', 'ghost'],
      ['unknownPerson', 'nobody'],
      ['noFallbackRepresentative', undefined],
    ]);
  });

  it('warns, for a lawyer, when a person controls an associate above the threshold without owning enough', () => {
    const holding = legal('h', 'Holding SAS', [
      { personId: 'p1', percent: 60 },
      { personId: 'p2', percent: 40 },
    ]);
    const result = compute({
      persons: [natural('p1'), natural('p2'), ...['p3', 'p4', 'p5'].map(natural), holding, REP],
      subscribers: [sub('h', 40), sub('p3', 20), sub('p4', 20), sub('p5', 20)],
      managers: [{ personId: 'p3' }],
    });
    // 60 % × 40 % = 24 %: not an owner by multiplication, but in control of a 40 % associate.
    expect(result.basis).toBe('fallback');
    expect(result.problems).toEqual([
      {
        code: 'controlThroughLegalPerson',
        severity: 'warning',
        key: 'wizard:beneficialOwners.problems.controlThroughLegalPerson.FR',
        params: { personId: 'p1', via: 'Holding SAS', viaPercent: 40, ownerPercent: 60, threshold: 25 },
      },
    ]);
    const owning = compute({
      persons: [natural('p1'), natural('p2'), natural('p3'), holding, REP],
      subscribers: [sub('h', 50), sub('p3', 50)],
    });
    expect(ids(owning)).toEqual(['p3', 'p1']);
    expect(owning.problems).toEqual([]);
  });
});

describe('beneficialOwners: Romanian problems cite Legea 129/2019', () => {
  it('an owner that is a company, a controlled associate, and no administrator', () => {
    const result = compute({
      jurisdiction: 'RO',
      legalForm: 'SRL',
      persons: [
        ...['p1', 'p2', 'p3', 'p4'].map(natural),
        legal('top', 'Top Holding SRL', [{ personId: 'p2', percent: 100 }]),
        legal('h', 'Holding SRL', [
          { personId: 'p1', percent: 55 },
          { personId: 'top', percent: 45 },
        ]),
        REP,
      ],
      subscribers: [sub('h', 40), sub('p3', 30), sub('p4', 30)],
    });
    // p3 and p4 hold 30 % each; p1 holds 22 % through the holding it controls.
    expect(ids(result)).toEqual(['p3', 'p4']);
    expect(result.problems.map((problem) => problem.key)).toEqual([
      'wizard:beneficialOwners.problems.ownerNotNatural.RO',
      'wizard:beneficialOwners.problems.controlThroughLegalPerson.RO',
    ]);
    const nobody = compute({
      jurisdiction: 'RO',
      legalForm: 'SRL',
      persons: five.map(natural),
      subscribers: five.map((personId) => sub(personId, 1)),
    });
    expect(nobody.problems.map((problem) => problem.key)).toEqual([
      'wizard:beneficialOwners.problems.noFallbackRepresentative.RO',
    ]);
  });

  it('a legal-person gérant (which C. com. L. 223-18 does not allow) is replaced by its representative', () => {
    const result = compute({
      legalForm: 'SARL',
      persons: [...five.map(natural), legal('g', 'Gestion SARL', [{ personId: 'p1', percent: 100 }]), REP],
      subscribers: five.map((personId) => sub(personId, 1)),
      managers: [{ personId: 'g' }],
    });
    expect(result.owners).toMatchObject([{ personId: 'rep', roles: ['gerant'] }]);
    expect(result.owners[0]?.explanations[0]?.key).toBe(
      'wizard:beneficialOwners.reason.fallback.representativeOf.gerant',
    );
  });
});

describe('formatExplanationParams', () => {
  it("writes numbers in the language's way and leaves names alone", () => {
    const params = { percent: 33.33, via: 'Holding 1.000 SAS', threshold: 25 };
    expect(formatExplanationParams(params, 'fr')).toEqual({
      percent: '33,33',
      via: 'Holding 1.000 SAS',
      threshold: '25',
    });
    expect(formatExplanationParams(params, 'en')).toMatchObject({ percent: '33.33' });
    expect(formatExplanationParams({ percent: 25.004 }, 'ro')).toEqual({ percent: '25,004' });
  });
});

describe('beneficialOwners: texts', () => {
  type Tree = { [key: string]: string | Tree };
  const flatten = (tree: Tree, prefix: string): [string, string][] =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}.${key}`, value]] : flatten(value, `${prefix}.${key}`),
    );
  const texts = Object.fromEntries(
    Object.entries({ fr, en, ro }).map(([language, file]) => [
      language,
      new Map(flatten(file.beneficialOwners as Tree, 'wizard:beneficialOwners')),
    ]),
  );

  it('has a text in each language for every key the tests met, with only the given parameters, and no other key', () => {
    const emitted: Explanation[] = results.flatMap((result) => [
      ...result.owners.flatMap((owner) => owner.explanations),
      ...(result.fallback ? [result.fallback] : []),
      ...result.problems,
    ]);
    expect(emitted.length).toBeGreaterThan(50);
    for (const [language, map] of Object.entries(texts)) {
      for (const { key, params } of emitted) {
        const text = map.get(key);
        expect(text, `${language} ${key}`).toBeTypeOf('string');
        for (const [, name] of (text ?? '').matchAll(/{{\s*(\w+)\s*}}/g))
          expect(Object.keys(params), `${language} ${key}`).toContain(name);
      }
      expect([...map.keys()].sort()).toEqual(
        [...new Set(emitted.map((explanation) => explanation.key))].sort(),
      );
    }
  });
});
