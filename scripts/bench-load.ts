/**
 * Load benchmark: BENCH_LOAD_USERS simulated founders (200 by default) at once, for BENCH_LOAD_SECONDS
 * (60 by default), against the real server as `npm start` runs it (node --import tsx server/main.ts),
 * on a free loopback port, with a temporary DATA_DIR, the rate limits off and LOG_LEVEL=warn. Each
 * founder, one after another on each simulated user: signs up, logs in, saves three drafts of the
 * company file (each from the revision the last one returned), opens a checkout session for a plan of
 * schemas/catalog.json, pays it on the built-in local checkout page (test card 4242…; one founder in
 * ten double-clicks Pay: two posts at once), refreshes the access token with the refresh cookie and
 * checks that its `products` are the plan's. Prints per operation the requests, throughput, p50 and p99
 * latency and errors (network, timeout, a status ≥ 400 or an answer the journey cannot go on with).
 *
 * Then, with the server stopped, checks the database: every session paid grants its products exactly
 * once (one purchases row per product of its product_skus, none other), no founder paid twice, every
 * payment the client saw succeed is paid. Prints PASS or FAIL per database; exits 1 on any FAIL.
 *
 *   npm run bench:load                                        embedded PGlite
 *   bash scripts/with-postgres.sh npx tsx scripts/bench-load.ts   PGlite, then PostgreSQL
 *   … scripts/bench-load.ts --db pglite|postgres|both
 *
 * PostgreSQL is DATABASE_URL (scripts/with-postgres.sh sets one): the run creates a database of its own
 * there (its user needs CREATEDB) and drops it afterwards. SPA_DIR serves a build (dist/ when it has
 * one); without a build the server runs API-only, which is all this drives.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/database';
import { completeCompanyFile } from '../tests/fixtures/company-file';
import { benchCheckoutBody } from './bench-checkout';
import { percentile, printTable, type Table } from './bench-report';

const root = fileURLToPath(new URL('../', import.meta.url));
const PASSWORD = 'Kreo-charge-2026!';
/** A request still unanswered after this long counts as an error (the founder gives up). */
const REQUEST_TIMEOUT_MS = 30_000;
const DRAFT_SAVES = 3;
/** One founder in this many posts the payment form twice at once, as a double click does. */
const DOUBLE_PAY_EVERY = 10;

function positiveInteger(name: string, fallback: number): number {
  const text = process.env[name]?.trim() || String(fallback);
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new Error(`${name} must be a whole number ≥ 1, got "${text}"`);
  return Number(text);
}

const { values: args } = parseArgs({ options: { db: { type: 'string' }, help: { type: 'boolean' } } });
if (args.help) {
  console.log(
    'npm run bench:load [-- --db pglite|postgres|both]\n' +
      'BENCH_LOAD_USERS (200), BENCH_LOAD_SECONDS (60), SPA_DIR, DATABASE_URL (PostgreSQL; see scripts/with-postgres.sh)',
  );
  process.exit(0);
}
const users = positiveInteger('BENCH_LOAD_USERS', 200);
const seconds = positiveInteger('BENCH_LOAD_SECONDS', 60);
const postgresUrl = process.env.DATABASE_URL?.trim() || null;
const dbChoice = args.db ?? (postgresUrl ? 'both' : 'pglite');
if (!['pglite', 'postgres', 'both'].includes(dbChoice)) {
  throw new Error(`--db must be pglite, postgres or both, got "${dbChoice}"`);
}
if (dbChoice !== 'pglite' && !postgresUrl) {
  throw new Error(
    `--db ${dbChoice} needs PostgreSQL in DATABASE_URL: bash scripts/with-postgres.sh npx tsx scripts/bench-load.ts --db ${dbChoice}`,
  );
}
const databases: Kind[] = dbChoice === 'both' ? ['pglite', 'postgres'] : [dbChoice as Kind];
const spaDir = path.resolve(root, process.env.SPA_DIR ?? 'dist');
const hasBuild = existsSync(path.join(spaDir, 'index.html'));

