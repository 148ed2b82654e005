/**
 * What a template can print: the company file's answers (schemas/wizard/) in the shape documented in
 * schemas/documents/README.md, plus what the documents compute from them (each associate's share of
 * the capital, the beneficial owners, the amounts still to pay up) and the legal form's parameters
 * (schemas/jurisdictions/). Every key is always present (null or empty when the file has no value):
 * templates run with strict variables, so a misspelt name fails instead of printing nothing.
 */
import { parameterValues, type CaenClass, type LegalForm } from '../../../src/shared/jurisdictions';
import { withoutLegalForm } from '../../../src/shared/legal-form-name';

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

export interface DocumentAssociate {
  name: string;
  address: string;
  shares: number;
  subscription: number;
  paid: number;
  unpaid: number;
  /** Share of the capital in percent, 2 decimals; the associates' percentages add up to exactly 100. */
  percent: number;
  isManager: boolean;
  /** From the manager or the founder of the same name (the subscribers step asks only name and address). */
  dateOfBirth: string;
  placeOfBirth: string;
  nationality: string;
}

export interface DocumentManager {
  name: string;
  address: string;
  dateOfBirth: string;
  placeOfBirth: string;
  nationality: string;
  fatherName: string;
  motherName: string;
  isAssociate: boolean;
}

export interface FinancialYear {
  /** The first financial year's last day, YYYY-MM-DD; empty while a draft has no date of signature. */
  firstEnd: string;
  /** The day every later financial year ends, MM-DD (the `day_month` filter prints it). */
  closing: string;
  /** Closing at the end of February: the statutes say "the last day of February" (28 or 29). */
  endsInFebruary: boolean;
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
  capital: { subscribed: number; paid: number; unpaid: number; fullyPaid: boolean };
  associates: DocumentAssociate[];
  managers: DocumentManager[];
  beneficialOwners: DocumentAssociate[];
  /** The managers, or one with empty fields while a draft has none: a declaration per manager still shows. */
  managersOrBlank: DocumentManager[];
  /** The first manager (président, gérant, administrator), empty fields while a draft has none. */
  representative: DocumentManager;
  founder: Omit<DocumentManager, 'isAssociate'>;
  signature: { place: string; date: string };
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

/**
 * A name as people are matched by it: case and accents ignored ("Élodie MARTIN" is "elodie martin"),
 * as `localeCompare` at base sensitivity compares them. A key, so that matching the associates with
 * the managers is one lookup each rather than a comparison of every pair (security review R3-01:
 * 3,300 associates × 150 managers took 12 s).
 */
export function nameKey(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLocaleLowerCase('und')
      // Letters that collation reads as two (Cœur is Coeur), which NFKD keeps as one.
      .replace(/[œæß]/g, (letter) => LIGATURES[letter] ?? letter)
      .trim()
  );
}
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss' };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Statutes signed after this month close their first financial year at the end of the next year, not
 * a few weeks after registration (product choice; the law allows it up to 31 December of the next
 * year, schemas/jurisdictions/ parameter `firstFinancialYearExtraYears`).
 */
const LONG_FIRST_YEAR_AFTER_MONTH = 6;

/**
 * The financial year: the founder's closing date of the first one (France, checked by the wizard), or
 * by default 31 December of the year of signature, of the next year when signed after June and the law
 * allows it. Where the law leaves no choice (Romania: the calendar year), 31 December, the first one
 * ending in the year of registration, which the template states.
 */
export function financialYearOf(data: Values, law: Record<string, unknown>): FinancialYear {
  const extraYears = law.firstFinancialYearExtraYears;
  const chosen = text(data, 'firstFinancialYearEnd');
  const signature = ISO_DATE.exec(text(data, 'dateOfSignature'));
  let firstEnd = '';
  if (typeof extraYears === 'number' && ISO_DATE.test(chosen)) firstEnd = chosen;
  else if (typeof extraYears === 'number' && signature) {
    const later = extraYears >= 1 && Number(signature[2]) > LONG_FIRST_YEAR_AFTER_MONTH ? 1 : 0;
    firstEnd = `${Number(signature[1]) + later}-12-31`;
  }
  const closing = firstEnd === '' ? '12-31' : firstEnd.slice(5);
  return { firstEnd, closing, endsInFebruary: closing.startsWith('02-') };
}

