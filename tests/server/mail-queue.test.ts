/**
 * The durable mail queue (server/services/mail/mail-queue.ts): a message is written with the change
 * that causes it, sent by a worker with retries, never inside a request, and once however many
 * workers share the database.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, mailQueue, users } from '../../server/db/schema';
import { createMailQueue, enqueueMail, retryDelayMs } from '../../server/services/mail/mail-queue';
import type { MailMessage, Mailer } from '../../server/services/mail/mailer';
import { json, startTestServer, uniqueEmail, type TestServer } from './harness';

/** A mailer whose server is down until `up` is set. */
function flakyMailer() {
  const sent: MailMessage[] = [];
  let up = false;
  const mailer: Mailer & { sent: MailMessage[]; setUp(value: boolean): void } = {
    outboxDir: null,
    sent,
    setUp: (value) => {
      up = value;
    },
    send(message) {
      if (!up) return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25'));
      sent.push(message);
      return Promise.resolve();
    },
    close: () => undefined,
  };
  return mailer;
}

const rowsTo = (server: TestServer, email: string) =>
  server.db
    .select()
    .from(mailQueue)
    .where(sql`lower(${mailQueue.recipient}) = lower(${email})`);

describe('when the mail server is down', () => {
  let server: TestServer;
  const mailer = flakyMailer();

  beforeAll(async () => {
    server = await startTestServer({ mailer });
  }, 120_000);
  afterAll(() => server?.close());

  it('still signs the founder up, keeps the verification mail, and sends it once the server is back', async () => {
    const email = uniqueEmail('smtp-down');
    const user = await server.signup({ email });
    expect(user.accessToken).toBeTruthy();

    const [waiting] = await rowsTo(server, email);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting?.lastError).toContain('ECONNREFUSED');
    // Backoff: not retried at once.
    expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
    expect(mailer.sent).toHaveLength(0);

    // The mail server is back and the retry is due.
    mailer.setUp(true);
    await server.db
      .update(mailQueue)
      .set({ nextAttemptAt: new Date() })
      .where(eq(mailQueue.id, waiting?.id ?? ''));
    await server.app.mailQueue.drain();

    expect(mailer.sent.map((message) => message.to)).toEqual([email]);
    const [sent] = await rowsTo(server, email);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, payload: null });
    // The link still verifies: nothing was lost.
    const token = new URL(/https?:\/\/\S+/.exec(mailer.sent[0]?.text ?? '')?.[0] ?? '').searchParams.get(
      'token',
    );
    expect((await server.request('/api/auth/verify-email', { body: { token } })).statusCode).toBe(200);
  });

  it('answers forgot-password at once whatever happens to the mail', async () => {
    mailer.setUp(false);
    const user = await server.signup();
    const response = await server.request('/api/auth/forgot-password', { body: { email: user.email } });
    expect(response.statusCode).toBe(200);
    mailer.setUp(true);
  });

  it('keeps no address a mail server quotes in its refusal, in the queue or in the logs', async () => {
    const warnings: string[] = [];
    const refusing: Mailer = {
      outboxDir: null,
      send: (message) => Promise.reject(new Error(`550 5.1.1 <${message.to}>: Recipient address rejected`)),
      close: () => undefined,
    };
    const worker = createMailQueue({
      db: server.db,
      mailer: refusing,
      logger: { warn: (fields) => warnings.push(JSON.stringify(fields)), error: () => undefined },
      resolvePasswordReset: () => Promise.resolve(null),
    });
    const to = uniqueEmail('refused');
    await enqueueMail(server.db, { to, subject: 'Test', text: 'x', html: 'x' });
    await worker.drain();
    const [row] = await rowsTo(server, to);
    expect(row?.lastError).toBe('550 5.1.1 <[address]>: Recipient address rejected');
    expect(warnings.join('\n')).not.toContain(to);
  });

  it('backs off 30 s, then twice as long at each failure, up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});

describe('forgot-password', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(() => server?.close());

  it('does the same work for a known and an unknown address: one queued job, no link yet', async () => {
    const user = await server.signup();
    const unknown = uniqueEmail('nobody');
    for (const email of [user.email, unknown]) {
      const response = await server.request('/api/auth/forgot-password', {
        body: { email },
        deliverMail: false,
      });
      expect(json(response)).toEqual({
        message: 'If this email exists in our system, you will receive a reset link.',
      });
      const rows = (await rowsTo(server, email)).filter((row) => row.kind === 'password_reset');
      expect(rows.map((row) => [row.kind, row.status, row.userId])).toEqual([
        ['password_reset', 'pending', null],
      ]);
    }
    // No reset token was made in the request: only the worker knows whether the account exists.
    const tokens = await server.db
      .select()
      .from(emailTokens)
      .where(sql`${emailTokens.userId} = ${user.userId} and ${emailTokens.purpose} = 'reset_password'`);
    expect(tokens).toHaveLength(0);

    await server.app.mailQueue.drain();
    expect(server.mail.to(user.email).at(-1)?.subject).toMatch(/mot de passe/);
    // The unknown address got nothing, and its job is gone with nothing about it kept.
    expect(server.mail.to(unknown)).toHaveLength(0);
    expect(await rowsTo(server, unknown)).toHaveLength(0);
  });
});

