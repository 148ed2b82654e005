// Read by the block (personal-block.tsx), which loads with the first answer of the guide.
import { entries, fields } from '../../../schemas/assistant-personal.json';

/** The founder's own figures an entry gets (schemas/assistant-personal.json `entries`). */
export type PersonalKind = 'filingCost' | 'capitalDeposit' | 'managerRules' | 'caenLookup';

const KINDS: Readonly<Record<string, string>> = entries;
const FIELD_KINDS: Readonly<Record<string, string>> = fields;
const isKind = (value: string | undefined): value is PersonalKind =>
  value === 'filingCost' || value === 'capitalDeposit' || value === 'managerRules' || value === 'caenLookup';

/** The personal block of a FAQ or knowledge entry (`fees`), or null when it has none. */
export function personalKindOf(entry: string): PersonalKind | null {
  const kind = KINDS[entry];
  return isKind(kind) ? kind : null;
}

/** The personal block of a wizard field's hint (`caenMain`), or null when it has none. */
export function personalKindOfField(path: string): PersonalKind | null {
  const kind = FIELD_KINDS[path];
  return isKind(kind) ? kind : null;
}
