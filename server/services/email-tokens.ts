/** Single-use links mailed to users (e-mail verification, password reset), stored hashed. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { emailTokens } from '../db/schema';
import { hashToken, randomToken } from './secrets';

export type EmailTokenPurpose = 'verify_email' | 'reset_password';

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

/** A new token; the user's earlier unused tokens for the same purpose stop working. */
export async function createEmailToken(
  db: Database,
  userId: string,
  purpose: EmailTokenPurpose,
  email: string,
) {
  const token = randomToken();
  await db.transaction(async (tx) => {
    await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)),
      );
    await tx.insert(emailTokens).values({
      userId,
      purpose,
      email,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS[purpose]),
    });
  });
  return token;
}

/** Uses a token once: the user and address it was for, or null when unknown, used or expired. */
export async function consumeEmailToken(db: Database, token: string, purpose: EmailTokenPurpose) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailTokens.userId, email: emailTokens.email });
  return row ?? null;
}
