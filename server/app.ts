/**
 * Builds the Fastify app. Plugins are registered in this order: external (cookies), then the
 * app's own (error handler, auth), then routes (the API bound to openapi/openapi.yaml by
 * operationId, the payment pages, the API reference, the SPA).
 */
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { errorCodes, type FastifyServerOptions, type LogLevel } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { authHandlers, refreshCookieClearer } from './handlers/auth';
import { checkoutHandlers } from './handlers/checkout';
import { orderHandlers } from './handlers/orders';
import { coFounderHandlers } from './handlers/co-founders';
import { companyFileHandlers } from './handlers/company-file';
import { companyJourneyHandlers } from './handlers/company-journey';
import { documentHandlers } from './handlers/documents';
import { marketingHandlers } from './handlers/marketing';
import { operationHandlers, PROBE_ROUTES } from './handlers/operations';
import { signingHandlers } from './handlers/signing';
import { siteHandlers } from './handlers/site';
import { sitesHandlers } from './handlers/sites';
import { websiteHandlers } from './handlers/website';
import { userHandlers } from './handlers/user';
import { installErrorHandler, parseJsonBody } from './plugins/error-handler';
import { accountFormsPlugin } from './plugins/account-forms';
import { contactFormPlugin } from './plugins/contact-form';
import { installRateLimits } from './plugins/rate-limits';
import { installSecurityHeaders } from './plugins/security-headers';
import { localCheckoutPlugin } from './plugins/local-checkout';
import { installRequestMetrics, METRICS_ROUTE, metricsPlugin } from './plugins/metrics';
import { spaPlugin } from './plugins/spa';
import { stripeWebhookPlugin } from './plugins/stripe-webhook';
import { unsubscribePlugin } from './plugins/unsubscribe';
import { createCoFounderService, type CoFounderService } from './services/co-founders/members';
import { createJourney, type Journey } from './services/company-journey/journey';
import { createTimelineService } from './services/company-journey/timeline';
import { createInvoiceService } from './services/invoices/invoice-service';
import { createAccountDataService } from './services/account-data';
import {
  type AccountService,
  createAccountService,
  DEFAULT_ACCOUNT_LIMITS,
  NO_ACCOUNT_LIMITS,
  type AccountLimits,
} from './services/accounts';
import { loggableError, loggerOptions } from './services/logging';
import { createMailQueue, type MailQueue } from './services/mail/mail-queue';
import { createMetrics } from './services/metrics';
import { createReadiness } from './services/readiness';
import { createRateLimiter } from './services/rate-limiter';
import { createAppPages } from './services/app-pages';
import { createStaticPages } from './services/static-pages';
import { createCompanyFileService, listLimitProblem, loadWizard } from './services/company-files';
import type { Wizard } from './services/company-files';
import { createContactService } from './services/contact';
import { createDocumentBuilder } from './services/documents/build-document';
import { createDocumentService } from './services/documents/document-service';
import { createFilingPackService } from './services/documents/filing-pack';
import { readCaenClasses } from '../src/shared/wizard-source.node.ts';
import type { Mailer } from './services/mail/mailer';
import { createCheckoutService } from './services/payments/checkout';
import { refreshFromEcb } from './services/sales/exchange-rates';
import { createOrderService, type OrderService } from './services/sales/orders';
import { salesTermsVersion } from './services/legal/sales-terms-pdf';
import { readVatRules } from './services/sales/vat';
import { createLocalProvider } from './services/payments/local-provider';
import type { PaymentProvider } from './services/payments/provider';
import { createStripeProvider } from './services/payments/stripe-provider';
import type Stripe from 'stripe';
import { createSessionService } from './services/sessions';
import { sealPdf } from './services/signing/pades';
import { createSigningService } from './services/signing/rounds';
import { loadSealKey } from './services/signing/seal-key';
import { signatoriesOf } from './services/signing/signatories';
import { LogoRefused } from './services/website/logo-images';
import { PhotoRefused } from './services/website/photo-images';
import { createSiteInbox, type SiteInbox } from './services/website/site-inbox';
import { pruneSlugHolds } from './services/website/slug-holds';
import {
  platformHosts,
  rewriteSiteDomainUrl,
  SiteDomainTable,
  type DomainResolver,
} from './services/website/site-domains';
import { Resolver } from 'node:dns/promises';
import {
  createWebsiteService,
  DEFAULT_WEBSITE_LIMITS,
  NO_WEBSITE_LIMITS,
  type WebsiteLimits,
  type WebsiteService,
} from './services/website/website-service';
import {
  createWorkerPool,
  defaultPoolSize,
  type WorkerPool,
  type WorkerPoolOptions,
} from './services/workers/worker-pool';
import { LOGO_MAX_BYTES, PHOTO_MAX_BYTES } from '../src/shared/website';
import { websiteDefaultsFromFile } from '../src/shared/website-defaults';

