/**
 * Graceful shutdown (server/services/shutdown.ts, server/main.ts), on the real server process over
 * real sockets. SIGTERM comes in the middle of sign-ups, draft saves, contact messages that queue
 * mail and payments through the local checkout, with a request still uploading its body and idle
 * keep-alive connections: every request gets its whole answer or is refused cleanly (no byte, or
 * 503), the process exits 0 before its deadline, and the database, opened again, holds every change
 * that was answered, no order paid without its invoice and no mail still leased; the next start
 * sends the mail that waited. The server runs on PGlite (DATA_DIR) in the PGlite pass and on a
 * PostgreSQL database of its own in the other. Then: the deadline, and a second signal.
 */
import { EventEmitter } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import {
  checkoutSessions,
  companyFileEvents,
  companyFiles,
  contactMessages,
  invoices,
  mailQueue,
  purchases,
  users,
} from '../../server/db/schema';
import { claimsOf, openTestDatabase, orderBody, TEST_CARD, TEST_PASSWORD, uniqueEmail } from './harness';
import {
  freePort,
  startServerProcess,
  waitForLog,
  waitUntilReady,
  type LogLine,
  type ServerProcess,
} from './server-process';

const inPgLitePass = !process.env.DATABASE_URL;
const STANDARD = { offerSku: 'STANDARD_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' };
/**
 * The deadline given to the server: above what a shutdown takes on a busy machine (under 1 s on a
 * quiet one), below the 72 s an idle keep-alive connection would hold the close up for.
 */
const SHUTDOWN_TIMEOUT_MS = 60_000;
const DRAFT_PATH = '/api/company-file/draft';

// ---------------------------------------------------------------------------------------------------
// HTTP over real sockets, telling a whole answer from a clean refusal and from an answer cut short.

type Outcome =
  | { kind: 'answered'; status: number; headers: http.IncomingHttpHeaders; body: string }
  /** No byte of an answer came: the connection was refused or closed before it. */
  | { kind: 'refused'; reason: string }
  /** Part of an answer came, then the connection ended. */
  | { kind: 'cut'; reason: string };

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /** Sends half the body, then the rest once this resolves (a slow upload). */
  holdBody?: Promise<void>;
  /** Told the local port of the request's connection once it is connected. */
  onConnected?: (localPort: number) => void;
}

function send(base: string, agent: http.Agent | false, call: Call): Promise<Outcome> {
  return new Promise((resolve) => {
    const body = call.body === undefined ? undefined : Buffer.from(call.body);
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    let socket: Socket | null = null;
    let bytesBefore = 0;
    const request = http.request(
      `${base}${call.path}`,
      {
        method: call.method,
        agent,
        headers: { ...call.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => settle({ kind: 'cut', reason: error.message }));
        response.on('close', () => {
          if (!response.complete) settle({ kind: 'cut', reason: 'the connection ended mid-answer' });
        });
        response.on('end', () => {
          const received = Buffer.concat(chunks);
          const declared = response.headers['content-length'];
          if (declared !== undefined && Number(declared) !== received.length)
            settle({ kind: 'cut', reason: `${received.length} of ${declared} bytes` });
          else
            settle({
              kind: 'answered',
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: received.toString(),
            });
        });
      },
    );
    request.on('socket', (assigned: Socket) => {
      socket = assigned;
      // A reused keep-alive socket has read earlier answers: only what comes from now on counts.
      bytesBefore = assigned.bytesRead;
      const connected = () => call.onConnected?.(assigned.localPort ?? 0);
      if (assigned.connecting) assigned.once('connect', connected);
      else connected();
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      const received = socket ? socket.bytesRead - bytesBefore : 0;
      settle(
        received > 0
          ? { kind: 'cut', reason: `${received} bytes, then ${error.code ?? error.message}` }
          : { kind: 'refused', reason: error.code ?? error.message },
      );
    });
    if (body && call.holdBody) {
      const half = Math.floor(body.length / 2);
      request.write(body.subarray(0, half));
      void call.holdBody.then(() => request.end(body.subarray(half)));
    } else {
      request.end(body);
    }
  });
}

const json = (token?: string) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

