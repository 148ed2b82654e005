/**
 * Who may read or write a company file shared between co-founders (issue 35). A file is named by
 * its founder's account id; the founder is its owner, a co-founder whose invitation they accepted is
 * a member bound to one person of the file. Everyone else gets a 404: a file's existence is not
 * told to strangers. Every co-founders' and signing handler asks this first, so the API, not the
 * screens, decides what a co-founder can do.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { companyFiles, fileMembers } from '../../db/schema';

export type FileAccess =
  | { role: 'founder'; ownerId: string; userId: string; personId: 'p1' }
  | { role: 'coFounder'; ownerId: string; userId: string; personId: string; memberId: string };

export class FileAccessError extends Error {
  constructor(
    readonly statusCode: 403 | 404,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The founder's own person: the first of the People step (schemas/wizard/people.json). */
export const FOUNDER_PERSON_ID = 'p1';

/** The access `userId` has to the file of `ownerId`, or a 404 FileAccessError. */
export async function fileAccess(
  db: Database | Transaction,
  userId: string,
  ownerId: string,
): Promise<FileAccess> {
  if (userId === ownerId) {
    const [file] = await db
      .select({ userId: companyFiles.userId })
      .from(companyFiles)
      .where(eq(companyFiles.userId, ownerId));
    if (!file) throw new FileAccessError(404, 'No company file here');
    return { role: 'founder', ownerId, userId, personId: FOUNDER_PERSON_ID };
  }
  // One query: the membership, and its person still in the file's answers (a person removed, whose
  // id a new person may take, takes the access with them).
  const [member] = await db
    .select({ id: fileMembers.id, personId: fileMembers.personId })
    .from(fileMembers)
    .innerJoin(companyFiles, eq(companyFiles.userId, fileMembers.ownerId))
    .where(
      and(
        eq(fileMembers.ownerId, ownerId),
        eq(fileMembers.userId, userId),
        eq(fileMembers.status, 'joined'),
        sql`coalesce(${companyFiles.data} -> 'persons', '[]'::jsonb) @> jsonb_build_array(jsonb_build_object('id', ${fileMembers.personId}))`,
      ),
    );
  if (!member) throw new FileAccessError(404, 'No company file here');
  return { role: 'coFounder', ownerId, userId, personId: member.personId, memberId: member.id };
}

/** Only the founder may do this (403 for a co-founder). */
export function requireFounder(
  access: FileAccess,
  what: string,
): asserts access is Extract<FileAccess, { role: 'founder' }> {
  if (access.role !== 'founder') throw new FileAccessError(403, `Only the founder can ${what}`);
}