/** The routes that take plain HTML form posts; every other refuses them as an unsupported type (415). */
const FORM_ROUTES = new Set([
  '/contact',
  '/login',
  '/signup',
  '/forgot-password',
  '/checkout/local/:id/pay',
  '/checkout/local/:id/cancel',
  '/checkout/local/:id/refund',
  '/sites/:slug/contact',
  '/unsubscribe',
]);
const LOGO_ROUTE = '/api/website/logo';
const PHOTO_ROUTE = '/api/website/photos';

const contractPath = fileURLToPath(new URL('../openapi/openapi.yaml', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../', import.meta.url));

export interface AppDependencies {
  config: ServerConfig;
  db: Database;
  mailer: Mailer;
  signingKey: Uint8Array;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the configured payment provider (tests). */
  paymentProvider?: PaymentProvider;
  /** Replaces the per-account limits (tests); off with AUTH_RATE_LIMIT=0, the defaults otherwise. */
  accountLimits?: AccountLimits;
  /** Replaces the builder's per-account limits (tests); on and off with the account limits otherwise. */
  websiteLimits?: WebsiteLimits;
  /** Replaces the DNS resolver that checks founders' domains (tests: one asking a local server). */
  domainResolver?: DomainResolver;
  /** How often the mail worker looks for due messages (ms). */
  mailPollMs?: number;
  /** false: no background worker; mail goes out only when `app.mailQueue.drain()` is called (tests). */
  mailWorker?: boolean;
  /** Replaces the sizes of the documents' worker pool (tests); `warm` starts a thread at once. */
  workers?: Partial<Omit<WorkerPoolOptions, 'setup'>>;
  /**
   * The wizard, already compiled (tests): compiling every step of every legal form is most of an
   * app's start, and the tests start dozens of apps in one process.
   */
  wizard?: Wizard;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail queue's worker: started with the server, stopped when it closes. */
    mailQueue: MailQueue;
    /** What follows payments, submissions and idle drafts (tests call `remindDrafts` themselves). */
    journey: Journey;
    /** The threads that write documents, invoices and logos; closed with the server. */
    workerPool: WorkerPool;
    /** Messages to published sites (tests call `sendDigests` themselves). */
    siteInbox: SiteInbox;
    /** The account's orders and withdrawals (tests call `retryPendingRefunds` themselves). */
    orders: OrderService;
    /** Invitations and co-founders (tests call `remindInvitations` themselves). */
    coFounders: CoFounderService;
    /** The website builder and published sites (tests call `recheckDomains` themselves). */
    websites: WebsiteService;
  }
}

/** Node's DNS resolver, asking `servers` (DNS_SERVERS) or the system's; a few seconds at most. */
function dnsResolver(servers: string[]): DomainResolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length > 0) resolver.setServers(servers);
  return resolver;
}

