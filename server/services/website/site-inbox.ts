/**
 * What a published site's contact form receives. A visitor's message (already checked) passes the
 * limits of its sender, spends its form's time stamp, passes the site's daily bound, is stored for
 * the owner's messages page and is mailed to the site's contact address, one mail per message while
 * messages come now and then. After a burst, further messages wait (`mailed_at` null) for one
 * digest that says how many arrived, sent by `sendDigests` (every ten minutes, server/app.ts).
 *
 * Every count is a row of `rate_limits`, and a digest claims its messages with a conditional update
 * in the transaction that queues it: several server instances on one database count together and
 * never announce a message twice.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users, websiteMessages, websites } from '../../db/schema';
import type { SiteLanguage, WebsiteContent } from '../../../src/shared/website';
import { isServerLanguage } from '../i18n';
import { enqueueMail, type MailQueue } from '../mail/mail-queue';
import { siteMessageDigest, siteMessageToOwner, type MailBrand } from '../mail/messages';
import { addressKey, type RateLimiter, type RateLimitRule } from '../rate-limiter';
import { STAMP_MAX_AGE_MS } from './site-contact-form';
import type { PublishedSite } from './website-service';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A sender may send `perHour` an hour, and twice that a day, to one site, from one address and from
 * one typed e-mail address: a person writes a business once or twice, and rarely ten times a day.
 */
const SENDER_DAILY_FACTOR = 2;
/**
 * What one site stores in a day: a hundred times a sender's hourly limit (500 with the default 5), so
 * that a flood must come from fifty addresses or more (each stopped at 10 a day) before it reaches
 * the bound, while a sender's own limits bite at 5 an hour and 10 a day. Past it the form refuses, a last resort against filling
 * our database (a message is up to 15 kB): the visitor is told so, and pointed to the phone and
 * address on the page, rather than thanked for a message nobody will keep.
 */
const SITE_DAILY_FACTOR = 100;
/**
 * Mails to the owner one by one: 3 an hour. A small business's form gets a few messages a week;
 * a fourth within the hour is a burst, and the rest of it waits for a digest.
 */
const SINGLE_MAILS: RateLimitRule = { max: 3, windowMs: HOUR_MS };
/**
 * A digest goes once a burst has been quiet for 30 minutes (one burst, one digest), and at the latest
 * 3 hours after its first message, so that a real message in a lasting flood waits no longer. For
 * 3 hours after a digest, messages wait for the next one too: a flood lasting a day costs the owner
 * 3 single mails and 8 digests, not 3 more mails after each digest.
 */
const DIGEST_QUIET = '30 minutes';
const DIGEST_MAX_WAIT = '3 hours';
const AFTER_DIGEST: RateLimitRule = { max: SINGLE_MAILS.max, windowMs: 3 * HOUR_MS };
/** Owners served per run (the next run, ten minutes later, takes the rest). */
const DIGEST_BATCH = 100;

export interface SiteInboxDeps {
  db: Database;
  mailQueue: Pick<MailQueue, 'wake'>;
  rateLimiter: RateLimiter;
  brand: MailBrand;
  publicUrl: string;
  /** Messages per hour from one sender to one site (0: no limit, and no daily bound either). */
  siteContact: { perHour: number };
}

/**
 * Why a message was not received: its sender's hourly or daily limit, the site's daily bound, or its
 * stamp sent a message already.
 */
export type SiteMessageRefusal = 'tooMany' | 'tooManyToday' | 'siteBusy' | 'used';

interface Count {
  key: string;
  rule: RateLimitRule;
  refusal: SiteMessageRefusal;
}

export interface SiteMessageInput {
  name: string;
  email: string;
  message: string;
  language: SiteLanguage;
}

/** The count of the single mails an owner got (one site per owner). */
const singleMailsKey = (userId: string) => `site-mail:${userId}`;

