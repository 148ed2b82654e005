/**
 * Fixed-window rate limits counted in the database (`rate_limits`), so that every server instance
 * on one PostgreSQL sees the same counts. One atomic upsert per hit: a new window starts at 1, an
 * open one grows by one.
 */
import { isIPv6 } from 'node:net';
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimits } from '../db/schema';

/**
 * What one client's addresses have in common: an IPv4 address, or the /64 prefix of an IPv6 one (a
 * client gets a whole /64, and would otherwise have 2^64 counts of its own).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface RateLimitRule {
  /** Requests allowed per window; 0 turns the rule off. */
  max: number;
  windowMs: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
}

export class RateLimitedError extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many requests, please retry in ${retryAfterSeconds} seconds.`);
  }
}

export function createRateLimiter(db: Database) {
  async function counted(key: string, rule: RateLimitRule, increment: 0 | 1) {
    const window = `${rule.windowMs} milliseconds`;
    const result: unknown = await db.execute(sql`
      insert into ${rateLimits} (key, count, reset_at)
      values (${key}, ${increment}, now() + ${window}::interval)
      on conflict (key) do update set
        count = case when ${rateLimits.resetAt} <= now() then ${increment} else ${rateLimits.count} + ${increment} end,
        reset_at = case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end
      returning count, ceil(extract(epoch from (reset_at - now())))::int as retry_after`);
    // node-postgres and PGlite both answer { rows }.
    const [row] = (result as { rows: { count: number; retry_after: number }[] }).rows;
    return { count: Number(row?.count ?? 0), retryAfterSeconds: Math.max(1, Number(row?.retry_after ?? 1)) };
  }

  return {
    /** Counts one request under `key`; not allowed once the count passes `max`. */
    async hit(key: string, rule: RateLimitRule): Promise<RateLimitVerdict> {
      if (rule.max <= 0) return { allowed: true, retryAfterSeconds: 0 };
      const { count, retryAfterSeconds } = await counted(key, rule, 1);
      return { allowed: count <= rule.max, retryAfterSeconds };
    },
    /** Gives one request back (a correct password after a counted attempt). */
    async release(key: string): Promise<void> {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(eq(rateLimits.key, key));
    },
    /**
     * Uses `key` up until `rule.windowMs` from now at least: no hit passes it meanwhile (after a
     * digest of site messages, their owner gets no single mail for a while).
     */
    async exhaust(key: string, rule: RateLimitRule): Promise<void> {
      const window = `${rule.windowMs} milliseconds`;
      await db.execute(sql`
        insert into ${rateLimits} (key, count, reset_at)
        values (${key}, ${rule.max}, now() + ${window}::interval)
        on conflict (key) do update set
          count = greatest(${rateLimits.count}, excluded.count),
          reset_at = greatest(${rateLimits.resetAt}, excluded.reset_at)`);
    },
    /** Throws a 429 when the hit passes the limit. */
    async enforce(key: string, rule: RateLimitRule): Promise<void> {
      const verdict = await this.hit(key, rule);
      if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterSeconds);
    },
    /** Drops the counters whose window ended an hour ago or more (the server does every ten minutes). */
    async prune(): Promise<void> {
      await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now() - interval '1 hour'`));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
