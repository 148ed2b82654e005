/**
 * Who may have a site's address. A slug its site leaves (moved to another slug, or the account
 * deleted) is held for 30 days (`website_slug_holds`): nobody else can take it, so that nobody
 * publishes a look-alike where the founder's visitors still arrive. The owner may take it back.
 * Expired holds count for nothing and are pruned with the other periodic jobs.
 *
 * Changes of who has a slug are serialised by an advisory lock per slug, taken after the owner's
 * site lock: a slug checked free under its lock is still free when the transaction writes it.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { websiteSlugHolds, websites } from '../../db/schema';

/** How long a slug stays held once its site left it. */
export const SLUG_HOLD_DAYS = 30;

type Executor = Database | Transaction;

/** Holds the user's site (its uploads, publishing, unpublishing) until the transaction ends. */
export async function lockSite(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`website:${userId}`}))`);
}

/** Holds these slugs until the transaction ends; in one order, so two transactions never deadlock. */
export async function lockSlugs(tx: Transaction, slugs: readonly string[]): Promise<void> {
  for (const slug of [...new Set(slugs)].sort())
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`website-slug:${slug}`}))`);
}

/** The hold on a slug that still counts: whose it is (null once the account is deleted), or null. */
export async function activeHold(
  executor: Executor,
  slug: string,
): Promise<{ userId: string | null } | null> {
  const [hold] = await executor
    .select({ userId: websiteSlugHolds.userId })
    .from(websiteSlugHolds)
    .where(and(eq(websiteSlugHolds.slug, slug), sql`${websiteSlugHolds.heldUntil} > now()`));
  return hold ?? null;
}

/**
 * The addresses one owner may hold at once besides the site's own: the last ones its visitors knew.
 * Without a bound, an owner moving the site every few minutes would hold address after address.
 */
export const HOLDS_PER_OWNER = 2;

/**
 * Holds `slug` for its owner for SLUG_HOLD_DAYS from now (an older hold on it is replaced); the
 * owner's older holds beyond HOLDS_PER_OWNER are let go, the oldest first.
 */
export async function holdSlug(tx: Transaction, slug: string, userId: string): Promise<void> {
  const heldUntil = sql`now() + ${`${SLUG_HOLD_DAYS} days`}::interval`;
  await tx
    .insert(websiteSlugHolds)
    .values({ slug, userId, heldUntil })
    .onConflictDoUpdate({
      target: websiteSlugHolds.slug,
      set: { userId, heldUntil, createdAt: sql`now()` },
    });
  await tx.execute(sql`
    delete from ${websiteSlugHolds}
    where ${websiteSlugHolds.userId} = ${userId}
      and ${websiteSlugHolds.slug} not in (
        select ${websiteSlugHolds.slug} from ${websiteSlugHolds}
        where ${websiteSlugHolds.userId} = ${userId}
        order by ${websiteSlugHolds.createdAt} desc, ${websiteSlugHolds.slug}
        limit ${HOLDS_PER_OWNER})`);
}

/** Drops the hold on a slug its owner takes back, and any expired one (the slug is someone's now). */
export async function clearHold(tx: Transaction, slug: string, userId: string): Promise<void> {
  await tx
    .delete(websiteSlugHolds)
    .where(
      and(
        eq(websiteSlugHolds.slug, slug),
        sql`(${websiteSlugHolds.userId} = ${userId} or ${websiteSlugHolds.heldUntil} <= now())`,
      ),
    );
}

/**
 * Before an account is deleted, in its transaction: the address of its site is held, and the site's
 * holds lose their owner when the account goes (the foreign key sets it null), so every address the
 * site had answers "gone" until its hold ends.
 */
export async function holdSlugOfDeletedAccount(tx: Transaction, userId: string): Promise<void> {
  await lockSite(tx, userId);
  const [site] = await tx.select({ slug: websites.slug }).from(websites).where(eq(websites.userId, userId));
  if (!site?.slug) return;
  await lockSlugs(tx, [site.slug]);
  await holdSlug(tx, site.slug, userId);
}

/** Drops the holds that ended (the server does it every ten minutes); answers how many. */
export async function pruneSlugHolds(db: Database): Promise<number> {
  const dropped = await db
    .delete(websiteSlugHolds)
    .where(lte(websiteSlugHolds.heldUntil, sql`now()`))
    .returning({ slug: websiteSlugHolds.slug });
  return dropped.length;
}
