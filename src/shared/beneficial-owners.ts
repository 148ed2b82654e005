/**
 * Beneficial owners, computed from the company file (never typed): the natural persons holding more
 * than the threshold (25 %) of the capital directly or through legal-person associates, or, when
 * nobody does, the persons the law designates by default. Pure (no imports), run by the browser (the
 * review page) and the server (the documents). Texts are translation keys with parameters
 * (locales/<lang>/wizard.json, `beneficialOwners`); percentages are numbers, to format with
 * formatExplanationParams.
 *
 * The law (lawyer to review; see the report of issue 32):
 * - France, C. mon. fin. art. R. 561-1, al. 1 (as amended by décret n° 2018-284, in force since
 *   21 April 2018; text read on Doctrine and on a Légifrance copy): the natural persons holding,
 *   directly or indirectly, more than 25 % of the capital or of the voting rights, or controlling the
 *   company by other means (C. com. L. 233-3 I 3° and 4°). Al. 2: failing any, the legal
 *   representatives: a) every gérant of a SARL (so of an EURL); d) the président and, where there is
 *   one, the directeur général of a SAS (so of a SASU); when they are legal persons, the natural persons
 *   representing them (last paragraph).
 * - Romania, Legea nr. 129/2019, art. 4 alin. (2) lit. a) pct. 1 (wording of OUG nr. 111/2020): more
 *   than 25 % of the capital held by a natural person is an indication (indiciu) of direct ownership;
 *   pct. 2: failing any, the person holding the senior management position, i.e. the administrator(s).
 *   Read only in law-firm summaries quoting it, not in the consolidated text: [to verify].
 *
 * Indirect holdings are multiplied along the chain and summed over the paths (holding 60 % × owner
 * 50 % = 30 %): the method of Regulation (EU) 2024/1624 art. 52 (1) (applicable from 10 July 2027),
 * and the one INPI's guichet unique checks (direct plus indirect shares of all beneficial owners may
 * not exceed 100 %). The other reading, "a person controlling (> 50 %) a legal-person associate that
 * holds more than 25 % is an owner", is what the Romanian text names an indication of indirect
 * ownership (and Regulation 2024/1624 art. 54 adds it from 2027): it is not applied, but reported as
 * the warning `controlThroughLegalPerson` for a lawyer to decide. Only the capital is counted (one
 * vote per share), and control by other means (agreements, special shares) is not known to the file.
 * One file on purpose (past 300 lines): it must import nothing, so its exact arithmetic lives here.
 */

export type BoJurisdiction = 'FR' | 'RO';
export type BoLegalForm = 'SAS' | 'SASU' | 'SARL' | 'EURL' | 'SRL' | 'SRL_SOLE';
/** A manager's office. Without one: the form's usual title (SAS: the first is président, the others DG). */
export type BoManagerRole =
  'president' | 'directeurGeneral' | 'directeurGeneralDelegue' | 'gerant' | 'administrator';

/** What this module reads of a person (the file's version 3 persons fit these shapes). */
export interface BoNaturalPerson {
  id: string;
  kind: 'natural';
}
export interface BoLegalPerson {
  id: string;
  kind: 'legal';
  name: string;
  representativeId?: string;
  owners?: readonly { personId: string; percent: number }[];
}
export type BoPerson = BoNaturalPerson | BoLegalPerson;

export interface BeneficialOwnersInput {
  jurisdiction: BoJurisdiction;
  legalForm: BoLegalForm;
  persons: readonly BoPerson[];
  subscribers: readonly { personId: string; shares: number }[];
  managers: readonly { personId: string; role?: BoManagerRole }[];
  /** The legal form's beneficialOwnerThresholdPercent (25): an owner holds *more* than it. */
  thresholdPercent: number;
}

/** A sentence to show: a translation key (with its namespace) and its parameters. */
export interface Explanation {
  key: string;
  params: Record<string, string | number>;
}

export type HoldingPath =
  | { kind: 'direct'; percent: number }
  | {
      kind: 'indirect';
      viaPersonId: string;
      viaName: string;
      /** The legal person's share of the capital. */
      viaPercent: number;
      /** The owner's share of the legal person, as typed. */
      ownerPercent: number;
      percent: number;
    };

/** A natural person's share of the capital, all paths summed (percentages rounded for display). */
export interface PersonHolding {
  personId: string;
  percent: number;
  paths: HoldingPath[];
}

export interface BeneficialOwner extends PersonHolding {
  basis: 'ownership' | 'fallback';
  /** The offices that make a fallback owner (empty for an owner by ownership). */
  roles: BoManagerRole[];
  /** How they were found: each holding path, the total, then the rule that applies. */
  explanations: Explanation[];
}

