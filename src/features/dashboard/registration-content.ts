/**
 * The steps of a company's registration outside Kreo (schemas/jurisdictions/registration/<fr|ro>.json,
 * held to registration.schema.json by check:forms), and the fees of the country's file they refer to.
 * Each country's steps are their own chunk, loaded when the dashboard knows the country.
 */
import { currency as frCurrency, fees as frFees } from '../../../schemas/jurisdictions/fr.json';
import { currency as roCurrency, fees as roFees } from '../../../schemas/jurisdictions/ro.json';
import { feeAmountFor, type FeeAmount, type LegalFee, type LegalSource } from '@/shared/jurisdictions';
import type { FilingGuide } from './filing-guide/guide-content';

export type Jurisdiction = 'FR' | 'RO';

/** A cost of a step: a fee of the country's file (by id), or an amount given by the step itself. */
export type StepCost =
  { fee: string } | { label: string; amount: FeeAmount; currency: string; source: LegalSource };

export interface RegistrationStep {
  id: string;
  /** Translation keys, written registration:… */
  title: string;
  explanation: string;
  /** Documents of the Documents page (DocumentSku). */
  documents: string[];
  /** Translation keys of other papers to bring. */
  bring?: string[];
  costs: StepCost[];
  duration: { minDays: number; maxDays: number; working?: boolean };
  link?: string;
  source: LegalSource;
}

export interface RegistrationReminder {
  id: string;
  title: string;
  body: string;
  link?: string;
  source: LegalSource;
}

export interface RegistrationContent {
  jurisdiction: Jurisdiction;
  steps: RegistrationStep[];
  reminders: RegistrationReminder[];
  /** The filing guide of one step (the registry's online service, screen by screen). */
  guide?: FilingGuide;
}

const files = import.meta.glob<RegistrationContent>('../../../schemas/jurisdictions/registration/*.json', {
  import: 'default',
});

/** A country's registration steps and reminders; rejects when the country has no such file. */
export async function loadRegistration(jurisdiction: Jurisdiction): Promise<RegistrationContent> {
  const load = files[`../../../schemas/jurisdictions/registration/${jurisdiction.toLowerCase()}.json`];
  if (!load) throw new Error(`No registration steps for ${jurisdiction}`);
  return load();
}

// check:forms holds the countries' files to jurisdiction.schema.json, which LegalFee mirrors.
const FEES: Record<Jurisdiction, { currency: string; fees: readonly LegalFee[] }> = {
  FR: { currency: frCurrency, fees: frFees as LegalFee[] },
  RO: { currency: roCurrency, fees: roFees as LegalFee[] },
};

/** What a cost resolves to: a translation key, an amount and its currency. */
export interface ResolvedCost {
  label: string;
  amount: FeeAmount;
  currency: string;
}

/**
 * A step's cost with its fee looked up in the country's file: the amount of the company's legal form when
 * the fee has one (`perForm`), else the general one. Null for an unknown fee (check:forms refuses those).
 */
export function resolveCost(
  cost: StepCost,
  jurisdiction: Jurisdiction,
  legalForm?: string,
): ResolvedCost | null {
  if (!('fee' in cost)) return { label: cost.label, amount: cost.amount, currency: cost.currency };
  const fee = FEES[jurisdiction].fees.find((candidate) => candidate.id === cost.fee);
  if (!fee) return null;
  const amount = feeAmountFor(fee, legalForm);
  return { label: fee.label, amount, currency: fee.currency || FEES[jurisdiction].currency };
}
