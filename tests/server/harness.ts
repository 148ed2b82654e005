/**
 * A real API server for tests: the app of server/app.ts on a fresh database (a new PostgreSQL
 * database when DATABASE_URL is set, an in-memory PGlite otherwise), seeded with the real catalog,
 * with an in-memory mailer. Requests go through `app.inject`, never a socket.
 */
import { orderRequest, TEST_BILLING } from '../fixtures/order';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDependencies } from '../../server/app';
import type { ServerConfig } from '../../server/config';
import { readSiteInfo } from '../../src/shared/site-info';
import { openDatabase, type Database, type DatabaseHandle } from '../../server/db/database';
import { loadCatalog, seedCatalog } from '../../server/services/catalog';
import { loadWizard, type Wizard } from '../../server/services/company-files';
import type { MailMessage, Mailer } from '../../server/services/mail/mailer';
import { DEVELOPMENT_SEAL_FILE } from '../../server/services/signing/seal-key';
import type { PaymentProvider } from '../../server/services/payments/provider';
import type { WebsiteLimits } from '../../server/services/website/website-service';
import type { MigratedTemplate } from './global-setup';

export const PUBLIC_URL = 'http://kreo.test';
export const SIGNING_KEY = new TextEncoder().encode('x'.repeat(40));
export const REFRESH_COOKIE = 'refresh_token';
/** A password the policy accepts (8+ characters, on no common-password list). */
export const TEST_PASSWORD = 'Kreo-motdepasse-2026';

export type Response = LightMyRequestResponse;

/** The mail the app "sent", newest last. */
export interface FakeMail extends Mailer {
  readonly messages: MailMessage[];
  /** The messages sent to this address (case-insensitive). */
  to(email: string): MailMessage[];
  /** The URL in the text of the last message sent to this address; throws when there is none. */
  lastLinkTo(email: string): string;
  /** The `token` query parameter of that URL. */
  lastTokenTo(email: string): string;
}

export function createFakeMail(): FakeMail {
  const messages: MailMessage[] = [];
  const to = (email: string) =>
    messages.filter((message) => message.to.toLowerCase() === email.toLowerCase());
  const lastLinkTo = (email: string) => {
    const last = to(email).at(-1);
    if (!last) throw new Error(`No mail was sent to ${email}`);
    const link = /https?:\/\/[^\s<>"]+/.exec(last.text)?.[0];
    if (!link) throw new Error(`The last mail to ${email} has no link:\n${last.text}`);
    return link;
  };
  return {
    messages,
    outboxDir: null,
    send(message) {
      messages.push(message);
      return Promise.resolve();
    },
    close: () => undefined,
    to,
    lastLinkTo,
    lastTokenTo(email) {
      const token = new URL(lastLinkTo(email)).searchParams.get('token');
      if (!token) throw new Error(`The last link to ${email} has no token`);
      return token;
    },
  };
}

export interface TestServerOptions {
  payments?: ServerConfig['payments'];
  /** Overrides of the test configuration. */
  config?: Partial<ServerConfig>;
  /** Replaces the in-memory fake mailer (its messages are then not in `mail`). */
  mailer?: Mailer;
  paymentProvider?: PaymentProvider;
  /** The builder's per-account limits (off by default, as the account limits are in tests). */
  websiteLimits?: WebsiteLimits;
  /** Seed the real catalog (default true). */
  seed?: boolean;
  /** The documents' worker pool's sizes (server/services/workers/worker-pool.ts). */
  workers?: AppDependencies['workers'];
  /** Per-account limits (none by default, as with AUTH_RATE_LIMIT=0). */
  accountLimits?: AppDependencies['accountLimits'];
}

export interface RequestOptions {
  method?: InjectOptions['method'];
  /** Sent as JSON (`content-type: application/json`). */
  body?: unknown;
  /** An access token, sent as `Authorization: Bearer …`. */
  token?: string;
  /** A refresh token value, sent as the `refresh_token` cookie. */
  cookie?: string;
  headers?: Record<string, string>;
  /**
   * Let the mail worker send what the request queued before answering (default true), so that a
   * test reads `mail` right after; false shows the queue as the request left it.
   */
  deliverMail?: boolean;
}

export interface SignupInput {
  firstname?: string;
  lastname?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
  dateOfBirth?: string;
  phoneNumber?: string;
  companyName?: string;
  language?: 'fr' | 'en' | 'ro';
}

export interface Session {
  response: Response;
  accessToken: string;
  /** The refresh cookie's value. */
  cookie: string;
}

export interface SignedUpUser extends Session {
  userId: string;
  email: string;
  password: string;
}

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  /** The URL of this server's PostgreSQL database; null on PGlite. */
  databaseUrl: string | null;
  mail: FakeMail;
  config: ServerConfig;
  /** One request through `app.inject`. */
  request(url: string, options?: RequestOptions): Promise<Response>;
  /** Registers a user (unique e-mail unless given) and checks it worked. */
  signup(input?: SignupInput): Promise<SignedUpUser>;
  /** Logs in and checks it worked. */
  login(email: string, password: string, language?: 'fr' | 'en' | 'ro'): Promise<Session>;
  bearer(token: string): { authorization: string };
  close(): Promise<void>;
}

