/**
 * The beneficial owners of a company file (version 3: persons and roles), as beneficial-owners.ts
 * finds them. The documents print them and the wizard's review shows them, from this one reading.
 */
import {
  beneficialOwners,
  type BeneficialOwnersResult,
  type BoJurisdiction,
  type BoLegalForm,
  type BoManagerRole,
  type BoPerson,
} from './beneficial-owners.ts';

type Values = Record<string, unknown>;
const isRecord = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (values: Values, key: string) => (typeof values[key] === 'string' ? values[key].trim() : '');
const amount = (values: Values, key: string) =>
  typeof values[key] === 'number' && Number.isFinite(values[key]) ? values[key] : 0;

/** The office each form's managers hold, for the law's fallback (R. 561-1 2° names them by office). */
export const MANAGER_ROLES: Readonly<Record<string, BoManagerRole>> = {
  SAS: 'president',
  SASU: 'president',
  SARL: 'gerant',
  EURL: 'gerant',
  SRL: 'administrator',
  SRL_SOLE: 'administrator',
};

export function fileBeneficialOwners(
  data: Values,
  form: { jurisdiction: string; code: string },
  thresholdPercent: number,
): BeneficialOwnersResult {
  const records = Array.isArray(data.persons) ? data.persons.filter(isRecord) : [];
  const persons: BoPerson[] = records
    .filter((record) => text(record, 'id') !== '')
    .map((record) =>
      record.kind === 'legal'
        ? {
            id: text(record, 'id'),
            kind: 'legal' as const,
            name: text(record, 'name'),
            representativeId: text(record, 'representativeId') || undefined,
            owners: (Array.isArray(record.owners) ? record.owners.filter(isRecord) : []).map((owner) => ({
              personId: text(owner, 'personId'),
              percent: amount(owner, 'percent'),
            })),
          }
        : { id: text(record, 'id'), kind: 'natural' as const },
    );
  const role = MANAGER_ROLES[form.code] ?? 'administrator';
  return beneficialOwners({
    jurisdiction: form.jurisdiction as BoJurisdiction,
    legalForm: form.code as BoLegalForm,
    persons,
    subscribers: (Array.isArray(data.subscribers) ? data.subscribers.filter(isRecord) : []).map((entry) => ({
      personId: text(entry, 'personId'),
      shares: amount(entry, 'shares'),
    })),
    managers: [
      ...(Array.isArray(data.managers) ? data.managers.filter(isRecord) : []).map((manager) => ({
        personId: text(manager, 'personId'),
        role,
      })),
      // A SAS's directeur général is a legal representative too (R. 561-1 2° d) C. mon. fin.).
      ...(text(data, 'directorGeneralId') !== ''
        ? [{ personId: text(data, 'directorGeneralId'), role: 'directeurGeneral' as const }]
        : []),
    ],
    thresholdPercent,
  });
}
