/**
 * What follows each step of a founder's path, and tells them: the timeline's events, the invoice
 * and receipt of a payment, the credit note of a refund and its mail (with the website a refund
 * takes offline), the mail that a submitted file is saved (not filed), the "documents ready"
 * mail, and the one reminder about a draft left unfinished.
 * Each mail is queued in the transaction of the change that causes it, so it exists exactly when
 * the change does.
 */
import { createHmac } from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';
import type { Database, Transaction } from '../../db/database';
import { companyFiles, offers, products, purchases, users } from '../../db/schema';
import { DOCUMENT_SKUS } from '../documents/build-document';
import { isServerLanguage } from '../i18n';
import type { InvoiceService } from '../invoices/invoice-service';
import { enqueueMail, type MailQueue } from '../mail/mail-queue';
import {
  documentsReady,
  draftReminder,
  fileSubmitted,
  paymentReceipt,
  refundNotice,
  withdrawalAcknowledgement,
  type MailBrand,
} from '../mail/messages';
import { withdrawalPeriodEnd } from '../sales/withdrawal-period';
import { splitVat } from '../sales/vat';
import type { CheckoutHooks, CheckoutSessionRow } from '../payments/checkout';
import { recordEvent } from './timeline';

/** A draft untouched for this long gets its one reminder. */
export const DRAFT_REMINDER_AFTER_MS = 3 * 24 * 3600 * 1000;
const UNSUBSCRIBE_PURPOSE = 'stop-draft-reminders';
/** How long an unsubscribe link works: a year is plenty for a reminder sent once. */
const UNSUBSCRIBE_LINK_LIFETIME = '365d';
const LOCALES: Record<string, string> = { fr: 'fr-FR', en: 'en-GB', ro: 'ro-RO' };

