/**
 * What the founder brings to the registration, made from the company file's answers: an identity
 * document for each person (associate or manager, once however often named), the proof of the
 * registered office, and the certificate of the capital deposit.
 */

export type PersonRole = 'associate' | 'manager';

export type BringItem =
  | { kind: 'identity'; name: string; roles: PersonRole[] }
  /** No person named yet: one item for all of them. */
  | { kind: 'identities' }
  | { kind: 'registeredOffice'; address: string | null }
  | { kind: 'capitalDeposit'; amount: number | null; currency: string | null };

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\s+/g, ' ') : null;
}

function namesOf(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown) => {
    const name =
      typeof entry === 'object' && entry !== null ? text((entry as { name?: unknown }).name) : null;
    return name ? [name] : [];
  });
}

/** The same person however the name was typed: case, accents' composition and spaces ignored. */
export function personKey(name: string): string {
  return name.normalize('NFC').toLocaleLowerCase().replace(/\s+/g, '');
}

/** The checklist of `data` (the wizard's answers, GET /api/company-file), in the order it is shown. */
export function bringChecklist(data: Record<string, unknown>): BringItem[] {
  const people = new Map<string, { name: string; roles: PersonRole[] }>();
  const add = (name: string, role: PersonRole) => {
    const key = personKey(name);
    const person = people.get(key);
    if (!person) people.set(key, { name, roles: [role] });
    else if (!person.roles.includes(role)) person.roles.push(role);
  };
  for (const name of namesOf(data.subscribers)) add(name, 'associate');
  for (const name of namesOf(data.managers)) add(name, 'manager');

  const capital = data.shareCapital;
  const items: BringItem[] =
    people.size > 0
      ? [...people.values()].map((person) => ({ kind: 'identity', ...person }))
      : [{ kind: 'identities' }];
  items.push({ kind: 'registeredOffice', address: text(data.registeredOffice) });
  items.push({
    kind: 'capitalDeposit',
    amount: typeof capital === 'number' && Number.isFinite(capital) && capital > 0 ? capital : null,
    currency: text(data.currency),
  });
  return items;
}