/** Resolves once `done()` holds, checked at each `changed` event; fails after `timeout`. */
function until(changed: EventEmitter, done: () => boolean, what: string, timeout = 120_000) {
  return new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!done()) return;
      clearTimeout(timer);
      changed.off('change', check);
      resolve();
    };
    const timer = setTimeout(() => {
      changed.off('change', check);
      reject(new Error(`Not reached within ${timeout} ms: ${what}`));
    }, timeout);
    changed.on('change', check);
    check();
  });
}

const isIncomingFrom = (port: number) => (line: LogLine) =>
  line.msg === 'incoming request' && (line.req as { remotePort?: number } | undefined)?.remotePort === port;

const messageIs = (text: string) => (line: LogLine) => line.msg === text;

/** The queue ids of the mails in the outbox (each file is named `<time>-<id>.eml`). */
async function outboxIds(dataDir: string): Promise<string[]> {
  const files = await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[]);
  return files.map((file) => /([0-9a-f-]{36})\.eml$/.exec(file)?.[1] ?? file).sort();
}

// ---------------------------------------------------------------------------------------------------
// The load: founders who sign up, then save drafts, write to support and buy, until refused.

interface Ledger {
  signups: { email: string; userId: string }[];
  /** The last revision each founder's save was answered with, and the company name it saved. */
  drafts: Map<string, { revision: number; companyName: string }>;
  contacts: string[];
  payments: string[];
  outcomes: { call: string; outcome: Outcome }[];
  changed: EventEmitter;
}

function newLedger(): Ledger {
  return {
    signups: [],
    drafts: new Map(),
    contacts: [],
    payments: [],
    outcomes: [],
    changed: new EventEmitter(),
  };
}

async function founder(base: string, agent: http.Agent, ledger: Ledger, index: number): Promise<void> {
  const call = async (label: string, request: Call, expected: number) => {
    const outcome = await send(base, agent, request);
    ledger.outcomes.push({ call: label, outcome });
    ledger.changed.emit('change');
    return outcome.kind === 'answered' && outcome.status === expected ? outcome.body : null;
  };
  const email = uniqueEmail(`shutdown-${index}`);
  const signedUp = await call(
    'sign-up',
    {
      method: 'POST',
      path: '/api/auth/register',
      headers: json(),
      body: JSON.stringify({
        firstname: 'Camille',
        lastname: 'Dupont',
        email,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        dateOfBirth: '1990-04-15',
        language: 'fr',
      }),
    },
    200,
  );
  if (signedUp === null) return;
  const token = (JSON.parse(signedUp) as { accessToken: string }).accessToken;
  const userId = claimsOf(token).sub;
  ledger.signups.push({ email, userId });

  let revision = 0;
  for (let round = 0; ; round += 1) {
    const companyName = `Société ${index}-${round}`;
    const saved = await call(
      'draft save',
      {
        method: 'POST',
        path: DRAFT_PATH,
        headers: json(token),
        body: JSON.stringify({ data: { companyName }, step: 0, baseRevision: revision }),
      },
      200,
    );
    if (saved === null) return;
    revision = (JSON.parse(saved) as { revision: number }).revision;
    ledger.drafts.set(userId, { revision, companyName });

    const subject = `Arrêt ${index}-${round}`;
    const contacted = await call(
      'contact message',
      {
        method: 'POST',
        path: '/api/contact',
        headers: json(token),
        body: JSON.stringify({
          name: 'Camille Dupont',
          email,
          subject,
          message: 'Bonjour, une question sur mes statuts.',
          language: 'fr',
        }),
      },
      202,
    );
    if (contacted === null) return;
    ledger.contacts.push(subject);

    if (round === 0) {
      const opened = await call(
        'checkout',
        {
          method: 'POST',
          path: '/api/checkout/create-session',
          headers: json(token),
          body: JSON.stringify(orderBody(STANDARD)),
        },
        200,
      );
      if (opened === null) return;
      const sessionId = new URL((JSON.parse(opened) as { url: string }).url).pathname.split('/').at(-1) ?? '';
      const paid = await call(
        'payment',
        {
          method: 'POST',
          path: `/checkout/local/${sessionId}/pay`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(TEST_CARD).toString(),
        },
        303,
      );
      if (paid === null) return;
      ledger.payments.push(sessionId);
    }

    const offers = await call('offers', { method: 'GET', path: '/api/marketing/offers/list' }, 200);
    if (offers === null) return;
  }
}

// ---------------------------------------------------------------------------------------------------

