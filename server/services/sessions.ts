/**
 * Access and refresh tokens. The access token is a 15-minute JWT (HS256) carrying `sub`,
 * `products` and `firstname`. The refresh token is random, stored hashed, rotated on every use;
 * presenting a token that was already rotated revokes its whole family (it was stolen, or the
 * theft was), except within a few seconds of the rotation, when two tabs of one browser may
 * simply have refreshed at the same time.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Database } from '../db/database';
import { purchases, refreshTokens, users } from '../db/schema';
import { hashToken, randomToken } from './secrets';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
const CONCURRENT_REFRESH_GRACE_MS = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessTokenClaims {
  sub: string;
  products: string[];
  firstname: string;
}

export function createSessionService(db: Database, signingKey: Uint8Array) {
  async function accessTokenFor(userId: string): Promise<string | null> {
    const [user] = await db.select({ firstname: users.firstname }).from(users).where(eq(users.id, userId));
    if (!user) return null;
    const owned = await db
      .select({ sku: purchases.productSku })
      .from(purchases)
      .where(eq(purchases.userId, userId))
      .orderBy(purchases.productSku);
    return new SignJWT({ products: owned.map((row) => row.sku), firstname: user.firstname })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(signingKey);
  }

  /**
   * The user id of a valid access token, or null: signed by us, unexpired, with an expiry at all, a
   * `sub` that is a user id, and a user who still exists (a deleted account's tokens end with it).
   */
  async function verifyAccessToken(token: string): Promise<string | null> {
    let subject: unknown;
    try {
      const { payload } = await jwtVerify(token, signingKey, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
      });
      subject = payload.sub;
    } catch {
      return null;
    }
    if (typeof subject !== 'string' || !UUID.test(subject)) return null;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, subject));
    return user ? user.id : null;
  }

  async function issueRefreshToken(userId: string, familyId: string = randomUUID()): Promise<string> {
    const token = randomToken();
    await db.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    return token;
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /** Exchanges a refresh token for a new one in the same family; null when it cannot be used. */
  async function rotateRefreshToken(token: string): Promise<{ userId: string; refreshToken: string } | null> {
    const [row] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)));
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return null;
    if (row.rotatedAt) {
      if (Date.now() - row.rotatedAt.getTime() > CONCURRENT_REFRESH_GRACE_MS) {
        await revokeFamily(row.familyId);
        return null;
      }
      return { userId: row.userId, refreshToken: await issueRefreshToken(row.userId, row.familyId) };
    }
    // Only one concurrent caller wins the rotation; a loser falls into the grace case above on retry.
    const claimed = await db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) return rotateRefreshToken(token);
    return { userId: row.userId, refreshToken: await issueRefreshToken(row.userId, row.familyId) };
  }

  /** Logout: the presented token's whole family stops working. */
  async function revokeRefreshToken(token: string): Promise<void> {
    const [row] = await db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)));
    if (row) await revokeFamily(row.familyId);
  }

  /** After a password reset every session of the user ends. */
  async function revokeAllForUser(userId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }

  return {
    accessTokenFor,
    verifyAccessToken,
    issueRefreshToken,
    rotateRefreshToken,
    revokeRefreshToken,
    revokeAllForUser,
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
