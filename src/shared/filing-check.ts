/**
 * The pre-filing check: the consistency rules a registry (a French greffe through the guichet unique,
 * Romania's ONRC) rejects a file on, run on a company file before its documents are signed. Each rule
 * has an id, a severity (`blocking`: the registry refuses the file, or the acts contradict each other;
 * `warning`: a point to check, which may be right), the article it comes from, a message key of
 * locales/{fr,en,ro}/documents.json (`filingCheck.rules.<id>`, or the beneficial owners' own keys of
 * wizard.json) and the field to fix, as a hint path (`subscribers.paidAmount`) that the wizard opens
 * (stepOfField); `item` is the position in the list when the field is a list's.
 *
 * The wizard's own validation (schemas/wizard/, src/forms/keywords.ts) refuses most of these on
 * submission, step by step; the check runs them again across steps because a file may have been
 * submitted under older rules (the 500 lei minimum applies since 18.12.2025), because a draft is
 * checked too, and because a registry reads the file as a whole (dates of two steps, roles of one
 * step pointing to persons of another). Fields added by other parts of the wizard are read when
 * present and never required: `capitalDepositDate`, `registeredOfficeType`, `registeredOfficeOwnerId`,
 * `filerId`.
 *
 * Pure functions: the server runs them (GET /api/documents/filing-check) and the browser may.
 */
import { personName, personsById, personsOf, type PersonRecord } from './company-persons.ts';
import { fileBeneficialOwners } from './file-beneficial-owners.ts';
import type { BeneficialOwnerProblemCode } from './beneficial-owners.ts';
import type { LegalForm } from './jurisdictions.ts';
import { paidUpProblem } from './paid-up.ts';

export { displayParams } from './filing-params.ts';

type Values = Record<string, unknown>;

export type FilingSeverity = 'blocking' | 'warning';

export const FILING_RULES = [
  'depositAfterSignature',
  'sharesTotal',
  'subscriptionsTotal',
  'subscriptionNominal',
  'paidMinimum',
  'paidOverSubscription',
  'capitalMinimum',
  'beneficialOwners',
  'seatProof',
  'managerData',
  'personWithoutRole',
  'signatureInFuture',
  'signatureTooOld',
] as const;
export type FilingRuleId = (typeof FILING_RULES)[number];

export interface FilingProblem {
  rule: FilingRuleId;
  severity: FilingSeverity;
  /** The article the rule comes from ("C. com. L. 223-7 al. 1"); null for a product rule. */
  article: string | null;
  /** A translation key with its namespace (`documents:filingCheck.rules.sharesTotal`). */
  messageKey: string;
  params: Record<string, string | number>;
  /** The field to fix, as a hint path (`subscribers.paidAmount`). */
  field: string;
  /** The position in the list, when the field is a list's (`subscribers.2.paidAmount` → 2). */
  item?: number;
}

export interface FilingCheckResult {
  /** `ready`: no blocking problem (warnings may remain, shown for the founder to judge). */
  verdict: 'ready' | 'fix';
  problems: FilingProblem[];
}

export interface FilingCheckOptions {
  /** Today as YYYY-MM-DD (the caller's clock: tests pass a fixed day). */
  today: string;
}

const NS = 'documents:filingCheck.rules';

const isRecord = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const number = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const cents = (value: number) => Math.round(value * 100);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = (value: unknown): string | null => {
  const written = text(value);
  return ISO_DATE.test(written) && !Number.isNaN(Date.parse(`${written}T00:00:00Z`)) ? written : null;
};
/** `iso` moved by whole days or months (UTC, no time zone: dates as written). */
function shifted(iso: string, { days = 0, months = 0 }: { days?: number; months?: number }): string {
  const moved = new Date(`${iso}T00:00:00Z`);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}
const list = (data: Values, key: string): Values[] =>
  Array.isArray(data[key]) ? (data[key] as unknown[]).filter(isRecord) : [];
const amountText = (value: number) => (Math.round(value * 100) / 100).toFixed(2);
const parameter = (form: LegalForm, name: string) => form.parameters[name as keyof LegalForm['parameters']];
const lawOf = (form: LegalForm, name: string): string | null => parameter(form, name)?.source.law ?? null;

/** Where each beneficial-owner problem is fixed in the wizard. */
const BO_FIELDS: Record<BeneficialOwnerProblemCode, string> = {
  legalPersonWithoutOwners: 'persons.owners',
  ownersAbove100: 'persons.owners.percent',
  ownerNotNatural: 'persons.owners.personId',
  ownerPercentInvalid: 'persons.owners.percent',
  legalPersonWithoutRepresentative: 'persons.representativeId',
  unknownPerson: 'subscribers.personId',
  noFallbackRepresentative: 'managers.personId',
  controlThroughLegalPerson: 'persons.owners',
};