let emailCounter = 0;
/** An address no other test uses. */
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}.${emailCounter}.${randomBytes(4).toString('hex')}@example.test`;
}

/** The value of the `refresh_token` cookie a response sets, or null. */
export function refreshCookieOf(response: Response): string | null {
  const cookie = response.cookies.find((candidate) => candidate.name === REFRESH_COOKIE);
  return cookie ? cookie.value : null;
}

/** The raw `Set-Cookie` header line a response sends for one cookie, or null. */
export function setCookieLine(response: Response, name: string): string | null {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  return lines.find((line) => line.startsWith(`${name}=`)) ?? null;
}

/** The raw `Set-Cookie` header line for the refresh cookie, or null. */
export function refreshSetCookieHeader(response: Response): string | null {
  return setCookieLine(response, REFRESH_COOKIE);
}

export interface AccessClaims {
  sub: string;
  products: string[];
  firstname: string;
  exp: number;
  iat: number;
}

export function claimsOf(accessToken: string): AccessClaims {
  return decodeJwt(accessToken) as unknown as AccessClaims;
}

/** A JSON body (throws a readable error when the response is not JSON). */
export function json<T = Record<string, unknown>>(response: Response): T {
  try {
    return JSON.parse(response.body) as T;
  } catch {
    throw new Error(`Expected JSON, got ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
}

/** The text of an HTML page, entities decoded and spaces normalized (for `toContain`). */
export function htmlText(html: string): string {
  return html
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/[\u00a0\u202f]/g, ' ');
}

export function testConfig(dataDir: string, payments: ServerConfig['payments'] = { provider: 'local' }) {
  const config: ServerConfig = {
    port: 0,
    host: '127.0.0.1',
    publicUrl: PUBLIC_URL,
    dataDir,
    databaseUrl: null,
    jwtSecret: null,
    smtpUrl: null,
    mailFrom: 'Kreo <no-reply@kreo.test>',
    payments,
    cookieSecure: false,
    logLevel: 'silent',
    spaDir: path.join(dataDir, 'no-spa-here'),
    contactRateLimitPerHour: 5,
    site: readSiteInfo({ SUPPORT_EMAIL: 'support@kreo.test' }, []),
  };
  return config;
}

/** The migrated template's image (tens of MB), read once per test file rather than per database. */
let templateImage: Promise<Blob> | undefined;

/**
 * A database for one test file: a new PostgreSQL database (dropped on close) when DATABASE_URL is
 * set, an in-memory PGlite otherwise. Migrated, not seeded. Each starts from the template migrated at
 * the start of the run (global-setup.ts); the migrations still run on it, and find nothing to do
 * unless one was added since. Without the template (a run that skipped global-setup.ts), it is
 * migrated from empty.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url: string | null }> {
  const template = inject('migratedTemplate') as MigratedTemplate | undefined;
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    if (template?.kind !== 'pglite') return { ...(await openDatabase('memory')), url: null };
    templateImage ??= readFile(template.imageFile).then((bytes) => new Blob([bytes]));
    return { ...(await openDatabase({ image: await templateImage })), url: null };
  }

  const name = `kreo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(
      template?.kind === 'postgres'
        ? `CREATE DATABASE ${name} TEMPLATE ${template.database}`
        : `CREATE DATABASE ${name}`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * The development seal (an RSA key and its certificate) that the first server of this process made in
 * its DATA_DIR, put in the next servers' DATA_DIR before they start: each would make a key of its own.
 */
let developmentSeal: string | undefined;

let wizard: Wizard | undefined;
/**
 * The wizard, compiled once per test file and shared by the apps it starts: compiling every
 * step of every legal form is most of an app's start. The apps only read it.
 */