export function createSiteInbox(deps: SiteInboxDeps) {
  const { db, rateLimiter, brand, publicUrl } = deps;

  async function ownerLanguage(userId: string) {
    const [user] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
    return isServerLanguage(user?.language) ? user.language : 'fr';
  }

  /**
   * The counts a message passes in turn: its sender's, then its stamp, then the site's bound. Each
   * refuses past its `max`; the sender's and the site's are off when `perHour` is 0.
   */
  function counts(site: PublishedSite, clientIp: string, email: string, spendKey: string) {
    const { perHour } = deps.siteContact;
    const address = addressKey(clientIp);
    const daily: RateLimitRule = { max: perHour * SENDER_DAILY_FACTOR, windowMs: DAY_MS };
    const sender: Count[] = [
      {
        key: `site-contact:${site.id}:${address}`,
        rule: { max: perHour, windowMs: HOUR_MS },
        refusal: 'tooMany',
      },
      { key: `site-contact-day:${site.id}:${address}`, rule: daily, refusal: 'tooManyToday' },
      // Typed by the visitor: in lower case, so that Ana@ and ana@ are one sender.
      { key: `site-contact-email:${site.id}:${email.toLowerCase()}`, rule: daily, refusal: 'tooManyToday' },
    ];
    // One atomic upsert per stamp, shared by every instance: of two posts of one stamp, even at once,
    // the first counts 1 and passes, the other 2. The count outlives the stamp (it starts after the
    // stamp was made; an hour more covers clocks a little apart). After the sender's limits, so that
    // fresh stamps from one sender leave no more rows than its limits let through.
    const stamp: Count = {
      key: spendKey,
      rule: { max: 1, windowMs: STAMP_MAX_AGE_MS + HOUR_MS },
      refusal: 'used',
    };
    const siteBound: Count = {
      key: `site-contact:${site.id}`,
      rule: { max: perHour * SITE_DAILY_FACTOR, windowMs: DAY_MS },
      refusal: 'siteBusy',
    };
    return { sender: perHour > 0 ? sender : [], stamp, bound: perHour > 0 ? [siteBound] : [] };
  }

  /**
   * Whether this message is mailed on its own: not while earlier ones wait for a digest (the digest
   * will tell of it), nor past SINGLE_MAILS.
   */
  async function mailsAlone(site: PublishedSite): Promise<boolean> {
    const [waiting] = await db
      .select({ id: websiteMessages.id })
      .from(websiteMessages)
      .where(and(eq(websiteMessages.userId, site.userId), isNull(websiteMessages.mailedAt)))
      .limit(1);
    if (waiting) return false;
    return (await rateLimiter.hit(singleMailsKey(site.userId), SINGLE_MAILS)).allowed;
  }

  /** Where an owner's digest goes: the site's contact address, like its single mails, else the account's. */
  async function digestFor(userId: string) {
    const [found] = await db
      .select({
        slug: websites.slug,
        content: websites.content,
        publishedContent: websites.publishedContent,
        language: users.language,
        accountEmail: users.email,
      })
      .from(users)
      .leftJoin(websites, eq(websites.userId, users.id))
      .where(eq(users.id, userId));
    if (!found) return null;
    const content = (found.publishedContent ?? found.content) as Partial<WebsiteContent> | null;
    return {
      to: content?.email ? content.email : found.accountEmail,
      language: isServerLanguage(found.language) ? found.language : 'fr',
      siteName: content?.siteName ?? '',
      siteUrl: found.slug ? `${publicUrl}/sites/${found.slug}` : publicUrl,
    };
  }

  return {
    /**
     * Stores a visitor's message and tells the owner (a mail now, or the next digest). `spendKey`
     * names its stamp (checkStamp), which sends one message only. Returns why it was refused, or null
     * when it was received.
     */
    async receive(
      site: PublishedSite,
      input: SiteMessageInput,
      clientIp: string,
      spendKey: string,
    ): Promise<SiteMessageRefusal | null> {
      const { sender, stamp, bound } = counts(site, clientIp, input.email, spendKey);
      const counted: string[] = [];
      for (const count of [...sender, stamp, ...bound]) {
        if (!(await rateLimiter.hit(count.key, count.rule)).allowed) {
          // Only a message received counts against its sender: a page sent twice, or a site at its
          // bound, does not use up the visitor's own allowance.
          await Promise.all(counted.map((key) => rateLimiter.release(key)));
          return count.refusal;
        }
        if (sender.includes(count)) counted.push(count.key);
      }
      const alone = await mailsAlone(site);
      const mail = alone
        ? siteMessageToOwner(
            {
              to: site.content.email,
              language: await ownerLanguage(site.userId),
              siteName: site.content.siteName,
              siteUrl: `${publicUrl}/sites/${site.slug}`,
              name: input.name,
              email: input.email,
              message: input.message,
            },
            brand,
          )
        : null;
      await db.transaction(async (tx) => {
        // Told at once (the mail is queued in this transaction), or by the next digest.
        await tx.insert(websiteMessages).values({
          userId: site.userId,
          ...input,
          ip: addressKey(clientIp),
          mailedAt: mail ? sql`now()` : null,
        });
        if (mail) await enqueueMail(tx, mail, site.userId);
      });
      if (alone) deps.mailQueue.wake();
      return null;
    },

    /**
     * Sends each owner whose waiting messages are due (quiet for DIGEST_QUIET, or one older than
     * DIGEST_MAX_WAIT) one digest of them, and marks them told. Resolves with the digests queued.
     */
    async sendDigests(): Promise<number> {
      const due = await db
        .select({
          userId: websiteMessages.userId,
          // As text: a JavaScript Date would drop the microseconds, and miss the newest message.
          newest: sql<string>`max(${websiteMessages.createdAt})::text`,
        })
        .from(websiteMessages)
        .where(isNull(websiteMessages.mailedAt))
        .groupBy(websiteMessages.userId)
        .having(
          sql`max(${websiteMessages.createdAt}) < now() - ${DIGEST_QUIET}::interval
            or min(${websiteMessages.createdAt}) < now() - ${DIGEST_MAX_WAIT}::interval`,
        )
        .limit(DIGEST_BATCH);
      let sent = 0;
      for (const { userId, newest } of due) {
        const mail = await digestFor(userId);
        if (!mail) continue;
        const queued = await db.transaction(async (tx) => {
          // Only messages still waiting, up to the newest seen above: another instance that got
          // there first leaves none, and a message arriving meanwhile waits for its own quiet.
          const claimed = await tx
            .update(websiteMessages)
            .set({ mailedAt: sql`now()` })
            .where(
              and(
                eq(websiteMessages.userId, userId),
                isNull(websiteMessages.mailedAt),
                sql`${websiteMessages.createdAt} <= ${newest}::timestamptz`,
              ),
            )
            .returning({ readAt: websiteMessages.readAt });
          // Those the owner has read in the app meanwhile need no mail.
          const count = claimed.filter((message) => message.readAt === null).length;
          if (count === 0) return false;
          await enqueueMail(tx, siteMessageDigest({ ...mail, count }, brand), userId);
          return true;
        });
        if (!queued) continue;
        sent += 1;
        await rateLimiter.exhaust(singleMailsKey(userId), AFTER_DIGEST);
      }
      if (sent > 0) deps.mailQueue.wake();
      return sent;
    },
  };
}

export type SiteInbox = ReturnType<typeof createSiteInbox>;