/**
 * The seat's kinds (registeredOfficeType, values of the jurisdiction's `registeredOfficeTypes`) held
 * through a person the file must name: in Romania, premises lent by their owner (contract de comodat,
 * which the owner signs). A French seat at the representative's home is backed by his or her own
 * attestation; rented, owned or domiciliation premises by the founder's lease, title or contract.
 * RO: Legea 31/1990 art. 17 alin. (3) (dovada deținerii legale a spațiului) [to verify].
 */
export const SEAT_TYPES_WITH_OWNER = ['lent'];

/** What the declaration of each manager needs, by country (the wizard asks every natural person for the first list). */
const MANAGER_FIELDS: Record<string, readonly string[]> = {
  // C. com. R. 123-54 1° (déclaration de non-condamnation et de filiation): civil status and parents.
  FR: [
    'lastName',
    'firstNames',
    'dateOfBirth',
    'placeOfBirth',
    'nationality',
    'address',
    'fatherName',
    'motherName',
  ],
  // Legea 31/1990 art. 7 lit. e) and the administrator's declaration: identity and its document.
  RO: [
    'lastName',
    'firstNames',
    'dateOfBirth',
    'placeOfBirth',
    'nationality',
    'address',
    'idType',
    'idNumber',
    'idIssuedBy',
    'idIssuedOn',
  ],
};

interface Context {
  data: Values;
  form: LegalForm;
  today: string;
  persons: Map<string, PersonRecord>;
  french: boolean;
}

type Rule = (context: Context) => FilingProblem[];

const problem = (
  rule: FilingRuleId,
  severity: FilingSeverity,
  article: string | null,
  field: string,
  params: Record<string, string | number> = {},
  item?: number,
): FilingProblem => ({
  rule,
  severity,
  article,
  messageKey: `${NS}.${rule}`,
  params,
  field,
  ...(item === undefined ? {} : { item }),
});

const nameOf = (context: Context, id: unknown) => {
  const person = context.persons.get(text(id));
  return person ? personName(person) || text(id) : text(id);
};

/**
 * France: the statuts state that the cash was deposited, so they are signed on or after the day of
 * the depositary's certificate; a certificate dated after the statuts is refused by the greffe.
 */
const depositAfterSignature: Rule = ({ data, french }) => {
  const deposit = date(data.capitalDepositDate);
  const signature = date(data.dateOfSignature);
  if (!french || !deposit || !signature || deposit <= signature) return [];
  return [
    problem(
      'depositAfterSignature',
      'blocking',
      'C. com. L. 223-7 et R. 223-3 (SARL, EURL) ; L. 225-5 et R. 22-10-6, par L. 227-1 (SAS, SASU)',
      'capitalDepositDate',
      { deposit, signature },
    ),
  ];
};

/** The subscribers' shares add up to the number of shares, and their subscriptions to the capital. */
const totals: Rule = (context) => {
  const { data, french } = context;
  const subscribers = list(data, 'subscribers');
  const count = number(data.numberOfShares);
  const capital = number(data.shareCapital);
  const problems: FilingProblem[] = [];
  const shares = subscribers.map((entry) => number(entry.shares));
  if (count !== null && subscribers.length > 0 && shares.every((value) => value !== null)) {
    const total = shares.reduce<number>((sum, value) => sum + (value ?? 0), 0);
    if (total !== count)
      problems.push(
        problem(
          'sharesTotal',
          'blocking',
          french
            ? 'C. com. L. 223-7 al. 1 (SARL) ; L. 225-3 par L. 227-1 (SAS)'
            : 'Legea nr. 31/1990, art. 7 lit. d)',
          'subscribers.shares',
          { total, expected: count },
        ),
      );
  }
  const subscriptions = subscribers.map((entry) => number(entry.subscription));
  if (capital !== null && subscribers.length > 0 && subscriptions.every((value) => value !== null)) {
    const total = subscriptions.reduce<number>((sum, value) => sum + cents(value ?? 0), 0);
    if (total !== cents(capital))
      problems.push(
        problem(
          'subscriptionsTotal',
          'blocking',
          french
            ? 'C. com. L. 223-7 al. 1 (SARL) ; L. 225-3 par L. 227-1 (SAS)'
            : 'Legea nr. 31/1990, art. 7 lit. d)',
          'subscribers.subscription',
          { total: amountText(total / 100), expected: amountText(capital) },
        ),
      );
  }
  // Each share has the same nominal value: a subscription is its shares times capital ÷ shares.
  if (capital !== null && count !== null && count > 0)
    subscribers.forEach((entry, index) => {
      const held = number(entry.shares);
      const subscription = number(entry.subscription);
      if (held === null || subscription === null) return;
      // Compared in cents times shares, exactly: capital × held ÷ count, without a rounded nominal.
      if (cents(subscription) * count !== cents(capital) * held)
        problems.push(
          problem(
            'subscriptionNominal',
            'blocking',
            french
              ? 'C. com. L. 223-2 (SARL) ; L. 227-1 et L. 228-8 (SAS)'
              : 'Legea nr. 31/1990, art. 11 alin. (1)',
            'subscribers.subscription',
            { name: nameOf(context, entry.personId), shares: held },
            index,
          ),
        );
    });
  return problems;
};

