/**
 * The server's configuration, read from the environment once and validated: every bad variable
 * is reported in one line each, so a typo in DATABASE_URL or PORT never becomes a stack trace.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { readSiteInfo, SITE_INFO_VARIABLES, type SiteInfo } from '../src/shared/site-info';
import type { LogFormat } from './services/logging';

export interface ServerConfig {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  jwtSecret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  payments: { provider: 'local' } | { provider: 'stripe'; secretKey: string; webhookSecret: string | null };
  /**
   * Set when NODE_ENV=production runs the local test checkout because the operator asked for it
   * (PAYMENT_PROVIDER=local): the server warns at every start that payments are not real.
   */
  localPaymentsInProduction?: boolean;
  cookieSecure: boolean;
  /** Other origins allowed to call the API with credentials (an app built with VITE_API_BASE_URL). */
  corsOrigins?: string[];
  /** Believe X-Forwarded-For (client address for rate limits and logs): only behind a proxy that sets it. */
  trustProxy?: boolean;
  /**
   * Requests per minute and address on each account endpoint (login, sign-up, reset…), each its own
   * count; 0 turns these and the per-account limits off (tests and benchmarks only).
   */
  authRateLimitPerMinute?: number;
  /** Messages per hour and address through the contact form; 0 turns the limit off. */
  contactRateLimitPerHour: number;
  /**
   * The contact forms of published sites: messages per hour from one sender (an address, an IPv6
   * client by its /64) to one site, twice that a day from one address or one typed e-mail address,
   * and a site stores at most 100 times as many a day (0 turns all of these off; see
   * services/website/site-inbox.ts); and the seconds a person needs at least between seeing the form
   * and sending it (bots send at once). Each form page's stamp sends one message, whatever the limits.
   */
  siteContact?: { perHour: number; minSeconds: number };
  /** Who runs the site (legal notice, terms, support address): see src/shared/site-info.ts. */
  site: SiteInfo;
  /**
   * Invoices: the seller is the site's publisher (site.values), numbered `prefix` + a gapless
   * sequence; the VAT rate in basis points (2000 = 20 %) applies to prices, which include VAT.
   */
  invoicing?: { prefix: string; vatRateBasisPoints: number };
  /**
   * Sales to consumers in other EU countries: the OSS threshold in euros (Directive 2006/112/EC,
   * art. 59c; 0 when the seller opted for destination VAT), and whether the ECB's rates are fetched.
   */
  sales?: { ossThresholdEur?: number; refreshExchangeRates: boolean };
  /**
   * The worker threads that write documents, invoices and logos (services/workers/worker-pool.ts):
   * one per core unless DOCUMENT_WORKERS says otherwise.
   */
  documentWorkers?: number;
  logLevel: string;
  /** JSON lines for a log collector, or pretty lines for a person (services/logging.ts); JSON when unset. */
  logFormat?: LogFormat;
  /**
   * How long a graceful shutdown (SIGTERM, SIGINT) may take before the process gives up and exits 1:
   * below the 30 s most orchestrators wait before they kill (services/shutdown.ts).
   */
  shutdownTimeoutMs?: number;
  spaDir: string;
  /** NODE_ENV=production: the real server, which refuses what is only for a developer's machine. */
  production?: boolean;
  /**
   * The electronic seal of signed documents (services/signing/seal-key.ts): a PKCS#12 file and its
   * passphrase. Without it, a development key is made in DATA_DIR; production refuses to seal.
   */
  sealKey?: { p12Path: string; passphrase: string } | null;
  /**
   * The bearer token Prometheus sends to GET /metrics (METRICS_TOKEN); unset, the metrics are off
   * and /metrics is an unknown route.
   */
  metricsToken?: string | null;
  /**
   * Founders' own domains (services/website/site-domains.ts): on when SITE_DOMAIN_TARGET names the
   * host their DNS records point at (the reverse proxy that gets certificates on demand); the DNS
   * servers asked (DNS_SERVERS, `address[:port]`), the system's when empty.
   */
  siteDomains?: { target: string; dnsServers: string[] } | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const LOG_FORMATS: readonly LogFormat[] = ['json', 'pretty'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const problems: string[] = [];
  const text = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : null;
  };

  const portText = text('PORT') ?? '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
    problems.push(`PORT must be a whole number between 1 and 65535, got "${portText}"`);
  }
  const host = text('HOST') ?? 'localhost';

  /** A URL variable, when given, must parse and use one of the protocols. */
  const checkUrl = (name: string, value: string | null, protocols: string[], expected: string) => {
    if (!value) return;
    let protocol = '';
    try {
      protocol = new URL(value).protocol;
    } catch {
      // Reported below.
    }
    if (!protocols.includes(protocol)) problems.push(`${name} must look like ${expected}`);
  };

  // Unset, PUBLIC_URL follows the port: only a variable actually given can be blamed.
  const givenPublicUrl = text('PUBLIC_URL');
  checkUrl('PUBLIC_URL', givenPublicUrl, ['http:', 'https:'], `https://example.com, got "${givenPublicUrl}"`);
  const publicUrl = (givenPublicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');

  const databaseUrl = text('DATABASE_URL');
  checkUrl(
    'DATABASE_URL',
    databaseUrl,
    ['postgres:', 'postgresql:'],
    'postgres://user:password@host:5432/database',
  );

  const jwtSecret = text('JWT_SECRET');
  if (jwtSecret && jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters long');

  const smtpUrl = text('SMTP_URL');
  checkUrl('SMTP_URL', smtpUrl, ['smtp:', 'smtps:'], 'smtp://user:password@host:587 (or smtps://)');

  const stripeKey = text('STRIPE_SECRET_KEY');
  const providerName = text('PAYMENT_PROVIDER') ?? (stripeKey ? 'stripe' : 'local');
  let payments: ServerConfig['payments'] = { provider: 'local' };
  if (providerName === 'stripe') {
    if (!stripeKey) problems.push('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
    else
      payments = { provider: 'stripe', secretKey: stripeKey, webhookSecret: text('STRIPE_WEBHOOK_SECRET') };
  } else if (providerName !== 'local') {
    problems.push(`PAYMENT_PROVIDER must be "local" or "stripe", got "${providerName}"`);
  }
  // The local checkout grants every package for free: in production only when asked for by name.
  const production = text('NODE_ENV') === 'production';
  const localPaymentsInProduction = production && payments.provider === 'local';
  if (localPaymentsInProduction && text('PAYMENT_PROVIDER') !== 'local') {
    problems.push(
      'NODE_ENV=production needs real payments: set STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET), or PAYMENT_PROVIDER=local to run the free test checkout on purpose',
    );
  }

  const rateText = text('AUTH_RATE_LIMIT') ?? '30';
  const authRateLimitPerMinute = Number(rateText);
  if (!/^\d+$/.test(rateText))
    problems.push(
      `AUTH_RATE_LIMIT must be a whole number of requests per minute (0: off), got "${rateText}"`,
    );

  const contactText = text('CONTACT_RATE_LIMIT') ?? '5';
  const contactRateLimitPerHour = Number(contactText);
  if (!/^\d+$/.test(contactText))
    problems.push(
      `CONTACT_RATE_LIMIT must be a whole number of messages per hour (0: off), got "${contactText}"`,
    );

  const siteContactText = text('SITE_CONTACT_RATE_LIMIT') ?? '5';
  if (!/^\d+$/.test(siteContactText))
    problems.push(
      `SITE_CONTACT_RATE_LIMIT must be a whole number of messages per hour (0: off), got "${siteContactText}"`,
    );
  const siteFormText = text('SITE_FORM_MIN_SECONDS') ?? '3';
  if (!/^\d+$/.test(siteFormText))
    problems.push(`SITE_FORM_MIN_SECONDS must be a whole number of seconds, got "${siteFormText}"`);

  const site = readSiteInfo(env, problems);
  // The legal notice, the terms and every invoice name the operator: an example there (a field left
  // unset) would be a false statement to every founder and buyer.
  if (production && site.examples.length > 0)
    problems.push(
      `NODE_ENV=production needs the operator's identity (legal notice, terms, invoices): set ${site.examples
        .map((field) => SITE_INFO_VARIABLES[field])
        .join(', ')} (they still hold examples)`,
    );

  // 20 %: the standard rate in France (Code général des impôts, art. 278), where the default seller is.
  const vatText = text('VAT_RATE');
  let vatRateBasisPoints = 2000;
  if (vatText) {
    if (!/^\d{1,2}(\.\d{1,2})?$/.test(vatText))
      problems.push(`VAT_RATE must be a percentage like 20 or 5.5 (0: no VAT), got "${vatText}"`);
    else vatRateBasisPoints = Math.round(Number(vatText) * 100);
  }
  const invoicePrefix = text('INVOICE_PREFIX') ?? 'KR-';
  if (!/^[A-Za-z0-9-]{0,12}$/.test(invoicePrefix))
    problems.push(`INVOICE_PREFIX must be up to 12 letters, digits or dashes, got "${invoicePrefix}"`);

  const ossText = text('VAT_OSS_THRESHOLD_EUR');
  if (ossText && !/^\d{1,9}$/.test(ossText))
    problems.push(
      `VAT_OSS_THRESHOLD_EUR must be a whole number of euros (0: destination VAT from the first sale), got "${ossText}"`,
    );
  const ratesText = text('EXCHANGE_RATES_REFRESH');
  if (ratesText && !['on', 'off'].includes(ratesText))
    problems.push('EXCHANGE_RATES_REFRESH must be "on" or "off"');

  const workersText = text('DOCUMENT_WORKERS');
  if (workersText && (!/^\d{1,2}$/.test(workersText) || Number(workersText) < 1))
    problems.push(`DOCUMENT_WORKERS must be a whole number of threads from 1 to 99, got "${workersText}"`);

  const logLevel = text('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  // Pretty lines on a developer's machine, JSON lines where a collector reads them.
  const logFormatText = text('LOG_FORMAT') ?? (production ? 'json' : 'pretty');
  const logFormat = LOG_FORMATS.find((format) => format === logFormatText);
  if (!logFormat) problems.push(`LOG_FORMAT must be "json" or "pretty", got "${logFormatText}"`);

  const shutdownText = text('SHUTDOWN_TIMEOUT_MS') ?? '25000';
  if (!/^\d{1,7}$/.test(shutdownText) || Number(shutdownText) < 1)
    problems.push(
      `SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds from 1 to 9999999, got "${shutdownText}"`,
    );

  const corsOrigins = (text('CORS_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const origin of corsOrigins) {
    let valid = false;
    try {
      valid = new URL(origin).origin === origin;
    } catch {
      // Reported below.
    }
    if (!valid) problems.push(`CORS_ORIGINS must list origins like https://app.example.com, got "${origin}"`);
  }

  const trustProxyText = text('TRUST_PROXY');
  if (trustProxyText && !['true', 'false'].includes(trustProxyText))
    problems.push('TRUST_PROXY must be "true" or "false"');

  const cookieSecureText = text('COOKIE_SECURE');
  if (cookieSecureText && !['true', 'false'].includes(cookieSecureText)) {
    problems.push('COOKIE_SECURE must be "true" or "false"');
  }

  // The passphrase may be empty only when said (SIGNING_P12_PASSPHRASE=""): a forgotten one is a mistake.
  const sealPath = text('SIGNING_P12_PATH');
  const sealPassphrase = env.SIGNING_P12_PASSPHRASE;
  if (sealPath && sealPassphrase === undefined)
    problems.push('SIGNING_P12_PATH needs SIGNING_P12_PASSPHRASE (the PKCS#12 file’s passphrase)');
  if (!sealPath && sealPassphrase !== undefined)
    problems.push('SIGNING_P12_PASSPHRASE is set without SIGNING_P12_PATH (the PKCS#12 file of the seal)');
  // Production seals with the operator's key only: the development seal proves nothing to anyone.
  if (production && !sealPath && sealPassphrase === undefined)
    problems.push(
      'NODE_ENV=production needs the electronic seal of signed documents: set SIGNING_P12_PATH (a PKCS#12 file) and SIGNING_P12_PASSPHRASE',
    );
  if (sealPath && !/\.(p12|pfx)$/i.test(sealPath))
    problems.push(`SIGNING_P12_PATH must name a PKCS#12 file (.p12 or .pfx), got "${sealPath}"`);

  // A bearer token (RFC 6750's characters) long enough not to be guessed: `openssl rand -hex 32`.
  const metricsToken = text('METRICS_TOKEN');
  if (metricsToken && !/^[A-Za-z0-9\-._~+/]{32,}=*$/.test(metricsToken))
    problems.push(
      'METRICS_TOKEN must be at least 32 characters: letters, digits and - . _ ~ + / (e.g. openssl rand -hex 32)',
    );

  // The host founders' domains point at: a name (their CNAME's value), whose addresses are their A/AAAA.
  const domainTarget = text('SITE_DOMAIN_TARGET')?.toLowerCase().replace(/\.$/, '') ?? null;
  if (
    domainTarget &&
    !/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9]$/.test(domainTarget)
  )
    problems.push(`SITE_DOMAIN_TARGET must be a host name such as sites.example.com, got "${domainTarget}"`);
  const dnsServers = (text('DNS_SERVERS') ?? '')
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
  for (const server of dnsServers) {
    // What Node's resolver takes: an IPv4 or IPv6 address, with a port as 1.1.1.1:53 or [::1]:53.
    const [, address = '', port] = /^\[([^\]]+)\](?::(\d+))?$/.exec(server) ??
      /^([\d.]+)(?::(\d+))?$/.exec(server) ?? [server, server];
    const portNumber = port === undefined ? 53 : Number(port);
    if (isIP(address) === 0 || portNumber < 1 || portNumber > 65535)
      problems.push(`DNS_SERVERS must list addresses such as 1.1.1.1 or 127.0.0.1:5353, got "${server}"`);
  }

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    host,
    publicUrl,
    dataDir: path.resolve(text('DATA_DIR') ?? 'data'),
    databaseUrl,
    jwtSecret,
    smtpUrl,
    mailFrom: text('MAIL_FROM') ?? 'Kreo <no-reply@kreo.localhost>',
    payments,
    localPaymentsInProduction,
    cookieSecure: cookieSecureText ? cookieSecureText === 'true' : publicUrl.startsWith('https:'),
    authRateLimitPerMinute,
    contactRateLimitPerHour,
    siteContact: { perHour: Number(siteContactText), minSeconds: Number(siteFormText) },
    site,
    invoicing: { prefix: invoicePrefix, vatRateBasisPoints },
    sales: {
      ...(ossText ? { ossThresholdEur: Number(ossText) } : {}),
      // The ECB's daily file is fetched where the server is the real one: off on a developer's machine.
      refreshExchangeRates: ratesText ? ratesText === 'on' : env.NODE_ENV === 'production',
    },
    ...(workersText ? { documentWorkers: Number(workersText) } : {}),
    trustProxy: trustProxyText === 'true',
    siteDomains: domainTarget ? { target: domainTarget, dnsServers } : null,
    corsOrigins,
    logLevel,
    logFormat: logFormat ?? 'json',
    shutdownTimeoutMs: Number(shutdownText),
    spaDir: path.resolve(text('SPA_DIR') ?? 'dist'),
    production,
    sealKey:
      sealPath && sealPassphrase !== undefined
        ? { p12Path: path.resolve(sealPath), passphrase: sealPassphrase }
        : null,
    metricsToken,
  };
}
