/**
 * The promotional website of the 50 € package. The owner edits a draft (`content`, `logoId`);
 * publishing checks it with the builder's own schemas (schemas/forms/website*.json), prerenders one
 * page per language with the same renderer as the builder's preview (src/shared/site-page.ts) and
 * stores the pages beside a snapshot of the content, so that editing changes nothing online until
 * the next publish and a backup of the database holds the whole site, logos included.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { and, desc, eq, isNotNull, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import {
  emptyTexts,
  emptyWebsiteContent,
  MAX_PHOTOS,
  mergePhotos,
  normalizeWebsiteContent,
  type SiteLanguage,
  type WebsiteContent,
} from '../../../src/shared/website';
import type { WebsiteFileDefaults } from '../../../src/shared/website-defaults';
import { noticeNumbers, type CompanyIdentifiers } from '../../../src/shared/company-identifiers';

export type CompanyDefaults = WebsiteFileDefaults & { identifiers: CompanyIdentifiers | null };

/**
 * A draft sent by a builder opened before the founder gave the company's numbers on the dashboard:
 * still "being registered" with no number, over a stored draft that has the numbers. The numbers stay
 * (the tab did not know them); a founder who unticks them in the builder keeps what they typed.
 */
function keepNumbers(
  sent: WebsiteContent,
  stored: WebsiteContent | undefined,
  identifiers: CompanyIdentifiers | null,
): WebsiteContent {
  const blank = (content: WebsiteContent) =>
    !(content.registrationNumber ?? '').trim() &&
    !(content.taxId ?? '').trim() &&
    !(content.vatNumber ?? '').trim();
  if (!identifiers || !stored || sent.country !== identifiers.country) return sent;
  if (sent.registrationPending === false || !blank(sent)) return sent;
  if (stored.registrationPending !== false || blank(stored)) return sent;
  return withNumbers(sent, identifiers);
}

/** The draft with the company's numbers in place of "being registered" (a draft of the same country). */
function withNumbers(content: WebsiteContent, identifiers: CompanyIdentifiers): WebsiteContent {
  if (content.country !== identifiers.country) return content;
  return { ...content, registrationPending: false, ...noticeNumbers(identifiers) };
}
import { SLUG_PATTERN, slugProblem } from '../../../src/shared/website-slug';
import {
  renderSitePage,
  siteLabels,
  STARTED_PLACEHOLDER,
  type RenderableSite,
  type SiteHost,
  type SiteLabels,
} from '../../../src/shared/site-page';
import type { components } from '../../../src/lib/api/schema';
import type { Database } from '../../db/database';
import { purchases, users, websiteLogos, websiteMessages, websitePhotos, websites } from '../../db/schema';
import { isServerLanguage, translator, type ServerLanguage } from '../i18n';
import type { RateLimitRule, RateLimiter } from '../rate-limiter';
import { processLogo, type LogoVariant, type LogoVariantName } from './logo-images';
import { PHOTO_VARIANTS, processPhoto, type PhotoVariant } from './photo-images';
import { createFormStamps } from './site-contact-form';
import {
  checkDomain,
  isReservedDomain,
  normalizeDomain,
  platformHosts,
  problemOf,
  targetAddresses,
  verificationName,
  verificationValue,
  type DomainProblem,
  type DomainResolver,
  type SiteDomainTable,
} from './site-domains';
import { activeHold, clearHold, holdSlug, lockSite, lockSlugs } from './slug-holds';
import { checkWebsiteContent } from './website-rules';

export type Website = components['schemas']['Website'];
export type WebsiteSlugCheck = components['schemas']['WebsiteSlugCheck'];
export type WebsiteDomain = components['schemas']['WebsiteDomain'];
export type WebsiteMessageList = components['schemas']['WebsiteMessageList'];

export const WEBSITE_SKU = 'PROFESSIONAL_PROMOTIONAL_WEBSITE';

export type WebsiteErrorCode =
  | 'RATE_LIMITED'
  | 'WEBSITE_NOT_INCLUDED'
  | 'WEBSITE_INCOMPLETE'
  | 'SLUG_FORMAT'
  | 'SLUG_RESERVED'
  | 'SLUG_TAKEN'
  | 'SLUG_HELD'
  | 'TEXT_INVALID'
  | 'PHOTOS_FULL'
  | 'MESSAGE_NOT_FOUND'
  | 'DOMAINS_NOT_OFFERED'
  | 'DOMAIN_FORMAT'
  | 'DOMAIN_RESERVED'
  | 'NO_DOMAIN';

