/**
 * What a signing round needs before it starts (issue 35), read from the tables as the shared design
 * defines them, so the signing service does not wait on the co-founders' service: the acts each
 * person owes on the SUBMITTED answers, whether each was given on those very answers (a row whose
 * digest is theirs), and whether each signatory other than the founder joined the file.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { fileActs, fileMembers } from '../../db/schema';
import { FOUNDER_PERSON_ID } from '../co-founders/file-access';
import { actsCalledFor, rolesOf } from '../co-founders/roles';

export type FileActKind = 'acceptAppointment' | 'honourStatement' | 'approveFile';

export interface RequiredAct {
  personId: string;
  act: FileActKind;
}

/**
 * The acts the submitted answers call for (co-founders/roles.ts: each manager and the directeur
 * général accept their appointment and make their honour statement; each associate approves the
 * file, a company associate through its representative; the founder too, for their own roles).
 */
export function requiredActs(data: Record<string, unknown>): RequiredAct[] {
  return actsCalledFor(data).map(({ personId, act }) => ({ personId, act }));
}

/**
 * The natural persons who sign the documents of a file: every person with a role (the invitable
 * persons, the filer who accepts a power of attorney among them) and the founder.
 */
export function expectedSignatories(data: Record<string, unknown>): string[] {
  return [...rolesOf(data).keys()];
}

/** The acts of `required` not given on the answers of digest `digest`. */
export async function missingActs(
  executor: Database | Transaction,
  ownerId: string,
  digest: string,
  required: RequiredAct[],
): Promise<RequiredAct[]> {
  const given = await executor
    .select({ personId: fileActs.personId, act: fileActs.act })
    .from(fileActs)
    .where(and(eq(fileActs.ownerId, ownerId), eq(fileActs.digest, digest)));
  return required.filter(
    (needed) => !given.some((row) => row.personId === needed.personId && row.act === needed.act),
  );
}

/** The persons of `personIds` (other than the founder) with no joined account on the file. */
export async function notJoined(
  executor: Database | Transaction,
  ownerId: string,
  personIds: string[],
): Promise<string[]> {
  const joined = await executor
    .select({ personId: fileMembers.personId })
    .from(fileMembers)
    .where(
      and(eq(fileMembers.ownerId, ownerId), eq(fileMembers.status, 'joined'), isNotNull(fileMembers.userId)),
    );
  const members = new Set(joined.map((row) => row.personId));
  return personIds.filter((personId) => personId !== FOUNDER_PERSON_ID && !members.has(personId));
}

/** The accounts of the joined members, by person (the founder's own is the owner). */
export async function memberAccounts(
  executor: Database | Transaction,
  ownerId: string,
): Promise<Map<string, string>> {
  const rows = await executor
    .select({ personId: fileMembers.personId, userId: fileMembers.userId })
    .from(fileMembers)
    .where(
      and(eq(fileMembers.ownerId, ownerId), eq(fileMembers.status, 'joined'), isNotNull(fileMembers.userId)),
    );
  const accounts = new Map<string, string>([[FOUNDER_PERSON_ID, ownerId]]);
  for (const row of rows) if (row.userId) accounts.set(row.personId, row.userId);
  return accounts;
}