/** Paid at least the legal form's minimum fraction of each subscription, never more than it. */
const paid: Rule = (context) => {
  const { data, form } = context;
  const fraction = number(parameter(form, 'minimumPaidUpFraction')?.value) ?? 0;
  const problems: FilingProblem[] = [];
  list(data, 'subscribers').forEach((entry, index) => {
    const subscription = number(entry.subscription);
    const amount = number(entry.paidAmount);
    if (subscription === null || amount === null) return;
    const name = nameOf(context, entry.personId);
    const found = paidUpProblem(subscription, amount, fraction);
    if (found?.code === 'paidOverSubscription')
      problems.push(
        problem(
          'paidOverSubscription',
          'blocking',
          null,
          'subscribers.paidAmount',
          { name, paid: amountText(amount), subscription: amountText(subscription) },
          index,
        ),
      );
    else if (found?.code === 'paidMinimum')
      problems.push(
        problem(
          'paidMinimum',
          'blocking',
          lawOf(form, 'minimumPaidUpFraction'),
          'subscribers.paidAmount',
          {
            name,
            paid: amountText(amount),
            minimum: amountText(found.minimum),
            fraction: `${Math.round(fraction * 100)}`,
          },
          index,
        ),
      );
  });
  return problems;
};

/** At least the legal form's minimum capital (Romania: 500 lei since 18.12.2025). */
const capitalMinimum: Rule = ({ data, form }) => {
  const minimum = number(parameter(form, 'minimumShareCapital')?.value);
  const capital = number(data.shareCapital);
  if (minimum === null || capital === null || cents(capital) >= cents(minimum)) return [];
  return [
    problem('capitalMinimum', 'blocking', lawOf(form, 'minimumShareCapital'), 'shareCapital', {
      capital: amountText(capital),
      minimum: amountText(minimum),
      currency: form.currency,
    }),
  ];
};

/** The beneficial owners as the documents find them from the cap table, and what stops that. */
const beneficialOwnerProblems: Rule = ({ data, form }) => {
  if (list(data, 'subscribers').length === 0) return [];
  const threshold = number(parameter(form, 'beneficialOwnerThresholdPercent')?.value) ?? 25;
  const result = fileBeneficialOwners(data, form, threshold);
  return result.problems.map((found) => ({
    ...problem(
      'beneficialOwners',
      found.severity === 'error' ? 'blocking' : 'warning',
      lawOf(form, 'beneficialOwnerThresholdPercent'),
      BO_FIELDS[found.code],
      found.params,
    ),
    // The review's own sentence (wizard.json), which names the company and the article.
    messageKey: found.key,
  }));
};

/** A seat held through someone the file must name (the owner of lent premises). */
const seatProof: Rule = ({ data, french, persons }) => {
  const type = text(data.registeredOfficeType);
  if (!SEAT_TYPES_WITH_OWNER.includes(type)) return [];
  const owner = text(data.registeredOfficeOwnerId);
  if (owner && persons.has(owner)) return [];
  return [
    problem(
      'seatProof',
      'blocking',
      french ? 'C. com. L. 123-10 et L. 123-11-1' : 'Legea nr. 31/1990, art. 17 alin. (3)',
      'registeredOfficeOwnerId',
      { type },
    ),
  ];
};

