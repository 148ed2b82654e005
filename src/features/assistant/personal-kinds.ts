// Only the entries' map: the figures and their sources load with the block (personal-block.tsx).
import { entries } from '../../../schemas/assistant-personal.json';

/** The founder's own figures an entry gets (schemas/assistant-personal.json `entries`). */
export type PersonalKind = 'filingCost' | 'capitalDeposit' | 'managerRules';

const KINDS: Readonly<Record<string, string>> = entries;
const isKind = (value: string | undefined): value is PersonalKind =>
  value === 'filingCost' || value === 'capitalDeposit' || value === 'managerRules';

/** The personal block of an answer (`faq:fees`), or null: fields' hints and other entries have none. */
export function personalKindOf(key: string): PersonalKind | null {
  if (!key.startsWith('faq:')) return null;
  const kind = KINDS[key.slice('faq:'.length)];
  return isKind(kind) ? kind : null;
}
