/**
 * A change of the submitted answers after a signing round started makes its documents say something
 * else than what was (or is being) signed: the round is voided. Before a change that would void
 * signatures already given, the founder (or a co-founder correcting their record) is warned and must
 * confirm (`confirmVoidSignatures`), so nobody voids them unknowingly.
 */
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { signatures, signingDocuments, signingRounds } from '../../db/schema';
import type { FileChange } from '../co-founders/file-digest';

export class SignaturesWouldBeVoided extends Error {
  readonly statusCode = 409;
  readonly code = 'SIGNATURES_WOULD_BE_VOIDED';
  constructor() {
    super(
      'The documents of this company file are signed (or being signed): this change voids the signatures. Confirm to make it.',
    );
  }
}

/** The rounds, not voided yet, that answers of digest `newDigest` would void. */
async function roundsVoidedBy(executor: Database | Transaction, ownerId: string, newDigest: string) {
  return executor
    .select({ id: signingRounds.id, status: signingRounds.status })
    .from(signingRounds)
    .where(
      and(
        eq(signingRounds.ownerId, ownerId),
        inArray(signingRounds.status, ['open', 'complete']),
        ne(signingRounds.digest, newDigest),
      ),
    );
}

/** Throws SignaturesWouldBeVoided when the change voids at least one signature and was not confirmed. */
export async function guardSubmittedChange(
  executor: Database | Transaction,
  ownerId: string,
  newDigest: string,
  confirmed: boolean,
): Promise<void> {
  if (confirmed) return;
  const rounds = await roundsVoidedBy(executor, ownerId, newDigest);
  if (rounds.length === 0) return;
  if (rounds.some((round) => round.status === 'complete')) throw new SignaturesWouldBeVoided();
  const [given] = await executor
    .select({ n: count() })
    .from(signatures)
    .innerJoin(signingDocuments, eq(signingDocuments.id, signatures.documentId))
    .where(
      inArray(
        signingDocuments.roundId,
        rounds.map((round) => round.id),
      ),
    );
  if ((given?.n ?? 0) > 0) throw new SignaturesWouldBeVoided();
}

/**
 * In the transaction that stores new submitted answers: voids every round they no longer match.
 * Answers the rounds voided (the signing service mails their signatories).
 */
export async function voidRoundsAfterChange(
  tx: Transaction,
  ownerId: string,
  newDigest: string,
  changes: FileChange[],
): Promise<string[]> {
  const rounds = await roundsVoidedBy(tx, ownerId, newDigest);
  if (rounds.length === 0) return [];
  const ids = rounds.map((round) => round.id);
  await tx
    .update(signingRounds)
    .set({ status: 'voided', voidedAt: new Date(), voidedChanges: changes, voidedReason: 'fileChanged' })
    .where(inArray(signingRounds.id, ids));
  return ids;
}
