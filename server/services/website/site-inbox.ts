/**
 * What a published site's contact form receives: a visitor's message (already checked) passes the
 * limits, spends its form's time stamp, is stored for the owner's messages page and is mailed to
 * the site's contact address.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users, websiteMessages } from '../../db/schema';
import type { SiteLanguage } from '../../../src/shared/website';
import { isServerLanguage } from '../i18n';
import { enqueueMail, type MailQueue } from '../mail/mail-queue';
import { siteMessageToOwner, type MailBrand } from '../mail/messages';
import { addressKey, type RateLimiter } from '../rate-limiter';
import { STAMP_MAX_AGE_MS } from './site-contact-form';
import type { PublishedSite } from './website-service';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface SiteInboxDeps {
  db: Database;
  mailQueue: Pick<MailQueue, 'wake'>;
  rateLimiter: RateLimiter;
  brand: MailBrand;
  publicUrl: string;
  /** Messages per hour from one sender to one site (0: no limit). */
  siteContact: { perHour: number };
}

/** Why a message was not received: a limit, or its stamp already sent a message. */
export type SiteMessageRefusal = 'tooMany' | 'siteBusy' | 'used';

export interface SiteMessageInput {
  name: string;
  email: string;
  message: string;
  language: SiteLanguage;
}

export function createSiteInbox(deps: SiteInboxDeps) {
  const { db, rateLimiter, brand, publicUrl } = deps;

  async function ownerLanguage(userId: string) {
    const [user] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
    return isServerLanguage(user?.language) ? user.language : 'fr';
  }

  return {
    /**
     * Stores a visitor's message and queues it to the site's contact address, after the limits: a
     * few an hour from one address to one site, twenty times that a day to one site. `spendKey`
     * names its stamp (checkStamp), which sends one message only. Returns why it was refused, or
     * null when it was received.
     */
    async receive(
      site: PublishedSite,
      input: SiteMessageInput,
      clientIp: string,
      spendKey: string,
    ): Promise<SiteMessageRefusal | null> {
      const ip = addressKey(clientIp);
      const { perHour } = deps.siteContact;
      if (perHour > 0) {
        const fromAddress = await rateLimiter.hit(`site-contact:${site.id}:${ip}`, {
          max: perHour,
          windowMs: HOUR_MS,
        });
        if (!fromAddress.allowed) return 'tooMany';
      }
      // One atomic upsert per stamp, shared by every instance: of two posts of one stamp, even at
      // once, the first counts 1 and passes, the other counts 2. The count outlives the stamp (it
      // starts after the stamp was made, and an hour more covers clocks a little apart).
      const spent = await rateLimiter.hit(spendKey, { max: 1, windowMs: STAMP_MAX_AGE_MS + HOUR_MS });
      if (!spent.allowed) return 'used';
      if (perHour > 0) {
        const toSite = await rateLimiter.hit(`site-contact:${site.id}`, {
          max: perHour * 20,
          windowMs: DAY_MS,
        });
        if (!toSite.allowed) return 'siteBusy';
      }
      const language = await ownerLanguage(site.userId);
      await db.transaction(async (tx) => {
        // Told at once: the mail is queued in the same transaction.
        await tx.insert(websiteMessages).values({ userId: site.userId, ...input, ip, mailedAt: sql`now()` });
        await enqueueMail(
          tx,
          siteMessageToOwner(
            {
              to: site.content.email,
              language,
              siteName: site.content.siteName,
              siteUrl: `${publicUrl}/sites/${site.slug}`,
              name: input.name,
              email: input.email,
              message: input.message,
            },
            brand,
          ),
          site.userId,
        );
      });
      deps.mailQueue.wake();
      return null;
    },
  };
}

export type SiteInbox = ReturnType<typeof createSiteInbox>;