describe('a SIGTERM under load', () => {
  let dataDir: string;
  /** PostgreSQL: the child's own database, created and dropped here. */
  let postgres: Awaited<ReturnType<typeof openTestDatabase>> | null = null;
  let env: Record<string, string>;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kreo-shutdown-'));
    if (!inPgLitePass) postgres = await openTestDatabase();
    env = {
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SPA_DIR: path.join(dataDir, 'no-spa'),
      ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}),
      PAYMENT_PROVIDER: 'local',
      AUTH_RATE_LIMIT: '0',
      CONTACT_RATE_LIMIT: '0',
      DOCUMENT_WORKERS: '1',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    };
  }, 120_000);

  afterAll(async () => {
    for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await postgres?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The database the server wrote, opened by this process once the server has exited. */
  async function openWritten(): Promise<DatabaseHandle> {
    if (postgres) return { ...postgres, close: () => Promise.resolve() };
    return openDatabase({ dir: dataDir });
  }

  async function start(): Promise<{ server: ServerProcess; base: string }> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServerProcess({ ...env, PORT: String(port), PUBLIC_URL: base });
    running.push(server);
    const ready = await waitUntilReady(server);
    expect(ready.msg).toContain(postgres ? 'database: PostgreSQL (DATABASE_URL)' : 'database: embedded');
    return { server, base };
  }

  it('answers or cleanly refuses every request, exits 0 in time, and loses or half-writes nothing', async () => {
    const { server, base } = await start();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const ledger = newLedger();

    // A founder whose draft save will still be uploading when the signal comes.
    const slowEmail = uniqueEmail('slow-upload');
    const slowSignup = await send(base, agent, {
      method: 'POST',
      path: '/api/auth/register',
      headers: json(),
      body: JSON.stringify({
        firstname: 'Ana',
        lastname: 'Lent',
        email: slowEmail,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        dateOfBirth: '1985-02-01',
      }),
    });
    expect(slowSignup).toMatchObject({ kind: 'answered', status: 200 });
    const slowToken =
      slowSignup.kind === 'answered'
        ? (JSON.parse(slowSignup.body) as { accessToken: string }).accessToken
        : '';
    ledger.signups.push({ email: slowEmail, userId: claimsOf(slowToken).sub });

    const founders = Array.from({ length: 6 }, (_, index) => founder(base, agent, ledger, index));
    const count = (label: string) =>
      ledger.outcomes.filter(({ call, outcome }) => call === label && outcome.kind === 'answered').length;
    await until(
      ledger.changed,
      () => ledger.signups.length >= 5 && ledger.payments.length >= 2 && ledger.contacts.length >= 4,
      'five sign-ups, two payments and four contact messages answered',
      240_000,
    );

    // The slow upload: its headers and half its body are in, and the server has begun the request.
    let sendRest: () => void = () => undefined;
    const rest = new Promise<void>((resolve) => {
      sendRest = resolve;
    });
    let slowOutcome: Promise<Outcome> | null = null;
    // On a keep-alive connection that stays idle after its answer: it must not hold the close up.
    const slowAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const slowPort = new Promise<number>((resolve) => {
      slowOutcome = send(base, slowAgent, {
        method: 'POST',
        path: DRAFT_PATH,
        headers: json(slowToken),
        body: JSON.stringify({ data: { companyName: 'Lente SARL' }, step: 0, baseRevision: 0 }),
        holdBody: rest,
        onConnected: resolve,
      });
    });
    await waitForLog(server, isIncomingFrom(await slowPort));

    // An idle keep-alive connection of its own, beside the load's.
    const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await send(base, idleAgent, { method: 'GET', path: '/api/marketing/offers/list' })).toMatchObject({
      kind: 'answered',
      status: 200,
    });

    const answeredBefore = ledger.outcomes.length;
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await waitForLog(server, messageIs('SIGTERM received: shutting down'));
    sendRest();
    const slow = await slowOutcome;
    const exitCode = await server.exited;
    const shutdownMs = Date.now() - signalledAt;
    await Promise.all(founders);
    agent.destroy();
    idleAgent.destroy();
    slowAgent.destroy();

    // The process: exit 0 before its deadline, each phase logged, nothing logged as an error.
    expect(exitCode, server.output().slice(-3000)).toBe(0);
    expect(shutdownMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    const messages = server.lines.map((line) => line.msg);
    for (const phase of [
      'Shutdown: no new connections; answering the requests in flight',
      'Shutdown: every request answered',
      'Mail worker stopped',
      'Document threads stopped',
      'Shutdown: server closed',
      'Shutdown: database closed',
      'Shutdown done',
    ])
      expect(messages).toContain(phase);
    expect(server.lines.filter((line) => (line.level ?? 0) >= 50)).toEqual([]);
    // Once the requests are answered, the mail worker finishes the message it holds and takes no
    // other (one more at most, taken in the instant before it was told to stop).
    const answeredAll = messages.indexOf('Shutdown: every request answered');
    const mailedAfter = messages
      .slice(answeredAll)
      .filter((message) => message?.startsWith('Mail written to the outbox'));
    expect(mailedAfter.length).toBeLessThanOrEqual(2);

    // Every request: its whole answer, or a clean refusal; the load went on past the signal.
    expect(slow).toMatchObject({ kind: 'answered', status: 200, headers: { connection: 'close' } });
    expect(ledger.outcomes.filter(({ outcome }) => outcome.kind === 'cut')).toEqual([]);
    const statuses = new Set(
      ledger.outcomes.flatMap(({ outcome }) => (outcome.kind === 'answered' ? [outcome.status] : [])),
    );
    expect([...statuses].filter((status) => ![200, 202, 303, 503].includes(status))).toEqual([]);
    expect(ledger.outcomes.length).toBeGreaterThan(answeredBefore);
    expect(
      ledger.outcomes.filter(({ outcome }) => outcome.kind !== 'answered' || outcome.status === 503),
    ).not.toEqual([]);
    expect(count('sign-up')).toBeGreaterThanOrEqual(5);

    const written = await openWritten();
    const { db } = written;
    try {
      // Every account whose sign-up was answered.
      const emails = ledger.signups.map((signup) => signup.email.toLowerCase());
      const accounts = await db
        .select({ email: users.email })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, emails));
      expect(accounts.map((account) => account.email.toLowerCase()).sort()).toEqual([...emails].sort());

      // Every draft as its last answered save left it; the slow upload's too.
      ledger.drafts.set(claimsOf(slowToken).sub, { revision: 1, companyName: 'Lente SARL' });
      for (const [userId, draft] of ledger.drafts) {
        const [file] = await db.select().from(companyFiles).where(eq(companyFiles.userId, userId));
        expect({ revision: file?.revision, companyName: file?.data.companyName }).toEqual(draft);
      }

      // Every contact message answered, each with its mail to support queued.
      const stored = await db.select().from(contactMessages);
      expect(stored.map((message) => message.subject)).toEqual(expect.arrayContaining(ledger.contacts));
      const contactMails = await db
        .select({ contactMessageId: mailQueue.contactMessageId })
        .from(mailQueue)
        .where(sql`${mailQueue.contactMessageId} is not null`);
      const mailed = new Set(contactMails.map((row) => row.contactMessageId));
      expect(stored.filter((message) => !mailed.has(message.id)).map((message) => message.subject)).toEqual(
        [],
      );

      // No order paid without its invoice, products, timeline entry and confirmation mail; no invoice
      // without its paid order; invoice numbers without a gap.
      const sessions = await db.select().from(checkoutSessions);
      const paid = sessions.filter((session) => session.status === 'paid');
      expect(paid.map((session) => session.id)).toEqual(expect.arrayContaining(ledger.payments));
      const allInvoices = await db.select().from(invoices);
      const owned = await db.select().from(purchases);
      const events = await db.select().from(companyFileEvents).where(eq(companyFileEvents.kind, 'paid'));
      const mails = await db.select().from(mailQueue);
      for (const session of paid) {
        const sessionInvoices = allInvoices.filter(
          (invoice) => invoice.checkoutSessionId === session.id && invoice.kind === 'invoice',
        );
        expect(sessionInvoices, session.id).toHaveLength(1);
        expect(
          owned.filter((purchase) => purchase.checkoutSessionId === session.id).map((row) => row.productSku),
        ).toEqual(expect.arrayContaining(session.productSkus));
        expect(events.filter((event) => event.key === session.id)).toHaveLength(1);
        expect(mails.some((mail) => mail.checkoutSessionId === session.id)).toBe(true);
      }
      const paidIds = new Set(paid.map((session) => session.id));
      expect(allInvoices.filter((invoice) => !paidIds.has(invoice.checkoutSessionId))).toEqual([]);
      for (const seller of new Set(allInvoices.map((invoice) => invoice.seller))) {
        const numbers = allInvoices
          .filter((invoice) => invoice.seller === seller)
          .map((invoice) => invoice.sequence)
          .sort((a, b) => a - b);
        expect(numbers).toEqual(numbers.map((_, index) => index + 1));
      }

      // Mail: sent (in the outbox) or waiting, unleased and unfailed, for the next start.
      expect(mails.filter((mail) => mail.status === 'pending' && mail.lockedUntil !== null)).toEqual([]);
      expect(mails.filter((mail) => mail.status === 'failed' || mail.lastError !== null)).toEqual([]);
      const sent = mails.filter((mail) => mail.status === 'sent').map((mail) => mail.id);
      expect(await outboxIds(dataDir)).toEqual([...sent].sort());
      // Each account's verification mail among them.
      const mailedUsers = new Set(mails.map((mail) => mail.userId));
      expect(ledger.signups.filter((signup) => !mailedUsers.has(signup.userId))).toEqual([]);
      waiting = mails.filter((mail) => mail.status === 'pending').map((mail) => mail.id);
    } finally {
      await written.close();
    }
  }, 480_000);

  /** The mails the first run left waiting. */
  let waiting: string[] = [];

  it('sends at the next start what waited, and stops idle at once', async () => {
    const { server } = await start();
    for (const id of waiting)
      await waitForLog(
        server,
        (line) =>
          line.msg?.startsWith('Mail written to the outbox') === true && String(line.file).includes(id),
      );
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS);

    const written = await openWritten();
    try {
      const mails = await written.db.select().from(mailQueue);
      expect(mails.filter((mail) => mail.status !== 'sent')).toEqual([]);
      expect(await outboxIds(dataDir)).toEqual(mails.map((mail) => mail.id).sort());
    } finally {
      await written.close();
    }
  }, 360_000);
});