export function testWizard(): Wizard {
  wizard ??= loadWizard();
  return wizard;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kreo-server-test-'));
  const database = await openTestDatabase();
  const { db } = database;
  if (options.seed ?? true) await seedCatalog(db, await loadCatalog());

  const config = { ...testConfig(dataDir, options.payments), ...options.config };
  const sealFile = path.join(config.dataDir, DEVELOPMENT_SEAL_FILE);
  // Only into the new folder made above, never into a DATA_DIR a test chose.
  if (developmentSeal !== undefined && config.dataDir === dataDir)
    await writeFile(sealFile, developmentSeal, { mode: 0o600, flag: 'wx' });
  const mail = createFakeMail();
  const app = await buildApp({
    config,
    db,
    mailer: options.mailer ?? mail,
    signingKey: SIGNING_KEY,
    logger: false,
    // Mail goes out when a request is done (see `request`), never behind a test's back.
    mailWorker: false,
    wizard: testWizard(),
    ...(options.paymentProvider ? { paymentProvider: options.paymentProvider } : {}),
    ...(options.workers ? { workers: options.workers } : {}),
    ...(options.accountLimits ? { accountLimits: options.accountLimits } : {}),
    ...(options.websiteLimits ? { websiteLimits: options.websiteLimits } : {}),
  });
  await app.ready();
  developmentSeal ??= await readFile(sealFile, 'utf8').catch(() => undefined);

  const request = async (url: string, requestOptions: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...requestOptions.headers };
    if (requestOptions.token !== undefined) headers.authorization = `Bearer ${requestOptions.token}`;
    if (requestOptions.cookie !== undefined) headers.cookie = `${REFRESH_COOKIE}=${requestOptions.cookie}`;
    const hasBody = requestOptions.body !== undefined;
    if (hasBody) headers['content-type'] ??= 'application/json';
    const response = await app.inject({
      method: requestOptions.method ?? (hasBody ? 'POST' : 'GET'),
      url,
      headers,
      ...(hasBody
        ? {
            payload:
              typeof requestOptions.body === 'string'
                ? requestOptions.body
                : JSON.stringify(requestOptions.body),
          }
        : {}),
    });
    if (requestOptions.deliverMail ?? true) await app.mailQueue.drain();
    return response;
  };

  const sessionOf = (response: Response, what: string): Session => {
    if (response.statusCode !== 200) {
      throw new Error(`${what} failed with ${response.statusCode}: ${response.body}`);
    }
    const cookie = refreshCookieOf(response);
    if (!cookie) throw new Error(`${what} set no refresh cookie`);
    return { response, accessToken: json<{ accessToken: string }>(response).accessToken, cookie };
  };

  return {
    app,
    db,
    databaseUrl: database.url,
    mail,
    config,
    request,
    async signup(input = {}) {
      const password = input.password ?? TEST_PASSWORD;
      const body = {
        firstname: 'Camille',
        lastname: 'Dupont',
        dateOfBirth: '1990-04-15',
        language: 'fr',
        ...input,
        email: input.email ?? uniqueEmail(),
        password,
        confirmPassword: input.confirmPassword ?? password,
      };
      const session = sessionOf(await request('/api/auth/register', { body }), 'register');
      return { ...session, userId: claimsOf(session.accessToken).sub, email: body.email, password };
    },
    async login(email, password, language) {
      const body = language ? { email, password, language } : { email, password };
      return sessionOf(await request('/api/auth/login', { body }), 'login');
    },
    bearer: (token) => ({ authorization: `Bearer ${token}` }),
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The local provider's test card that pays (4000 0000 0000 0002 is declined). */
export const TEST_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/40',
  cvc: '123',
  cardholder: 'C. Dupont',
};

/** The body of create-session as the order page sends it (consent ticked, a billing address). */
export const orderBody = orderRequest;
export { TEST_BILLING };

/** Opens a checkout session for an offer's plan; throws unless it opened. Answers its id. */
export async function openCheckout(
  server: TestServer,
  user: SignedUpUser,
  offer: { offerSku: string; planSku: string },
  options: Parameters<typeof orderBody>[1] = {},
): Promise<string> {
  const response = await server.request('/api/checkout/create-session', {
    body: orderBody(offer, options),
    token: user.accessToken,
  });
  if (response.statusCode !== 200)
    throw new Error(`create-session answered ${response.statusCode}: ${response.body}`);
  return new URL(json<{ url: string }>(response).url).pathname.split('/').at(-1) ?? '';
}

/** Posts a card to the local provider's payment page of a session, as the page's form does. */
export function payLocalCheckout(server: TestServer, id: string, card: Record<string, string> = TEST_CARD) {
  return server.app.inject({
    method: 'POST',
    url: `/checkout/local/${id}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(card).toString(),
  });
}

/** Opens and pays a session with the test card; throws unless it was paid. Answers its id. */
export async function buyLocally(
  server: TestServer,
  user: SignedUpUser,
  offer: { offerSku: string; planSku: string },
  options: Parameters<typeof orderBody>[1] = {},
): Promise<string> {
  const id = await openCheckout(server, user, offer, options);
  const paid = await payLocalCheckout(server, id);
  if (paid.statusCode !== 303) throw new Error(`the payment page answered ${paid.statusCode}: ${paid.body}`);
  return id;
}
