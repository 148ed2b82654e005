/**
 * The contact form: a message is checked with the form's own schema (schemas/forms/contact.json, the one
 * the page renders), stored first so that none is lost, then mailed to the support address and
 * acknowledged to its sender in their language. Floods are refused per address and hour, bots by a
 * honeypot field that people never see.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject } from 'ajv';
import { and, eq, gt, sql } from 'drizzle-orm';
import { FORM_AJV_OPTIONS } from '../../src/forms/ajv-options';
import type { Database } from '../db/database';
import { contactMessages } from '../db/schema';
import { isServerLanguage, translator, type ServerLanguage } from './i18n';
import type { Mailer } from './mail/mailer';
import { contactAcknowledgement, contactToSupport, type MailBrand } from './mail/messages';

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactInput = Record<ContactField, string>;

/** The name of the field bots fill and people do not see. */
export const HONEYPOT_FIELD = 'website';

interface FieldUi {
  'ui:title'?: string;
  'ui:widget'?: string;
  'ui:help'?: string;
  'ui:autocomplete'?: string;
  'ui:options'?: { inputType?: string };
  'ui:errorMessages'?: Record<string, string>;
}

export interface ContactFormDefinition {
  schema: {
    required?: string[];
    properties: Record<ContactField, { maxLength?: number; minLength?: number }>;
  };
  uiSchema: Record<ContactField, FieldUi>;
}

export const contactForm = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../schemas/forms/contact.json', import.meta.url)), 'utf8'),
) as ContactFormDefinition;

const validateForm = new Ajv({ ...FORM_AJV_OPTIONS, allErrors: true }).compile(contactForm.schema);

export type ContactErrors = Partial<Record<ContactField, string>>;

/** The form's own message for an error: the field's `ui:errorMessages`, else the default of forms.json. */
function messageOf(
  error: ErrorObject,
  language: ServerLanguage,
): { field: ContactField; text: string } | null {
  const params = error.params as { missingProperty?: string; limit?: number };
  const field = (error.keyword === 'required' ? params.missingProperty : error.instancePath.slice(1)) as
    ContactField | undefined;
  if (!field || !CONTACT_FIELDS.includes(field)) return null;
  const key =
    contactForm.uiSchema[field]['ui:errorMessages']?.[error.keyword] ?? `forms:errors.${error.keyword}`;
  return { field, text: translator(language)(key, { limit: params.limit }) };
}

/** Trimmed values and, per field, the first problem in the sender's language (empty when valid). */
export function checkContact(raw: Record<string, unknown>, language: ServerLanguage) {
  const values = Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field, typeof raw[field] === 'string' ? raw[field].trim() : '']),
  ) as ContactInput;
  // Empty fields are left out, so that they fail `required` and say "Champ obligatoire".
  const present = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  const errors: ContactErrors = {};
  if (!validateForm(present)) {
    for (const error of validateForm.errors ?? []) {
      const problem = messageOf(error, language);
      if (problem && !errors[problem.field]) errors[problem.field] = problem.text;
    }
  }
  return { values, errors };
}

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
  mailer: Mailer;
  brand: MailBrand;
  /** Messages per hour from one address; 0: no limit. */
  perHour: number;
  logger: { error(object: object, message: string): void };
}) {
  const { db, mailer, brand, perHour, logger } = deps;

  return {
    /**
     * Stores and mails a message already checked by `checkContact` (or by the API contract). Refused
     * (nothing stored or sent) when the honeypot is filled or the address has sent too many.
     */
    async send(input: ContactInput & { language: string; honeypot?: string }, ip: string) {
      const language = isServerLanguage(input.language) ? input.language : 'fr';
      const t = translator(language);
      if (input.honeypot && input.honeypot.trim() !== '') {
        throw new ContactRefused(400, t('info:contact.errors.spam'));
      }
      if (perHour > 0) {
        const [row] = await db
          .select({ count: sql<number>`count(*)::int` })
          .from(contactMessages)
          .where(
            and(eq(contactMessages.ip, ip), gt(contactMessages.createdAt, new Date(Date.now() - 3_600_000))),
          );
        if ((row?.count ?? 0) >= perHour) throw new ContactRefused(429, t('info:contact.errors.tooMany'));
      }
      const [stored] = await db
        .insert(contactMessages)
        .values({
          name: input.name,
          email: input.email,
          subject: input.subject,
          message: input.message,
          language,
          ip,
        })
        .returning({ id: contactMessages.id });
      if (!stored) throw new Error('The contact message was not stored');
      const reference = contactReference(stored.id);
      const mail = { ...input, language, reference };
      // The message is safe in the database: a mail failure is logged for the team, not shown as a failure.
      try {
        await mailer.send(contactToSupport(mail, brand));
        await db
          .update(contactMessages)
          .set({ mailedAt: new Date() })
          .where(eq(contactMessages.id, stored.id));
      } catch (error) {
        logger.error({ err: error, reference }, 'The contact message could not be mailed to support');
      }
      try {
        await mailer.send(contactAcknowledgement(mail, brand));
      } catch (error) {
        logger.error({ err: error, reference }, 'The contact acknowledgement could not be mailed');
      }
      return { reference, message: t('info:contact.sent', { reference }) };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
