/**
 * The probes of a load balancer (openapi tag `operations`, issue 37): GET /healthz and GET /readyz;
 * GET /metrics while it is off (tests/server/metrics.test.ts has the rest).
 *
 * Readiness is shown failing and recovering for each of its checks:
 * - the database: on PostgreSQL (DATABASE_URL, the `test:server:pg` pass), the app's pool reaches
 *   the test cluster through a TCP proxy that the test cuts (sockets destroyed, connections
 *   refused), stalls (connections accepted, never answered) and restores. PGlite runs in the
 *   process and cannot be cut and brought back: on it, closing it shows the check fail for good;
 * - the migrations: a row of drizzle's migrations table taken away and put back (both databases);
 * - the mail worker: stopped and started again in an app; in a queue alone, a pass stuck on one
 *   message past its lease, and no pass for 30 s, on a clock the test moves (both databases).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { buildApp } from '../../server/app';
import { migrationJournal, openDatabase, type Database, type DatabaseHandle } from '../../server/db/database';
import { createMailQueue, enqueueMail } from '../../server/services/mail/mail-queue';
import type { Mailer } from '../../server/services/mail/mailer';
import type { components } from '../../src/lib/api/schema';
import { createFakeMail, json, openTestDatabase, SIGNING_KEY, testConfig, testWizard } from './harness';
import { startProxy, type TcpProxy } from './tcp-proxy';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789abcdef';

// The contract's schemas, to check the answers' shapes against.
const contract = parse(readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8')) as {
  components: Record<string, unknown>;
};
// OpenAPI 3.1's schemas are JSON Schema 2020-12.
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ $id: 'openapi', components: contract.components });
function expectContractShape(schemaName: string, body: unknown) {
  const validate = ajv.compile({ $ref: `openapi#/components/schemas/${schemaName}` });
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
}

type Readiness = components['schemas']['Readiness'];

/** An app as main.ts builds it: the mail worker running (every 100 ms), logging to `lines`. */
async function probeApp(db: Database, options: { lines?: string[] } = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kreo-operations-'));
  const logger: FastifyServerOptions['logger'] = options.lines
    ? { level: 'info', stream: { write: (line: string) => void options.lines?.push(line) } }
    : false;
  const app = await buildApp({
    config: {
      ...testConfig(dataDir),
      // The probes are outside the rate limits: a limit of one a minute shows it.
      authRateLimitPerMinute: 1,
    },
    db,
    mailer: createFakeMail(),
    signingKey: SIGNING_KEY,
    logger,
    mailPollMs: 100,
    wizard: testWizard(),
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const readiness = async (app: FastifyInstance) => {
  const response = await app.inject({ method: 'GET', url: '/readyz' });
  return { statusCode: response.statusCode, body: json<Readiness>(response), response };
};

/** Waits until /readyz answers `statusCode` (a recovery takes a connection or a pass). */
async function readinessBecomes(app: FastifyInstance, statusCode: 200 | 503) {
  let last: Awaited<ReturnType<typeof readiness>> | undefined;
  await vi.waitFor(
    async () => {
      last = await readiness(app);
      expect(last.statusCode, last.response.body).toBe(statusCode);
    },
    { timeout: 60_000, interval: 100 },
  );
  if (!last) throw new Error('no answer');
  return last.body;
}

describe('GET /healthz and GET /readyz', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let server: Awaited<ReturnType<typeof probeApp>>;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    server = await probeApp(database.db, { lines });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('answers /healthz 200 {status: "ok"}, never stored by a cache', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(json(response)).toEqual({ status: 'ok' });
    expectContractShape('Health', json(response));
  });

  it('answers /readyz 200 on a fresh app, each check named and passed', async () => {
    const { statusCode, body, response } = await readiness(server.app);
    expect(statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expectContractShape('Readiness', body);
    const migrations = migrationJournal().length;
    expect(body).toEqual({
      status: 'ready',
      checks: {
        database: { ok: true, detail: 'select 1 answered' },
        migrations: { ok: true, detail: `${migrations} of ${migrations} migrations applied` },
        mailWorker: { ok: true, detail: expect.any(String) as string },
      },
      failed: [],
    });
  });

  it('counts the probes against no rate limit and logs no line for them at info level', async () => {
    lines.length = 0;
    for (let probe = 0; probe < 5; probe += 1) {
      expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await readiness(server.app)).statusCode).toBe(200);
    }
    expect(lines.filter((line) => /"url":"\/(healthz|readyz)"/.test(line))).toEqual([]);
    // Another route is logged at info level: the logger does write.
    await server.app.inject({ method: 'GET', url: '/api/site/info' });
    expect(lines.some((line) => line.includes('"url":"/api/site/info"'))).toBe(true);
  });

  it('fails while the mail worker is stopped and recovers when it runs again', async () => {
    await server.app.mailQueue.stop();
    const { statusCode, body } = await readiness(server.app);
    expect(statusCode).toBe(503);
    expectContractShape('Readiness', body);
    expect(body).toMatchObject({
      status: 'unavailable',
      failed: ['mailWorker'],
      message: 'Not ready: mailWorker',
      checks: { mailWorker: { ok: false, detail: 'The mail worker is not running' } },
    });
    // The change of verdict is logged once, as a warning.
    expect(lines.filter((line) => line.includes('Not ready: mailWorker'))).toHaveLength(1);
    server.app.mailQueue.start();
    await readinessBecomes(server.app, 200);
  });

  it('fails while a migration of the journal is not applied, and recovers once it is', async () => {
    const last = migrationJournal().at(-1);
    if (!last) throw new Error('the journal lists no migration');
    const [row] = (
      (await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when} returning hash, created_at`,
      )) as unknown as { rows: { hash: string; created_at: string }[] }
    ).rows;
    expect(row).toBeDefined();
    const { statusCode, body } = await readiness(server.app);
    expect(statusCode).toBe(503);
    const count = migrationJournal().length;
    expect(body.failed).toEqual(['migrations']);
    expect(body.checks.migrations).toEqual({
      ok: false,
      detail: `${count - 1} of ${count} migrations applied`,
    });
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row?.hash}, ${last.when})`,
    );
    await readinessBecomes(server.app, 200);
  });

  it.each([
    ['POST', '/healthz'],
    ['POST', '/readyz'],
    ['PUT', '/readyz'],
    ['DELETE', '/healthz'],
    ['POST', '/metrics'],
  ] as const)('answers %s %s with a 4xx', async (method, url) => {
    const response = await server.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{"status":',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it.each([
    ['a query of broken escapes', '/healthz?%zz=%&a[b][c]=1&a=2'],
    ['an 8 kB query', `/readyz?junk=${'x'.repeat(8000)}`],
    ['NUL characters in the query', '/readyz?%00=%00'],
    ['a trailing slash', '/healthz/'],
    ['a dot-dot path', '/readyz/../healthz'],
    ['a token in the query', '/metrics?token=guess'],
  ])('never answers 500 to a GET with %s', async (_label, url) => {
    const response = await server.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeLessThan(500);
  });

  it('answers GET /metrics 404 like any unknown route while METRICS_TOKEN is unset', async () => {
    for (const headers of [{}, { authorization: `Bearer ${METRICS_TOKEN}` }]) {
      const response = await server.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({ message: 'No route for GET /metrics', error: 'Not Found' });
    }
  });
});

describe("the mail worker's liveness", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 120_000);
  afterAll(() => database?.close());

  it('is lost when a pass handles nothing for a lease, or no pass comes for 30 s, and back after', async () => {
    let clock = Date.now();
    // A mail server that takes the message and never answers, until the test lets it.
    let answer: () => void = () => undefined;
    let sendStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (sendStarted = resolve));
    const mailer: Mailer = {
      outboxDir: null,
      send: () =>
        new Promise<void>((resolve) => {
          answer = resolve;
          sendStarted();
        }),
      close: () => undefined,
    };
    const queue = createMailQueue({
      db: database.db,
      mailer,
      resolvePasswordReset: () => Promise.resolve(null),
      logger: { warn: () => undefined, error: () => undefined },
      pollMs: 50,
      now: () => clock,
    });
    expect(queue.liveness()).toEqual({ alive: false, detail: 'The mail worker is not running' });
    await enqueueMail(database.db, { to: 'slow@example.test', subject: 'S', text: 't', html: '<p>t</p>' });
    queue.start();
    await started;
    expect(queue.liveness()).toEqual({ alive: true, detail: 'Sending' });
    clock += 5 * 60 * 1000;
    expect(queue.liveness()).toEqual({ alive: false, detail: 'No message handled for 300 s in a pass' });
    answer();
    await queue.drain();
    expect(queue.liveness()).toEqual({ alive: true, detail: 'Waiting for mail' });
    // Idle: the next passes come every 50 ms of the real clock; on this one, 31 s pass with none.
    await queue.stop();
    queue.start();
    clock += 31_000;
    expect(queue.liveness()).toEqual({ alive: false, detail: 'No pass for 31 s' });
    await queue.drain();
    expect(queue.liveness().alive).toBe(true);
    await queue.stop();
  }, 60_000);
});

