/**
 * The contact form: a message is checked with the form's own schema (schemas/forms/contact.json, the one
 * the page renders), stored first so that none is lost, then mailed to the support address and
 * acknowledged to its sender in their language. Floods are refused per address and hour, bots by a
 * honeypot field that people never see.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
export { HONEYPOT_FIELD } from '../../src/shared/contact';
import type { Database } from '../db/database';
import { contactMessages } from '../db/schema';
import { createFormCheck, presentValues, readFormDefinition, type FieldErrors } from './form-check';
import { isServerLanguage, translator, type ServerLanguage } from './i18n';
import { enqueueMail, type MailQueue } from './mail/mail-queue';
import { addressKey } from './rate-limiter';
import { contactAcknowledgement, contactToSupport, type MailBrand } from './mail/messages';

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactInput = Record<ContactField, string>;

export const contactForm = readFormDefinition<ContactField>('contact');
const checkContactForm = createFormCheck(contactForm, CONTACT_FIELDS);

export type ContactErrors = FieldErrors<ContactField>;

/** Trimmed values and, per field, the first problem in the sender's language (empty when valid). */
export function checkContact(raw: Record<string, unknown>, language: ServerLanguage) {
  const values = Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field, typeof raw[field] === 'string' ? raw[field].trim() : '']),
  ) as ContactInput;
  return { values, errors: checkContactForm(presentValues(values), language) };
}

/** Acknowledgements one address receives in an hour, whoever sends the messages. */
const ACKNOWLEDGEMENTS_PER_HOUR = 3;

export class ContactRefused extends Error {
  constructor(
    readonly statusCode: 400 | 429,
    message: string,
  ) {
    super(message);
  }
}

/** A short reference the sender and the support team can quote ("C-1A2B3C4D"). */
export function contactReference(id: string): string {
  return `C-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

export function createContactService(deps: {
  db: Database;
  mailQueue: Pick<MailQueue, 'wake'>;
  brand: MailBrand;
  /** Messages per hour from one address; 0: no limit. */
  perHour: number;
}) {
  const { db, mailQueue, brand, perHour } = deps;

  return {
    /**
     * Stores and mails a message already checked by `checkContact` (or by the API contract). Refused
     * (nothing stored or sent) when the honeypot is filled or the address has sent too many.
     */
    async send(
      input: ContactInput & { language: string; honeypot?: unknown },
      clientIp: string,
      /** The logged-in sender's account: the message is theirs (export, deletion). */
      userId: string | null = null,
    ) {
      // Counted per client as the other limits are (an IPv6 client by its /64), and stored so.
      const ip = addressKey(clientIp);
      const language = isServerLanguage(input.language) ? input.language : 'fr';
      const t = translator(language);
      // Anything but an empty trap is a bot's doing (a repeated field arrives as a list).
      if (input.honeypot !== undefined && input.honeypot !== '') {
        throw new ContactRefused(400, t('info:contact.errors.spam'));
      }
      const hourAgo = new Date(Date.now() - 3_600_000);
      // Counted, stored and queued for mail under a lock per address, so that simultaneous posts cannot
      // all pass the count; the mails leave with the message or not at all (services/mail/mail-queue.ts).
      const reference = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${ip}`}))`);
        if (perHour > 0) {
          const [fromAddress] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(contactMessages)
            .where(and(eq(contactMessages.ip, ip), gt(contactMessages.createdAt, hourAgo)));
          if ((fromAddress?.count ?? 0) >= perHour)
            throw new ContactRefused(429, t('info:contact.errors.tooMany'));
        }
        const [toSender] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(contactMessages)
          .where(
            and(
              sql`lower(${contactMessages.email}) = lower(${input.email})`,
              gt(contactMessages.createdAt, hourAgo),
            ),
          );
        const [row] = await tx
          .insert(contactMessages)
          .values({
            name: input.name,
            email: input.email,
            subject: input.subject,
            message: input.message,
            language,
            ip,
            userId,
            // Queued in this transaction: the support team will be told.
            mailedAt: new Date(),
          })
          .returning({ id: contactMessages.id });
        if (!row) throw new Error('The contact message was not stored');
        const stored = contactReference(row.id);
        const mail = { ...input, language, reference: stored };
        await enqueueMail(tx, contactToSupport(mail, brand), null, [], row.id);
        // Anyone can type any address: an address gets a few acknowledgements an hour at most, and they
        // repeat none of the sender's words, so the form cannot relay text to strangers under our name.
        if ((toSender?.count ?? 0) < ACKNOWLEDGEMENTS_PER_HOUR)
          await enqueueMail(tx, contactAcknowledgement(mail, brand), null, [], row.id);
        return stored;
      });
      mailQueue.wake();
      return { reference, message: t('info:contact.sent', { reference }) };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
