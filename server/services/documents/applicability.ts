/**
 * Whether the answers call for a document its legal form has: a proof of seat proves one kind of seat,
 * a power of attorney exists only when someone other than a legal representative files. The documents
 * page says why a document does not apply (openapi: DocumentList `notApplicable`), and the server
 * answers 422 rather than write one with nothing to say.
 */
import type { components } from '../../../src/lib/api/schema';
import { filerNeedingMandate } from '../../../src/shared/filing-roles';
import type { LegalForm } from '../../../src/shared/jurisdictions';
import type { DocumentSku } from './build-document';

export type NotApplicable = NonNullable<
  components['schemas']['DocumentList']['documents'][number]['notApplicable']
>;

export { filerNeedingMandate };

/**
 * The seat kind each country's proof of seat is for: France, the legal representative's home (the
 * attestation de domiciliation, C. com. L. 123-11-1); Romania, premises lent by their owner (the
 * contract de comodat, Codul civil art. 2146).
 */
export const SEAT_PROVEN: Readonly<Record<string, string>> = { FR: 'home', RO: 'lent' };

/** Why the answers do not call for `sku`, or null when they do (every other document always applies). */
export function notApplicableReason(
  sku: DocumentSku,
  data: Record<string, unknown>,
  form: LegalForm,
): NotApplicable | null {
  if (sku === 'REGISTERED_OFFICE_PROOF')
    return data.registeredOfficeType === SEAT_PROVEN[form.jurisdiction] ? null : 'registeredOfficeType';
  if (sku === 'FILING_MANDATE') return filerNeedingMandate(data) ? null : 'filerIsRepresentative';
  return null;
}