export type BeneficialOwnerProblemCode =
  | 'legalPersonWithoutOwners'
  | 'ownersAbove100'
  | 'ownerNotNatural'
  | 'ownerPercentInvalid'
  | 'legalPersonWithoutRepresentative'
  | 'unknownPerson'
  | 'noFallbackRepresentative'
  | 'controlThroughLegalPerson';

export interface BeneficialOwnerProblem extends Explanation {
  code: BeneficialOwnerProblemCode;
  /** error: the owners cannot be trusted until it is fixed; warning: a point for a lawyer. */
  severity: 'error' | 'warning';
}

export interface BeneficialOwnersResult {
  basis: 'ownership' | 'fallback';
  owners: BeneficialOwner[];
  /** Why the law's default applies (null when owners were found by ownership). */
  fallback: Explanation | null;
  /** Every natural person holding part of the capital, owner or not, largest first. */
  holdings: PersonHolding[];
  problems: BeneficialOwnerProblem[];
}

const NS = 'wizard:beneficialOwners';

// Exact arithmetic: "more than 25 %" must not depend on binary floats (0.2 + 83.9 + 15.9 > 100 in floats).
interface Fraction {
  n: bigint;
  d: bigint;
}
const gcd = (a: bigint, b: bigint): bigint => {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};
const fraction = (n: bigint, d: bigint): Fraction => {
  const g = gcd(n, d) || 1n;
  return d < 0n ? { n: -n / g, d: -d / g } : { n: n / g, d: d / g };
};
const ZERO = fraction(0n, 1n);
const HUNDRED = fraction(100n, 1n);
const add = (a: Fraction, b: Fraction) => fraction(a.n * b.d + b.n * a.d, a.d * b.d);
const mul = (a: Fraction, b: Fraction) => fraction(a.n * b.n, a.d * b.d);
const div = (a: Fraction, b: Fraction) => fraction(a.n * b.d, a.d * b.n);
const compare = (a: Fraction, b: Fraction) => Math.sign(Number(a.n * b.d - b.n * a.d));

/** A number as its shortest decimal writing, which is what was typed: 33.33 is 3333/100 exactly. */
function exact(value: number): Fraction | null {
  if (!Number.isFinite(value)) return null;
  const [mantissa = '0', exponent = '0'] = value.toString().toLowerCase().split('e');
  const [whole = '0', decimals = ''] = mantissa.replace('-', '').split('.');
  const shift = Number(exponent) - decimals.length;
  const digits = BigInt(whole + decimals) * (value < 0 ? -1n : 1n);
  return shift >= 0 ? fraction(digits * 10n ** BigInt(shift), 1n) : fraction(digits, 10n ** BigInt(-shift));
}

/** Rounded half up to `decimals` places, as a number for display. */
function rounded(value: Fraction, decimals: number): number {
  const scale = 10n ** BigInt(decimals);
  const sign = value.n < 0n ? -1 : 1;
  const magnitude = ((value.n < 0n ? -value.n : value.n) * scale * 2n + value.d) / (2n * value.d);
  return (sign * Number(magnitude)) / Number(scale);
}

/**
 * A percentage for display, 2 decimals unless that would put it on the other side of the threshold:
 * 25.004 % is an owner and shows as 25.004, never as 25 (nor 24.996 as 25).
 */
function displayPercent(value: Fraction, threshold: Fraction): number {
  const side = compare(value, threshold);
  for (let decimals = 2; decimals <= 6; decimals += 1) {
    const shown = rounded(value, decimals);
    if (compare(exact(shown) ?? ZERO, threshold) === side) return shown;
  }
  // Within a millionth of a percent of the threshold: shown a millionth away, on its true side.
  return rounded(threshold, 6) + side * 0.000001;
}

/** Whom the law designates when nobody holds more than the threshold, by legal form. */
const FALLBACK_RULES: Record<BoLegalForm, { key: string; roles: BoManagerRole[] }> = {
  // C. mon. fin. R. 561-1 al. 2 d): the DG, not the directeurs généraux délégués [to verify].
  SAS: { key: 'presidentAndDirectorGeneral', roles: ['president', 'directeurGeneral'] },
  SASU: { key: 'presidentAndDirectorGeneral', roles: ['president', 'directeurGeneral'] },
  // R. 561-1 al. 2 a): every gérant.
  SARL: { key: 'everyGerant', roles: ['gerant'] },
  EURL: { key: 'everyGerant', roles: ['gerant'] },
  // Legea 129/2019 art. 4 alin. (2) lit. a) pct. 2: the administrator(s).
  SRL: { key: 'administrators', roles: ['administrator'] },
  SRL_SOLE: { key: 'administrators', roles: ['administrator'] },
};

