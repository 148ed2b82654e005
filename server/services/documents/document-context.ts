/**
 * What a template can print: the company file's answers (schemas/wizard/) in the shape documented in
 * schemas/documents/README.md, plus what the documents compute from them (each associate's share of
 * the capital, the beneficial owners, the amounts still to pay up) and the legal form's parameters
 * (schemas/jurisdictions/). Every key is always present (null or empty when the file has no value):
 * templates run with strict variables, so a misspelt name fails instead of printing nothing.
 */
import { readFileSync } from 'node:fs';
import { fileBeneficialOwners } from '../../../src/shared/file-beneficial-owners';
import { filerNeedingMandate } from '../../../src/shared/filing-roles';
import {
  feeAmountFor,
  parameterValues,
  type CaenClass,
  type LegalFee,
  type LegalForm,
} from '../../../src/shared/jurisdictions';
import { firstFinancialYearEnd } from '../../../src/shared/first-financial-year';
import { withoutLegalForm } from '../../../src/shared/legal-form-name';
import type { CaenGroup } from './caen-groups';

type Values = Record<string, unknown>;

const isRecord = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (values: Values, key: string): string => {
  const value = values[key];
  return typeof value === 'string' ? value.trim() : '';
};
const amount = (values: Values, key: string): number => {
  const value = values[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
};
const cents = (value: number) => Math.round(value * 100) / 100;

/** A person the documents name (schemas/wizard/people.json), with what the templates derive. */
export interface DocumentPerson {
  id: string;
  kind: 'natural' | 'legal';
  natural: boolean;
  legal: boolean;
  /** A woman (civility "F"): the documents agree with it (née, associée, Subsemnata). */
  female: boolean;
  /** Civility as given ("F", "M") or "" while unknown. */
  civility: string;
  /** How the documents name the person: "Camille Dupont", a company's name. */
  name: string;
  firstNames: string;
  lastName: string;
  usageName: string;
  dateOfBirth: string;
  placeOfBirth: string;
  nationality: string;
  /** The home address (a company's registered office). */
  address: string;
  cnp: string;
  idType: string;
  idSeries: string;
  idNumber: string;
  idIssuedBy: string;
  idIssuedOn: string;
  fatherName: string;
  motherName: string;
  maritalStatus: string;
  matrimonialRegime: string;
  commonFunds: boolean;
  spouse: { female: boolean; firstNames: string; lastName: string } | null;
  /** A company: its legal form, capital, country, registration number and representative. */
  company: {
    legalForm: string;
    /** As the company's registration states it, with its currency ("10 000 €"); empty when not given. */
    capital: string;
    country: string;
    registrationNumber: string;
    representative: DocumentPerson | null;
  } | null;
}

export interface DocumentAssociate extends DocumentPerson {
  shares: number;
  subscription: number;
  paid: number;
  unpaid: number;
  /** Share of the capital in percent, 2 decimals; the associates' percentages add up to exactly 100. */
  percent: number;
  isManager: boolean;
}

export interface DocumentManager extends DocumentPerson {
  isAssociate: boolean;
  /** The SAS's directeur général (C. com. L. 227-6 al. 3), not one of `managers`. */
  isDirectorGeneral: boolean;
}

/** A beneficial owner: a natural person, with the share of the capital held and how. */
export interface DocumentBeneficialOwner extends DocumentPerson {
  percent: number;
  direct: number;
  /** Holdings through company associates: the company, its stake, the person's part of it. */
  indirect: { through: string; stake: number; part: number; percent: number }[];
  /** Found as the legal representative because nobody holds more than the threshold. */
  fallback: boolean;
}

export interface FinancialYear {
  /** The first financial year's last day, YYYY-MM-DD; empty while a draft has no date of signature. */
  firstEnd: string;
  /** The day every later financial year ends, MM-DD (the `day_month` filter prints it). */
  closing: string;
  /** Closing at the end of February: the statutes say "the last day of February" (28 or 29). */
  endsInFebruary: boolean;
}

/** An act done (or to be done) for the company being formed (schemas/wizard/legal-declaration.json). */
export interface FormationAct {
  /** YYYY-MM-DD. */
  date: string;
  description: string;
  /** What it commits the company to, or null when no sum was given. */
  amount: number | null;
}

/** What a fee paid outside Kreo costs (schemas/jurisdictions/ `fees`), excluding VAT; nulls when unknown. */
export interface DocumentFee {
  value: number | null;
  min: number | null;
  max: number | null;
  /** From practice or guides, not from a text fixing it. */
  estimate: boolean;
  currency: string;
}

export interface DocumentContext {
  company: {
    name: string;
    purpose: string;
    office: string;
    jurisdiction: string;
    form: string;
    currency: string;
    capital: number;
    shares: number;
    nominal: number;
    durationYears: number | null;
    caenMain: { code: string; name: string } | null;
    /** Romania: the CAEN group (3 digits) of the main activity, the main field (art. 7 lit. c)). */
    caenMainGroup: { code: string; name: string } | null;
    /** Romania: the majority that amends the act constitutiv (Legea 31/1990 art. 192 alin. (2)). */
    amendmentMajority: 'unanimity' | 'absoluteMajority';
    caenSecondary: { code: string; name: string }[];
    financialYear: FinancialYear;
    /** SAS: transfers to third persons need the associates' approval (C. com. L. 227-14); on unless refused. */
    shareTransferApproval: boolean;
    /** SAS: years from registration during which no share may be transferred (C. com. L. 227-13); null: none. */
    inalienabilityYears: number | null;
    /** SRL: several administrators act together, deciding unanimously (Legea 31/1990 art. 76); else separately. */
    administratorsJointly: boolean;
    /** SRL: the administrators' term of office in years; null: unlimited. */
    administratorTermYears: number | null;
  };
  capital: {
    subscribed: number;
    paid: number;
    unpaid: number;
    fullyPaid: boolean;
    /** France: the bank or notary holding the paid-up capital, as the founder named it; empty if not. */
    depositary: string;
    /** France: the date of the depositary's certificate, YYYY-MM-DD; empty if not given. */
    depositDate: string;
  };
  /**
   * France: the acts for the company being formed (C. com. R. 210-5 and R. 210-6): `accomplished`, dated
   * on or before the date of signature (the état annexed to the statuts), and `mandated`, dated after
   * it (added to the mandate the statuts give the président or the gérance), each in date order.
   */
  acts: { accomplished: FormationAct[]; mandated: FormationAct[] };
  associates: DocumentAssociate[];
  managers: DocumentManager[];
  beneficialOwners: DocumentBeneficialOwner[];
  /** Whether the beneficial owners are the legal representatives, nobody holding more than the threshold. */
  beneficialOwnersByFallback: boolean;
  /** Every person of the file. */
  persons: DocumentPerson[];
  /** A SAS's directeur général, or null. */
  directorGeneral: DocumentManager | null;
  /**
   * The managers then the directeur général (each signs a declaration of non-conviction), or one with
   * empty fields while a draft has none: a declaration per manager still shows.
   */
  managersOrBlank: DocumentManager[];
  /** The first manager (président, gérant, administrator), empty fields while a draft has none. */
  representative: DocumentManager;
  /** The first person of the file: the account holder who fills in the declarations. */
  founder: DocumentPerson;
  /**
   * Who files the registration (filerId), empty fields when nobody is chosen or the person chosen is a
   * legal representative (who files without a power of attorney): then `filerChosen` is false.
   */
  filer: DocumentPerson;
  filerChosen: boolean;
  /**
   * How the company holds its seat (registeredOfficeType: France home, premises, domiciliation; Romania
   * lent, rented, owned; "" when not answered) and, premises lent (Romania), their owner (empty fields
   * while none is chosen).
   */
  registeredOffice: { type: string; owner: DocumentPerson };
  /** The fees of the jurisdiction a document names: the legal notice's (France), for the file's form. */
  fees: { legalNotice: DocumentFee };
  /**
   * `originals`: how many originals of the statuts the signatories sign (C. civ. art. 1375 al. 3: each
   * original states their number): one per signatory (each associate, each manager or directeur
   * général who is not one), one kept at the registered office, one for the registry's file.
   */
  signature: { place: string; date: string; originals: number };
  law: Record<string, unknown>;
  document: {
    reference: string;
    preview: boolean;
    translation: boolean;
    language: string;
    filingLanguage: string;
  };
}

/**
 * Percentages with 2 decimals that add up to 100.00 (largest remainders): 200/75/25 of 300 gives
 * 66.67, 25.00 and 8.33, never 99.99 or 100.01.
 */
export function sharePercentages(shares: number[]): number[] {
  const total = shares.reduce((sum, value) => sum + Math.max(0, value), 0);
  if (total <= 0) return shares.map(() => 0);
  const exact = shares.map((value) => (Math.max(0, value) * 10_000) / total);
  const floors = exact.map(Math.floor);
  let missing = 10_000 - floors.reduce((sum, value) => sum + value, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (missing <= 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    missing -= 1;
  }
  return floors.map((value) => value / 100);
}

export { nameKey } from '../../../src/shared/name-key';

const feesByJurisdiction = new Map<string, readonly LegalFee[]>();
/** The fees of schemas/jurisdictions/<code>.json, read once. */
function jurisdictionFees(code: string): readonly LegalFee[] {
  let fees = feesByJurisdiction.get(code);
  if (!fees) {
    const file = new URL(`../../../schemas/jurisdictions/${code.toLowerCase()}.json`, import.meta.url);
    try {
      fees = (JSON.parse(readFileSync(file, 'utf8')) as { fees?: LegalFee[] }).fees ?? [];
    } catch {
      fees = [];
    }
    feesByJurisdiction.set(code, fees);
  }
  return fees;
}

/** A fee of the form's jurisdiction for that form (feeAmountFor, as the dashboard reads it). */
function documentFee(form: LegalForm, id: string): DocumentFee {
  const fee = jurisdictionFees(form.jurisdiction).find((candidate) => candidate.id === id);
  if (!fee) return { value: null, min: null, max: null, estimate: false, currency: form.currency };
  const amount = feeAmountFor(fee, form.code);
  return {
    value: amount.value,
    min: amount.min ?? null,
    max: amount.max ?? null,
    estimate: amount.estimate === true,
    currency: fee.currency || form.currency,
  };
}

/**
 * The financial year: the founder's closing date of the first one (France, checked by the wizard), or
 * by default 31 December of the year of signature, of the next year when signed after June and the law
 * allows it. Where the law leaves no choice (Romania: the calendar year), 31 December, the first one
 * ending in the year of registration, which the template states.
 */
export function financialYearOf(data: Values, law: Record<string, unknown>): FinancialYear {
  // The same rule as the dashboard's filing guide: src/shared/first-financial-year.ts.
  const firstEnd = firstFinancialYearEnd(data, law.firstFinancialYearExtraYears);
  const closing = firstEnd === '' ? '12-31' : firstEnd.slice(5);
  return { firstEnd, closing, endsInFebruary: closing.startsWith('02-') };
}

/** The file's acts for the company being formed, split at the date of signature (R. 210-5 / R. 210-6). */
export function formationActs(data: Values): DocumentContext['acts'] {
  const records = Array.isArray(data.actsBeforeRegistration)
    ? data.actsBeforeRegistration.filter(isRecord)
    : [];
  const signed = text(data, 'dateOfSignature');
  const acts: FormationAct[] = records
    .map((record) => ({
      date: text(record, 'date'),
      description: text(record, 'description'),
      amount: typeof record.amount === 'number' && Number.isFinite(record.amount) ? record.amount : null,
    }))
    .filter((act) => act.description !== '')
    .sort((a, b) => a.date.localeCompare(b.date));
  // ISO dates compare as text; with no date of signature yet, every act is one already done.
  const later = (act: FormationAct) => signed !== '' && act.date > signed;
  return { accomplished: acts.filter((act) => !later(act)), mandated: acts.filter(later) };
}

/** A whole number of years typed in the file, or null (none: unlimited, no clause). */
const years = (values: Values, key: string): number | null => {
  const value = values[key];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
};

const BLANK_PERSON: DocumentPerson = {
  id: '',
  kind: 'natural',
  natural: true,
  legal: false,
  female: false,
  civility: '',
  name: '',
  firstNames: '',
  lastName: '',
  usageName: '',
  dateOfBirth: '',
  placeOfBirth: '',
  nationality: '',
  address: '',
  cnp: '',
  idType: '',
  idSeries: '',
  idNumber: '',
  idIssuedBy: '',
  idIssuedOn: '',
  fatherName: '',
  motherName: '',
  maritalStatus: '',
  matrimonialRegime: '',
  commonFunds: false,
  spouse: null,
  company: null,
};
const BLANK_MANAGER: DocumentManager = { ...BLANK_PERSON, isAssociate: false, isDirectorGeneral: false };

export interface ContextOptions {
  data: Values;
  form: LegalForm;
  language: string;
  caen: ReadonlyMap<string, CaenClass>;
  /** The CAEN groups by code (caen-groups.ts); none: no main field printed. */
  caenGroups?: ReadonlyMap<string, CaenGroup>;
  reference: string;
  preview: boolean;
  /**
   * Only this person's declaration: `managersOrBlank` keeps the manager or directeur général who is
   * that person, or the company they represent (a signing round's document per declarant).
   */
  onlyPersonId?: string;
}

/** The file's persons as the documents print them, by id (a company's representative resolved). */
function documentPersons(data: Values): Map<string, DocumentPerson> {
  const records = Array.isArray(data.persons) ? data.persons.filter(isRecord) : [];
  const byId = new Map<string, DocumentPerson>();
  for (const record of records) {
    const id = text(record, 'id');
    if (id === '' || byId.has(id)) continue;
    const legal = record.kind === 'legal';
    const firstNames = text(record, 'firstNames');
    const lastName = text(record, 'lastName');
    const married = text(record, 'maritalStatus') === 'married';
    // Common property exists only under a community regime (C. civ. 1832-2 concerns it alone).
    const community = ['community', 'universal'].includes(text(record, 'matrimonialRegime'));
    const commonFunds = married && community && record.commonFunds === true;
    byId.set(id, {
      id,
      kind: legal ? 'legal' : 'natural',
      natural: !legal,
      legal,
      female: !legal && record.civility === 'F',
      civility: legal ? '' : text(record, 'civility'),
      name: legal ? text(record, 'name') : [firstNames, lastName].filter(Boolean).join(' '),
      firstNames: legal ? '' : firstNames,
      lastName: legal ? '' : lastName,
      usageName: legal ? '' : text(record, 'usageName'),
      dateOfBirth: legal ? '' : text(record, 'dateOfBirth'),
      placeOfBirth: legal ? '' : text(record, 'placeOfBirth'),
      nationality: legal ? text(record, 'country') : text(record, 'nationality'),
      address: legal ? text(record, 'registeredOffice') : text(record, 'address'),
      cnp: legal ? '' : text(record, 'cnp'),
      idType: legal ? '' : text(record, 'idType'),
      idSeries: legal ? '' : text(record, 'idSeries').toUpperCase(),
      idNumber: legal ? '' : text(record, 'idNumber'),
      idIssuedBy: legal ? '' : text(record, 'idIssuedBy'),
      idIssuedOn: legal ? '' : text(record, 'idIssuedOn'),
      fatherName: legal ? '' : text(record, 'fatherName'),
      motherName: legal ? '' : text(record, 'motherName'),
      maritalStatus: legal ? '' : text(record, 'maritalStatus'),
      matrimonialRegime: married ? text(record, 'matrimonialRegime') : '',
      commonFunds,
      spouse: commonFunds
        ? {
            female: record.spouseCivility === 'F',
            firstNames: text(record, 'spouseFirstNames'),
            lastName: text(record, 'spouseLastName'),
          }
        : null,
      company: legal
        ? {
            legalForm: text(record, 'legalForm'),
            capital: text(record, 'capital'),
            country: text(record, 'country'),
            registrationNumber: text(record, 'registrationNumber'),
            representative: null,
          }
        : null,
    });
  }
  // A company's representative is a natural person of the file (personRef checks it).
  for (const record of records) {
    const person = byId.get(text(record, 'id'));
    const representative = byId.get(text(record, 'representativeId'));
    if (person?.company && representative?.natural) person.company.representative = representative;
  }
  return byId;
}

/**
 * The beneficial owners, as src/shared/beneficial-owners.ts finds them (the review page shows the
 * same): natural persons holding more than the threshold directly or through company associates,
 * else the legal representatives the law names (C. mon. fin. R. 561-1; Legea 129/2019 art. 4).
 */
function beneficialOwnersOf(
  data: Values,
  form: LegalForm,
  persons: Map<string, DocumentPerson>,
  threshold: number,
): { owners: DocumentBeneficialOwner[]; fallback: boolean } {
  const result = fileBeneficialOwners(data, form, threshold);
  const owners: DocumentBeneficialOwner[] = [];
  for (const owner of result.owners) {
    const person = persons.get(owner.personId);
    if (!person) continue;
    let direct = 0;
    const indirect: DocumentBeneficialOwner['indirect'] = [];
    for (const path of owner.paths) {
      if (path.kind === 'direct') direct += path.percent;
      else
        indirect.push({
          through: path.viaName,
          stake: path.viaPercent,
          part: path.ownerPercent,
          percent: path.percent,
        });
    }
    owners.push({
      ...person,
      percent: owner.percent,
      direct,
      indirect,
      fallback: owner.basis === 'fallback',
    });
  }
  return { owners, fallback: result.basis === 'fallback' };
}

/**
 * Romania: the group (3 digits) of the main activity's class, the act's "domeniul principal de
 * activitate" (Legea 31/1990 art. 7 lit. c)), in `language` where the group has a title in it.
 */
function caenGroupOf(
  code: unknown,
  groups: ReadonlyMap<string, CaenGroup> | undefined,
  language: string,
): { code: string; name: string } | null {
  if (typeof code !== 'string' || !/^\d{4}$/.test(code)) return null;
  const group = groups?.get(code.slice(0, 3));
  if (!group) return null;
  const name = (language === 'en' ? group.en : language === 'fr' ? group.fr : undefined) ?? group.ro;
  return { code: group.code, name };
}

/**
 * The managers whose declaration a document holds: all of them, or with `personId` the one who is
 * that person or whose company that person represents (who signs for it: fr/_id, ro/_id).
 */
function declarants(managers: DocumentManager[], personId: string | undefined): DocumentManager[] {
  if (!personId) return managers;
  return managers.filter(
    (manager) =>
      manager.id === personId || (manager.legal && manager.company?.representative?.id === personId),
  );
}

export function buildDocumentContext({
  data,
  form,
  language,
  caen,
  caenGroups,
  reference,
  preview,
  onlyPersonId,
}: ContextOptions): DocumentContext {
  const persons = documentPersons(data);
  const personOf = (role: Values) => persons.get(text(role, 'personId'));
  const subscribers = Array.isArray(data.subscribers) ? data.subscribers.filter(isRecord) : [];
  const associateIds = new Set(subscribers.map((subscriber) => text(subscriber, 'personId')));
  const managerRoles = Array.isArray(data.managers) ? data.managers.filter(isRecord) : [];
  const managers: DocumentManager[] = managerRoles.map((role) => {
    const person = personOf(role);
    return person
      ? { ...person, isAssociate: associateIds.has(person.id), isDirectorGeneral: false }
      : { ...BLANK_MANAGER };
  });
  const directorGeneralPerson = persons.get(text(data, 'directorGeneralId'));
  const directorGeneral: DocumentManager | null = directorGeneralPerson?.natural
    ? {
        ...directorGeneralPerson,
        isAssociate: associateIds.has(directorGeneralPerson.id),
        isDirectorGeneral: true,
      }
    : null;
  const managerIds = new Set(managers.map((manager) => manager.id).filter(Boolean));
  const held = subscribers.map((subscriber) => amount(subscriber, 'shares'));
  const percentages = sharePercentages(held);
  const associates: DocumentAssociate[] = subscribers.map((subscriber, index) => {
    const subscription = amount(subscriber, 'subscription');
    const paid = amount(subscriber, 'paidAmount');
    const person = personOf(subscriber) ?? BLANK_PERSON;
    return {
      ...person,
      shares: amount(subscriber, 'shares'),
      subscription,
      paid,
      unpaid: cents(Math.max(0, subscription - paid)),
      percent: percentages[index] ?? 0,
      isManager: person.id !== '' && managerIds.has(person.id),
    };
  });
  const law = parameterValues(form);
  const threshold =
    typeof law.beneficialOwnerThresholdPercent === 'number' ? law.beneficialOwnerThresholdPercent : 25;
  const sharesInFile = amount(data, 'numberOfShares');
  const shares =
    sharesInFile > 0 ? sharesInFile : associates.reduce((sum, associate) => sum + associate.shares, 0);
  const capital = amount(data, 'shareCapital');
  const subscribed = cents(associates.reduce((sum, associate) => sum + associate.subscription, 0));
  const paid = cents(associates.reduce((sum, associate) => sum + associate.paid, 0));
  const caenEntry = (code: unknown) => {
    if (typeof code !== 'string' || code === '') return null;
    const entry = caen.get(code);
    const name = entry ? (entry[language as 'ro' | 'en' | 'fr'] ?? entry.ro) : '';
    return { code, name };
  };
  const duration = amount(data, 'durationYears');
  const beneficial = beneficialOwnersOf(data, form, persons, threshold);
  // Who signs the statuts: the associates, then the managers and the directeur général who are not.
  const signatories = new Set(associates.map((associate, index) => associate.id || `associate-${index}`));
  for (const person of [...managers, ...(directorGeneral ? [directorGeneral] : [])])
    if (person.id !== '') signatories.add(person.id);
  const firstRecord = Array.isArray(data.persons) ? data.persons.find(isRecord) : undefined;
  const founder = (firstRecord && persons.get(text(firstRecord, 'id'))) ?? BLANK_PERSON;
  const filerId = filerNeedingMandate(data);
  const filerPerson = filerId === null ? undefined : persons.get(filerId);
  const filerChosen = filerPerson !== undefined;
  const officeOwner = persons.get(text(data, 'registeredOfficeOwnerId'));
  return {
    company: {
      // The templates print the form after the name: a name saved with it (before the wizard refused
      // that) would print it twice, "Brutăria SRL SRL".
      name: withoutLegalForm(text(data, 'companyName'), form.id),
      purpose: text(data, 'corporatePurpose'),
      office: text(data, 'registeredOffice'),
      jurisdiction: form.jurisdiction,
      form: form.code,
      currency: form.currency,
      capital,
      shares,
      // Up to 4 decimals: what an old file's 1 000 € in 3 shares is (the wizard now refuses it).
      nominal: shares > 0 ? Math.round((capital / shares) * 10_000) / 10_000 : 0,
      durationYears: duration > 0 ? duration : null,
      caenMain: caenEntry(data.caenMain),
      caenMainGroup: caenGroupOf(data.caenMain, caenGroups, language),
      amendmentMajority: data.amendmentMajority === 'absoluteMajority' ? 'absoluteMajority' : 'unanimity',
      caenSecondary: (Array.isArray(data.caenSecondary) ? data.caenSecondary : [])
        .map(caenEntry)
        .filter((entry): entry is { code: string; name: string } => entry !== null),
      financialYear: financialYearOf(data, law),
      // The wizard's defaults, for files saved before it asked (or forms where it does not ask).
      shareTransferApproval: data.shareTransferApproval !== false,
      inalienabilityYears: years(data, 'inalienabilityYears'),
      administratorsJointly: data.administratorsActing === 'jointly',
      administratorTermYears: years(data, 'administratorTermYears'),
    },
    capital: {
      subscribed,
      paid,
      unpaid: cents(Math.max(0, subscribed - paid)),
      fullyPaid: paid >= subscribed,
      depositary: text(data, 'capitalDepositary'),
      depositDate: text(data, 'capitalDepositDate'),
    },
    acts: formationActs(data),
    associates,
    managers,
    beneficialOwners: beneficial.owners,
    beneficialOwnersByFallback: beneficial.fallback,
    persons: [...persons.values()],
    directorGeneral,
    managersOrBlank: declarants(
      managers.length > 0 ? [...managers, ...(directorGeneral ? [directorGeneral] : [])] : [BLANK_MANAGER],
      onlyPersonId,
    ),
    representative: managers[0] ?? BLANK_MANAGER,
    founder,
    filer: filerPerson ?? BLANK_PERSON,
    filerChosen,
    registeredOffice: { type: text(data, 'registeredOfficeType'), owner: officeOwner ?? BLANK_PERSON },
    fees: { legalNotice: documentFee(form, 'legalNotice') },
    signature: {
      place: text(data, 'placeOfSignature'),
      date: text(data, 'dateOfSignature'),
      originals: signatories.size + 2,
    },
    law,
    document: {
      reference,
      preview,
      translation: language !== form.filingLanguage,
      language,
      filingLanguage: form.filingLanguage,
    },
  };
}
