/**
 * The fields of a submitted company file (the keys of the steps of schemas/wizard/) that the
 * documents print. The submission passed the wizard's rules, but a step may have changed since:
 * a missing or mistyped value reads as empty rather than breaking the document.
 */
export interface Subscriber {
  name: string;
  address: string;
  shares: number;
  subscription: number;
  paidAmount: number;
}

export interface CompanyFileFields {
  fullName: string;
  dateOfBirth: string;
  placeOfBirth: string;
  nationality: string;
  address: string;
  fatherName: string;
  motherName: string;
  companyName: string;
  corporatePurpose: string;
  registeredOffice: string;
  shareCapital: number;
  numberOfShares: number;
  durationYears: number;
  presidentName: string;
  presidentAddress: string;
  placeOfSignature: string;
  dateOfSignature: string;
  subscribers: Subscriber[];
}

type Values = Record<string, unknown>;

const text = (values: Values, key: string) => {
  const value = values[key];
  return typeof value === 'string' ? value.trim() : '';
};
const amount = (values: Values, key: string) => {
  const value = values[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
};
const isRecord = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function readCompanyFile(data: Values): CompanyFileFields {
  const subscribers = Array.isArray(data.subscribers) ? data.subscribers.filter(isRecord) : [];
  const firstManager = (Array.isArray(data.managers) ? data.managers.filter(isRecord) : [])[0] ?? {};
  return {
    fullName: text(data, 'fullName'),
    dateOfBirth: text(data, 'dateOfBirth'),
    placeOfBirth: text(data, 'placeOfBirth'),
    nationality: text(data, 'nationality'),
    address: text(data, 'address'),
    fatherName: text(data, 'fatherName'),
    motherName: text(data, 'motherName'),
    companyName: text(data, 'companyName'),
    corporatePurpose: text(data, 'corporatePurpose'),
    registeredOffice: text(data, 'registeredOffice'),
    shareCapital: amount(data, 'shareCapital'),
    numberOfShares: amount(data, 'numberOfShares'),
    durationYears: amount(data, 'durationYears'),
    // The president is the first manager (schemas/wizard/management.json); issue 14 prints each manager.
    presidentName: text(firstManager, 'name'),
    presidentAddress: text(firstManager, 'address'),
    placeOfSignature: text(data, 'placeOfSignature'),
    dateOfSignature: text(data, 'dateOfSignature'),
    subscribers: subscribers.map((subscriber) => ({
      name: text(subscriber, 'name'),
      address: text(subscriber, 'address'),
      shares: amount(subscriber, 'shares'),
      subscription: amount(subscriber, 'subscription'),
      paidAmount: amount(subscriber, 'paidAmount'),
    })),
  };
}

/** The shares the capital is divided into: the file's count, or the subscribers' total if it has none. */
export function totalShares(fields: CompanyFileFields): number {
  if (fields.numberOfShares > 0) return fields.numberOfShares;
  return fields.subscribers.reduce((sum, subscriber) => sum + subscriber.shares, 0);
}
