/**
 * The one-time codes mailed at signing: six random digits, stored only as an HMAC-SHA256 with a key
 * of their own derived from the server's signing key (as journey.ts derives the unsubscribe links'
 * key), bound to the round and the account they were sent for. Valid 10 minutes, 5 attempts.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;

/** The key the codes are hashed with: never the signing key itself. */
export function codeKey(signingKey: Uint8Array): Buffer {
  return createHmac('sha256', signingKey).update('kreo:signing-codes').digest();
}

/** Six digits, each from the system's random source (leading zeros kept). */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashCode(key: Buffer, roundId: string, userId: string, code: string): string {
  return createHmac('sha256', key).update(`${roundId}\0${userId}\0${code}`).digest('hex');
}

/** Compares in constant time. */
export function codeMatches(
  key: Buffer,
  roundId: string,
  userId: string,
  code: string,
  hash: string,
): boolean {
  const expected = Buffer.from(hashCode(key, roundId, userId, code), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return expected.length === stored.length && timingSafeEqual(expected, stored);
}

/** `pierre.martin@example.com` → `p***@example.com`: enough to recognise, not to read. */
export function maskAddress(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
