/** server/config.ts (loadConfig) and the start-up errors of openDatabase. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { DatabaseUnavailableError, openDatabase } from '../../server/db/database';
import { SITE_INFO_VARIABLES } from '../../src/shared/site-info';
import { OPERATOR_IDENTITY } from './server-process';

/** The ConfigError loadConfig throws for this environment (fails the test when it does not throw). */
function configErrorFor(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

/** The electronic seal production requires (the file is read at start, not by loadConfig). */
const SEAL = { SIGNING_P12_PATH: '/etc/kreo/seal.p12', SIGNING_P12_PASSPHRASE: 'seal passphrase' };
/** What production needs besides payments: the seal and the operator's identity. */
const PRODUCTION = { NODE_ENV: 'production', ...SEAL, ...OPERATOR_IDENTITY };

describe('loadConfig', () => {
  it('has defaults for everything: port 3000, local payments, PGlite (no DATABASE_URL)', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: 'localhost',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('data'),
      databaseUrl: null,
      jwtSecret: null,
      smtpUrl: null,
      mailFrom: 'Kreo <no-reply@kreo.localhost>',
      payments: { provider: 'local' },
      cookieSecure: false,
      logLevel: 'info',
      logFormat: 'pretty',
      shutdownTimeoutMs: 25_000,
      spaDir: path.resolve('dist'),
      authRateLimitPerMinute: 30,
      trustProxy: false,
      corsOrigins: [],
    });
  });

  it('reads CORS_ORIGINS as a list of origins and refuses what is not an origin', () => {
    expect(
      loadConfig({ CORS_ORIGINS: 'https://app.example.com, http://localhost:5173/' }).corsOrigins,
    ).toEqual(['https://app.example.com', 'http://localhost:5173']);
    expect(configErrorFor({ CORS_ORIGINS: 'https://app.example.com/path' }).problems[0]).toMatch(
      /^CORS_ORIGINS/,
    );
  });

  it('offers founders their own domains only with SITE_DOMAIN_TARGET, and checks DNS_SERVERS', () => {
    expect(loadConfig({}).siteDomains).toBeNull();
    expect(
      loadConfig({
        SITE_DOMAIN_TARGET: 'Sites.Example.com.',
        DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,[::1]:53',
      }).siteDomains,
    ).toEqual({ target: 'sites.example.com', dnsServers: ['1.1.1.1', '127.0.0.1:5353', '[::1]:53'] });
    expect(configErrorFor({ SITE_DOMAIN_TARGET: 'https://sites.example.com' }).problems[0]).toMatch(
      /^SITE_DOMAIN_TARGET/,
    );
    for (const bad of ['dead', '999.1.1.1', '1.1.1.1:70000', 'dns.example.com'])
      expect(
        configErrorFor({ SITE_DOMAIN_TARGET: 'sites.example.com', DNS_SERVERS: bad }).problems,
        bad,
      ).toEqual([`DNS_SERVERS must list addresses such as 1.1.1.1 or 127.0.0.1:5353, got "${bad}"`]);
  });

  it('trusts X-Forwarded-For only when told to, and refuses anything but true/false', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(configErrorFor({ TRUST_PROXY: 'yes' }).problems).toEqual([
      'TRUST_PROXY must be "true" or "false"',
    ]);
    expect(configErrorFor({ AUTH_RATE_LIMIT: 'many' }).problems[0]).toMatch(/^AUTH_RATE_LIMIT/);
  });

  it('reads the VAT rate in percent and the invoice prefix, and refuses what they cannot be', () => {
    expect(loadConfig({}).invoicing).toEqual({ prefix: 'KR-', vatRateBasisPoints: 2000 });
    expect(loadConfig({ VAT_RATE: '5.5', INVOICE_PREFIX: 'F2026-' }).invoicing).toEqual({
      prefix: 'F2026-',
      vatRateBasisPoints: 550,
    });
    expect(loadConfig({ VAT_RATE: '0' }).invoicing?.vatRateBasisPoints).toBe(0);
    expect(configErrorFor({ VAT_RATE: '20%' }).problems[0]).toMatch(/^VAT_RATE/);
    expect(configErrorFor({ INVOICE_PREFIX: 'KR/' }).problems[0]).toMatch(/^INVOICE_PREFIX/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://kreo.example/',
      DATA_DIR: '/var/lib/kreo',
      DATABASE_URL: 'postgresql://kreo:secret@db:5432/kreo',
      JWT_SECRET: 's'.repeat(32),
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      MAIL_FROM: 'Kreo <hello@kreo.example>',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      LOG_LEVEL: 'warn',
      SPA_DIR: '/srv/kreo',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'https://kreo.example',
      dataDir: '/var/lib/kreo',
      databaseUrl: 'postgresql://kreo:secret@db:5432/kreo',
      jwtSecret: 's'.repeat(32),
      smtpUrl: 'smtps://user:pass@mail.example:465',
      mailFrom: 'Kreo <hello@kreo.example>',
      // A Stripe key alone selects Stripe.
      payments: { provider: 'stripe', secretKey: 'sk_test_123', webhookSecret: 'whsec_123' },
      // An https PUBLIC_URL makes the cookie Secure.
      cookieSecure: true,
      logLevel: 'warn',
      spaDir: '/srv/kreo',
    });
  });

  it('lets COOKIE_SECURE and PAYMENT_PROVIDER override what they would be', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://kreo.example',
      COOKIE_SECURE: 'false',
      STRIPE_SECRET_KEY: 'sk_test_123',
      PAYMENT_PROVIDER: 'local',
    });
    expect(config.cookieSecure).toBe(false);
    expect(config.payments).toEqual({ provider: 'local' });
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PORT: '  ', DATABASE_URL: '', JWT_SECRET: ' ' })).toMatchObject({
      port: 3000,
      databaseUrl: null,
      jwtSecret: null,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '0' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ PORT: '80.5' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'too-short' }, 'JWT_SECRET'],
    [{ PAYMENT_PROVIDER: 'stripe' }, 'STRIPE_SECRET_KEY'],
    [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER'],
    [{ PUBLIC_URL: 'ftp://kreo.example' }, 'PUBLIC_URL'],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ COOKIE_SECURE: 'yes' }, 'COOKIE_SECURE'],
  ])('refuses %j with a ConfigError naming %s', (env, variable) => {
    const error = configErrorFor(env);
    expect(error.problems[0]).toContain(variable);
    expect(error.message).toContain(variable);
  });

  // Regression guard (this once failed): server/config.ts derives the default PUBLIC_URL from PORT (`http://localhost:${port}`,
  // line 46) even when PORT is out of range, so PORT=70000 (or -1, or 80.5) also reports
  // "PUBLIC_URL must be an http(s) URL, got "http://localhost:70000"" — a variable that was never set.
  it.each([['70000'], ['-1'], ['80.5']])('reports only PORT for PORT=%s', (port) => {
    expect(configErrorFor({ PORT: port }).problems).toEqual([
      `PORT must be a whole number between 1 and 65535, got "${port}"`,
    ]);
  });

  it('refuses to run the free test checkout in production unless PAYMENT_PROVIDER=local says so', () => {
    const refused = configErrorFor(PRODUCTION);
    expect(refused.problems).toEqual([expect.stringMatching(/NODE_ENV=production needs real payments/)]);
    const onPurpose = loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'local' });
    expect(onPurpose).toMatchObject({ payments: { provider: 'local' }, localPaymentsInProduction: true });
    expect(loadConfig({ ...PRODUCTION, STRIPE_SECRET_KEY: 'sk_live_x' })).toMatchObject({
      payments: { provider: 'stripe' },
      localPaymentsInProduction: false,
    });
    expect(loadConfig({}).localPaymentsInProduction).toBe(false);
  });

  it('refuses production without the electronic seal’s PKCS#12 file, which development does without', () => {
    expect(
      configErrorFor({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'local', ...OPERATOR_IDENTITY }).problems,
    ).toEqual([
      'NODE_ENV=production needs the electronic seal of signed documents: set SIGNING_P12_PATH (a PKCS#12 file) and SIGNING_P12_PASSPHRASE',
    ]);
    expect(loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'local' })).toMatchObject({
      production: true,
      sealKey: { p12Path: '/etc/kreo/seal.p12', passphrase: 'seal passphrase' },
    });
    expect(loadConfig({})).toMatchObject({ production: false, sealKey: null });
  });

  it('refuses production while any field of the operator’s identity holds its example, naming each variable', () => {
    const allExamples = configErrorFor({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'local', ...SEAL });
    expect(allExamples.problems).toEqual([
      `NODE_ENV=production needs the operator's identity (legal notice, terms, invoices): set ${Object.values(
        SITE_INFO_VARIABLES,
      ).join(', ')} (they still hold examples)`,
    ]);
    // One left out, or blank, is one too many.
    expect(
      configErrorFor({ ...PRODUCTION, PAYMENT_PROVIDER: 'local', HOSTING_PHONE: undefined }).problems,
    ).toEqual([
      "NODE_ENV=production needs the operator's identity (legal notice, terms, invoices): set HOSTING_PHONE (they still hold examples)",
    ]);
    expect(
      configErrorFor({ ...PRODUCTION, PAYMENT_PROVIDER: 'local', SUPPORT_EMAIL: ' ' }).problems[0],
    ).toMatch(/set SUPPORT_EMAIL \(they still hold examples\)$/);
    // A developer's machine shows the examples, marked as such, and starts.
    expect(loadConfig({}).site.examples).toHaveLength(Object.keys(SITE_INFO_VARIABLES).length);
  });

  it('writes JSON logs in production and pretty ones elsewhere, unless LOG_FORMAT says', () => {
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'local' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'local', LOG_FORMAT: 'pretty' }).logFormat).toBe(
      'pretty',
    );
    expect(configErrorFor({ LOG_FORMAT: 'xml' }).problems).toEqual([
      'LOG_FORMAT must be "json" or "pretty", got "xml"',
    ]);
  });

  it('reads SHUTDOWN_TIMEOUT_MS, 25 s unless told, and refuses what is not a duration', () => {
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '10000' }).shutdownTimeoutMs).toBe(10_000);
    for (const bad of ['0', '25s', '-1', '1.5'])
      expect(configErrorFor({ SHUTDOWN_TIMEOUT_MS: bad }).problems[0]).toMatch(/^SHUTDOWN_TIMEOUT_MS/);
  });

  it('shows the bad value of PORT', () => {
    expect(configErrorFor({ PORT: 'abc' }).problems[0]).toContain('"abc"');
  });

  it('reports every bad variable at once, one line each', () => {
    const error = configErrorFor({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      JWT_SECRET: 'short',
      PAYMENT_PROVIDER: 'stripe',
    });
    expect(error.problems).toHaveLength(4);
    for (const variable of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'STRIPE_SECRET_KEY']) {
      expect(
        error.problems.some((problem) => problem.includes(variable)),
        variable,
      ).toBe(true);
    }
    expect(error.message.split('\n')).toHaveLength(5);
    expect(error.message).toMatch(/^Invalid configuration:/);
  });
});

describe('openDatabase', () => {
  it('rejects an unreachable PostgreSQL with a DatabaseUnavailableError naming host and port', async () => {
    const attempt = openDatabase({ url: 'postgres://nobody@127.0.0.1:1/nothing' });
    await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(attempt).rejects.toThrow(/^Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/nothing: \S/);
  });

  it('says 5432 when the URL gives no port', async () => {
    const attempt = openDatabase({ url: 'postgres://nobody@localhost.invalid/nothing' });
    await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(attempt).rejects.toThrow(/localhost\.invalid:5432/);
  });
});