export class WebsiteError extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404 | 409 | 422 | 429,
    readonly code: WebsiteErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** For a 429: when to try again (Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/**
 * Per-account limits of the builder (the per-address ones are in plugins/rate-limits.ts), counted
 * in the database like every other; 0 turns one off. A founder never meets them: the slug check
 * runs as they type (the builder waits 400 ms after the last key), and a site is republished a
 * few times an hour at most.
 */
export interface WebsiteLimits {
  /** Address checks of one account. */
  slugChecksPerAccount: RateLimitRule;
  /** Publishes (tried or done) of one account: each renders every page of the site. */
  publishesPerAccount: RateLimitRule;
  /** Domains set and checks asked by one account: each check sends a few DNS queries. */
  domainChecksPerAccount: RateLimitRule;
}

export const DEFAULT_WEBSITE_LIMITS: WebsiteLimits = {
  slugChecksPerAccount: { max: 300, windowMs: 15 * 60 * 1000 },
  publishesPerAccount: { max: 30, windowMs: 60 * 60 * 1000 },
  domainChecksPerAccount: { max: 60, windowMs: 60 * 60 * 1000 },
};
export const NO_WEBSITE_LIMITS: WebsiteLimits = {
  slugChecksPerAccount: { max: 0, windowMs: 1 },
  publishesPerAccount: { max: 0, windowMs: 1 },
  domainChecksPerAccount: { max: 0, windowMs: 1 },
};

/** How often a verified domain's records are looked at again. */
export const DOMAIN_RECHECK_MS = 60 * 60 * 1000;
/** How long DNS may fail to answer for a verified domain before the domain is taken back. */
export const DOMAIN_DNS_FAILURE_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LOGO_VARIANTS: ReadonlySet<string> = new Set<LogoVariantName>([
  'header.webp',
  'header.png',
  'icon-32.png',
  'icon-180.png',
  'social.png',
]);
/** Text PostgreSQL cannot store in jsonb (half of a UTF-16 pair): a client error, not a 500. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** The messages a site keeps for its owner in the list (older ones stay in the database and the export). */
const MESSAGE_LIST_LIMIT = 200;

/** The `site` namespace's words in one language, for the renderer. */
export function serverSiteLabels(language: ServerLanguage): SiteLabels {
  const t = translator(language);
  return siteLabels((key, options) => t(`site:${key}`, options));
}

/** A published site as the public routes need it. */
export interface PublishedSite extends RenderableSite {
  id: string;
  userId: string;
  publishedAt: Date;
  pages: Record<string, { html: string; css: string }>;
  /** Its own domain, while verified: the site's address, where /sites/<slug> sends visitors. */
  domain: string | null;
}

/** Founders' own domains: on when the operator named the host they point at (SITE_DOMAIN_TARGET). */
export interface SiteDomainsDeps {
  target: string;
  resolver: DomainResolver;
  /** The verified domains, for the router (app.ts's rewriteUrl). */
  table: SiteDomainTable;
}

export interface WebsiteServiceDeps {
  db: Database;
  /** The site's own origin (https://kreo.example): published pages' absolute links (Open Graph). */
  publicUrl: string;
  signingKey: Uint8Array;
  /** The shortest time a person takes to fill in a site's contact form. */
  siteContact: { minSeconds: number };
  /** Counts the account's slug checks and publishes (`limits`). */
  rateLimiter: RateLimiter;
  limits: WebsiteLimits;
  /**
   * What the company file says of the company (src/shared/website-defaults.ts), and its numbers once
   * the founder gave them on the dashboard.
   */
  companyDefaults: (userId: string) => Promise<CompanyDefaults>;
  /** Who hosts the sites (us), named by each site's legal notice. */
  host: SiteHost;
  now?: () => number;
  /** Decodes and re-encodes a logo: the server's worker threads; the caller's thread when absent. */
  processLogo?: (bytes: Uint8Array, owner: string) => Promise<LogoVariant[]>;
  /** Decodes and re-encodes a gallery photo: the worker threads; the caller's thread when absent. */
  processPhoto?: (bytes: Uint8Array, owner: string) => Promise<PhotoVariant[]>;
  metrics?: SiteMetrics;
  domains?: SiteDomainsDeps | null;
}

/** What publishing reports to the metrics (services/metrics.ts). */
export interface SiteMetrics {
  sitePublished(): void;
  /** Taken offline by its owner, or revoked with the refund of the package that included it. */
  siteUnpublished(reason: 'owner' | 'revoked'): void;
}

type WebsiteRow = typeof websites.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;
/** Why a slug cannot be the user's: its shape, reserved, another site's, or held for another. */
type SlugVerdict = 'format' | 'reserved' | 'taken' | 'held';

export function createWebsiteService(deps: WebsiteServiceDeps) {
  const { db, publicUrl } = deps;
  /** Our own host names, which no founder's domain may be or be under. */
  const ownHosts = platformHosts(publicUrl, deps.domains?.target);
  /**
   * The target's addresses as last looked up: the A and AAAA records a founder creates. Read at
   * start and with each round of checks; a lookup that fails keeps the last list found.
   */
  let targetAddressList: string[] = [];
  const refreshTargetAddresses = async () => {
    if (!deps.domains) return;
    const found = await targetAddresses(deps.domains.resolver, deps.domains.target);
    if (found.length > 0) targetAddressList = found;
  };
  const stamps = createFormStamps({
    signingKey: deps.signingKey,
    minSeconds: deps.siteContact.minSeconds,
    now: deps.now ?? Date.now,
  });

  async function row(userId: string): Promise<WebsiteRow | undefined> {
    const [found] = await db.select().from(websites).where(eq(websites.userId, userId));
    return found;
  }

  async function canPublish(userId: string, executor: Executor = db): Promise<boolean> {
    const [owned] = await executor
      .select({ sku: purchases.productSku })
      .from(purchases)
      .where(and(eq(purchases.userId, userId), eq(purchases.productSku, WEBSITE_SKU)));
    return Boolean(owned);
  }

  async function logoOf(logoId: string | null, executor: Pick<Database, 'select'> = db) {
    if (!logoId) return null;
    const [header] = await executor
      .select({ width: websiteLogos.width, height: websiteLogos.height })
      .from(websiteLogos)
      .where(and(eq(websiteLogos.id, logoId), eq(websiteLogos.variant, 'header.webp')));
    return header ? { id: logoId, url: `/site-logos/${logoId}/header.webp`, ...header } : null;
  }

  async function unreadCount(userId: string): Promise<number> {
    const [counted] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(websiteMessages)
      .where(and(eq(websiteMessages.userId, userId), isNull(websiteMessages.readAt)));
    return Number(counted?.count ?? 0);
  }

  /** The owner's language (a new site starts in it, mail to them is in it), name and e-mail. */
  async function owner(userId: string): Promise<{ language: ServerLanguage; name: string; email: string }> {
    const [user] = await db
      .select({
        language: users.language,
        firstname: users.firstname,
        lastname: users.lastname,
        email: users.email,
      })
      .from(users)
      .where(eq(users.id, userId));
    return {
      language: isServerLanguage(user?.language) ? user.language : 'fr',
      name: user ? `${user.firstname} ${user.lastname}`.trim().slice(0, 100) : '',
      email: user && user.email.length <= 254 ? user.email : '',
    };
  }

  /**
   * A new site, filled in from the company file and the account (issue 38): the name, the registered
   * office, the law its notice follows, the legal form and capital ("being registered" until the
   * founder gives the numbers), the contact e-mail, the legal representative as director of
   * publication, and the corporate purpose as a first draft of the services.
   */
  function newContent(
    company: CompanyDefaults,
    account: { language: ServerLanguage; name: string; email: string },
  ): WebsiteContent {
    const empty = emptyWebsiteContent(account.language, company.country ?? 'FR');
    const content: WebsiteContent = {
      ...empty,
      siteName: company.siteName,
      address: company.address,
      email: account.email,
      legalForm: company.legalForm,
      shareCapital: company.shareCapital,
      publicationDirector: company.representative || account.name,
      texts: {
        [account.language]: {
          ...emptyTexts(),
          services: company.services.map((name) => ({ name, description: '', price: '' })),
        },
      },
    };
    return company.identifiers ? withNumbers(content, company.identifiers) : content;
  }

  /** A stored draft or published content, with the fields added since it was saved. */
  const stored = (content: unknown, company: CompanyDefaults): WebsiteContent =>
    normalizeWebsiteContent(content as WebsiteContent, company.country ?? 'FR');

  async function view(userId: string, found?: WebsiteRow): Promise<Website> {
    const [company, account, allowed, unread] = await Promise.all([
      deps.companyDefaults(userId),
      owner(userId),
      canPublish(userId),
      unreadCount(userId),
    ]);
    const defaults = {
      siteName: company.siteName,
      address: company.address,
      publicationDirector: company.representative || account.name,
    };
    const content = found?.content ? stored(found.content, company) : newContent(company, account);
    const published =
      found?.publishedAt && found.publishedContent && found.slug
        ? {
            // At its own verified domain, the site's address is there (/sites/<slug> sends visitors to it).
            url:
              deps.domains && found.domain && found.domainVerifiedAt
                ? `https://${found.domain}/`
                : `/sites/${found.slug}`,
            publishedAt: found.publishedAt.toISOString(),
            languages: (found.publishedContent as WebsiteContent).languages,
          }
        : null;
    return {
      content,
      defaults,
      logo: await logoOf(found?.logoId ?? null),
      slug: found?.slug ?? null,
      published,
      unpublishedChanges: Boolean(
        published &&
        (!isDeepStrictEqual(stored(found?.publishedContent, company), content) ||
          (found?.publishedLogoId ?? null) !== (found?.logoId ?? null)),
      ),
      canPublish: allowed,
      unreadMessages: unread,
      updatedAt: found?.updatedAt.toISOString() ?? null,
      customDomain: deps.domains ? describeDomain(found, deps.domains.target) : null,
    };
  }

  /** Pages rendered for sites' own domains, by site, publish, domain and language (the newest kept). */
  const domainPages = new Map<string, { html: string; css: string }>();
  const DOMAIN_PAGES_KEPT = 500;
  function domainPage(site: PublishedSite, language: SiteLanguage, domain: string) {
    if (!site.content.languages.includes(language)) return null;
    const key = `${site.id}|${site.publishedAt.getTime()}|${domain}|${language}`;
    let page = domainPages.get(key);
    if (!page) {
      page = renderSitePage(site, language, serverSiteLabels(language), {
        origin: `https://${domain}`,
        base: '',
        host: deps.host,
      });
      if (domainPages.size >= DOMAIN_PAGES_KEPT) domainPages.delete(domainPages.keys().next().value ?? '');
      domainPages.set(key, page);
    }
    return page;
  }

  /** The site's domain as the builder shows it, with the records to create. */
  function describeDomain(found: WebsiteRow | undefined, target: string): WebsiteDomain {
    const name = found?.domain ?? null;
    if (!name || !found?.domainToken)
      return { name: null, status: 'none', problem: null, checkedAt: null, records: [], url: null };
    const records: WebsiteDomain['records'] = [
      {
        purpose: 'ownership',
        type: 'TXT',
        name: verificationName(name),
        value: verificationValue(found.domainToken),
      },
      { purpose: 'pointing', type: 'CNAME', name, value: target },
      ...targetAddressList.map((address) => ({
        purpose: 'pointing' as const,
        type: address.includes(':') ? ('AAAA' as const) : ('A' as const),
        name,
        value: address,
      })),
    ];
    const verified = Boolean(found.domainVerifiedAt);
    return {
      name,
      status: verified ? 'verified' : 'pending',
      problem: (found.domainProblem as WebsiteDomain['problem']) ?? null,
      checkedAt: found.domainCheckedAt?.toISOString() ?? null,
      records,
      url: verified ? `https://${name}/` : null,
    };
  }

  /**
   * What setting or checking a domain asks first: a server that offers domains (else a 403), the
   * account's limit of DNS checks (a 429) and the package with the website (a 403). Answers the
   * domains' settings.
   */
  async function domainRequest(userId: string, language: ServerLanguage): Promise<SiteDomainsDeps> {
    const t = translator(language);
    if (!deps.domains)
      throw new WebsiteError(403, 'DOMAINS_NOT_OFFERED', t('website:errors.DOMAINS_NOT_OFFERED'));
    await withinLimit(
      `website-domain:${userId}`,
      deps.limits.domainChecksPerAccount,
      language,
      'website:errors.tooManyDomainChecks',
    );
    if (!(await canPublish(userId)))
      throw new WebsiteError(403, 'WEBSITE_NOT_INCLUDED', t('website:errors.WEBSITE_NOT_INCLUDED'));
    return deps.domains;
  }

  /**
   * Keeps the router's table as the row says: a verified domain with an address is served. An entry
   * is dropped only when it is this site's (another site may have verified the domain typed here).
   */
  function syncTable(
    previous: { domain: string | null; slug?: string | null },
    current: WebsiteRow | undefined,
  ) {
    if (!deps.domains) return;
    const { table } = deps.domains;
    const drop = (domain: string, slug: string | null | undefined) => {
      if (slug && table.slugOf(domain) === slug) table.delete(domain);
    };
    if (previous.domain && previous.domain !== current?.domain)
      drop(previous.domain, previous.slug ?? current?.slug);
    if (!current?.domain) return;
    if (current.domainVerifiedAt && current.slug) table.set(current.domain, current.slug);
    else drop(current.domain, current.slug);
  }

  /**
   * Records what a check found (under the site's lock, unless the domain changed meanwhile): verified,
   * or the problem; a DNS failure keeps a verified domain until a check gets an answer.
   */
  async function recordCheck(
    executor: Executor,
    current: WebsiteRow,
    problem: DomainProblem | 'taken' | null,
    now: Date,
  ) {
    // DNS not answering keeps a verified domain, for three days after the last check that found it.
    const confirmed = current.domainConfirmedAt ?? current.domainVerifiedAt;
    const stillTrusted =
      problem === 'dnsFailed' &&
      confirmed !== null &&
      now.getTime() - confirmed.getTime() < DOMAIN_DNS_FAILURE_GRACE_MS;
    const verifiedAt =
      problem === null ? (current.domainVerifiedAt ?? now) : stillTrusted ? current.domainVerifiedAt : null;
    await executor
      .update(websites)
      .set({
        domainVerifiedAt: verifiedAt,
        domainCheckedAt: now,
        domainProblem: problem,
        ...(problem === null ? { domainConfirmedAt: now } : {}),
      })
      .where(and(eq(websites.userId, current.userId), eq(websites.domainToken, current.domainToken ?? '')));
  }

  /** Creates the row on first use, with the company file's defaults. */
  async function ensureRow(userId: string): Promise<WebsiteRow> {
    const existing = await row(userId);
    if (existing) return existing;
    const { content } = await view(userId);
    await db.insert(websites).values({ userId, content }).onConflictDoNothing();
    const created = await row(userId);
    if (!created) throw new Error('The website row was not created');
    return created;
  }

  /** Stores an image's re-encoded variants under one id (a logo's or a gallery photo's rows). */
  async function storeVariants(
    tx: Transaction,
    table: typeof websiteLogos | typeof websitePhotos,
    id: string,
    userId: string,
    variants: readonly (LogoVariant | PhotoVariant)[],
  ) {
    await tx.insert(table).values(
      variants.map(({ variant, contentType, width, height, bytes }) => ({
        id,
        userId,
        variant,
        contentType,
        width,
        height,
        bytes,
      })),
    );
  }

  /**
   * Runs `work` in a transaction that holds the user's site: logo uploads, removals, publishing and
   * unpublishing of one site happen one after the other, so a clean-up never deletes a logo that a
   * publish running beside it is about to put online.
   */
  function withSiteLock<T>(userId: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await lockSite(tx, userId);
      return work(tx);
    });
  }

  /** Unpublishes the site, keeping its draft and slug (under the lock). */
  async function takeOffline(tx: Transaction, userId: string) {
    await tx
      .update(websites)
      .set({ publishedContent: null, publishedLogoId: null, publishedPages: null, publishedAt: null })
      .where(eq(websites.userId, userId));
    await dropUnusedImages(tx, userId);
  }

  /** Deletes the user's logos and photos that neither the draft nor the published site uses (under the lock). */
  async function dropUnusedImages(tx: Transaction, userId: string) {
    const [current] = await tx.select().from(websites).where(eq(websites.userId, userId));
    const photoIds = [current?.content, current?.publishedContent].flatMap((content) =>
      ((content as WebsiteContent | null)?.photos ?? []).map((photo) => photo.id),
    );
    await tx
      .delete(websitePhotos)
      .where(
        photoIds.length > 0
          ? and(eq(websitePhotos.userId, userId), notInArray(websitePhotos.id, photoIds))
          : eq(websitePhotos.userId, userId),
      );
    const kept = [current?.logoId, current?.publishedLogoId].filter((id): id is string => Boolean(id));
    await tx
      .delete(websiteLogos)
      .where(
        kept.length > 0
          ? and(eq(websiteLogos.userId, userId), notInArray(websiteLogos.id, kept))
          : eq(websiteLogos.userId, userId),
      );
  }

  function slugError(problem: SlugVerdict, language: ServerLanguage) {
    const t = translator(language);
    if (problem === 'taken') return new WebsiteError(409, 'SLUG_TAKEN', t('website:errors.SLUG_TAKEN'));
    if (problem === 'held') return new WebsiteError(409, 'SLUG_HELD', t('website:errors.SLUG_HELD'));
    const code = problem === 'format' ? 'SLUG_FORMAT' : 'SLUG_RESERVED';
    return new WebsiteError(400, code, t(`website:errors.${code}`));
  }

  /** Whether another user's site has the slug, or holds it since it left it (the user's own hold is theirs). */
  async function slugOwnership(executor: Executor, userId: string, slug: string) {
    const [other] = await executor
      .select({ userId: websites.userId })
      .from(websites)
      .where(and(eq(websites.slug, slug), ne(websites.userId, userId)));
    if (other) return 'taken' as const;
    const hold = await activeHold(executor, slug);
    return hold && hold.userId !== userId ? ('held' as const) : null;
  }

  /** Counts one request of the account under `rule`; past it, a 429 saying so in `language`. */
  async function withinLimit(key: string, rule: RateLimitRule, language: ServerLanguage, words: string) {
    const verdict = await deps.rateLimiter.hit(key, rule);
    if (!verdict.allowed)
      throw new WebsiteError(
        429,
        'RATE_LIMITED',
        translator(language)(words),
        undefined,
        verdict.retryAfterSeconds,
      );
  }

  return {
    /** `started` for a form shown now. */
    formStamp: stamps.issue,
    checkStamp: stamps.check,

    async get(userId: string): Promise<Website> {
      return view(userId, await row(userId));
    },

    async saveDraft(userId: string, content: WebsiteContent, language: ServerLanguage): Promise<Website> {
      if (hasLoneSurrogate(content))
        throw new WebsiteError(400, 'TEXT_INVALID', translator(language)('website:errors.TEXT_INVALID'));
      await ensureRow(userId);
      // Read before the transaction (PGlite has one connection, which the transaction holds).
      const { identifiers } = await deps.companyDefaults(userId);
      await withSiteLock(userId, async (tx) => {
        const [current] = await tx.select().from(websites).where(eq(websites.userId, userId));
        const stored = current?.content as WebsiteContent | undefined;
        // The gallery's photos are the server's: the draft orders them and words their alternatives.
        const photos = mergePhotos(content.photos, stored?.photos);
        await tx
          .update(websites)
          .set({ content: keepNumbers({ ...content, photos }, stored, identifiers), updatedAt: new Date() })
          .where(eq(websites.userId, userId));
      });
      return view(userId, await row(userId));
    },

    async uploadLogo(userId: string, bytes: Uint8Array, language: ServerLanguage): Promise<Website> {
      // Only for a site that can go online: a logo is served publicly, and decoding one is costly.
      const notIncluded = () =>
        new WebsiteError(
          403,
          'WEBSITE_NOT_INCLUDED',
          translator(language)('website:errors.LOGO_NOT_INCLUDED'),
        );
      if (!(await canPublish(userId))) throw notIncluded();
      // Refused files throw LogoRefused before anything is stored.
      const variants = await (deps.processLogo ?? processLogo)(bytes, userId);
      await ensureRow(userId);
      await withSiteLock(userId, async (tx) => {
        // Asked again under the lock: a refund during the decoding took the website back.
        if (!(await canPublish(userId, tx))) throw notIncluded();
        const id = randomUUID();
        await storeVariants(tx, websiteLogos, id, userId, variants);
        await tx
          .update(websites)
          .set({ logoId: id, updatedAt: new Date() })
          .where(eq(websites.userId, userId));
        await dropUnusedImages(tx, userId);
      });
      return view(userId, await row(userId));
    },

    /** Adds a photo at the end of the draft's gallery (checked and re-encoded in a worker thread). */
    async uploadPhoto(userId: string, bytes: Uint8Array, language: ServerLanguage): Promise<Website> {
      const t = translator(language);
      const notIncluded = () =>
        new WebsiteError(403, 'WEBSITE_NOT_INCLUDED', t('website:errors.PHOTO_NOT_INCLUDED'));
      const full = () =>
        new WebsiteError(409, 'PHOTOS_FULL', t('website:errors.PHOTOS_FULL', { count: MAX_PHOTOS }));
      if (!(await canPublish(userId))) throw notIncluded();
      const before = await row(userId);
      if (((before?.content as WebsiteContent | undefined)?.photos ?? []).length >= MAX_PHOTOS) throw full();
      const variants = await (deps.processPhoto ?? processPhoto)(bytes, userId);
      await ensureRow(userId);
      await withSiteLock(userId, async (tx) => {
        if (!(await canPublish(userId, tx))) throw notIncluded();
        const [current] = await tx.select().from(websites).where(eq(websites.userId, userId));
        const content = current?.content as WebsiteContent;
        const photos = content.photos ?? [];
        // Asked again under the lock: two uploads at once may not make a thirteenth.
        if (photos.length >= MAX_PHOTOS) throw full();
        const id = randomUUID();
        await storeVariants(tx, websitePhotos, id, userId, variants);
        // The largest variant's size: the page's image is sized by it (no layout shift).
        const largest = variants.reduce((a, b) => (b.width > a.width ? b : a));
        const photo = { id, width: largest.width, height: largest.height, alt: {} };
        await tx
          .update(websites)
          .set({ content: { ...content, photos: [...photos, photo] }, updatedAt: new Date() })
          .where(eq(websites.userId, userId));
      });
      return view(userId, await row(userId));
    },

    /** Takes a photo out of the draft's gallery; the published site keeps it until the next publish. */
    async deletePhoto(userId: string, photoId: string): Promise<Website> {
      await withSiteLock(userId, async (tx) => {
        const [current] = await tx.select().from(websites).where(eq(websites.userId, userId));
        if (!current) return;
        const content = current.content as WebsiteContent;
        const photos = (content.photos ?? []).filter((photo) => photo.id !== photoId);
        await tx
          .update(websites)
          .set({ content: { ...content, photos }, updatedAt: new Date() })
          .where(eq(websites.userId, userId));
        await dropUnusedImages(tx, userId);
      });
      return view(userId, await row(userId));
    },

    async deleteLogo(userId: string): Promise<Website> {
      await withSiteLock(userId, async (tx) => {
        await tx
          .update(websites)
          .set({ logoId: null, updatedAt: new Date() })
          .where(eq(websites.userId, userId));
        await dropUnusedImages(tx, userId);
      });
      return view(userId, await row(userId));
    },

    async checkSlug(userId: string, slug: string, language: ServerLanguage): Promise<WebsiteSlugCheck> {
      await withinLimit(
        `website-slug-check:${userId}`,
        deps.limits.slugChecksPerAccount,
        language,
        'website:slug.tooMany',
      );
      const t = translator(language);
      const problem = slugProblem(slug) ?? (await slugOwnership(db, userId, slug));
      if (!problem) return { slug, available: true, reason: null, message: t('website:slug.available') };
      return { slug, available: false, reason: problem, message: slugError(problem, language).message };
    },

    async publish(userId: string, slug: string, language: ServerLanguage): Promise<Website> {
      await withinLimit(
        `website-publish:${userId}`,
        deps.limits.publishesPerAccount,
        language,
        'website:errors.tooManyPublishes',
      );
      const t = translator(language);
      if (!(await canPublish(userId)))
        throw new WebsiteError(403, 'WEBSITE_NOT_INCLUDED', t('website:errors.WEBSITE_NOT_INCLUDED'));
      const problem = slugProblem(slug);
      if (problem) throw slugError(problem, language);
      await ensureRow(userId);
      // Read before the transaction (PGlite has one connection, which the transaction holds).
      const country = (await deps.companyDefaults(userId)).country ?? 'FR';
      await withSiteLock(userId, async (tx) => {
        // Read under the lock: the draft and logo put online are the ones this transaction saw.
        const [current] = await tx.select().from(websites).where(eq(websites.userId, userId));
        if (!current) throw new Error('The website row is missing');
        // Asked again under the lock: a refund taking the website back waits for it, or goes first.
        if (!(await canPublish(userId, tx)))
          throw new WebsiteError(403, 'WEBSITE_NOT_INCLUDED', t('website:errors.WEBSITE_NOT_INCLUDED'));
        // The addresses change hands here: the new one checked under its lock, the old one held.
        const previous = current.slug !== null && current.slug !== slug ? current.slug : null;
        await lockSlugs(tx, previous ? [slug, previous] : [slug]);
        const owned = await slugOwnership(tx, userId, slug);
        if (owned) throw slugError(owned, language);
        const content = normalizeWebsiteContent(current.content as WebsiteContent, country);
        const fields = checkWebsiteContent(content, language);
        if (Object.keys(fields).length > 0)
          throw new WebsiteError(422, 'WEBSITE_INCOMPLETE', t('website:errors.WEBSITE_INCOMPLETE'), fields);
        const logo = await logoOf(current.logoId, tx);
        const site: RenderableSite = {
          slug,
          content,
          logo: logo ? { id: logo.id, width: logo.width, height: logo.height } : null,
        };
        const pages = Object.fromEntries(
          content.languages.map((pageLanguage) => [
            pageLanguage,
            renderSitePage(site, pageLanguage, serverSiteLabels(pageLanguage), {
              origin: publicUrl,
              host: deps.host,
            }),
          ]),
        );
        try {
          await tx
            .update(websites)
            .set({
              slug,
              publishedContent: content,
              publishedLogoId: current.logoId,
              publishedPages: pages,
              publishedAt: new Date(),
            })
            .where(eq(websites.userId, userId));
        } catch (error) {
          // Two owners publishing the same free slug at once: the unique index decides.
          if (isUniqueViolation(error)) throw slugError('taken', language);
          throw error;
        }
        await clearHold(tx, slug, userId);
        if (previous) await holdSlug(tx, previous, userId);
        await dropUnusedImages(tx, userId);
      });
      deps.metrics?.sitePublished();
      const published = await row(userId);
      // A verified domain follows its site to a new slug.
      syncTable({ domain: null }, published);
      return view(userId, published);
    },

    /**
     * The founder gave the registered company's numbers on the dashboard: the draft's legal notice
     * prints them in place of "being registered" (what is online changes at the next publish, which
     * the builder asks for). A site not started yet takes them when it starts.
     */
    async applyIdentifiers(userId: string, identifiers: CompanyIdentifiers): Promise<void> {
      if (!(await row(userId))) return;
      // Under the site's lock: an upload or a draft saved meanwhile is not written over.
      await withSiteLock(userId, async (tx) => {
        const [current] = await tx.select().from(websites).where(eq(websites.userId, userId));
        if (!current) return;
        const content = withNumbers(
          normalizeWebsiteContent(current.content as WebsiteContent, identifiers.country),
          identifiers,
        );
        await tx.update(websites).set({ content, updatedAt: new Date() }).where(eq(websites.userId, userId));
      });
    },

    async unpublish(userId: string): Promise<Website> {
      const wasOnline = await withSiteLock(userId, async (tx) => {
        const [current] = await tx
          .select({ publishedAt: websites.publishedAt })
          .from(websites)
          .where(eq(websites.userId, userId));
        await takeOffline(tx, userId);
        return Boolean(current?.publishedAt);
      });
      if (wasOnline) deps.metrics?.siteUnpublished('owner');
      return view(userId, await row(userId));
    },

    /**
     * In the transaction of a refund, once the purchases it took back are gone: a site whose owner
     * no longer has the website goes offline, its draft and slug kept for a new purchase to publish
     * again. Answers the address it had, or null when it stays (still owned, or not online).
     */
    async revokeUnlessOwned(tx: Transaction, userId: string): Promise<string | null> {
      await lockSite(tx, userId);
      if (await canPublish(userId, tx)) return null;
      const [current] = await tx.select().from(websites).where(eq(websites.userId, userId));
      if (!current?.publishedAt || !current.slug) return null;
      await takeOffline(tx, userId);
      // Its own domain is no longer its: verified again only with a new purchase (DNS asked again).
      if (current.domain && current.domainVerifiedAt) {
        await tx
          .update(websites)
          .set({ domainVerifiedAt: null, domainProblem: null })
          .where(eq(websites.userId, userId));
        // Dropped from routing at once (a refund rolled back gets it back at the next minute's reading).
        deps.domains?.table.delete(current.domain);
      }
      // Counted inside the refund's transaction: one that then fails would be counted all the same.
      deps.metrics?.siteUnpublished('revoked');
      return `${publicUrl}/sites/${current.slug}`;
    },

    async listMessages(userId: string): Promise<WebsiteMessageList> {
      const rows = await db
        .select()
        .from(websiteMessages)
        .where(eq(websiteMessages.userId, userId))
        .orderBy(desc(websiteMessages.createdAt))
        .limit(MESSAGE_LIST_LIMIT);
      return {
        messages: rows.map((message) => ({
          id: message.id,
          name: message.name,
          email: message.email,
          message: message.message,
          language: isServerLanguage(message.language) ? message.language : 'fr',
          receivedAt: message.createdAt.toISOString(),
          read: message.readAt !== null,
        })),
        unread: await unreadCount(userId),
      };
    },

    async markRead(userId: string, messageId: string, language: ServerLanguage) {
      const updated = await db
        .update(websiteMessages)
        .set({ readAt: sql`coalesce(${websiteMessages.readAt}, now())` })
        .where(and(eq(websiteMessages.id, messageId), eq(websiteMessages.userId, userId)))
        .returning({ id: websiteMessages.id });
      if (updated.length === 0)
        throw new WebsiteError(
          404,
          'MESSAGE_NOT_FOUND',
          translator(language)('website:errors.MESSAGE_NOT_FOUND'),
        );
      return this.listMessages(userId);
    },

    /**
     * Gives the site its own domain (a new one gets a new token and waits for its check); the same
     * domain again changes nothing.
     */
    async setDomain(userId: string, input: string, language: ServerLanguage): Promise<Website> {
      await domainRequest(userId, language);
      const t = translator(language);
      const domain = normalizeDomain(input);
      if (!domain) throw new WebsiteError(400, 'DOMAIN_FORMAT', t('website:domain.errors.format'));
      if (isReservedDomain(domain, ownHosts))
        throw new WebsiteError(400, 'DOMAIN_RESERVED', t('website:domain.errors.reserved'));
      await ensureRow(userId);
      const before = await withSiteLock(userId, async (tx) => {
        const [current] = await tx.select().from(websites).where(eq(websites.userId, userId));
        if (!current || current.domain === domain) return null;
        await tx
          .update(websites)
          .set({
            domain,
            domainToken: randomBytes(16).toString('hex'),
            domainVerifiedAt: null,
            domainCheckedAt: null,
            domainConfirmedAt: null,
            domainProblem: null,
          })
          .where(eq(websites.userId, userId));
        return { domain: current.domain };
      });
      const after = await row(userId);
      if (before) syncTable(before, after);
      if (targetAddressList.length === 0) await refreshTargetAddresses();
      return view(userId, after);
    },

    /** Asks DNS now whether the domain is the site's; verified, the domain is answered with the site. */
    async verifyDomain(userId: string, language: ServerLanguage): Promise<Website> {
      const domains = await domainRequest(userId, language);
      const t = translator(language);
      const asked = await row(userId);
      if (!asked?.domain || !asked.domainToken)
        throw new WebsiteError(404, 'NO_DOMAIN', t('website:domain.errors.none'));
      const [check] = await Promise.all([
        checkDomain(domains.resolver, asked.domain, asked.domainToken, domains.target),
        refreshTargetAddresses(),
      ]);
      const found = problemOf(check);
      const now = new Date();
      const taken = async (executor: Executor) =>
        (
          await executor
            .select({ userId: websites.userId })
            .from(websites)
            .where(
              and(
                eq(websites.domain, asked.domain ?? ''),
                isNotNull(websites.domainVerifiedAt),
                ne(websites.userId, userId),
              ),
            )
        ).length > 0;
      try {
        await withSiteLock(userId, async (tx) => {
          const [current] = await tx.select().from(websites).where(eq(websites.userId, userId));
          // The founder typed another domain meanwhile: this answer is not about it.
          if (!current || current.domainToken !== asked.domainToken) return;
          await recordCheck(tx, current, found === null && (await taken(tx)) ? 'taken' : found, now);
        });
      } catch (error) {
        // Two sites proving the same domain at once: the unique index keeps the first.
        if (!isUniqueViolation(error)) throw error;
        await recordCheck(db, asked, 'taken', now);
      }
      const after = await row(userId);
      syncTable(asked, after);
      return view(userId, after);
    },

    /** Takes the domain off the site: it is no longer answered there. */
    async removeDomain(userId: string): Promise<Website> {
      const before = await row(userId);
      if (before?.domain) {
        await withSiteLock(userId, (tx) =>
          tx
            .update(websites)
            .set({
              domain: null,
              domainToken: null,
              domainVerifiedAt: null,
              domainCheckedAt: null,
              domainConfirmedAt: null,
              domainProblem: null,
            })
            .where(eq(websites.userId, userId)),
        );
      }
      const after = await row(userId);
      if (before) syncTable(before, after);
      return view(userId, after);
    },

    /**
     * Looks again at each verified domain last checked more than an hour ago (the ten-minute
     * housekeeping): a record gone takes the domain back at once; DNS not answering changes nothing.
     * Answers how many domains were taken back.
     */
    async recheckDomains(): Promise<number> {
      const domains = deps.domains;
      if (!domains) return 0;
      const now = new Date((deps.now ?? Date.now)());
      const due = await db
        .select()
        .from(websites)
        .where(
          and(
            isNotNull(websites.domainVerifiedAt),
            or(
              isNull(websites.domainCheckedAt),
              lt(websites.domainCheckedAt, new Date(now.getTime() - DOMAIN_RECHECK_MS)),
            ),
          ),
        );
      if (due.length > 0) await refreshTargetAddresses();
      let dropped = 0;
      for (const current of due) {
        if (!current.domain || !current.domainToken) continue;
        const problem = problemOf(
          await checkDomain(domains.resolver, current.domain, current.domainToken, domains.target),
        );
        await recordCheck(db, current, problem, now);
        const after = await row(current.userId);
        syncTable(current, after);
        if (after?.domain === current.domain && !after.domainVerifiedAt) dropped += 1;
      }
      return dropped;
    },

    /** Reads every verified domain into the router's table (at start, then every minute). */
    async loadDomains(): Promise<void> {
      if (!deps.domains) return;
      if (targetAddressList.length === 0) await refreshTargetAddresses();
      const version = deps.domains.table.version;
      const rows = await db
        .select({ domain: websites.domain, slug: websites.slug })
        .from(websites)
        .where(and(isNotNull(websites.domainVerifiedAt), isNotNull(websites.slug)));
      // A domain verified or dropped here meanwhile: this reading is older than the table (next minute).
      deps.domains.table.replaceAll(
        rows.flatMap((found) => (found.domain && found.slug ? [[found.domain, found.slug] as const] : [])),
        version,
      );
    },

    /** Whether a site has verified `host` (the reverse proxy asks before getting its certificate). */
    async isVerifiedDomain(host: string): Promise<boolean> {
      if (!deps.domains) return false;
      const domain = normalizeDomain(host);
      if (!domain) return false;
      const [found] = await db
        .select({ userId: websites.userId })
        .from(websites)
        .where(
          and(
            eq(websites.domain, domain),
            isNotNull(websites.domainVerifiedAt),
            isNotNull(websites.publishedAt),
          ),
        );
      return Boolean(found);
    },

    /** The site published at `slug`, or null. */
    async findPublished(slug: string): Promise<PublishedSite | null> {
      if (!SLUG_PATTERN.test(slug)) return null;
      const [found] = await db.select().from(websites).where(eq(websites.slug, slug));
      if (!found?.publishedAt || !found.publishedContent || !found.publishedPages) return null;
      const logo = await logoOf(found.publishedLogoId);
      return {
        id: found.id,
        userId: found.userId,
        publishedAt: found.publishedAt,
        slug,
        content: found.publishedContent as WebsiteContent,
        logo: logo ? { id: logo.id, width: logo.width, height: logo.height } : null,
        pages: found.publishedPages as PublishedSite['pages'],
        // Only where this instance routes it: a redirect there must reach the site.
        domain:
          deps.domains &&
          found.domainVerifiedAt &&
          found.domain &&
          deps.domains.table.routes(found.domain, slug)
            ? found.domain
            : null,
      };
    },

    /**
     * What became of a slug no site has, while it is held: its site moved to `movedTo` (and is
     * online), or its account was deleted ('gone'); null when neither (a plain 404).
     */
    async formerAddress(slug: string): Promise<{ movedTo: string } | 'gone' | null> {
      if (!SLUG_PATTERN.test(slug)) return null;
      const hold = await activeHold(db, slug);
      if (!hold) return null;
      if (hold.userId === null) return 'gone';
      const [site] = await db.select().from(websites).where(eq(websites.userId, hold.userId));
      const online = site?.slug && site.publishedAt && site.publishedPages && site.slug !== slug;
      return online && site.slug ? { movedTo: site.slug } : null;
    },

    /**
     * The page of a site in one of its languages, with a fresh form stamp: as prerendered for
     * /sites/<slug>, or at its own domain (`domain`) rendered for that address once per publish.
     */
    pageHtml(
      site: PublishedSite,
      language: SiteLanguage,
      domain?: string,
    ): { html: string; css: string } | null {
      const page = domain ? domainPage(site, language, domain) : site.pages[language];
      if (!page) return null;
      return { html: page.html.replace(STARTED_PLACEHOLDER, stamps.issue(site.id)), css: page.css };
    },

    /** A stored gallery photo at one width and format, or null. */
    async photoImage(photoId: string, variant: string) {
      if (!UUID_PATTERN.test(photoId) || !(PHOTO_VARIANTS as readonly string[]).includes(variant))
        return null;
      const [image] = await db
        .select({ contentType: websitePhotos.contentType, bytes: websitePhotos.bytes })
        .from(websitePhotos)
        .where(and(eq(websitePhotos.id, photoId), eq(websitePhotos.variant, variant)));
      return image ? { contentType: image.contentType, bytes: Buffer.from(image.bytes) } : null;
    },

    /** A stored logo image, or null. */
    async logoImage(logoId: string, variant: string) {
      // Checked before the query: the column is a uuid, and PostgreSQL refuses anything else (a 500).
      if (!UUID_PATTERN.test(logoId) || !LOGO_VARIANTS.has(variant)) return null;
      const [image] = await db
        .select({ contentType: websiteLogos.contentType, bytes: websiteLogos.bytes })
        .from(websiteLogos)
        .where(and(eq(websiteLogos.id, logoId), eq(websiteLogos.variant, variant)));
      return image ? { contentType: image.contentType, bytes: Buffer.from(image.bytes) } : null;
    },
  };
}

/** Whether any text in a value (keys aside: the contract fixes them) is not storable. */
function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  if (value && typeof value === 'object') return Object.values(value).some(hasLoneSurrogate);
  return false;
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export type WebsiteService = ReturnType<typeof createWebsiteService>;
