/**
 * A founder's rights over their data (GDPR): a copy of everything held about them (articles 15 and
 * 20) and the deletion of their account (article 17).
 *
 * What deletion keeps: a paid order, without the buyer (user_id set to null), and its invoices and
 * credit notes as issued (they name the buyer: an issued invoice is not altered), because accounting
 * records and their supporting documents must be kept for ten years (France: Code de commerce,
 * article L123-22; Romania: Legea contabilității nr. 82/1991, article 25) and GDPR article 17(3)(b)
 * allows keeping what a legal obligation requires. The order keeps its date, amount, currency,
 * offer and the payment provider's reference, which is what reconciles it with the provider's own
 * records; it keeps no name, address or e-mail. Everything else goes: the account, sessions,
 * links, the company file, what was bought (the documents can no longer be downloaded), the
 * promotional website (offline at once, its logos and the messages it received), queued and sent
 * mail records, and the account's contact messages with every mail about them: those sent while
 * logged in, and those sent from its address once the account has verified it (an address nobody
 * proved is no key to anyone's data). The site's address stays held for 30 days without its owner
 * (nobody else may publish where its visitors still arrive).
 */
import { and, asc, eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import {
  checkoutSessions,
  companyFileEvents,
  companyFiles,
  fileActs,
  fileMembers,
  invoices,
  contactMessages,
  mailQueue,
  purchases,
  refreshTokens,
  signatures,
  signingDocuments,
  signingRounds,
  users,
  websiteMessages,
  websiteSlugHolds,
  websites,
} from '../db/schema';
import { AccountError, toUserInfo, type AccountService } from './accounts';
import { holdSlugOfDeletedAccount } from './website/slug-holds';

interface Owner {
  id: string;
  email: string;
  emailVerifiedAt: Date | null;
}

/**
 * An account's contact messages: those it sent while logged in, and those written from its address
 * once it has proven the address is its own. Anyone can sign up with someone else's address: an
 * unverified account reaches nothing written under it (security review R3-02).
 */
function contactMessagesOf(user: Owner) {
  const fromAccount = eq(contactMessages.userId, user.id);
  // By address, only what no account sent: another founder's message naming this address is theirs.
  return user.emailVerifiedAt
    ? or(
        fromAccount,
        and(isNull(contactMessages.userId), sql`lower(${contactMessages.email}) = lower(${user.email})`),
      )
    : fromAccount;
}

/** Mail for the account, about its contact messages, or to its address once verified. */
function mailOf(user: Owner) {
  const forAccount = or(
    eq(mailQueue.userId, user.id),
    inArray(
      mailQueue.contactMessageId,
      // The account's messages, as just above.
      sql`(select ${contactMessages.id} from ${contactMessages} where ${contactMessagesOf(user)})`,
    ),
  );
  // By address, only mail for no account and about no message: another account's mail stays theirs.
  return user.emailVerifiedAt
    ? or(
        forAccount,
        and(
          isNull(mailQueue.userId),
          isNull(mailQueue.contactMessageId),
          sql`lower(${mailQueue.recipient}) = lower(${user.email})`,
        ),
      )
    : forAccount;
}

export function createAccountDataService(deps: { db: Database; accounts: AccountService }) {
  const { db, accounts } = deps;

  return {
    async exportFor(userId: string) {
      const user = await accounts.findById(userId);
      if (!user) throw new AccountError(401, 'Unknown user');
      const [file] = await db.select().from(companyFiles).where(eq(companyFiles.userId, userId));
      const orders = await db
        .select({
          id: checkoutSessions.id,
          offer: checkoutSessions.offerSku,
          plan: checkoutSessions.planSku,
          amountCents: checkoutSessions.amountCents,
          currency: checkoutSessions.currency,
          products: checkoutSessions.productSkus,
          provider: checkoutSessions.provider,
          status: checkoutSessions.status,
          createdAt: checkoutSessions.createdAt,
          completedAt: checkoutSessions.completedAt,
          refundedCents: checkoutSessions.refundedCents,
          // The billing address, the consent box as ticked, the withdrawal declaration.
          billing: checkoutSessions.billing,
          consent: checkoutSessions.consent,
          withdrawal: checkoutSessions.withdrawal,
        })
        .from(checkoutSessions)
        .where(eq(checkoutSessions.userId, userId))
        .orderBy(asc(checkoutSessions.createdAt));
      const owned = await db
        .select({
          product: purchases.productSku,
          order: purchases.checkoutSessionId,
          createdAt: purchases.createdAt,
        })
        .from(purchases)
        .where(eq(purchases.userId, userId))
        .orderBy(asc(purchases.productSku));
      // Who was written to, about what and when; not the bodies (erased once sent: they held links).
      const mail = await db
        .select({
          to: mailQueue.recipient,
          subject: mailQueue.subject,
          status: mailQueue.status,
          createdAt: mailQueue.createdAt,
          sentAt: mailQueue.sentAt,
        })
        .from(mailQueue)
        .where(mailOf(user))
        .orderBy(asc(mailQueue.createdAt));
      const messages = await db
        .select({
          name: contactMessages.name,
          email: contactMessages.email,
          subject: contactMessages.subject,
          message: contactMessages.message,
          language: contactMessages.language,
          createdAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(contactMessagesOf(user))
        .orderBy(asc(contactMessages.createdAt));
      const [site] = await db.select().from(websites).where(eq(websites.userId, userId));
      // The messages visitors sent through the founder's site: theirs to keep (the logo images are
      // the founder's own files, named here by id and served at /site-logos/<id>/).
      const siteMessages = await db
        .select({
          name: websiteMessages.name,
          email: websiteMessages.email,
          message: websiteMessages.message,
          language: websiteMessages.language,
          readAt: websiteMessages.readAt,
          createdAt: websiteMessages.createdAt,
        })
        .from(websiteMessages)
        .where(eq(websiteMessages.userId, userId))
        .orderBy(asc(websiteMessages.createdAt));
      // Addresses the site left, kept for the founder for a while (services/website/slug-holds.ts).
      const heldSlugs = await db
        .select({ slug: websiteSlugHolds.slug, heldUntil: websiteSlugHolds.heldUntil })
        .from(websiteSlugHolds)
        .where(eq(websiteSlugHolds.userId, userId))
        .orderBy(asc(websiteSlugHolds.createdAt));
      const timeline = await db
        .select({
          kind: companyFileEvents.kind,
          key: companyFileEvents.key,
          doneOn: companyFileEvents.doneOn,
          details: companyFileEvents.details,
          occurredAt: companyFileEvents.occurredAt,
        })
        .from(companyFileEvents)
        .where(eq(companyFileEvents.userId, userId))
        .orderBy(asc(companyFileEvents.occurredAt));
      const issued = await db
        .select({
          number: invoices.number,
          kind: invoices.kind,
          order: invoices.checkoutSessionId,
          content: invoices.content,
          netCents: invoices.netCents,
          vatCents: invoices.vatCents,
          totalCents: invoices.totalCents,
          currency: invoices.currency,
          issuedAt: invoices.issuedAt,
        })
        .from(invoices)
        .where(eq(invoices.userId, userId))
        .orderBy(asc(invoices.sequence));
      // Co-founders (issue 35): the files this account joined, and the acts it gave on any file
      // (with the words, address and browser recorded); the invitations it sent as a founder; the
      // signatures it gave (below).
      const memberships = await db
        .select({
          fileId: fileMembers.ownerId,
          personId: fileMembers.personId,
          email: fileMembers.email,
          language: fileMembers.language,
          status: fileMembers.status,
          invitedAt: fileMembers.invitedAt,
          joinedAt: fileMembers.joinedAt,
          endedAt: fileMembers.endedAt,
        })
        .from(fileMembers)
        .where(eq(fileMembers.userId, userId))
        .orderBy(asc(fileMembers.invitedAt));
      const invitationsSent = await db
        .select({
          personId: fileMembers.personId,
          email: fileMembers.email,
          language: fileMembers.language,
          status: fileMembers.status,
          invitedAt: fileMembers.invitedAt,
          lastSentAt: fileMembers.lastSentAt,
          joinedAt: fileMembers.joinedAt,
          endedAt: fileMembers.endedAt,
        })
        .from(fileMembers)
        .where(eq(fileMembers.ownerId, userId))
        .orderBy(asc(fileMembers.invitedAt));
      const actsGiven = await db
        .select({
          fileId: fileActs.ownerId,
          personId: fileActs.personId,
          act: fileActs.act,
          digest: fileActs.digest,
          words: fileActs.words,
          language: fileActs.language,
          ipAddress: fileActs.ipAddress,
          userAgent: fileActs.userAgent,
          givenAt: fileActs.givenAt,
        })
        .from(fileActs)
        .where(eq(fileActs.userId, userId))
        .orderBy(asc(fileActs.givenAt));
      // The documents this account signed online, with what the audit trail holds of each signature
      // (the words, the document's SHA-256, where the code went, address and browser).
      const { documentId, ...signatureColumns } = getTableColumns(signatures);
      const signaturesGiven = await db
        .select({
          fileId: signingRounds.ownerId,
          roundId: signingDocuments.roundId,
          documentId,
          document: signingDocuments.title,
          sku: signingDocuments.sku,
          ...signatureColumns,
        })
        .from(signatures)
        .innerJoin(signingDocuments, eq(signingDocuments.id, signatures.documentId))
        .innerJoin(signingRounds, eq(signingRounds.id, signingDocuments.roundId))
        .where(eq(signatures.userId, userId))
        .orderBy(asc(signatures.signedAt));
      const sessions = await db
        .select({
          createdAt: refreshTokens.createdAt,
          expiresAt: refreshTokens.expiresAt,
          revokedAt: refreshTokens.revokedAt,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, userId))
        .orderBy(asc(refreshTokens.createdAt));
      return {
        exportedAt: new Date().toISOString(),
        account: {
          ...toUserInfo(user),
          emailVerifiedAt: user.emailVerifiedAt,
          createdAt: user.createdAt,
          updatedAt: user.updatedAt,
          sessions,
        },
        companyFile: file
          ? {
              step: file.step,
              revision: file.revision,
              data: file.data,
              setAside: file.setAside,
              submittedData: file.submittedData,
              submittedAt: file.submittedAt,
              createdAt: file.createdAt,
              updatedAt: file.updatedAt,
            }
          : null,
        orders,
        purchases: owned,
        mail,
        contactMessages: messages,
        website: site
          ? {
              slug: site.slug,
              content: site.content,
              logoId: site.logoId,
              publishedContent: site.publishedContent,
              publishedLogoId: site.publishedLogoId,
              publishedAt: site.publishedAt,
              createdAt: site.createdAt,
              updatedAt: site.updatedAt,
              messages: siteMessages,
              heldSlugs,
            }
          : null,
        timeline,
        invoices: issued,
        coFounders: { memberships, invitationsSent, actsGiven, signaturesGiven },
      };
    },

    /** Deletes the account after checking its password; see the file's comment for what is kept. */
    async deleteAccount(userId: string, password: string) {
      const user = await accounts.findById(userId);
      if (!user) throw new AccountError(401, 'Unknown user');
      await accounts.checkCurrentPassword(
        user,
        password,
        new AccountError(400, 'body/password is required', 'CURRENT_PASSWORD_REQUIRED'),
      );
      await db.transaction(async (tx) => {
        // The account's orders first, as a refund takes them (its order, then the site): a refund and
        // a deletion at once wait for each other instead of each holding what the other needs.
        await tx
          .select({ id: checkoutSessions.id })
          .from(checkoutSessions)
          .where(eq(checkoutSessions.userId, userId))
          .for('update');
        // Unpaid checkouts are no accounting record: they go, except one the provider may still settle
        // (a Stripe session stays payable for a day, a bank debit settles later): it stays, without its
        // buyer (set null below), so that a payment arriving after the deletion still finds its order.
        await tx.delete(checkoutSessions).where(
          and(
            eq(checkoutSessions.userId, userId),
            // Paid or refunded orders are accounting records (with their invoices and credit notes).
            inArray(checkoutSessions.status, ['open', 'canceled']),
            or(eq(checkoutSessions.status, 'canceled'), isNull(checkoutSessions.providerSessionId)),
          ),
        );
        // A kept order keeps its consent and withdrawal (the proof of what was agreed, for a claim:
        // GDPR art. 17(3)(e)); its billing address goes, the invoice holding what the law keeps.
        await tx.update(checkoutSessions).set({ billing: null }).where(eq(checkoutSessions.userId, userId));
        // The account's contact messages, and with them (foreign key) every mail about them: the
        // notice to support included, which names no user (security review R3-11).
        await tx.delete(contactMessages).where(contactMessagesOf(user));
        // Mail to the address that no account link reaches (resets), once the address is proven theirs.
        await tx.delete(mailQueue).where(mailOf(user));
        await holdSlugOfDeletedAccount(tx, userId);
        // Cascades: sessions, links, company file, purchases, mail records, the website; orders kept
        // and the site's held addresses lose their owner.
        await tx.delete(users).where(eq(users.id, userId));
      });
      return { message: 'Your account has been deleted.' };
    },
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;