/** Each manager (and a SAS's directeur général) is a person with what their declaration prints. */
const managerData: Rule = ({ data, form, persons, french }) => {
  const required = MANAGER_FIELDS[form.jurisdiction] ?? [];
  const article = french
    ? 'C. com. R. 123-54 1° (déclaration de non-condamnation et de filiation)'
    : 'Legea nr. 31/1990, art. 7 lit. e)';
  const roles: { id: string; field: string; item?: number }[] = list(data, 'managers').map(
    (entry, index) => ({
      id: text(entry.personId),
      field: 'managers.personId',
      item: index,
    }),
  );
  if (text(data.directorGeneralId))
    roles.push({ id: text(data.directorGeneralId), field: 'directorGeneralId' });
  const problems: FilingProblem[] = [];
  for (const role of roles) {
    const person = persons.get(role.id);
    if (!person || person.kind === 'legal') {
      problems.push(
        problem(
          'managerData',
          'blocking',
          article,
          role.field,
          { name: role.id || '—', missing: '' },
          role.item,
        ),
      );
      continue;
    }
    const missing = required.filter((field) => text(person[field]) === '');
    // A Romanian citizen's CNP (Legea 31/1990 art. 7 lit. a), as the act prints it).
    if (form.jurisdiction === 'RO' && person.nationality === 'RO' && text(person.cnp) === '')
      missing.push('cnp');
    if (missing.length > 0) {
      const index = personsOf(data).indexOf(person);
      problems.push(
        problem(
          'managerData',
          'blocking',
          article,
          `persons.${missing[0] ?? 'lastName'}`,
          { name: personName(person) || role.id, missing: missing.join(', ') },
          index >= 0 ? index : undefined,
        ),
      );
    }
  }
  return problems;
};

/** A person the file names but no role points to: printed in no document, probably left over. */
const personWithoutRole: Rule = ({ data }) => {
  const used = new Set<string>();
  for (const entry of [...list(data, 'managers'), ...list(data, 'subscribers')])
    used.add(text(entry.personId));
  for (const field of ['directorGeneralId', 'registeredOfficeOwnerId', 'filerId'])
    used.add(text(data[field]));
  for (const person of personsOf(data)) {
    used.add(text(person.representativeId));
    for (const owner of Array.isArray(person.owners) ? person.owners.filter(isRecord) : [])
      used.add(text(owner.personId));
  }
  const problems: FilingProblem[] = [];
  personsOf(data).forEach((person, index) => {
    const id = text(person.id);
    if (id && !used.has(id))
      problems.push(
        problem(
          'personWithoutRole',
          'warning',
          null,
          // A company is named by its name, a natural person by their birth name.
          person.kind === 'legal' ? 'persons.name' : 'persons.lastName',
          { name: personName(person) || id },
          index,
        ),
      );
  });
  return problems;
};

/**
 * The date of signature: not in the future (the acts would be dated falsely), and not so old that
 * the registry's deadline has passed. France: six months after the deposit, without registration,
 * the funds may be taken back (C. com. L. 223-8 al. 2; L. 225-11 by L. 227-1) [to verify for the
 * SAS]. Romania: registration is asked within 15 days of the act (Legea 31/1990 art. 36 alin. (1))
 * [to verify: the text after Legea 265/2022].
 */
const signatureDate: Rule = ({ data, today, french }) => {
  const signature = date(data.dateOfSignature);
  if (!signature) return [];
  if (signature > today)
    return [problem('signatureInFuture', 'blocking', null, 'dateOfSignature', { signature, today })];
  const start = (french ? date(data.capitalDepositDate) : null) ?? signature;
  const limit = french ? shifted(start, { months: 6 }) : shifted(signature, { days: 15 });
  if (today <= limit) return [];
  return [
    problem(
      'signatureTooOld',
      'warning',
      french ? 'C. com. L. 223-8 al. 2 ; L. 225-11 par L. 227-1' : 'Legea nr. 31/1990, art. 36 alin. (1)',
      'dateOfSignature',
      { signature, limit, [french ? 'months' : 'days']: french ? 6 : 15 },
    ),
  ];
};

const RULES: readonly Rule[] = [
  depositAfterSignature,
  totals,
  paid,
  capitalMinimum,
  beneficialOwnerProblems,
  seatProof,
  managerData,
  personWithoutRole,
  signatureDate,
];

/** Every rule on the file of `form`: the blocking problems first, then the warnings, each in rule order. */
export function checkFiling(data: Values, form: LegalForm, { today }: FilingCheckOptions): FilingCheckResult {
  const context: Context = {
    data,
    form,
    today,
    persons: personsById(data),
    french: form.jurisdiction === 'FR',
  };
  const problems = RULES.flatMap((rule) => rule(context));
  const ordered = [
    ...problems.filter((found) => found.severity === 'blocking'),
    ...problems.filter((found) => found.severity === 'warning'),
  ];
  return {
    verdict: ordered.some((found) => found.severity === 'blocking') ? 'fix' : 'ready',
    problems: ordered,
  };
}