/** A whole number of years typed in the file, or null (none: unlimited, no clause). */
const years = (values: Values, key: string): number | null => {
  const value = values[key];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
};

const BLANK_MANAGER: DocumentManager = {
  name: '',
  address: '',
  dateOfBirth: '',
  placeOfBirth: '',
  nationality: '',
  fatherName: '',
  motherName: '',
  isAssociate: false,
};

export interface ContextOptions {
  data: Values;
  form: LegalForm;
  language: string;
  caen: ReadonlyMap<string, CaenClass>;
  reference: string;
  preview: boolean;
}

export function buildDocumentContext({
  data,
  form,
  language,
  caen,
  reference,
  preview,
}: ContextOptions): DocumentContext {
  const managers: DocumentManager[] = (
    Array.isArray(data.managers) ? data.managers.filter(isRecord) : []
  ).map((manager) => ({
    name: text(manager, 'name'),
    address: text(manager, 'address'),
    dateOfBirth: text(manager, 'dateOfBirth'),
    placeOfBirth: text(manager, 'placeOfBirth'),
    nationality: text(manager, 'nationality'),
    fatherName: text(manager, 'fatherName'),
    motherName: text(manager, 'motherName'),
    isAssociate: manager.isAssociate === true,
  }));
  // The first manager of each name, as a search of the list in order would find.
  const managersByName = new Map<string, DocumentManager>();
  for (const manager of managers) {
    const key = nameKey(manager.name);
    if (key !== '' && !managersByName.has(key)) managersByName.set(key, manager);
  }
  const founderKey = nameKey(text(data, 'fullName'));
  const subscribers = Array.isArray(data.subscribers) ? data.subscribers.filter(isRecord) : [];
  const held = subscribers.map((subscriber) => amount(subscriber, 'shares'));
  const heldInAll = held.reduce((sum, value) => sum + Math.max(0, value), 0);
  const percentages = sharePercentages(held);
  const associates: DocumentAssociate[] = subscribers.map((subscriber, index) => {
    const subscription = amount(subscriber, 'subscription');
    const paid = amount(subscriber, 'paidAmount');
    const name = text(subscriber, 'name');
    const key = nameKey(name);
    const manager = key === '' ? undefined : managersByName.get(key);
    const person =
      manager ??
      (key !== '' && key === founderKey
        ? {
            dateOfBirth: text(data, 'dateOfBirth'),
            placeOfBirth: text(data, 'placeOfBirth'),
            nationality: text(data, 'nationality'),
          }
        : { dateOfBirth: '', placeOfBirth: '', nationality: '' });
    return {
      name,
      address: text(subscriber, 'address'),
      shares: amount(subscriber, 'shares'),
      subscription,
      paid,
      unpaid: cents(Math.max(0, subscription - paid)),
      percent: percentages[index] ?? 0,
      isManager: manager !== undefined,
      dateOfBirth: person.dateOfBirth,
      placeOfBirth: person.placeOfBirth,
      nationality: person.nationality,
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
      // Up to 4 decimals: 1 000 € in 3 shares is 333,3333 €, never rounded to a whole cent.
      nominal: shares > 0 ? Math.round((capital / shares) * 10_000) / 10_000 : 0,
      durationYears: duration > 0 ? duration : null,
      caenMain: caenEntry(data.caenMain),
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
    },
    associates,
    managers,
    // Beneficial owners hold *more than* the threshold (CMF art. R. 561-1; Legea 129/2019 art. 4 alin. (2)).
    // Compared before rounding: 25.004 % is more than 25 % even if it prints as 25,00 %.
    beneficialOwners: associates.filter(
      (_, index) => heldInAll > 0 && ((held[index] ?? 0) * 100) / heldInAll > threshold,
    ),
    managersOrBlank: managers.length > 0 ? managers : [BLANK_MANAGER],
    representative: managers[0] ?? BLANK_MANAGER,
    founder: {
      name: text(data, 'fullName'),
      address: text(data, 'address'),
      dateOfBirth: text(data, 'dateOfBirth'),
      placeOfBirth: text(data, 'placeOfBirth'),
      nationality: text(data, 'nationality'),
      fatherName: text(data, 'fatherName'),
      motherName: text(data, 'motherName'),
    },
    signature: { place: text(data, 'placeOfSignature'), date: text(data, 'dateOfSignature') },
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
