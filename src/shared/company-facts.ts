/**
 * What the wizard's answers so far say of the founder's company, for the assistant's answers about
 * their own company (the cost of their form, the capital to deposit, their managers). Each fact is
 * null until the founder has given it. Read from the company file's data (schemas/wizard/*.json:
 * `jurisdiction`, `legalForm`, `shareCapital`, `subscribers[].subscription`/`paidAmount`, `managers`).
 */
import { personName, personsById } from './company-persons.ts';

export interface CompanyFacts {
  jurisdiction: 'FR' | 'RO' | null;
  /** `SAS`, `SRL_SOLE`… */
  legalForm: string | null;
  /** The share capital, in the country's currency. */
  shareCapital: number | null;
  /**
   * The contributions in cash: the subscribers' subscriptions added up, when every subscriber has one
   * (the wizard takes cash contributions only, as the documents state); the share capital otherwise.
   */
  cashCapital: number | null;
  /** What the subscribers say they pay in at formation (their `paidAmount` added up), when all say it. */
  paidAtFormation: number | null;
  /**
   * Each associate that gives both their subscription and what they pay in at formation, named as the
   * filing check names them: the assistant checks each one as the check does (src/shared/paid-up.ts).
   */
  payments: SubscriberPayment[];
  /** The associates: the subscribers that name a person (their subscriptions make `cashCapital`). */
  associates: number | null;
  /** The managers listed (président, gérants, administratori). */
  managers: number | null;
}

export interface SubscriberPayment {
  /** The person's name ("Camille Dupont"), empty while none is typed. */
  name: string;
  /** Their place in the list of subscribers, from 1. */
  position: number;
  subscription: number;
  paid: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const amount = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
const cents = (value: number) => Math.round(value * 100);

/** The sum of one amount of every element, in cents, or null when one of them lacks it. */
function sumOf(list: readonly unknown[], key: string): number | null {
  if (list.length === 0) return null;
  let total = 0;
  for (const item of list) {
    const value = isRecord(item) ? amount(item[key]) : null;
    if (value === null) return null;
    total += cents(value);
  }
  return total / 100;
}

/** The facts of a company file's data (anything: a draft may be half filled in). */
export function companyFacts(data: unknown): CompanyFacts {
  const file = isRecord(data) ? data : {};
  const jurisdiction = file.jurisdiction === 'FR' || file.jurisdiction === 'RO' ? file.jurisdiction : null;
  const legalForm = typeof file.legalForm === 'string' && file.legalForm !== '' ? file.legalForm : null;
  const shareCapital = amount(file.shareCapital) || null;
  const subscribers = Array.isArray(file.subscribers) ? file.subscribers : [];
  const managers = Array.isArray(file.managers) ? file.managers : [];
  // One list for every figure: the subscribers that name a person (a row being filled in counts for
  // none of them, so that the associates and the capital they bring always agree).
  const isNamed = (item: unknown) =>
    isRecord(item) && typeof item.personId === 'string' && item.personId !== '';
  const associates = subscribers.filter(isNamed);
  const subscribed = sumOf(associates, 'subscription');
  const persons = personsById(file);
  const payments = subscribers.flatMap((item, index): SubscriberPayment[] => {
    if (!isNamed(item) || !isRecord(item)) return [];
    const subscription = amount(item.subscription);
    const paid = amount(item.paidAmount);
    if (subscription === null || paid === null) return [];
    const person = persons.get(item.personId as string);
    return [{ name: person ? personName(person) : '', position: index + 1, subscription, paid }];
  });
  return {
    jurisdiction,
    legalForm,
    shareCapital,
    cashCapital: subscribed ?? shareCapital,
    paidAtFormation: sumOf(associates, 'paidAmount'),
    payments,
    associates: associates.length || null,
    managers: managers.filter(isNamed).length || null,
  };
}

/** No facts yet: before the wizard's answers are known. */
export const NO_COMPANY_FACTS: CompanyFacts = companyFacts(null);
