/**
 * The fees a founder still pays outside Kreo, per country, read from schemas/jurisdictions/<code>.json.
 * Only /plans (and the wizard assistant's lazily loaded answer on the cost) import this module, so the landing page never loads it. Named imports of the JSON files
 * let the bundler keep just these keys and leave out the legal forms' parameters and their sources.
 */
import {
  code as frCode,
  currency as frCurrency,
  fees as frFees,
  title as frTitle,
} from '../../../schemas/jurisdictions/fr.json';
import {
  code as roCode,
  currency as roCurrency,
  fees as roFees,
  title as roTitle,
} from '../../../schemas/jurisdictions/ro.json';
import type { LegalFee } from '@/shared/jurisdictions';

export interface OutsideFeesCountry {
  /** FR, RO. */
  code: string;
  /** Translation key of the country's name. */
  title: string;
  currency: string;
  fees: readonly LegalFee[];
}

// check:forms holds the files to jurisdiction.schema.json, which LegalFee mirrors.
export const OUTSIDE_FEES: readonly OutsideFeesCountry[] = [
  { code: frCode, title: frTitle, currency: frCurrency, fees: frFees as LegalFee[] },
  { code: roCode, title: roTitle, currency: roCurrency, fees: roFees as LegalFee[] },
];