describe.runIf(inPgLitePass)('a shutdown held up by a request', () => {
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
  });

  /** A server (on a database of its own) with an upload that never ends in flight. */
  async function holdUp(timeoutMs: number) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kreo-shutdown-held-'));
    dataDirs.push(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServerProcess({
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      SPA_DIR: path.join(dataDir, 'no-spa'),
      LOG_FORMAT: 'json',
      SHUTDOWN_TIMEOUT_MS: String(timeoutMs),
    });
    servers.push(server);
    await waitUntilReady(server);
    const localPort = new Promise<number>((resolve) => {
      void send(base, false, {
        method: 'POST',
        path: DRAFT_PATH,
        // Never checked: the body never ends, so the request never gets past its parsing.
        headers: json('not-checked'),
        body: JSON.stringify({ data: {}, step: 0, baseRevision: 0 }),
        holdBody: new Promise<void>(() => undefined),
        onConnected: resolve,
      });
    });
    await waitForLog(server, isIncomingFrom(await localPort));
    return server;
  }

  it('past SHUTDOWN_TIMEOUT_MS, logs what still runs and exits 1', async () => {
    const server = await holdUp(2_000);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    const elapsed = Date.now() - signalledAt;
    expect(elapsed).toBeGreaterThanOrEqual(2_000);
    expect(elapsed).toBeLessThan(60_000);
    const report = server.lines.find((line) => line.msg?.startsWith('Shutdown: still running after 2000 ms'));
    expect(report?.stillRunning).toMatchObject({ requests: [`POST ${DRAFT_PATH}`], connections: 1 });
    expect(server.lines.map((line) => line.msg)).not.toContain('Shutdown done');
  }, 300_000);

  it('exits at once on a second signal', async () => {
    const server = await holdUp(SHUTDOWN_TIMEOUT_MS);
    server.child.kill('SIGTERM');
    await waitForLog(server, messageIs('SIGTERM received: shutting down'));
    const signalledAt = Date.now();
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(1);
    // Well before the deadline.
    expect(Date.now() - signalledAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS / 2);
    const report = server.lines.find((line) => line.msg === 'Shutdown: SIGINT received again, exiting now');
    expect(report?.stillRunning).toMatchObject({ requests: [`POST ${DRAFT_PATH}`] });
  }, 300_000);
});
