/**
 * The database tables (Drizzle). One set of SQL migrations, generated from this file with
 * `npm run db:generate`, serves both PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CompanyIdentifiers } from '../../src/shared/company-identifiers';

export type LocalizedText = { fr: string; en: string; ro: string };
export type LocalizedTextList = { fr: string[]; en: string[]; ro: string[] };

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    phoneNumber: text('phone_number'),
    companyName: text('company_name'),
    language: text('language').notNull().default('fr'),
    /** The founder asked for no more reminders about an unfinished company file (the mail's link). */
    remindersStoppedAt: timestamp('reminders_stopped_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One account per address, whatever its case.
  (table) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`)],
);

/** Refresh tokens, stored hashed. A rotation links the new token to the same family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('refresh_tokens_family').on(table.familyId),
    index('refresh_tokens_user').on(table.userId),
  ],
);

/** Single-use tokens mailed to users: e-mail verification and password reset, stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address a verification token was sent to: verifying it verifies only that address. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('email_tokens_user_purpose').on(table.userId, table.purpose)],
);

export const products = pgTable('products', {
  sku: text('sku').primaryKey(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  description: jsonb('description').$type<LocalizedText>().notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const offers = pgTable('offers', {
  sku: text('sku').primaryKey(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  features: jsonb('features').$type<LocalizedTextList>().notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const offerProducts = pgTable(
  'offer_products',
  {
    offerSku: text('offer_sku')
      .notNull()
      .references(() => offers.sku, { onDelete: 'cascade' }),
    productSku: text('product_sku')
      .notNull()
      .references(() => products.sku, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.offerSku, table.productSku] })],
);

export const plans = pgTable('plans', {
  sku: text('sku').primaryKey(),
  offerSku: text('offer_sku')
    .notNull()
    .references(() => offers.sku, { onDelete: 'cascade' }),
  /** In cents, so that money is never a float. */
  priceCents: integer('price_cents').notNull(),
  currency: text('currency').notNull().default('EUR'),
  planType: text('plan_type', { enum: ['ONE_TIME', 'RECURRING'] }).notNull(),
  billingCycle: text('billing_cycle'),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export interface OrderConsent {
  /** ISO time the order was placed with the box ticked. */
  at: string;
  /** The exact wording shown, in `language`. */
  text: string;
  language: 'fr' | 'en' | 'ro';
  /** The terms of sale's version (their `updated:` date). */
  termsVersion: string;
}

export interface BillingAddress {
  name: string;
  address: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface OrderCredit {
  cents: number;
  orders: { id: string; invoiceNumber: string | null; cents: number }[];
}

export interface OrderPart {
  kind: 'documents' | 'website';
  cents: number;
  productSkus: string[];
  /** website: the term its price pays for, the pro rata's base. */
  termDays?: number;
}

export interface OrderVat {
  country: string;
  rateBasisPoints: number;
  rule: 'origin' | 'destination';
}

export interface OrderWithdrawalRecord {
  at: string;
  name: string;
  email: string;
  refundCents: number;
  revokedProductSkus: string[];
  /** The declaration's words as the acknowledgement states them. */
  statement: string;
  language: 'fr' | 'en' | 'ro';
  /**
   * The money's way back: `pending` from the declaration (recorded first, so a provider outage
   * never loses it) until the provider confirms the refund, `done` after; absent when nothing is due.
   */
  refund?: 'pending' | 'done';
}

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    /**
     * The buyer; null once they deleted their account: a paid order stays, without anyone's name,
     * as the accounting record the law asks to keep (see services/account-data.ts).
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    offerSku: text('offer_sku').notNull(),
    planSku: text('plan_sku').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** What paying grants, fixed when the session opens: a later catalog edit does not change a sale. */
    productSkus: jsonb('product_skus').$type<string[]>().notNull(),
    currency: text('currency').notNull(),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    providerSessionId: text('provider_session_id'),
    status: text('status', { enum: ['open', 'paid', 'canceled', 'refunded'] })
      .notNull()
      .default('open'),
    /** The provider's payment (Stripe's payment intent), which its refund events name. */
    providerPaymentId: text('provider_payment_id'),
    /** What was refunded so far, in cents: a credit note is issued for each refund. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /**
     * The founder's request for immediate access and acknowledgement of losing the right of
     * withdrawal (C. consom. L. 221-28 13°), as shown when they ticked it; null for orders before it.
     */
    consent: jsonb('consent').$type<OrderConsent>(),
    /** The buyer as the invoice names them; its country decides the VAT. Null before billing was asked. */
    billing: jsonb('billing').$type<BillingAddress>(),
    /** The plan's price before the credit of earlier orders (an upgrade pays `amountCents` of it). */
    listPriceCents: integer('list_price_cents'),
    /** The earlier orders whose payments were deducted, and how much. */
    credit: jsonb('credit').$type<OrderCredit>(),
    /** What the amount pays for: the documents, and the website (a service over a term: pro rata). */
    parts: jsonb('parts').$type<OrderPart[]>().notNull().default([]),
    /** The VAT applied (country, rate, origin or destination rule), fixed when the session opens. */
    vat: jsonb('vat').$type<OrderVat>(),
    /** The withdrawal declaration, once made (Directive 2011/83 art. 11a). */
    withdrawal: jsonb('withdrawal').$type<OrderWithdrawalRecord>(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('checkout_sessions_user').on(table.userId),
    index('checkout_sessions_provider_payment').on(table.providerPaymentId),
  ],
);

/** What a user owns: one row per product, whichever purchase granted it first. */
export const purchases = pgTable(
  'purchases',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productSku: text('product_sku').notNull(),
    checkoutSessionId: text('checkout_session_id')
      .notNull()
      .references(() => checkoutSessions.id),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productSku] })],
);

/**
 * The company-creation wizard's data, one file per user: the draft being edited (`data`, `step`) and
 * what was last submitted. `revision` grows by one on every save, so two browsers cannot overwrite
 * each other unknowingly (a save names the revision it started from).
 */
export const companyFiles = pgTable('company_files', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull(),
  step: integer('step').notNull().default(0),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  /** The version of the wizard's steps `data` was written against (schemas/wizard/steps.json). */
  version: integer('version').notNull().default(1),
  /** Answers of an older version that have no place in the current one: kept, and shown to the founder. */
  setAside: jsonb('set_aside').$type<Record<string, unknown>>().notNull().default({}),
  submittedData: jsonb('submitted_data').$type<Record<string, unknown>>(),
  /** The version of the wizard's steps `submittedData` is in (null before versions: 1). */
  submittedVersion: integer('submitted_version'),
  /** The revision that was submitted: the file is "amended" once `revision` has moved past it. */
  submittedRevision: integer('submitted_revision'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  /** The one reminder about an unfinished draft was sent (never a second). */
  reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
  /**
   * The registered company's numbers, as the founder gave them on the dashboard once the registry
   * gave them (src/shared/company-identifiers.ts, checked there): the website's legal notice prints them.
   */
  identifiers: jsonb('identifiers').$type<CompanyIdentifiers>(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What happened to a company file, for the founder's timeline: `draftStarted`, `submitted`, `paid`,
 * `documentsReady`, `refunded`, and `stepDone` for a registration step done outside Kreo (`key` is
 * the step, `doneOn` the founder's date). One row per (user, kind, key): `paid` and `refunded` are
 * keyed by the payment, the others happen once (`key` empty), a step's date can be corrected.
 */
export const companyFileEvents = pgTable(
  'company_file_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order events were recorded in, when their times are equal (a clock's resolution). */
    seq: serial('seq').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'draftStarted',
        'submitted',
        'paid',
        'documentsReady',
        'refunded',
        'withdrawn',
        'stepDone',
        'memberJoined',
        'actGiven',
        'documentSigned',
        'signingComplete',
        'signingVoided',
      ],
    }).notNull(),
    key: text('key').notNull().default(''),
    doneOn: date('done_on', { mode: 'string' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('company_file_events_once').on(table.userId, table.kind, table.key)],
);

/**
 * The last number each seller gave: an invoice takes the next one in the transaction that records
 * the payment, so a rolled-back payment gives its number back and the sequence has no gap.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  seller: text('seller').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * Invoices and credit notes, as issued: the seller, the buyer and the amounts are copied in, so a
 * later change of configuration, name or address never changes an issued invoice. Kept when the
 * buyer deletes their account (accounting records: see services/account-data.ts).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The numbering series (invoice_counters.seller): the prefix, TEST- for the local test provider. */
    seller: text('seller').notNull(),
    sequence: integer('sequence').notNull(),
    /** The printed number: the seller's prefix and the sequence (KR-000042). */
    number: text('number').notNull(),
    kind: text('kind', { enum: ['invoice', 'creditNote'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    checkoutSessionId: text('checkout_session_id')
      .notNull()
      .references(() => checkoutSessions.id),
    /** creditNote: the invoice it cancels (in whole or in part). */
    creditedInvoiceId: uuid('credited_invoice_id'),
    language: text('language').notNull(),
    /** What the PDF prints: services/invoices/invoice-service.ts, InvoiceContent. */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    /** VAT rate in basis points (2000 = 20 %). */
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    /** Negative for a credit note. */
    netCents: integer('net_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    /** The buyer's billing country (null before it was asked): cross-border sales count towards the OSS threshold. */
    buyerCountry: text('buyer_country'),
    /** The country whose VAT was charged. */
    vatCountry: text('vat_country'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invoices_seller_sequence').on(table.seller, table.sequence),
    uniqueIndex('invoices_number').on(table.number),
    index('invoices_user').on(table.userId),
    index('invoices_checkout_session').on(table.checkoutSessionId),
  ],
);

/**
 * The European Central Bank's euro reference rates (1 EUR = `rate` units of `currency`), published
 * each working day: an invoice to a Romanian buyer converts its amounts to lei at the latest one
 * published when the VAT became chargeable (Directive 2006/112/EC, art. 91(2)).
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currency: text('currency').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** As published, a decimal string ("5.0912"): never a float. */
    rate: text('rate').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.currency, table.day] })],
);

/**
 * Messages sent through the contact form (/contact), kept so that none is lost when mail fails. The
 * sender's address (`ip`) serves the hourly limit against floods; `mailedAt` says the support team was told.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    language: text('language').notNull(),
    ip: text('ip').notNull(),
    /**
     * The account that sent it, when its sender was logged in: the message is theirs (data export,
     * deletion) whatever address they typed. Otherwise only a verified owner of `email` reaches it.
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('contact_messages_ip_created').on(table.ip, table.createdAt),
    index('contact_messages_user').on(table.userId),
  ],
);

/**
 * The mail queue: every message is written here in the same transaction as the change that causes
 * it, and a worker (services/mail/mail-queue.ts) sends it, with retries, however many server
 * instances run. A `password_reset` job names only an address: the worker decides whether an
 * account has it, so that the request answers alike for every address. Bodies (which may carry a
 * link that grants access) are erased once the message is sent or given up.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['message', 'password_reset'] }).notNull(),
    /** The account the message is for, when there is one (kept for the data export, removed with it). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The contact message this mail is about (to support, or its acknowledgement): removed with it. */
    contactMessageId: uuid('contact_message_id').references(() => contactMessages.id, {
      onDelete: 'cascade',
    }),
    /**
     * The order this mail confirms (C. consom. L. 221-13): once it is sent, the consent it confirms
     * ends the right of withdrawal for the documents (L. 221-28 13°). Kept when the order stays.
     */
    checkoutSessionId: text('checkout_session_id').references(() => checkoutSessions.id, {
      onDelete: 'set null',
    }),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    /** { text, html, replyTo } for a message, { language } for a password_reset job; null once done. */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker that took the message holds it until then (a crashed worker's message is retried). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_queue_due').on(table.status, table.nextAttemptAt),
    index('mail_queue_user').on(table.userId),
    index('mail_queue_contact_message').on(table.contactMessageId),
    index('mail_queue_checkout_session').on(table.checkoutSessionId),
  ],
);

/**
 * Rate-limit counters, in the database so that every server instance counts the same requests:
 * one row per key (route and address, or account), reset when its window ends.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Binary data: node-postgres reads it as a Buffer, PGlite as a Uint8Array (both are Uint8Arrays). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The promotional website of the 50 € package, one per user: the draft being built (`content`,
 * `logoId`) and, once published, a snapshot of what is online with its pages prerendered per
 * language (`publishedPages`), so that editing changes nothing until the next publish. `slug` stays
 * the user's after unpublishing.
 */
export const websites = pgTable(
  'websites',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The public id of the site (in rate-limit keys and message rows): not the user's. */
    id: uuid('id').notNull().defaultRandom(),
    slug: text('slug'),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    logoId: uuid('logo_id'),
    publishedContent: jsonb('published_content').$type<Record<string, unknown>>(),
    publishedLogoId: uuid('published_logo_id'),
    /** language → the page's HTML and its stylesheet (hashed into the CSP), prerendered at publish time. */
    publishedPages: jsonb('published_pages').$type<Record<string, { html: string; css: string }>>(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The founder's own domain (services/website/site-domains.ts), as DNS names it. */
    domain: text('domain'),
    /** The token its TXT record must hold: the site's, new with each domain. */
    domainToken: text('domain_token'),
    /** Set while DNS proves the domain the site's: requests for it are answered with the site. */
    domainVerifiedAt: timestamp('domain_verified_at', { withTimezone: true }),
    domainCheckedAt: timestamp('domain_checked_at', { withTimezone: true }),
    /** The last check that found both records: DNS failing for three days after it takes the domain back. */
    domainConfirmedAt: timestamp('domain_confirmed_at', { withTimezone: true }),
    /** What the last check found wrong (txtMissing, notPointing, dnsFailed), or null. */
    domainProblem: text('domain_problem'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('websites_slug').on(table.slug),
    uniqueIndex('websites_id').on(table.id),
    // Several founders may type a domain; only one site at a time can have proved it.
    uniqueIndex('websites_verified_domain')
      .on(table.domain)
      .where(sql`${table.domainVerifiedAt} is not null`),
  ],
);

/**
 * Logos, re-encoded at upload (no metadata) in the sizes the sites use, in the database so that a
 * backup holds the site. A logo is never changed: a new upload is a new id.
 */
export const websiteLogos = pgTable(
  'website_logos',
  {
    id: uuid('id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** header.webp, header.png, icon-32.png, icon-180.png, social.png. */
    variant: text('variant').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.id, table.variant] }),
    index('website_logos_user').on(table.userId),
  ],
);

/**
 * The photos of the sites' galleries (issue 38), one row per width and format (w480.webp, w960.jpg…):
 * re-encoded at upload, nothing of the file sent kept. A photo neither the draft nor the published
 * site holds is deleted with the next change of the gallery or publish.
 */
export const websitePhotos = pgTable(
  'website_photos',
  {
    id: uuid('id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.id, table.variant] }),
    index('website_photos_user').on(table.userId),
  ],
);

/** Messages sent through a published site's contact form, for its owner (who is also mailed). */
export const websiteMessages = pgTable(
  'website_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    language: text('language').notNull(),
    ip: text('ip').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * When the owner was told of it: by its own mail, or by a digest once a burst of messages made
     * single mails stop (null: not yet told).
     */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('website_messages_user_created').on(table.userId, table.createdAt)],
);

/**
 * A slug its site left (moved to another slug, or the account deleted): nobody else may take it
 * until `heldUntil`, and while the owner's site is online the old address redirects there. The
 * owner may take it back.
 */
export const websiteSlugHolds = pgTable(
  'website_slug_holds',
  {
    slug: text('slug').primaryKey(),
    /** Null once the account is deleted: the slug stays held, with nowhere to redirect. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('website_slug_holds_user').on(table.userId)],
);

/**
 * The people of a company file the founder invited (issue 35): one row per invitation, by person of
 * the file (`personId`). The link's secret is stored hashed; a re-send replaces it. `userId` is the
 * account that joined through it. A person has at most one live row (invited or joined).
 */
export const fileMembers = pgTable(
  'file_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The company file: its founder's account. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: text('person_id').notNull(),
    email: text('email').notNull(),
    language: text('language').notNull(),
    tokenHash: text('token_hash').unique(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    status: text('status', { enum: ['invited', 'joined', 'revoked', 'left'] }).notNull(),
    /** The co-founder's account, once joined (removed with that account: the row becomes `left`). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    sendCount: integer('send_count').notNull().default(1),
    /** The one reminder of a pending invitation was sent. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('file_members_live')
      .on(table.ownerId, table.personId)
      .where(sql`${table.status} in ('invited', 'joined')`),
    index('file_members_user').on(table.userId),
  ],
);

/**
 * Each person's own word on a submitted file: the acceptance of an appointment, the honour statement,
 * the approval of the file. `digest` is the SHA-256 of the submitted answers the act was given on,
 * `snapshot` those answers (to say what changed since); `words` are the exact words shown.
 */
export const fileActs = pgTable(
  'file_acts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: text('person_id').notNull(),
    act: text('act', { enum: ['acceptAppointment', 'honourStatement', 'approveFile'] }).notNull(),
    /** Who gave it (the founder, or the co-founder's account). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    digest: text('digest').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    words: text('words').notNull(),
    language: text('language').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('file_acts_owner_person').on(table.ownerId, table.personId, table.act)],
);

/**
 * A signing round: the submitted answers frozen (`data`, `digest`) and the documents written from
 * them. `voided` when the file changed after it started; `complete` once every document is sealed.
 */
export const signingRounds = pgTable(
  'signing_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['electronic', 'qualified'] }).notNull(),
    status: text('status', { enum: ['open', 'complete', 'voided'] }).notNull(),
    digest: text('digest').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** The date printed on the documents, frozen so that each is written again the same. */
    documentsDate: timestamp('documents_date', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** What changed, as FileChange entries (paths only). */
    voidedChanges: jsonb('voided_changes').$type<{ path: string; personId?: string }[]>(),
    /**
     * Why it was voided: the submitted file changed, or the documents written again at sealing no
     * longer matched the version read (a deploy changed a template or a font). Null before 0010: a
     * change of the file.
     */
    voidedReason: text('voided_reason', { enum: ['fileChanged', 'documentsChanged'] }),
    /** The evidence file (PDF/A), written when the round completes. */
    evidencePdf: bytea('evidence_pdf'),
  },
  (table) => [index('signing_rounds_owner').on(table.ownerId, table.startedAt)],
);

/** A document of a round: the version to read and sign, then the sealed one. */
export const signingDocuments = pgTable(
  'signing_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => signingRounds.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    title: text('title').notNull(),
    language: text('language').notNull(),
    fileName: text('file_name').notNull(),
    rank: integer('rank').notNull(),
    /** [{ personId, name, role }], in the document's order. */
    signatories: jsonb('signatories').$type<{ personId: string; name: string; role: string }[]>().notNull(),
    pdf: bytea('pdf').notNull(),
    sha256: text('sha256').notNull(),
    sealedPdf: bytea('sealed_pdf'),
    /** SHA-256 of the byte ranges the PAdES signature covers (what pdfsig verifies). */
    sealedSha256: text('sealed_sha256'),
    sealedAt: timestamp('sealed_at', { withTimezone: true }),
  },
  (table) => [index('signing_documents_round').on(table.roundId)],
);

/** One signatory's signature of one document: the audit trail's line. */
export const signatures = pgTable(
  'signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => signingDocuments.id, { onDelete: 'cascade' }),
    personId: text('person_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The consent words shown next to the button, as given. */
    words: text('words').notNull(),
    language: text('language').notNull(),
    /** SHA-256 of the PDF read and signed (signing_documents.sha256 at that time). */
    documentSha256: text('document_sha256').notNull(),
    /** The address the one-time code went to, and when the code was checked. */
    codeSentTo: text('code_sent_to').notNull(),
    codeVerifiedAt: timestamp('code_verified_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('signatures_once').on(table.documentId, table.personId)],
);

/** One-time codes mailed at signing, stored hashed; each allows a few attempts for 10 minutes. */
export const signingCodes = pgTable(
  'signing_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => signingRounds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: text('person_id').notNull(),
    /** The documents the code signs. */
    documentIds: jsonb('document_ids').$type<string[]>().notNull(),
    codeHash: text('code_hash').notNull(),
    sentTo: text('sent_to').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('signing_codes_user').on(table.roundId, table.userId)],
);
