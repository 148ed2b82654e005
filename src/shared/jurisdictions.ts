/**
 * Jurisdictions and their legal forms (schemas/jurisdictions/<code>.json), as the wizard, the
 * validators and the documents read them. Run by both sides: the browser (through the generated
 * modules), the server and the build scripts. The files are content; this only reads them.
 */

/** Where a figure comes from (see jurisdiction.schema.json). */
export interface LegalSource {
  law: string;
  url?: string;
  confirmed: boolean;
  note?: string;
}

export interface LegalParameter<T = unknown> {
  value: T;
  source: LegalSource;
}

/** The parameters every legal form has (its own, or its jurisdiction's). */
export const LEGAL_PARAMETER_NAMES = [
  'minimumShareCapital',
  'minimumAssociates',
  'maximumAssociates',
  'managerTitle',
  'minimumManagers',
  'maximumManagers',
  'minimumNominalValue',
  'minimumPaidUpFraction',
  'paidUpAfterRegistration',
  'remainderWithinMonths',
  'remainderWithinYears',
  'maximumDurationYears',
  'beneficialOwnerThresholdPercent',
  'requiredFields',
  'firstFinancialYearExtraYears',
  'maximumInalienabilityYears',
  'registeredOfficeTypes',
] as const;
export type LegalParameterName = (typeof LEGAL_PARAMETER_NAMES)[number];

/**
 * What a fee costs, in its currency: one value, or null when it varies (min and max may bound it).
 * `estimate`: taken from practice or guides, not from a text fixing it.
 */
export interface FeeAmount {
  value: number | null;
  min?: number;
  max?: number;
  estimate?: boolean;
}

/** Who a fee is paid to (marketing:outsideFees.payee.<payee>). */
export const FEE_PAYEES = [
  'registry',
  'legalNoticePublisher',
  'officialGazette',
  'bank',
  'bankOrNotary',
  'lawyerOrNotary',
] as const;
export type FeePayee = (typeof FEE_PAYEES)[number];

/** A cost the founder still pays outside Kreo to create the company (a jurisdiction's `fees`). */
export interface LegalFee {
  id: string;
  /** Translation key of the fee's name. */
  label: string;
  /** Translation key of a sentence on what the amount covers or depends on. */
  detail?: string;
  amount: FeeAmount;
  /** Amounts that differ by legal form, by the form's code; the other forms pay `amount`. */
  perForm?: Record<string, FeeAmount>;
  currency: string;
  payee: FeePayee;
  optional?: boolean;
  source: LegalSource;
}

/**
 * The translation key of a legal form's short name (SAS, SRL…), for places too narrow for its title,
 * such as the per-form amounts of a fee on /plans (which does not load the forms themselves).
 * check:forms makes sure the key exists for every form a fee names.
 */
export const legalFormShortNameKey = (jurisdiction: string, code: string) =>
  `jurisdictions:${jurisdiction}.forms.${code}.short`;

export interface LegalFormJson {
  code: string;
  title: string;
  explanation: Record<'summary' | 'liability' | 'associates' | 'management' | 'capital', string>;
  parameters: Partial<Record<LegalParameterName, LegalParameter>>;
}

/** The shape of schemas/jurisdictions/<code>.json. */
export interface JurisdictionJson {
  code: string;
  title: string;
  currency: string;
  filingLanguage: string;
  registry?: string;
  parameters: Partial<Record<LegalParameterName, LegalParameter>>;
  /** What is still paid outside Kreo; required by the schema, optional here for older test fixtures. */
  fees?: LegalFee[];
  legalForms: LegalFormJson[];
}

/** One legal form of one jurisdiction, with every parameter resolved (the form's own over its jurisdiction's). */
export interface LegalForm {
  /** `FR-SAS`, `RO-SRL`: unique across jurisdictions. */
  id: string;
  jurisdiction: string;
  /** Translation key of the country's name. */
  jurisdictionTitle: string;
  code: string;
  currency: string;
  filingLanguage: string;
  title: string;
  explanation: LegalFormJson['explanation'];
  parameters: Partial<Record<LegalParameterName, LegalParameter>>;
}

/**
 * What a fee costs a company of `formCode`: the form's own amount when the fee has one (`perForm`), else
 * the general one. The dashboard's steps (registration-content.ts) and the legal notice's cost both
 * read a fee through this.
 */
export function feeAmountFor(fee: Pick<LegalFee, 'amount' | 'perForm'>, formCode?: string): FeeAmount {
  return (formCode && fee.perForm?.[formCode]) || fee.amount;
}

export const legalFormId = (jurisdiction: string, code: string) => `${jurisdiction}-${code}`;

/** Every legal form of every jurisdiction, in the files' order. */
export function legalFormsOf(jurisdictions: readonly JurisdictionJson[]): LegalForm[] {
  return jurisdictions.flatMap((jurisdiction) =>
    jurisdiction.legalForms.map((form) => ({
      id: legalFormId(jurisdiction.code, form.code),
      jurisdiction: jurisdiction.code,
      jurisdictionTitle: jurisdiction.title,
      code: form.code,
      currency: jurisdiction.currency,
      filingLanguage: jurisdiction.filingLanguage,
      title: form.title,
      explanation: form.explanation,
      parameters: { ...jurisdiction.parameters, ...form.parameters },
    })),
  );
}

/**
 * The values a step file can name with `{"$param": …}` or `{name}`: the legal parameters, plus the
 * form's `jurisdiction`, `legalForm`, `currency` and `filingLanguage`.
 */
export function parameterValues(form: LegalForm): Record<string, unknown> {
  const values: Record<string, unknown> = {
    jurisdiction: form.jurisdiction,
    legalForm: form.code,
    currency: form.currency,
    filingLanguage: form.filingLanguage,
  };
  for (const [name, parameter] of Object.entries(form.parameters)) values[name] = parameter?.value;
  return values;
}

/** The legal form a company file names (its `jurisdiction` and `legalForm`), if it is one we know. */
export function legalFormOfFile(
  forms: readonly LegalForm[],
  data: Record<string, unknown>,
): LegalForm | undefined {
  return forms.find((form) => form.jurisdiction === data.jurisdiction && form.code === data.legalForm);
}

/**
 * Reads a parameter's value of one of `forms` (`FR`, `SARL`, `maximumAssociates`): the form's own, else
 * its country's; undefined when the form or the parameter is unknown. The form chooser's figures that
 * name a legal parameter are read with it, on the page, in check:forms and in its end-to-end test.
 */
export const parameterReaderOf =
  (forms: readonly LegalForm[]) =>
  (country: string, code: string, name: string): unknown =>
    legalFormOfFile(forms, { jurisdiction: country, legalForm: code })?.parameters[name as LegalParameterName]
      ?.value;

/**
 * The file after the founder chose a country or a form: the currency follows the country, and a form
 * of another country is cleared (it would be refused).
 */
export function withCompanyForm(
  forms: readonly LegalForm[],
  data: Record<string, unknown>,
): Record<string, unknown> {
  const ofCountry = forms.filter((form) => form.jurisdiction === data.jurisdiction);
  if (ofCountry.length === 0) return data;
  const currency = ofCountry[0]?.currency;
  const formFits = data.legalForm === undefined || ofCountry.some((form) => form.code === data.legalForm);
  if (formFits && data.currency === currency) return data;
  const next: Record<string, unknown> = { ...data, currency };
  if (!formFits) delete next.legalForm;
  return next;
}

/** A CAEN class of schemas/jurisdictions/caen.json, named in the three languages. */
export interface CaenClass {
  code: string;
  section?: string;
  ro: string;
  en: string;
  fr: string;
}