describe('several workers on one database', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(() => server?.close());

  it('send each of 60 messages exactly once', async () => {
    const counts = new Map<string, number>();
    const countingMailer: Mailer = {
      outboxDir: null,
      async send(message) {
        // A slow mail server, so that the workers' passes overlap.
        await new Promise((resolve) => setImmediate(resolve));
        counts.set(message.to, (counts.get(message.to) ?? 0) + 1);
      },
      close: () => undefined,
    };
    const logger = { warn: () => undefined, error: () => undefined };
    const workers = Array.from({ length: 3 }, () =>
      createMailQueue({
        db: server.db,
        mailer: countingMailer,
        logger,
        resolvePasswordReset: () => Promise.resolve(null),
      }),
    );
    const addresses = Array.from({ length: 60 }, () => uniqueEmail('once'));
    for (const to of addresses) {
      await enqueueMail(server.db, { to, subject: 'Test', text: 'Hello', html: '<p>Hello</p>' });
    }
    const taken = await Promise.all(workers.map((worker) => worker.drain()));
    expect(taken.reduce((sum, count) => sum + count, 0)).toBe(60);
    expect(addresses.map((to) => counts.get(to))).toEqual(addresses.map(() => 1));
  });

  it('erase the body of a sent message (it may hold a link that grants access)', async () => {
    const user = await server.signup();
    const rows = await server.db.select().from(mailQueue).where(eq(mailQueue.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', payload: null });
    const [account] = await server.db.select().from(users).where(eq(users.id, user.userId));
    expect(account?.email).toBe(user.email);
  });
});

describe('a worker that stops (graceful shutdown)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(() => server?.close());

  /** A mail server that holds the first message until `release` is called. */
  function heldMailer() {
    const sent: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => undefined;
    const firstSending = new Promise<void>((resolve) => {
      started = resolve;
    });
    let calls = 0;
    const mailer: Mailer = {
      async send(message) {
        calls += 1;
        if (calls === 1) {
          started();
          await gate;
        }
        sent.push(message.to);
      },
      outboxDir: null,
      close: () => undefined,
    };
    return { mailer, sent, firstSending, release: () => release() };
  }

  const workerWith = (mailer: Mailer) =>
    createMailQueue({
      db: server.db,
      mailer,
      logger: { warn: () => undefined, error: () => undefined },
      resolvePasswordReset: () => Promise.resolve(null),
    });

  it('finishes the message it is sending and claims no other: the rest wait, unleased, for the next start', async () => {
    const { mailer, sent, firstSending, release } = heldMailer();
    const worker = workerWith(mailer);
    const addresses = [uniqueEmail('stop-a'), uniqueEmail('stop-b'), uniqueEmail('stop-c')];
    for (const to of addresses) await enqueueMail(server.db, { to, subject: 'Test', text: 'x', html: 'x' });

    const pass = worker.drain();
    await firstSending;
    const stopped = worker.stop();
    release();
    await stopped;
    expect(await pass).toBe(1);

    expect(sent).toEqual([addresses[0]]);
    const rows = await Promise.all(addresses.map(async (to) => (await rowsTo(server, to))[0]));
    expect(rows.map((row) => [row?.status, row?.lockedUntil, row?.attempts])).toEqual([
      ['sent', null, 1],
      ['pending', null, 0],
      ['pending', null, 0],
    ]);
    expect(worker.holding()).toEqual([]);
  });

  it('past a shutdown’s deadline, gives back the lease of the message it has not sent yet', async () => {
    const { mailer, firstSending, release } = heldMailer();
    const worker = workerWith(mailer);
    const to = uniqueEmail('deadline');
    await enqueueMail(server.db, { to, subject: 'Test', text: 'x', html: 'x' });

    const pass = worker.drain();
    await firstSending;
    // The oldest due message is the one being sent (one the test above left waiting, or this one).
    const [id = ''] = worker.holding();
    const byId = async () => (await server.db.select().from(mailQueue).where(eq(mailQueue.id, id)))[0];
    expect(await byId()).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await byId())?.lockedUntil).not.toBeNull();

    expect(await worker.releaseLeases()).toBe(1);
    expect(await byId()).toMatchObject({ status: 'pending', lockedUntil: null, attempts: 0 });
    expect(worker.holding()).toEqual([]);
    release();
    await pass;
    // Once released, the rest go out: this one too.
    expect((await rowsTo(server, to))[0]?.status).toBe('sent');
  });
});