export function createJourney(deps: {
  db: Database;
  invoices: InvoiceService;
  mailQueue: MailQueue;
  brand: MailBrand;
  publicUrl: string;
  signingKey: Uint8Array;
  /**
   * In a refund's transaction, once its purchases are taken back: the website goes offline unless
   * the buyer still owns it. Answers the address it had, or null when it stayed.
   */
  revokeWebsite?: (tx: Transaction, userId: string) => Promise<string | null>;
}) {
  const { db, invoices, mailQueue, brand, publicUrl } = deps;
  // Its own key, derived: an unsubscribe link can never pass for a session token, nor the reverse.
  const unsubscribeKey = createHmac('sha256', deps.signingKey).update('kreo:unsubscribe-links').digest();

  async function founder(executor: Database | Transaction, userId: string) {
    const [user] = await executor.select().from(users).where(eq(users.id, userId));
    if (!user) return null;
    return {
      user,
      mail: {
        to: user.email,
        language: isServerLanguage(user.language) ? user.language : 'fr',
        firstname: user.firstname,
      },
    };
  }

  /** The offer's name and an amount, as a founder reads them in their language. */
  async function orderWords(tx: Transaction, session: CheckoutSessionRow, language: string, cents: number) {
    const [offer] = await tx
      .select({ name: offers.name })
      .from(offers)
      .where(eq(offers.sku, session.offerSku));
    return {
      offer: offer?.name[language as 'fr' | 'en' | 'ro'] ?? session.offerSku,
      amount: new Intl.NumberFormat(LOCALES[language], {
        style: 'currency',
        currency: session.currency,
      }).format(cents / 100),
    };
  }

  async function companyNameOf(executor: Database | Transaction, userId: string): Promise<string | null> {
    const [file] = await executor
      .select({ data: companyFiles.data, submitted: companyFiles.submittedData })
      .from(companyFiles)
      .where(eq(companyFiles.userId, userId));
    const name = (file?.submitted ?? file?.data)?.companyName;
    return typeof name === 'string' && name.trim() ? name.trim() : null;
  }

  /** Whether the founder owns at least one document. */
  async function ownsDocuments(tx: Transaction, userId: string): Promise<boolean> {
    const [owned] = await tx
      .select({ sku: purchases.productSku })
      .from(purchases)
      .where(and(eq(purchases.userId, userId), inArray(purchases.productSku, [...DOCUMENT_SKUS])))
      .limit(1);
    return owned !== undefined;
  }

  /**
   * Documents are ready once the founder owns one and has submitted their file: recorded (and
   * mailed) once, by whichever of the payment and the submission comes second.
   */
  async function documentsReadyIfDue(tx: Transaction, userId: string): Promise<void> {
    // The file's row is locked first: a payment and a submission at the same instant queue here,
    // so the second sees the first's change and records the event (neither can miss the other).
    const [file] = await tx
      .select({ submittedAt: companyFiles.submittedAt })
      .from(companyFiles)
      .where(eq(companyFiles.userId, userId))
      .for('update');
    if (!file?.submittedAt || !(await ownsDocuments(tx, userId))) return;
    if (!(await recordEvent(tx, userId, 'documentsReady'))) return;
    const who = await founder(tx, userId);
    if (!who) return;
    const company = (await companyNameOf(tx, userId)) ?? '';
    await enqueueMail(tx, documentsReady({ ...who.mail, company }, brand), userId);
  }

  const dateTime = (language: string, iso: string | Date) =>
    new Intl.DateTimeFormat(LOCALES[language], {
      dateStyle: 'long',
      timeStyle: 'long',
      timeZone: 'Europe/Paris',
    }).format(new Date(iso));
  const longDate = (language: string, iso: string | Date) =>
    new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(
      new Date(iso),
    );

  /**
   * The file is saved in Kreo, not filed anywhere: what comes next (the documents when the founder
   * owns one, else the plans) and the dashboard's filing guide.
   */
  async function mailFileSubmitted(tx: Transaction, userId: string): Promise<void> {
    const who = await founder(tx, userId);
    if (!who) return;
    const company = await companyNameOf(tx, userId);
    await enqueueMail(
      tx,
      fileSubmitted({ ...who.mail, company, ownsDocuments: await ownsDocuments(tx, userId) }, brand),
      userId,
    );
  }

  const hooks: CheckoutHooks = {
    async paid(tx, session) {
      const invoice = await invoices.issueInvoice(tx, session);
      if (!session.userId) return;
      await recordEvent(tx, session.userId, 'paid', {
        key: session.id,
        details: {
          offerSku: session.offerSku,
          amountCents: session.amountCents,
          currency: session.currency,
          invoiceNumber: invoice.number,
        },
      });
      const who = await founder(tx, session.userId);
      if (who) {
        const language = who.mail.language;
        const words = await orderWords(tx, session, language, session.amountCents);
        const money = (cents: number) =>
          new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: session.currency }).format(
            cents / 100,
          );
        const vat = session.vat
          ? {
              rate: new Intl.NumberFormat(LOCALES[language], {
                style: 'percent',
                maximumFractionDigits: 2,
              }).format(session.vat.rateBasisPoints / 10_000),
              amount: money(splitVat(session.amountCents, session.vat.rateBasisPoints).vatCents),
              country:
                new Intl.DisplayNames([language], { type: 'region' }).of(session.vat.country) ??
                session.vat.country,
            }
          : null;
        const paidAt = session.completedAt ?? new Date();
        await enqueueMail(
          tx,
          paymentReceipt(
            {
              ...who.mail,
              ...words,
              invoiceNumber: invoice.number,
              vat,
              credit:
                session.credit && session.listPriceCents !== null
                  ? { price: money(session.listPriceCents), credit: money(session.credit.cents) }
                  : null,
              consent: session.consent
                ? { text: session.consent.text, at: dateTime(language, session.consent.at) }
                : null,
              termsVersion: session.consent
                ? longDate(language, `${session.consent.termsVersion}T12:00:00Z`)
                : null,
              withdrawal: {
                url: `${publicUrl}/orders/${encodeURIComponent(session.id)}/withdraw`,
                until: dateTime(language, withdrawalPeriodEnd(paidAt)),
              },
            },
            brand,
          ),
          session.userId,
          [
            { kind: 'invoice', id: invoice.id },
            // The terms in force for this order, in the language of its consent (or the founder's).
            { kind: 'salesTerms', language: session.consent?.language ?? language },
          ],
          null,
          // Once sent, this mail confirms the consent (C. consom. L. 221-13 and L. 221-28 13°).
          session.id,
        );
      }
      await documentsReadyIfDue(tx, session.userId);
    },

    async refunded(tx: Transaction, session: CheckoutSessionRow, amountCents: number, byWithdrawal = false) {
      const creditNote = await invoices.issueCreditNote(tx, session, amountCents);
      if (!session.userId) return null;
      await recordEvent(tx, session.userId, 'refunded', {
        // One event per credit note (a payment may be refunded in parts).
        key: creditNote?.number ?? `${session.id}:${session.refundedCents}`,
        details: {
          offerSku: session.offerSku,
          amountCents,
          currency: session.currency,
          ...(creditNote ? { invoiceNumber: creditNote.number } : {}),
        },
      });
      // What the refund took back stops being served now, in its own transaction.
      const siteUrl = (await deps.revokeWebsite?.(tx, session.userId)) ?? null;
      const outcome = {
        creditNoteNumber: creditNote?.number ?? null,
        creditNoteId: creditNote?.id ?? null,
        siteUrl,
      };
      // A withdrawal's acknowledgement says all of it: one mail, not two.
      if (byWithdrawal) return outcome;
      const who = await founder(tx, session.userId);
      if (!who) return outcome;
      const words = await orderWords(tx, session, who.mail.language, amountCents);
      await enqueueMail(
        tx,
        refundNotice(
          {
            ...who.mail,
            ...words,
            creditNoteNumber: creditNote?.number ?? null,
            full: session.status === 'refunded',
            siteUrl,
          },
          brand,
        ),
        session.userId,
        creditNote ? [{ kind: 'invoice', id: creditNote.id }] : [],
      );
      return outcome;
    },

    async withdrawn(tx, session, record, refund) {
      if (!session.userId) return;
      await recordEvent(tx, session.userId, 'withdrawn', {
        key: session.id,
        details: {
          offerSku: session.offerSku,
          amountCents: record.refundCents,
          currency: session.currency,
          ...(refund?.creditNoteNumber ? { invoiceNumber: refund.creditNoteNumber } : {}),
        },
      });
      const who = await founder(tx, session.userId);
      if (!who) return;
      const language = record.language;
      const words = await orderWords(tx, session, language, record.refundCents);
      const names = await tx.select({ sku: products.sku, name: products.name }).from(products);
      const acknowledgement = (to: string) =>
        withdrawalAcknowledgement(
          {
            ...who.mail,
            to,
            language,
            offer: words.offer,
            statement: record.statement,
            at: dateTime(language, record.at),
            refund: record.refundCents > 0 ? words.amount : null,
            creditNoteNumber: refund?.creditNoteNumber ?? null,
            revoked: record.revokedProductSkus.map(
              (sku) => names.find((product) => product.sku === sku)?.name[language] ?? sku,
            ),
            siteUrl: refund?.siteUrl ?? null,
          },
          brand,
        );
      const attachments = refund?.creditNoteId ? [{ kind: 'invoice' as const, id: refund.creditNoteId }] : [];
      // To the account's address, and a copy to the one the declaration gave when it is another
      // (art. 11a(2)): a typed address never receives the only copy.
      await enqueueMail(tx, acknowledgement(who.mail.to), session.userId, attachments);
      if (record.email.toLowerCase() !== who.mail.to.toLowerCase())
        await enqueueMail(tx, acknowledgement(record.email), session.userId, attachments);
    },

    settled() {
      mailQueue.wake();
    },
  };

  async function unsubscribeToken(userId: string): Promise<string> {
    return new SignJWT({ purpose: UNSUBSCRIBE_PURPOSE })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(UNSUBSCRIBE_LINK_LIFETIME)
      .sign(unsubscribeKey);
  }

  return {
    hooks,

    async fileSaved(userId: string): Promise<void> {
      await recordEvent(db, userId, 'draftStarted');
    },

    async fileSubmitted(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await recordEvent(tx, userId, 'draftStarted');
        // The first submission only: a correction submitted again is confirmed on screen, and a
        // founder who fixes a typo five times does not get five mails.
        if (await recordEvent(tx, userId, 'submitted')) await mailFileSubmitted(tx, userId);
        await documentsReadyIfDue(tx, userId);
      });
      mailQueue.wake();
    },

    /**
     * Queues the reminder of every draft untouched since `DRAFT_REMINDER_AFTER_MS`, never
     * submitted, not reminded yet, whose founder did not stop reminders; returns how many. The
     * conditional update marks a file as reminded in the transaction that queues its mail: two
     * server instances never remind twice.
     */
    async remindDrafts(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - DRAFT_REMINDER_AFTER_MS);
      const due = await db
        .select({ userId: companyFiles.userId })
        .from(companyFiles)
        .innerJoin(users, eq(users.id, companyFiles.userId))
        .where(
          and(
            isNull(companyFiles.submittedAt),
            isNull(companyFiles.reminderSentAt),
            isNull(users.remindersStoppedAt),
            lt(companyFiles.updatedAt, before),
          ),
        )
        .limit(100);
      let sent = 0;
      for (const { userId } of due) {
        const token = await unsubscribeToken(userId);
        const queued = await db.transaction(async (tx) => {
          const [claimed] = await tx
            .update(companyFiles)
            .set({ reminderSentAt: sql`now()` })
            .where(
              and(
                eq(companyFiles.userId, userId),
                isNull(companyFiles.reminderSentAt),
                isNull(companyFiles.submittedAt),
              ),
            )
            .returning({ userId: companyFiles.userId });
          if (!claimed) return false;
          const who = await founder(tx, userId);
          if (!who || who.user.remindersStoppedAt) return false;
          const unsubscribeUrl = `${publicUrl}/unsubscribe?${new URLSearchParams({ token }).toString()}`;
          await enqueueMail(
            tx,
            draftReminder({ ...who.mail, company: await companyNameOf(tx, userId), unsubscribeUrl }, brand),
            userId,
          );
          return true;
        });
        if (queued) sent += 1;
      }
      if (sent > 0) mailQueue.wake();
      return sent;
    },

    /**
     * The account an unsubscribe link is for; `expired` (with the account's language) for one of ours
     * older than a year (security review R3-I2: a link found in an old mailbox stops nothing); null
     * when the link is not one of ours.
     */
    async unsubscribeTarget(
      token: string,
    ): Promise<{ userId: string; language: string; expired: boolean } | null> {
      let payload: JWTPayload;
      let expired = false;
      try {
        // By its issue date too: links mailed before they carried an expiry end a year after it.
        ({ payload } = await jwtVerify(token, unsubscribeKey, {
          algorithms: ['HS256'],
          requiredClaims: ['iat'],
          maxTokenAge: UNSUBSCRIBE_LINK_LIFETIME,
        }));
      } catch (error) {
        // Signed by us, and only too old: said as such, in the founder's language.
        if (!(error instanceof errors.JWTExpired)) return null;
        payload = error.payload;
        expired = true;
      }
      if (payload.purpose !== UNSUBSCRIBE_PURPOSE || typeof payload.sub !== 'string') return null;
      const [user] = await db
        .select({ id: users.id, language: users.language })
        .from(users)
        .where(eq(users.id, payload.sub));
      return user ? { userId: user.id, language: user.language, expired } : null;
    },

    async stopReminders(userId: string): Promise<void> {
      await db
        .update(users)
        .set({ remindersStoppedAt: sql`coalesce(${users.remindersStoppedAt}, now())` })
        .where(eq(users.id, userId));
    },
  };
}

export type Journey = ReturnType<typeof createJourney>;