export async function buildApp(deps: AppDependencies) {
  const { config, db, mailer, signingKey } = deps;
  // Founders' verified domains, which the router reads for every request (services/website/site-domains.ts).
  const siteDomainTable = new SiteDomainTable();
  const ownHosts = platformHosts(config.publicUrl, config.siteDomains?.target);
  const app = Fastify({
    // A request for a verified domain is its site: `/` is /sites/<slug>, and nothing of ours is there.
    ...(config.siteDomains
      ? {
          rewriteUrl: (request: { url?: string; headers: { host?: string } }) =>
            rewriteSiteDomainUrl(siteDomainTable, request.headers.host, request.url ?? '/', ownHosts),
        }
      : {}),
    logger: deps.logger ?? loggerOptions(config.logLevel, config.logFormat),
    bodyLimit: 256 * 1024,
    // Off by default: otherwise anyone could pick their address (and dodge the rate limit) with a header.
    trustProxy: config.trustProxy ?? false,
    ajv: {
      // The contract is the rule: unknown fields and wrong types are refused, not fixed up.
      customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false, allErrors: false },
    },
  });
  app.decorateRequest('userId', null);
  // The API speaks JSON only: a text/plain body would skip the contract's schema (415 instead).
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody);
  // A logo and a gallery photo are uploaded as their bytes (uploadWebsiteLogo, uploadWebsitePhoto);
  // past 12 MB refused unread (413), and a logo past 2 MB before it is decoded (processLogo). No
  // other route takes bytes: elsewhere a Buffer would reach a handler that no schema checked.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: Math.max(LOGO_MAX_BYTES, PHOTO_MAX_BYTES) },
    (request, body, done) =>
      request.routeOptions.url === LOGO_ROUTE || request.routeOptions.url === PHOTO_ROUTE
        ? done(null, body)
        : done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE()),
  );
  // RFC 8058's one-click unsubscribe may post multipart/form-data: only the link's token matters,
  // so that route takes the body unread (1 kB at most); every other refuses it.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: 1024 },
    (request, _body, done) =>
      request.routeOptions.url === '/unsubscribe'
        ? done(null, {})
        : done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE()),
  );
  // HTML, images, PDF, Word and ZIP are only answers (downloadDocument, downloadFilingPack, getSiteLogo, the sites' pages): refused as bodies like any other type,
  // but declared, or the openapi glue warns at every start that it has no parser for them.
  for (const answerOnly of [
    'text/html',
    'image/png',
    'image/webp',
    'image/jpeg',
    'application/xml',
    'application/pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/zip',
  ]) {
    app.addContentTypeParser(answerOnly, (_request, _payload, done) =>
      done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE()),
    );
  }

  // External plugins.
  // Answers built at request time (pages, JSON) are compressed here; the build's files have
  // their .br/.gz copies already (spaPlugin). Brotli at quality 5: most of the gain for little CPU.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(cookie);
  // Plain HTML forms (the contact page's, the account pages', the local checkout's and the published
  // sites'), on those routes only: the API speaks JSON. A 5,000-character message in Romanian, percent-encoded, is
  // about 30 kB.
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  app.addHook('preParsing', async (request) => {
    const type = request.headers['content-type'] ?? '';
    if (/^application\/x-www-form-urlencoded/i.test(type) && !FORM_ROUTES.has(request.routeOptions.url ?? ''))
      throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE();
  });
  if (config.corsOrigins && config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      credentials: true,
      allowedHeaders: ['content-type', 'authorization', 'ngrok-skip-browser-warning'],
      methods: ['GET', 'POST'],
    });
  }
  // The app's own plugins.
  installErrorHandler(app);
  installSecurityHeaders(app);
  // Probes arrive every few seconds and Prometheus every few more: their routes log warnings and
  // errors only (or nothing, if the configured level is quieter still).
  const quietLevel = (
    ['error', 'fatal', 'silent'].includes(config.logLevel) ? config.logLevel : 'warn'
  ) as LogLevel;
  const quietRoutes = new Set<string>([...PROBE_ROUTES, METRICS_ROUTE]);
  app.addHook('onRoute', (route) => {
    if (quietRoutes.has(route.url)) route.logLevel = quietLevel;
  });
  // Prometheus' series, on this app's own registry, only when METRICS_TOKEN is set. The gauges
  // read the mail queue and the worker pool (made below) at scrape time.
  const metrics = config.metricsToken
    ? createMetrics({
        pendingMail: () => mailQueue.pendingCount(),
        workerPool: () => workerPool.load(),
      })
    : undefined;
  if (metrics) installRequestMetrics(app, metrics);
  const perMinute = config.authRateLimitPerMinute ?? 0;
  const rateLimiter = createRateLimiter(db);
  const addressLimit = installRateLimits(app, { limiter: rateLimiter, perMinute });
  const sessions = createSessionService(db, signingKey);
  const mailBrand = { siteUrl: config.publicUrl, supportEmail: config.site.values.supportEmail };
  // The wizard's schemas are read once, like the contract: a staff edit applies on restart.
  const wizard = deps.wizard ?? loadWizard();
  const caenClasses = readCaenClasses(repositoryRoot);
  // Documents, invoices and logos are written by these threads, never on the event loop.
  const workerPool = createWorkerPool({
    ...defaultPoolSize(config.documentWorkers),
    ...deps.workers,
    setup: { legalForms: wizard.legalForms, caenClasses },
    metrics,
  });
  app.decorate('workerPool', workerPool);
  app.addHook('onClose', async () => {
    // Running tasks finish first (each has its time limit); what waits is refused as busy.
    await workerPool.close();
    app.log.info('Document threads stopped');
  });
  const invoices = createInvoiceService({
    db,
    site: config.site,
    invoicing: config.invoicing ?? { prefix: 'KR-', vatRateBasisPoints: 2000 },
    // A founder's own download counts against their share; a mail's attachment goes first.
    renderPdf: (invoice, owner) =>
      workerPool.run({ kind: 'invoice', invoice }, owner ? { owner } : { system: true }),
  });
  // Resolves password_reset jobs through the accounts service, created just below.
  let resolvePasswordReset: (email: string) => ReturnType<AccountService['passwordResetFor']> = () =>
    Promise.resolve(null);
  const mailQueue = createMailQueue({
    db,
    mailer,
    logger: app.log,
    resolvePasswordReset: (email) => resolvePasswordReset(email),
    attachment: async (ref) => {
      if (ref.kind === 'salesTerms') {
        const terms = await workerPool.run(
          {
            kind: 'salesTerms',
            language: ref.language,
            values: config.site.values,
            publicUrl: config.publicUrl,
          },
          { system: true },
        );
        return {
          filename: terms.filename,
          contentType: 'application/pdf',
          content: Buffer.from(terms.body.buffer, terms.body.byteOffset, terms.body.byteLength),
        };
      }
      const file = await invoices.pdf(ref.id);
      return { filename: file.filename, contentType: 'application/pdf', content: file.body };
    },
    ...(deps.mailPollMs ? { pollMs: deps.mailPollMs } : {}),
    metrics,
  });
  app.decorate('mailQueue', mailQueue);
  // Ended rate-limit windows and site-address holds are dropped every ten minutes, by whichever
  // instance gets there.
  let pruning: NodeJS.Timeout | null = null;
  // Drafts left for three days get their one reminder: looked for every ten minutes too.
  let reminding: NodeJS.Timeout | null = null;
  // Site messages held back by a burst go to their owner in one digest, looked for every ten minutes.
  let digesting: NodeJS.Timeout | null = null;
  // The ECB's euro reference rates (services/sales/exchange-rates.ts), when fetching them is on.
  let refreshingRates: NodeJS.Timeout | null = null;
  // Founders' verified domains: read again every minute (another instance may have changed them).
  let readingDomains: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    if (config.siteDomains) {
      await app.websites.loadDomains();
      readingDomains = setInterval(() => {
        app.websites
          .loadDomains()
          .catch((error: unknown) =>
            app.log.warn({ failure: loggableError(error) }, 'Reading the sites’ domains failed'),
          );
      }, 60 * 1000);
      readingDomains.unref();
    }
    if (deps.mailWorker ?? true) {
      mailQueue.start();
      pruning = setInterval(
        () => {
          rateLimiter
            .prune()
            .catch((error: unknown) =>
              app.log.warn({ failure: loggableError(error) }, 'Pruning rate limits failed'),
            );
          pruneSlugHolds(db).catch((error: unknown) =>
            app.log.warn({ failure: loggableError(error) }, 'Pruning site-address holds failed'),
          );
          // Verified domains whose records went are taken back (each looked at once an hour).
          app.websites
            .recheckDomains()
            .then((dropped) => {
              if (dropped > 0) app.log.info({ dropped }, 'Site domains no longer verified');
            })
            .catch((error: unknown) =>
              app.log.warn({ failure: loggableError(error) }, 'Checking the sites’ domains failed'),
            );
          // Withdrawal refunds the payment provider has not made yet are tried again.
          app.orders
            .retryPendingRefunds()
            .catch((error: unknown) =>
              app.log.warn({ failure: loggableError(error) }, 'Retrying withdrawal refunds failed'),
            );
        },
        10 * 60 * 1000,
      );
      pruning.unref();
      reminding = setInterval(
        () => {
          app.journey
            .remindDrafts()
            .catch((error: unknown) =>
              app.log.warn({ failure: loggableError(error) }, 'Draft reminders failed'),
            );
          // Invitations unanswered for three days get their one reminder.
          app.coFounders
            .remindInvitations()
            .catch((error: unknown) =>
              app.log.warn({ failure: loggableError(error) }, 'Invitation reminders failed'),
            );
        },
        10 * 60 * 1000,
      );
      reminding.unref();
      digesting = setInterval(
        () => {
          app.siteInbox
            .sendDigests()
            .catch((error: unknown) =>
              app.log.warn({ failure: loggableError(error) }, 'Site message digests failed'),
            );
        },
        10 * 60 * 1000,
      );
      digesting.unref();
    }
    if (config.sales?.refreshExchangeRates) {
      // The ECB publishes once a working day around 16:00 CET: twice a day finds each rate.
      const refresh = () => {
        refreshFromEcb(db)
          .then((added) => app.log.info({ added }, 'ECB exchange rates refreshed'))
          .catch((error: unknown) =>
            app.log.warn({ failure: loggableError(error) }, 'Fetching the ECB exchange rates failed'),
          );
      };
      refresh();
      refreshingRates = setInterval(refresh, 12 * 3600 * 1000);
      refreshingRates.unref();
    }
  });
  app.addHook('onClose', async () => {
    if (refreshingRates) clearInterval(refreshingRates);
    if (readingDomains) clearInterval(readingDomains);
    if (pruning) clearInterval(pruning);
    if (reminding) clearInterval(reminding);
    if (digesting) clearInterval(digesting);
    // The message being sent goes out; no other is taken; leases taken and not used are given back.
    await mailQueue.stop();
    app.log.info('Mail worker stopped');
  });
  const accountLimits = deps.accountLimits ?? (perMinute > 0 ? DEFAULT_ACCOUNT_LIMITS : NO_ACCOUNT_LIMITS);
  /** Throws a 429 once `userId` passes its limit of `what` (services/accounts.ts). */
  const limitAccount =
    (what: 'draftSaves' | 'checkoutSessions') =>
    (userId: string): Promise<void> =>
      rateLimiter.enforce(`account:${what}:${userId}`, accountLimits[what]);
  const accounts = createAccountService({
    db,
    sessions,
    mailQueue,
    rateLimiter,
    limits: accountLimits,
    publicUrl: config.publicUrl,
    mailBrand,
  });
  resolvePasswordReset = accounts.passwordResetFor;
  const accountData = createAccountDataService({ db, accounts });
  const stripeProvider =
    config.payments.provider === 'stripe' && !deps.paymentProvider
      ? createStripeProvider(config.payments.secretKey)
      : null;
  const provider = deps.paymentProvider ?? stripeProvider ?? createLocalProvider(config.publicUrl);
  const contact = createContactService({
    db,
    mailQueue,
    brand: mailBrand,
    perHour: config.contactRateLimitPerHour,
  });
  const companyFiles = createCompanyFileService({
    db,
    wizard,
    // A submission that voids a signing round says so on the timeline and mails its signatories.
    roundsVoided: (tx, ownerId, roundIds) => signing.roundsVoided(tx, ownerId, roundIds),
    // The co-founders of persons no longer in the file lose it; the acts given on the previous
    // submission are asked again (issue 35), in the same transaction.
    afterSubmittedChange: (tx, ownerId, before, after) =>
      coFounders.afterSubmittedChange(tx, ownerId, before, after),
    afterDraftSaved: (tx, ownerId, data) => coFounders.afterDraftSaved(tx, ownerId, data),
  });
  const coFounders = createCoFounderService({
    db,
    wizard,
    files: companyFiles,
    mailQueue,
    brand: mailBrand,
    publicUrl: config.publicUrl,
    signingKey,
    rateLimiter,
    // A co-founder's correction that voids a signing round: the same timeline entry and mails.
    roundsVoided: (tx, ownerId, roundIds) => signing.roundsVoided(tx, ownerId, roundIds),
  });
  app.decorate('coFounders', coFounders);
  // Templates are read at start-up too; a template that fails to parse stops the server here.
  const builder = createDocumentBuilder({ legalForms: wizard.legalForms, caenClasses });
  // Founders' sites are stored and served by us: we are their host within the meaning of LCEN,
  // art. 1-1 (the provider that stores what they publish), named with our address and phone.
  const siteHost = {
    name: config.site.values.publisherName,
    address: `${config.site.values.publisherAddress}\n${config.site.values.publisherPhone}`,
  };
  const siteContact = config.siteContact ?? { perHour: 5, minSeconds: 3 };
  const websites = createWebsiteService({
    db,
    host: siteHost,
    publicUrl: config.publicUrl,
    signingKey,
    siteContact,
    rateLimiter,
    limits: deps.websiteLimits ?? (perMinute > 0 ? DEFAULT_WEBSITE_LIMITS : NO_WEBSITE_LIMITS),
    metrics,
    domains: config.siteDomains
      ? {
          target: config.siteDomains.target,
          resolver: deps.domainResolver ?? dnsResolver(config.siteDomains.dnsServers),
          table: siteDomainTable,
        }
      : null,
    // Decoded in the worker threads, within their time limit (security review R3-10).
    processLogo: async (bytes, owner) => {
      const outcome = await workerPool.run({ kind: 'logo', bytes }, { owner });
      if (!outcome.ok) throw new LogoRefused(outcome.refusal);
      return outcome.variants.map((variant) => ({
        ...variant,
        bytes: Buffer.from(variant.bytes.buffer, variant.bytes.byteOffset, variant.bytes.byteLength),
      }));
    },
    processPhoto: async (bytes, owner) => {
      const outcome = await workerPool.run({ kind: 'photo', bytes }, { owner });
      if (!outcome.ok) throw new PhotoRefused(outcome.refusal);
      return outcome.variants.map((variant) => ({
        ...variant,
        bytes: Buffer.from(variant.bytes.buffer, variant.bytes.byteOffset, variant.bytes.byteLength),
      }));
    },
    companyDefaults: async (userId) => {
      // The submitted file says what the company is; a draft is the founder's latest word otherwise.
      const data = (await companyFiles.submittedData(userId)) ?? (await companyFiles.get(userId)).data;
      return { ...websiteDefaultsFromFile(data), identifiers: await companyFiles.identifiers(userId) };
    },
  });
  const siteInbox = createSiteInbox({
    db,
    mailQueue,
    rateLimiter,
    brand: mailBrand,
    publicUrl: config.publicUrl,
    siteContact,
  });
  app.decorate('siteInbox', siteInbox);
  app.decorate('websites', websites);
  const journey = createJourney({
    db,
    invoices,
    mailQueue,
    brand: mailBrand,
    publicUrl: config.publicUrl,
    signingKey,
    // A refund that takes the website back takes the site offline in its own transaction.
    revokeWebsite: websites.revokeUnlessOwned,
  });
  app.decorate('journey', journey);
  // The registered company's numbers reach the website's legal notice (issue 38).
  const timeline = createTimelineService({ db, onIdentifiers: websites.applyIdentifiers });
  const invoicing = config.invoicing ?? { prefix: 'KR-', vatRateBasisPoints: 2000 };
  const checkout = createCheckoutService({
    db,
    provider,
    publicUrl: config.publicUrl,
    hooks: journey.hooks,
    sales: {
      rules: readVatRules({
        sellerRateBasisPoints: invoicing.vatRateBasisPoints,
        ...(config.sales?.ossThresholdEur !== undefined
          ? { ossThresholdEur: config.sales.ossThresholdEur }
          : {}),
      }),
      invoicePrefix: invoicing.prefix,
    },
    metrics,
  });
  const orders = createOrderService({ db, checkout, log: app.log });
  app.decorate('orders', orders);
  // The terms of sale's version (read when its module loads: three languages that disagree stop the start).
  salesTermsVersion();
  const documents = createDocumentService({
    db,
    builder,
    renderer: {
      preview: (request, owner) => workerPool.run({ kind: 'preview', ...request }, { owner }),
      file: (request, owner) => workerPool.run({ kind: 'file', ...request }, { owner }),
    },
    submittedData: companyFiles.submittedData,
    currentData: async (userId) => (await companyFiles.get(userId)).data,
    boundsProblem: (data) => listLimitProblem(wizard, data),
    limits: {
      limiter: rateLimiter,
      previews: accountLimits.documentPreviews,
      downloads: accountLimits.documentDownloads,
    },
    signedPack: (userId, data) => signing.signedPack(userId, data),
  });

  const filingPack = createFilingPackService({
    db,
    builder,
    renderer: {
      preview: (request, owner) => workerPool.run({ kind: 'preview', ...request }, { owner }),
      file: (request, owner) => workerPool.run({ kind: 'file', ...request }, { owner }),
    },
    writeChecklist: (checklist, owner) => workerPool.run({ kind: 'checklist', checklist }, { owner }),
    submittedData: companyFiles.submittedData,
    currentData: async (userId) => (await companyFiles.get(userId)).data,
    stepsOf: (form) => wizard.stepsOf(form),
    boundsProblem: (data) => listLimitProblem(wizard, data),
    limits: { limiter: rateLimiter, downloads: accountLimits.documentDownloads },
    signedPack: (userId, data) => signing.signedPack(userId, data),
  });

  // Issue 35: the documents signed online, sealed with the operator's key (SIGNING_P12_*).
  const sealKey = await loadSealKey(config);
  const signing = createSigningService({
    db,
    builder,
    renderer: {
      preview: (request, owner) => workerPool.run({ kind: 'preview', ...request }, { owner }),
      file: (request, owner) => workerPool.run({ kind: 'file', ...request }, { owner }),
    },
    tools: {
      signatoriesOf,
      seal: (pdf, info) => sealPdf(pdf, sealKey, info),
      evidence: (evidence, language, owner) =>
        workerPool.run(
          {
            kind: 'evidence',
            evidence: {
              ...evidence,
              seal: {
                subject: sealKey.subject,
                fingerprintSha256: sealKey.fingerprintSha256,
                development: sealKey.development,
              },
            },
            language,
          },
          { owner },
        ),
    },
    submittedData: companyFiles.submittedData,
    filingBlocked: async (ownerId) => (await filingPack.check(ownerId, 'submitted')).verdict === 'fix',
    brand: mailBrand,
    signingKey,
    limits: {
      limiter: rateLimiter,
      codes: accountLimits.signingCodes,
      previews: accountLimits.documentPreviews,
    },
  });

  const readiness = createReadiness({ db, mailWorker: () => mailQueue.liveness(), log: app.log });

  // Routes: the API, validated by and bound to the contract.
  const contract = parse(readFileSync(contractPath, 'utf8')) as Record<string, unknown>;
  await app.register(openapiGlue, {
    specification: contract,
    serviceHandlers: {
      ...authHandlers(accounts, config.cookieSecure),
      ...userHandlers(accounts, accountData, refreshCookieClearer(config.cookieSecure)),
      ...marketingHandlers(db),
      ...checkoutHandlers(checkout, db, limitAccount('checkoutSessions')),
      ...orderHandlers(orders),
      ...companyFileHandlers(companyFiles, journey, limitAccount('draftSaves')),
      ...companyJourneyHandlers({ db, timeline, invoices, checkout }),
      ...coFounderHandlers(coFounders, db, limitAccount('draftSaves')),
      ...documentHandlers(documents, filingPack),
      ...signingHandlers(signing),
      ...siteHandlers(config.site, contact),
      ...websiteHandlers(websites),
      ...sitesHandlers(websites, siteInbox, config.publicUrl, siteHost),
      ...operationHandlers(readiness),
    },
    securityHandlers: {
      async bearerAuth(request: { headers: Record<string, unknown>; userId: string | null }) {
        const header = request.headers.authorization;
        const token =
          typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
        const userId = token ? await sessions.verifyAccessToken(token) : null;
        if (!userId) throw Object.assign(new Error('A valid access token is required'), { statusCode: 401 });
        request.userId = userId;
      },
      async refreshCookie(request: { cookies: Record<string, string | undefined> }) {
        if (!request.cookies.refresh_token) {
          throw Object.assign(new Error('No session: the refresh cookie is missing'), { statusCode: 401 });
        }
      },
    },
  });
  await app.register(stripeWebhookPlugin, {
    // A provider given by the caller may be Stripe's too (tests point it at a stand-in API).
    stripe:
      stripeProvider?.stripe ??
      (deps.paymentProvider && 'stripe' in deps.paymentProvider
        ? (deps.paymentProvider as { stripe: Stripe }).stripe
        : null),
    webhookSecret: config.payments.provider === 'stripe' ? config.payments.webhookSecret : null,
    checkout,
  });
  await app.register(localCheckoutPlugin, {
    db,
    checkout,
    publicUrl: config.publicUrl,
    refunds: !config.localPaymentsInProduction,
  });
  await app.register(unsubscribePlugin, { journey, publicUrl: config.publicUrl });
  if (metrics && config.metricsToken) {
    await app.register(metricsPlugin, { metrics, token: config.metricsToken });
  }
  const pages = createAppPages({
    spaDir: config.spaDir,
    publicUrl: config.publicUrl,
    staticPages: createStaticPages(config.site),
  });
  await app.register(contactFormPlugin, { contact, pages });
  await app.register(accountFormsPlugin, {
    accounts,
    addressLimit,
    pages,
    publicUrl: config.publicUrl,
    cookieSecure: config.cookieSecure,
  });

  // The API reference, from the same document.
  await app.register(swagger, { mode: 'static', specification: { document: contract as never } });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Its own scripts only, and never inside another site's frame. Swagger UI sets inline styles
    // (as Mantine does for the app): allowed for styles alone.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';")
        .replace(/\s*upgrade-insecure-requests;/, ''),
  });

  await app.register(spaPlugin, { spaDir: config.spaDir, pages });
  return app;
}