describe.runIf(Boolean(process.env.DATABASE_URL))('readiness while PostgreSQL is out of reach', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let proxy: TcpProxy;
  let throughProxy: DatabaseHandle;
  let server: Awaited<ReturnType<typeof probeApp>>;

  beforeAll(async () => {
    database = await openTestDatabase();
    const direct = new URL(database.url ?? '');
    proxy = await startProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    throughProxy = await openDatabase({ url: proxied.toString() });
    server = await probeApp(throughProxy.db);
  }, 120_000);
  afterAll(async () => {
    await proxy?.restore();
    await server?.close();
    await throughProxy?.close();
    await proxy?.close();
    await database?.close();
  });

  it('fails while the connections are cut and refused, and recovers when they are back', async () => {
    expect((await readiness(server.app)).statusCode).toBe(200);
    await proxy.cut();
    const down = await readinessBecomes(server.app, 503);
    expectContractShape('Readiness', down);
    expect(down.failed).toEqual(['database', 'migrations']);
    expect(down.checks.database).toEqual({ ok: false, detail: 'select 1 failed' });
    // The process itself still answers: a restart would not bring the database back.
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await proxy.restore();
    const up = await readinessBecomes(server.app, 200);
    expect(up.failed).toEqual([]);
  }, 120_000);

  it('fails within its time limit while the database accepts and never answers, then recovers', async () => {
    await proxy.stall();
    await readinessBecomes(server.app, 503);
    // Once the pool's connections are gone, a probe waits for a new one that never answers: it
    // gives up after its own 3 s, before the pool's 5 s connection timeout would say anything.
    const stalled = await readiness(server.app);
    expect(stalled.statusCode).toBe(503);
    expect(stalled.body.checks.database).toEqual({
      ok: false,
      detail: 'No answer to select 1 within 3000 ms',
    });
    await proxy.restore();
    await readinessBecomes(server.app, 200);
  }, 120_000);
});

describe.runIf(!process.env.DATABASE_URL)('readiness once PGlite is closed', () => {
  it('fails the database check (an in-process database that closed comes back only with its process)', async () => {
    const handle = await openDatabase('memory');
    const server = await probeApp(handle.db);
    try {
      expect((await readiness(server.app)).statusCode).toBe(200);
      await handle.close();
      const { statusCode, body } = await readiness(server.app);
      expect(statusCode).toBe(503);
      expect(body.failed).toEqual(['database', 'migrations']);
      expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  }, 120_000);
});