type Kind = 'pglite' | 'postgres';

// ---------------------------------------------------------------------------------------------------
// Clean-up: whatever happens (an error, Ctrl-C), the server is stopped, the temporary folders removed
// and the run's PostgreSQL database dropped.

const cleanups: (() => Promise<void>)[] = [];
const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

async function cleanUp(): Promise<void> {
  for (let task = cleanups.pop(); task; task = cleanups.pop()) {
    try {
      await task();
    } catch (error) {
      console.error(`Clean-up step failed: ${(error as Error).message}`);
    }
  }
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the server and cleaning up…`);
    void cleanUp().finally(() => process.exit(130));
  });
}
// Last resort, synchronous: no server left behind, no folder left over.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

async function temporaryDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  tempDirs.add(dir);
  cleanups.push(async () => {
    await rm(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  });
  return dir;
}

// ---------------------------------------------------------------------------------------------------
// The server, as `npm start` runs it.

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Every rate limit of server/config.ts set to 0 (off): AUTH_RATE_LIMIT and whatever *_RATE_LIMIT
 * variable it reads by the time this runs, so that a new limit does not turn the load into 429s.
 */
function rateLimitsOff(): Record<string, string> {
  const config = readFileSync(path.join(root, 'server/config.ts'), 'utf8');
  const names = new Set(['AUTH_RATE_LIMIT', 'CONTACT_RATE_LIMIT']);
  for (const match of config.matchAll(/['"`]([A-Z][A-Z0-9_]*RATE_LIMIT[A-Z0-9_]*)['"`]/g))
    if (match[1]) names.add(match[1]);
  return Object.fromEntries([...names].sort().map((name) => [name, '0']));
}

interface Server {
  url: string;
  /** False once the server process has ended. */
  alive: () => boolean;
  stop: () => Promise<void>;
}

