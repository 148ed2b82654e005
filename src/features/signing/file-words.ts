/**
 * What the signing page says of a company file beyond the round: the names of its persons and its
 * country (the founder's own file), and a changed field's label from its JSON pointer.
 */
import type { i18n as I18n } from 'i18next';
import { apiClient } from '@/lib/api/client';
import type { SigningRound } from '@/lib/signing/signing-api';

export type Jurisdiction = 'FR' | 'RO';

export interface FileWords {
  jurisdiction: Jurisdiction | null;
  /** Person id → the name the file gives them. */
  names: Map<string, string>;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A person's name as the documents print it: first names and name, or a company's name. */
function personName(person: Record<string, unknown>): string | null {
  if (person.kind === 'legal') return text(person.name);
  const name = [text(person.firstNames), text(person.lastName)].filter(Boolean).join(' ');
  return name === '' ? null : name;
}

/** Names and country of the caller's own file (GET /api/company-file); empty for anyone else's. */
export async function fetchOwnFileWords(): Promise<FileWords> {
  try {
    const { data: file } = await apiClient.GET('/api/company-file');
    const data = (file?.data ?? {}) as Record<string, unknown>;
    const names = new Map<string, string>();
    for (const person of Array.isArray(data.persons) ? (data.persons as unknown[]) : []) {
      if (typeof person !== 'object' || person === null) continue;
      const record = person as Record<string, unknown>;
      const name = personName(record);
      if (typeof record.id === 'string' && name) names.set(record.id, name);
    }
    const jurisdiction = data.jurisdiction === 'FR' || data.jurisdiction === 'RO' ? data.jurisdiction : null;
    return { jurisdiction, names };
  } catch (error) {
    console.warn('The company file could not be read for its names.', error);
    return { jurisdiction: null, names: new Map() };
  }
}

/** The names the round's documents give their signatories (anyone on the file may read them). */
export function signatoryNames(round: SigningRound | null): Map<string, string> {
  const names = new Map<string, string>();
  for (const document of round?.documents ?? [])
    for (const signatory of document.signatories) names.set(signatory.personId, signatory.name);
  return names;
}

/** The lists of the file whose items have their own field words (`wizard:fields.person.address`). */
const ITEM_WORDS: Record<string, string> = {
  persons: 'person',
  subscribers: 'subscriber',
  managers: 'manager',
  actsBeforeRegistration: 'actBeforeRegistration',
};

/**
 * The label of a changed field (`/persons/1/address` → the wizard's "Address"), from the wizard's
 * words: the item's field, else the list or field itself, else the pointer as it is.
 */
export function changedFieldLabel(i18n: I18n, path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '' && !/^\d+$/.test(segment));
  const [first, second] = segments;
  if (!first) return path;
  const candidates: string[] = [];
  const item = ITEM_WORDS[first];
  if (item && second) candidates.push(`fields.${item}.${second}.title`, `fields.${item}.${second}`);
  candidates.push(`fields.${first}.title`, `fields.${first}`);
  for (const key of candidates) {
    // The raw words: a key that resolves nowhere is not asked through t(), which reports it as a bug.
    const label: unknown = i18n.getResource(i18n.language, 'wizard', key);
    if (typeof label === 'string' && label !== '') return label;
  }
  return path;
}

/** A moment as the page says it: date and time in the reader's language. */
export function longDate(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(date);
}