const defaultRole = (form: BoLegalForm, index: number): BoManagerRole => {
  if (form === 'SAS' || form === 'SASU') return index === 0 ? 'president' : 'directeurGeneral';
  return form === 'SARL' || form === 'EURL' ? 'gerant' : 'administrator';
};

/** The beneficial owners of the file, how each was found, and what the review should flag. */
export function beneficialOwners(input: BeneficialOwnersInput): BeneficialOwnersResult {
  const { jurisdiction, legalForm } = input;
  const threshold = exact(input.thresholdPercent) ?? fraction(25n, 1n);
  const thresholdShown = displayPercent(threshold, threshold);
  const show = (value: Fraction) => displayPercent(value, threshold);
  const problems: BeneficialOwnerProblem[] = [];
  const problem = (
    code: BeneficialOwnerProblemCode,
    params: Record<string, string | number>,
    byJurisdiction = false,
    severity: BeneficialOwnerProblem['severity'] = 'error',
  ) =>
    problems.push({
      code,
      severity,
      key: `${NS}.problems.${code}${byJurisdiction ? `.${jurisdiction}` : ''}`,
      params,
    });
  const persons = new Map(input.persons.map((person) => [person.id, person]));
  const order = new Map(input.persons.map((person, index) => [person.id, index]));
  const reportedUnknown = new Set<string>();
  const find = (personId: string): BoPerson | undefined => {
    const person = persons.get(personId);
    if (!person && !reportedUnknown.has(personId)) {
      reportedUnknown.add(personId);
      problem('unknownPerson', { personId });
    }
    return person;
  };
  for (const manager of input.managers) find(manager.personId);

  // Each legal person's natural owners (the same person listed twice counts once, summed).
  const naturalOwners = new Map<string, Map<string, Fraction>>();
  const representative = new Map<string, string>();
  for (const person of input.persons) {
    if (person.kind !== 'legal') continue;
    const params = { personId: person.id, name: person.name };
    const agent = person.representativeId ? persons.get(person.representativeId) : undefined;
    if (agent?.kind === 'natural') representative.set(person.id, agent.id);
    else problem('legalPersonWithoutRepresentative', params);
    const owners = new Map<string, Fraction>();
    let total = ZERO;
    for (const owner of person.owners ?? []) {
      const percent = exact(owner.percent);
      const found = find(owner.personId);
      if (!percent || compare(percent, ZERO) <= 0 || compare(percent, HUNDRED) > 0) {
        problem('ownerPercentInvalid', { ...params, ownerId: owner.personId });
        continue;
      }
      total = add(total, percent);
      if (found?.kind === 'legal') {
        problem('ownerNotNatural', { ...params, ownerId: found.id, ownerName: found.name }, true);
      } else if (found) {
        owners.set(found.id, add(owners.get(found.id) ?? ZERO, percent));
      }
    }
    if (compare(total, HUNDRED) > 0) problem('ownersAbove100', { ...params, total: show(total) });
    naturalOwners.set(person.id, owners);
  }

  // The subscribed shares (a subscriber listed twice counts once), then each natural person's paths.
  const shares = new Map<string, Fraction>();
  for (const subscriber of input.subscribers) {
    const count = exact(subscriber.shares);
    if (find(subscriber.personId) && count && compare(count, ZERO) > 0)
      shares.set(subscriber.personId, add(shares.get(subscriber.personId) ?? ZERO, count));
  }
  const capital = [...shares.values()].reduce(add, ZERO);
  const paths = new Map<string, { path: HoldingPath; value: Fraction }[]>();
  const addPath = (personId: string, path: HoldingPath, value: Fraction) =>
    paths.set(personId, [...(paths.get(personId) ?? []), { path, value }]);
  const controllers: { personId: string; via: BoLegalPerson; stake: Fraction; part: Fraction }[] = [];
  for (const [personId, count] of capital.n > 0n ? shares : []) {
    const person = persons.get(personId);
    const stake = div(mul(count, HUNDRED), capital);
    if (person?.kind === 'natural') addPath(personId, { kind: 'direct', percent: show(stake) }, stake);
    if (person?.kind !== 'legal') continue;
    const owners = naturalOwners.get(personId) ?? new Map<string, Fraction>();
    if ((person.owners ?? []).length === 0)
      problem('legalPersonWithoutOwners', { personId, name: person.name }, true);
    for (const [ownerId, part] of owners) {
      const value = div(mul(stake, part), HUNDRED);
      const path: HoldingPath = {
        kind: 'indirect',
        viaPersonId: personId,
        viaName: person.name,
        viaPercent: show(stake),
        ownerPercent: rounded(part, 6),
        percent: show(value),
      };
      addPath(ownerId, path, value);
      if (compare(part, fraction(50n, 1n)) > 0 && compare(stake, threshold) > 0)
        controllers.push({ personId: ownerId, via: person, stake, part });
    }
  }

  const totals = [...paths.entries()]
    .map(([personId, list]) => ({ personId, list, total: list.map((p) => p.value).reduce(add, ZERO) }))
    .sort((a, b) => compare(b.total, a.total) || (order.get(a.personId) ?? 0) - (order.get(b.personId) ?? 0));
  const holdings: PersonHolding[] = totals.map(({ personId, list, total }) => ({
    personId,
    percent: show(total),
    paths: list.map((p) => p.path),
  }));
  const isOwner = (total: Fraction) => compare(total, threshold) > 0;
  const explainPath = (path: HoldingPath): Explanation =>
    path.kind === 'direct'
      ? { key: `${NS}.reason.direct`, params: { percent: path.percent } }
      : {
          key: `${NS}.reason.indirect`,
          params: {
            percent: path.percent,
            via: path.viaName,
            viaPercent: path.viaPercent,
            ownerPercent: path.ownerPercent,
          },
        };
  const owners: BeneficialOwner[] = totals
    .filter(({ total }) => isOwner(total))
    .map(({ personId, list, total }) => ({
      personId,
      percent: show(total),
      paths: list.map((p) => p.path),
      basis: 'ownership',
      roles: [],
      explanations: [
        ...list.map((p) => explainPath(p.path)),
        ...(list.length > 1 ? [{ key: `${NS}.reason.total`, params: { percent: show(total) } }] : []),
        { key: `${NS}.reason.ownership.${jurisdiction}`, params: { threshold: thresholdShown } },
      ],
    }));

  const totalOf = new Map(totals.map(({ personId, total }) => [personId, total]));
  for (const { personId, via, stake, part } of controllers) {
    if (isOwner(totalOf.get(personId) ?? ZERO)) continue;
    problem(
      'controlThroughLegalPerson',
      {
        personId,
        via: via.name,
        viaPercent: show(stake),
        ownerPercent: rounded(part, 6),
        threshold: thresholdShown,
      },
      true,
      'warning',
    );
  }
  if (owners.length > 0) return { basis: 'ownership', owners, fallback: null, holdings, problems };

  // Nobody above the threshold: the legal representatives (through a legal person, its representative).
  const rule = FALLBACK_RULES[legalForm] as (typeof FALLBACK_RULES)[BoLegalForm] | undefined;
  const fallbackOwners = new Map<string, BeneficialOwner>();
  input.managers.forEach((manager, index) => {
    const role = manager.role ?? defaultRole(legalForm, index);
    const person = find(manager.personId);
    if (!rule?.roles.includes(role) || !person) return;
    const naturalId = person.kind === 'natural' ? person.id : representative.get(person.id);
    if (!naturalId) return;
    const explanation: Explanation =
      person.kind === 'natural'
        ? { key: `${NS}.reason.fallback.${role}`, params: {} }
        : { key: `${NS}.reason.fallback.representativeOf.${role}`, params: { via: person.name } };
    const known = fallbackOwners.get(naturalId);
    if (known) {
      known.roles.push(role);
      known.explanations.push(explanation);
      return;
    }
    const holding = holdings.find((entry) => entry.personId === naturalId);
    fallbackOwners.set(naturalId, {
      personId: naturalId,
      percent: holding?.percent ?? 0,
      paths: holding?.paths ?? [],
      basis: 'fallback',
      roles: [role],
      explanations: [explanation],
    });
  });
  if (fallbackOwners.size === 0) problem('noFallbackRepresentative', {}, true);
  return {
    basis: 'fallback',
    owners: [...fallbackOwners.values()],
    fallback: rule ? { key: `${NS}.fallback.${rule.key}`, params: { threshold: thresholdShown } } : null,
    holdings,
    problems,
  };
}

/**
 * The parameters of an explanation ready for t(): numbers in the language's writing ("33,33" in
 * French and Romanian, "33.33" in English), names as they are.
 */
export function formatExplanationParams(
  params: Record<string, string | number>,
  language: string,
): Record<string, string> {
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 6 });
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'number' ? number.format(value) : value,
    ]),
  );
}