async function startServer(dataDir: string, databaseUrl: string | null): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SPA_DIR: spaDir,
    // The local checkout page and the outbox: no Stripe, no real mail.
    PAYMENT_PROVIDER: 'local',
    STRIPE_SECRET_KEY: '',
    SMTP_URL: '',
    ...rateLimitsOff(),
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => children.delete(child));
  // The server's warnings, without the line each sign-up's confirmation mail writes.
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.startsWith('Mail written to the outbox')) console.log(`[server] ${line}`);
  });

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  cleanups.push(stop);

  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    if (attempt >= 120) throw new Error('The server did not start within 60 s');
    try {
      if ((await fetch(`${url}/api/marketing/offers/list`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { url, alive: () => child.exitCode === null && child.signalCode === null, stop };
}

// ---------------------------------------------------------------------------------------------------
// HTTP: node:http on one keep-alive agent with a socket per simulated founder (lighter than fetch,
// which matters when the driver shares two cores with the server).

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

function send(agent: http.Agent, base: string, request: Request): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const outgoing = http.request(
      `${base}${request.path}`,
      {
        method: request.method,
        agent,
        headers: { ...request.headers, 'content-length': String(body?.length ?? 0) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.setTimeout(REQUEST_TIMEOUT_MS, () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

// ---------------------------------------------------------------------------------------------------
// Figures.

const OPERATIONS = [
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/company-file/draft',
  'POST /api/checkout/create-session',
  'GET /checkout/local/:id',
  'POST /checkout/local/:id/pay',
  'POST /api/auth/getJWTtoken',
] as const;
type Operation = (typeof OPERATIONS)[number];

interface OperationFigures {
  /** Milliseconds of every answered request (errors included); unanswered ones have none. */
  latencies: number[];
  requests: number;
  errors: number;
}

class Stopped extends Error {}

/** A run's figures and what the client saw, for the database check. */
class Run {
  readonly figures = new Map<Operation, OperationFigures>(
    OPERATIONS.map((operation) => [operation, { latencies: [], requests: 0, errors: 0 }]),
  );
  /** "status operation" or "network message" → count: what went wrong, for the report. */
  readonly errorKinds = new Map<string, number>();
  readonly journeys: number[] = [];
  journeysStarted = 0;
  /** Sessions whose payment form was posted, and those the server answered "paid" (303 to /success). */
  readonly payAttempted = new Set<string>();
  readonly seenPaid = new Set<string>();
  tokenChecks = 0;
  readonly tokenMismatches: string[] = [];
  startedAt = 0;
  endedAt = 0;

  constructor(
    readonly agent: http.Agent,
    readonly server: Server,
    readonly deadline: number,
  ) {}

  get base(): string {
    return this.server.url;
  }

  /** Past the deadline, interrupted, or the server gone: no new request. */
  stopping(): boolean {
    return interrupted || !this.server.alive() || Date.now() >= this.deadline;
  }

  figuresOf(operation: Operation): OperationFigures {
    const figures = this.figures.get(operation);
    if (!figures) throw new Error(`Unknown operation ${operation}`);
    return figures;
  }

  error(operation: Operation, kind: string) {
    this.figuresOf(operation).errors += 1;
    const key = `${operation}: ${kind}`;
    this.errorKinds.set(key, (this.errorKinds.get(key) ?? 0) + 1);
  }

  /**
   * One request, timed. Past the deadline no request starts (Stopped). An error status or a failed
   * request is counted and ends the journey (null), except the statuses `accept` lets through.
   */
  async request(operation: Operation, request: Request, accept: number[] = []): Promise<Answer | null> {
    if (this.stopping()) throw new Stopped();
    const figures = this.figuresOf(operation);
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await send(this.agent, this.base, request);
    } catch (error) {
      figures.requests += 1;
      this.error(operation, `network ${(error as Error).message}`);
      return null;
    }
    figures.requests += 1;
    figures.latencies.push(performance.now() - started);
    if (answer.status >= 400) {
      this.error(operation, String(answer.status));
      return accept.includes(answer.status) ? answer : null;
    }
    return answer;
  }
}

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}): Request => ({
  method: 'POST',
  path,
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

function parse<T>(answer: Answer): T | null {
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    return null;
  }
}

function refreshCookie(answer: Answer): string | null {
  for (const cookie of answer.headers['set-cookie'] ?? []) {
    const match = /^refresh_token=([^;]*)/.exec(cookie);
    if (match?.[1]) return match[1];
  }
  return null;
}

function tokenProducts(accessToken: string): string[] | null {
  try {
    const payload = JSON.parse(
      Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as {
      products?: unknown;
    };
    return Array.isArray(payload.products) ? payload.products.map(String) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------
// The founder's journey.

interface Plan {
  offerSku: string;
  planSku: string;
  productSkus: string[];
}

function catalogPlans(): Plan[] {
  const catalog = JSON.parse(readFileSync(path.join(root, 'schemas/catalog.json'), 'utf8')) as {
    offers: { sku: string; productSkus: string[]; plans: { sku: string }[] }[];
  };
  return catalog.offers.flatMap((offer) =>
    offer.plans.map((plan) => ({ offerSku: offer.sku, planSku: plan.sku, productSkus: offer.productSkus })),
  );
}

const wizardVersion = (
  JSON.parse(readFileSync(path.join(root, 'schemas/wizard/steps.json'), 'utf8')) as { version: number }
).version;

/** Three saves as the wizard makes them: the legal form chosen, then the founder, then the whole file. */
function draftsOf(): { step: number; data: Record<string, unknown> }[] {
  const file = completeCompanyFile();
  const pick = (keys: string[]) =>
    Object.fromEntries(keys.filter((key) => key in file).map((key) => [key, file[key]]));
  const chooser = ['jurisdiction', 'legalForm', 'currency'];
  const founder = [
    'fullName',
    'dateOfBirth',
    'placeOfBirth',
    'nationality',
    'address',
    'fatherName',
    'motherName',
  ];
  return [
    { step: 1, data: pick(chooser) },
    { step: 2, data: pick([...chooser, ...founder]) },
    { step: 5, data: file },
  ].slice(0, DRAFT_SAVES);
}

const drafts = draftsOf();
const plans = catalogPlans();
/** A card expiry a year ahead: MM/YY. */
const expiry = (() => {
  const date = new Date();
  return `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String((date.getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
})();
const cardForm = new URLSearchParams({
  cardholder: 'Camille Dupont',
  cardNumber: '4242 4242 4242 4242',
  expiry,
  cvc: '123',
}).toString();

async function journey(run: Run, runId: string, n: number): Promise<void> {
  const started = performance.now();
  const email = `load.${runId}.${n}@example.test`;
  const plan = plans[n % plans.length];
  if (!plan) throw new Error('schemas/catalog.json sells no plan');
  if (run.stopping()) throw new Stopped();
  run.journeysStarted += 1;

  const register = await run.request(
    'POST /api/auth/register',
    postJson('/api/auth/register', {
      firstname: 'Camille',
      lastname: `Dupont ${n}`,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      dateOfBirth: '1990-05-17',
      language: 'fr',
    }),
  );
  if (!register) return;

  const login = await run.request(
    'POST /api/auth/login',
    postJson('/api/auth/login', { email, password: PASSWORD, language: 'fr' }),
  );
  if (!login) return;
  const accessToken = parse<{ accessToken?: string }>(login)?.accessToken;
  let cookie = refreshCookie(login);
  if (!accessToken || !cookie) return run.error('POST /api/auth/login', 'no token or refresh cookie');
  const bearer = { authorization: `Bearer ${accessToken}` };

  // The revision rule: each save names the revision it started from (0: never saved); a 409 answers
  // with the current file, whose revision the next save starts from.
  let revision = 0;
  for (const draft of drafts) {
    const answer = await run.request(
      'POST /api/company-file/draft',
      postJson(
        '/api/company-file/draft',
        { ...draft, baseRevision: revision, version: wizardVersion },
        bearer,
      ),
      [409],
    );
    if (!answer) return;
    const saved = parse<{ revision?: number; file?: { revision?: number } }>(answer);
    const next = answer.status === 409 ? saved?.file?.revision : saved?.revision;
    if (typeof next !== 'number')
      return run.error('POST /api/company-file/draft', 'no revision in the answer');
    if (answer.status === 200 && next !== revision + 1)
      run.error('POST /api/company-file/draft', `revision ${next} after ${revision}`);
    revision = next;
  }

  const checkout = await run.request(
    'POST /api/checkout/create-session',
    postJson('/api/checkout/create-session', benchCheckoutBody(plan.offerSku, plan.planSku), bearer),
  );
  if (!checkout) return;
  const pageUrl = parse<{ url?: string }>(checkout)?.url;
  const sessionId = pageUrl?.startsWith(`${run.base}/checkout/local/`)
    ? pageUrl.slice(`${run.base}/checkout/local/`.length)
    : null;
  if (!sessionId) return run.error('POST /api/checkout/create-session', 'no local checkout URL');

  const page = await run.request('GET /checkout/local/:id', {
    method: 'GET',
    path: `/checkout/local/${sessionId}`,
  });
  if (!page) return;
  if (page.status !== 200 || !page.body.includes(`/checkout/local/${sessionId}/pay`))
    return run.error('GET /checkout/local/:id', `${page.status} without the payment form`);

  const pay = () =>
    run.request('POST /checkout/local/:id/pay', {
      method: 'POST',
      path: `/checkout/local/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: cardForm,
    });
  run.payAttempted.add(sessionId);
  const payments = await Promise.all(n % DOUBLE_PAY_EVERY === 0 ? [pay(), pay()] : [pay()]);
  const success = `${run.base}/success?session_id=${sessionId}`;
  for (const answer of payments) {
    if (!answer) return;
    if (answer.status !== 303 || answer.headers.location !== success)
      return run.error('POST /checkout/local/:id/pay', `${answer.status} not sent to /success`);
  }
  run.seenPaid.add(sessionId);

  const refresh = await run.request('POST /api/auth/getJWTtoken', {
    method: 'POST',
    path: '/api/auth/getJWTtoken',
    headers: { cookie: `refresh_token=${cookie}` },
  });
  if (!refresh) return;
  cookie = refreshCookie(refresh);
  const fresh = parse<{ accessToken?: string }>(refresh)?.accessToken;
  if (!fresh || !cookie) return run.error('POST /api/auth/getJWTtoken', 'no token or refresh cookie');
  const products = tokenProducts(fresh);
  run.tokenChecks += 1;
  const expected = [...plan.productSkus].sort().join(',');
  if (products === null || [...products].sort().join(',') !== expected) {
    run.tokenMismatches.push(`${email}: products [${products?.join(', ') ?? '?'}], expected [${expected}]`);
  }
  run.journeys.push(performance.now() - started);
}

async function drive(server: Server, runId: string): Promise<Run> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: users * 2, maxFreeSockets: users * 2 });
  cleanups.push(async () => agent.destroy());
  const run = new Run(agent, server, Date.now() + seconds * 1000);
  let next = 0;
  const user = async () => {
    for (;;) {
      const n = next++;
      try {
        await journey(run, runId, n);
      } catch (error) {
        if (error instanceof Stopped) return;
        throw error;
      }
    }
  };
  const progress = setInterval(() => {
    const requests = [...run.figures.values()].reduce((sum, figures) => sum + figures.requests, 0);
    const left = Math.max(0, Math.round((run.deadline - Date.now()) / 1000));
    console.log(`  ${left} s left: ${requests} requests, ${run.journeys.length} journeys done`);
  }, 10_000);
  run.startedAt = performance.now();
  try {
    await Promise.all(Array.from({ length: users }, user));
  } finally {
    clearInterval(progress);
  }
  run.endedAt = performance.now();
  agent.destroy();
  return run;
}

function loadTable(kind: Kind, run: Run): Table {
  const elapsed = (run.endedAt - run.startedAt) / 1000;
  const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(0));
  const row = (title: string, figures: OperationFigures) => [
    title,
    String(figures.requests),
    (figures.requests / elapsed).toFixed(1),
    ms(percentile(figures.latencies, 0.5)),
    ms(percentile(figures.latencies, 0.99)),
    String(figures.errors),
  ];
  const all = [...run.figures.values()];
  const total: OperationFigures = {
    requests: all.reduce((sum, figures) => sum + figures.requests, 0),
    errors: all.reduce((sum, figures) => sum + figures.errors, 0),
    latencies: all.flatMap((figures) => figures.latencies),
  };
  const journeys: OperationFigures = { requests: run.journeys.length, errors: 0, latencies: run.journeys };
  return {
    title: `Load, ${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}`,
    note:
      `${users} simulated founders at once for ${seconds} s (then the requests under way finish: ${elapsed.toFixed(1)} s in all), ` +
      `on loopback, rate limits off, ${hasBuild ? `build ${path.relative(root, spaDir) || '.'}/` : 'no build (API only)'}. ` +
      `Journeys: ${run.journeysStarted} started, ${run.journeys.length} completed (the last row: the whole journey's time). ` +
      `Errors: network, timeout (${REQUEST_TIMEOUT_MS / 1000} s), status ≥ 400 or an answer the journey cannot use.`,
    headers: ['Operation', 'Requests', 'req/s', 'p50 ms', 'p99 ms', 'Errors'],
    numeric: [1, 2, 3, 4, 5],
    rows: [
      ...OPERATIONS.map((operation) => row(operation, run.figuresOf(operation))),
      row('Total', total),
      row('Founder journey (sign-up → token)', journeys),
    ],
  };
}

// ---------------------------------------------------------------------------------------------------
// The database check.

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Problems found, one line each (none: PASS), and the facts checked. */
async function checkDatabase(query: Query, run: Run): Promise<{ problems: string[]; facts: string[] }> {
  const problems: string[] = [];
  const count = async (what: string, text: string, show: (row: Record<string, unknown>) => string) => {
    const rows = await query(text);
    if (rows.length > 0)
      problems.push(`${rows.length} ${what}, e.g. ${rows.slice(0, 3).map(show).join('; ')}`);
  };
  const paidRows = await query(`select id from checkout_sessions where status = 'paid'`);
  const paid = new Set(paidRows.map((row) => String(row.id)));
  const [sessions] = await query(
    `select count(*)::int as total, count(*) filter (where status = 'open')::int as open from checkout_sessions`,
  );
  const [grants] = await query(`select count(*)::int as n from purchases`);

  await count(
    'products of paid sessions not granted by them',
    `select s.id, sku from checkout_sessions s cross join lateral jsonb_array_elements_text(s.product_skus) as sku
      where s.status = 'paid' and s.user_id is not null and not exists (
        select 1 from purchases p where p.user_id = s.user_id and p.product_sku = sku and p.checkout_session_id = s.id)`,
    (row) => `${String(row.id)} ${String(row.sku)}`,
  );
  await count(
    'purchases no paid session of their user explains (unpaid session, other user, product not sold by it)',
    `select p.user_id, p.product_sku, p.checkout_session_id from purchases p
      left join checkout_sessions s on s.id = p.checkout_session_id
      where s.id is null or s.status <> 'paid' or s.user_id <> p.user_id
         or p.product_sku not in (select jsonb_array_elements_text(s.product_skus))`,
    (row) => `${String(row.checkout_session_id)} ${String(row.product_sku)}`,
  );
  await count(
    'paid sessions whose purchases are not exactly their product_skus',
    `select s.id, jsonb_array_length(s.product_skus) as sold, count(p.product_sku)::int as granted
      from checkout_sessions s left join purchases p on p.checkout_session_id = s.id
      where s.status = 'paid' and s.user_id is not null group by s.id having count(p.product_sku) <> jsonb_array_length(s.product_skus)`,
    (row) => `${String(row.id)} sold ${String(row.sold)}, granted ${String(row.granted)}`,
  );
  await count(
    'products granted twice to one user',
    `select user_id, product_sku, count(*)::int as n from purchases group by user_id, product_sku having count(*) > 1`,
    (row) => `${String(row.user_id)} ${String(row.product_sku)} ×${String(row.n)}`,
  );
  await count(
    'founders with more than one paid session (each paid one session, once)',
    `select user_id, count(*)::int as n from checkout_sessions where status = 'paid' and user_id is not null group by user_id having count(*) > 1`,
    (row) => `${String(row.user_id)} ×${String(row.n)}`,
  );
  // A session loses its buyer only when they delete their account, which no founder does here.
  await count(
    'paid sessions without a buyer',
    `select id from checkout_sessions where status = 'paid' and user_id is null`,
    (row) => String(row.id),
  );
  await count(
    'paid sessions without a completion time',
    `select id from checkout_sessions where status = 'paid' and completed_at is null`,
    (row) => String(row.id),
  );
  const unseen = [...run.seenPaid].filter((id) => !paid.has(id));
  if (unseen.length > 0)
    problems.push(
      `${unseen.length} sessions the client saw paid are not paid, e.g. ${unseen.slice(0, 3).join('; ')}`,
    );
  const unasked = [...paid].filter((id) => !run.payAttempted.has(id));
  if (unasked.length > 0)
    problems.push(
      `${unasked.length} sessions paid that no founder paid, e.g. ${unasked.slice(0, 3).join('; ')}`,
    );
  if (run.tokenMismatches.length > 0)
    problems.push(
      `${run.tokenMismatches.length} refreshed tokens without the plan's products, e.g. ${run.tokenMismatches.slice(0, 3).join('; ')}`,
    );
  if (paid.size === 0) problems.push('no session was paid: nothing to check');

  const facts = [
    `${String(sessions?.total)} checkout sessions: ${paid.size} paid (${run.seenPaid.size} seen paid by the client), ${String(sessions?.open)} still open`,
    `${String(grants?.n)} purchases rows`,
    `${run.tokenChecks} refreshed tokens checked for the plan's products`,
  ];
  return { problems, facts };
}

async function pgliteQuery(dataDir: string): Promise<{ query: Query; close: () => Promise<void> }> {
  const database = await openDatabase({ dir: dataDir });
  return {
    // PGlite's results, like node-postgres's, carry the rows in `rows`.
    query: async (text) =>
      ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows,
    close: () => database.close(),
  };
}

/** A database of the run's own on the PostgreSQL server of `adminUrl`, dropped at clean-up. */
async function createPostgresDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [name],
      );
      await client.query(`drop database if exists "${name}"`);
    } finally {
      await client.end();
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// ---------------------------------------------------------------------------------------------------

async function benchOne(kind: Kind, runId: string): Promise<boolean> {
  const dataDir = await temporaryDir(`kreo-load-${kind}-`);
  const databaseUrl =
    kind === 'postgres' && postgresUrl
      ? await createPostgresDatabase(postgresUrl, `kreo_load_${runId}`)
      : null;
  console.log(
    `\n${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: starting the server (data in ${dataDir}${databaseUrl ? `, database kreo_load_${runId}` : ''})`,
  );
  const server = await startServer(dataDir, databaseUrl);
  console.log(`Server on ${server.url}; ${users} founders for ${seconds} s`);
  const run = await drive(server, runId);
  if (!server.alive()) throw new Error('The server stopped during the load');
  await server.stop();

  let check: Awaited<ReturnType<typeof checkDatabase>>;
  if (databaseUrl === null) {
    const database = await pgliteQuery(dataDir);
    try {
      check = await checkDatabase(database.query, run);
    } finally {
      await database.close();
    }
  } else {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      check = await checkDatabase(
        async (text) => (await client.query(text)).rows as Record<string, unknown>[],
        run,
      );
    } finally {
      await client.end();
    }
  }

  printTable(loadTable(kind, run));
  if (run.errorKinds.size > 0) {
    console.log('\nErrors:');
    for (const [kindOfError, n] of [...run.errorKinds].sort((a, b) => b[1] - a[1]))
      console.log(`  ${n} × ${kindOfError}`);
  }
  console.log('');
  for (const fact of check.facts) console.log(fact);
  for (const problem of check.problems) console.log(`  ✗ ${problem}`);
  const name = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  console.log(
    check.problems.length === 0
      ? `PASS (${name}): every paid session granted its products exactly once, no session paid twice`
      : `FAIL (${name}): ${check.problems.length} problem${check.problems.length === 1 ? '' : 's'} above`,
  );
  await cleanUp();
  return check.problems.length === 0;
}

const runId = Date.now().toString(36);
console.log(
  `Load benchmark ${runId}: ${databases.join(' then ')}; ${hasBuild ? `serving ${spaDir}` : 'no build, API only'}; ` +
    `rate limits off (${Object.keys(rateLimitsOff()).join(', ')})`,
);
let passed = true;
try {
  for (const kind of databases) {
    if (interrupted) break;
    passed = (await benchOne(kind, runId)) && passed;
  }
} catch (error) {
  if (!interrupted) console.error(error);
  passed = false;
} finally {
  await cleanUp();
}
if (!interrupted) process.exit(passed ? 0 : 1);
