/**
 * The shape of a country's filing guide: the `guide` section of
 * schemas/jurisdictions/registration/<fr|ro>.json, held to registration.schema.json by check:forms.
 * Product staff edit the JSON; this file only names its shape for the code that reads it.
 */
import type { LegalSource } from '@/shared/jurisdictions';

/** The derivations a field may name (`{ "derive": id }`); registration.schema.json lists the same ids. */
export const GUIDE_DERIVATIONS = [
  'companyName',
  'legalFormName',
  'shareCapital',
  'paidCapital',
  'nominalValue',
  'duration',
  'firstFinancialYearEnd',
  'caenMain',
  'caenSecondary',
  'personName',
  'dateOfBirth',
  'nationality',
  'identityDocument',
  'managerRole',
  'shares',
  'ownershipPercent',
  'beneficialOwnership',
] as const;
export type GuideDerivation = (typeof GUIDE_DERIVATIONS)[number];

/** Whom a screen's fields are about: the company once, or each person of a role in turn. */
export const GUIDE_SUBJECTS = ['company', 'managers', 'associates', 'beneficialOwners'] as const;
export type GuideSubject = (typeof GUIDE_SUBJECTS)[number];

/** Where a field's value comes from: a JSON pointer into the company file (or the person), or a derivation. */
export type GuideValue = { pointer: string } | { derive: GuideDerivation };

export interface GuideField {
  id: string;
  /** The field's label as the registry's service shows it, in the service's language (not translated). */
  shown: string;
  /** Translation key: what the field is, in the founder's language. */
  label: string;
  value: GuideValue;
  /** Translation key of a hint (how to enter the value, a choice the service offers). */
  hint?: string;
  /** Only for a natural person, or only for a company (a person screen's fields); both when absent. */
  kind?: 'natural' | 'legal';
  /** A field many files rightly leave empty (a name in use, a Romanian CNP): empty is not a gap. */
  optional?: boolean;
}

export interface GuideScreen {
  id: string;
  /** The screen's (tab's, section's) name as the service shows it. */
  shown: string;
  /** Translation key of what the founder does on this screen. */
  explanation: string;
  subject: GuideSubject;
  fields: GuideField[];
  /** Why the names are believed right, and what is [to verify]. */
  note?: string;
}

export interface GuideUpload {
  id: string;
  /** The upload slot's name as the service shows it. */
  shown: string;
  /** Translation key of what goes in the slot. */
  label: string;
  /** A document Kreo writes (DocumentSku, including those still being added to the catalog). */
  sku?: string;
  /** Translation key of where to get the paper (Kreo's document is a step towards it, or Kreo writes none). */
  obtain?: string;
  /** Only for these legal forms (codes: SAS, SRL…); every form when absent. */
  forms?: string[];
}

export interface GuideLink {
  label: string;
  url: string;
}

export interface GuideSignature {
  title: string;
  body: string;
  links: GuideLink[];
  source: LegalSource;
}

export interface FilingGuide {
  /** The registration step whose card shows the guide. */
  step: string;
  /** Translation key of the service's name, and its address. */
  service: string;
  url: string;
  intro: string;
  /** The language the service is written in: the values are written for it (dates, decimals, words). */
  language: 'fr' | 'ro';
  signature?: GuideSignature;
  screens: GuideScreen[];
  uploads: GuideUpload[];
  source: LegalSource;
}
