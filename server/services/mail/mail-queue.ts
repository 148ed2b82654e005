/**
 * The durable mail queue. A change that causes a message writes it to `mail_queue` in its own
 * transaction (`enqueue`), so a message exists exactly when the change does; the worker sends it
 * later, with retries and backoff, and no request ever waits for SMTP.
 *
 * Several server instances may run the worker on one database: a worker takes due messages with
 * `FOR UPDATE SKIP LOCKED` and leases them (`locked_until`) before sending outside any transaction,
 * so each message goes out once: a lease outlasts a whole SMTP exchange (mailer.ts's timeouts). Only
 * a worker that dies between sending and recording it (a crash in that instant) makes its lease
 * expire and the message be sent again. A worker that stops (a graceful shutdown) finishes the
 * message it is sending, claims no other, and gives back the leases of any it took but did not send.
 */
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { mailQueue } from '../../db/schema';
import { loggableError } from '../logging';
import type { MailAttachment, MailMessage, Mailer } from './mailer';

/**
 * A file to attach, named rather than stored: the worker makes it when it sends (an invoice's PDF
 * is written from the invoice's row), so the queue holds no copy of it.
 */
export type AttachmentRef =
  | { kind: 'invoice'; id: string }
  /** The terms of sale in force for an order, in its language (with the model withdrawal form). */
  | { kind: 'salesTerms'; language: 'fr' | 'en' | 'ro' };

/** A transaction or the database: enqueueing joins the caller's transaction. */
export type Executor = Pick<Database, 'insert'>;

export const MAIL_MAX_ATTEMPTS = 8;
/** When an attachment could not be written for a busy moment: soon, and without counting an attempt. */
const BUSY_RETRY_MS = 30_000;
/** Longer than a whole SMTP exchange can take (mailer.ts's timeouts): a live worker keeps its message. */
const LEASE_MS = 5 * 60 * 1000;
/** One message per claim: each is leased just before it is sent, never while others go first. */
const BATCH_SIZE = 1;

/** 30 s, 1 min, 2 min… capped at 1 h: a mail server down for an afternoon loses nothing. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

export async function enqueueMail(
  executor: Executor,
  message: MailMessage,
  userId: string | null = null,
  attachments: AttachmentRef[] = [],
  /** The contact message the mail is about: it goes when that message is deleted. */
  contactMessageId: string | null = null,
  /** The order whose confirmation this is: once sent, the consent it confirms takes effect. */
  checkoutSessionId: string | null = null,
) {
  await executor.insert(mailQueue).values({
    kind: 'message',
    userId,
    contactMessageId,
    checkoutSessionId,
    recipient: message.to,
    subject: message.subject,
    payload: {
      text: message.text,
      html: message.html,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      ...(message.unsubscribeUrl ? { unsubscribeUrl: message.unsubscribeUrl } : {}),
      ...(attachments.length > 0 ? { attachments } : {}),
    },
  });
}

/** A reset request names only an address; the worker finds out whether an account has it. */
export async function enqueuePasswordReset(executor: Executor, email: string) {
  await executor.insert(mailQueue).values({ kind: 'password_reset', recipient: email, payload: {} });
}

type QueuedRow = typeof mailQueue.$inferSelect;

export interface MailQueueLogger {
  info?(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What the queue reports to the metrics (services/metrics.ts); absent where a test builds it alone. */
export interface MailQueueMetrics {
  mailSent(): void;
  /** One failed attempt; `givenUp` when it was the message's last. */
  mailFailed(givenUp: boolean): void;
}

/** Whether the worker runs and shows life, and why not (GET /readyz). */
export interface MailWorkerLiveness {
  alive: boolean;
  detail: string;
}

export interface MailQueueOptions {
  db: Database;
  mailer: Mailer;
  /** Turns a password_reset job into the message to send, or null when no account has the address. */
  resolvePasswordReset(email: string): Promise<{ message: MailMessage; userId: string } | null>;
  /** Makes a file named by an AttachmentRef (throws when it cannot: the message is retried). */
  attachment?(ref: AttachmentRef): Promise<MailAttachment>;
  logger: MailQueueLogger;
  /** How often the worker looks for due messages (ms); a local enqueue wakes it at once. */
  pollMs?: number;
  metrics?: MailQueueMetrics;
  /** The clock of the liveness check (tests). */
  now?: () => number;
}

export function createMailQueue(options: MailQueueOptions) {
  const { db, mailer, logger } = options;
  const pollMs = options.pollMs ?? 2000;
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;
  /** Set by `stop`: the pass under way sends what it holds and claims nothing more. */
  let stopping = false;
  /** Messages this worker leased and has not sent yet: their leases are given back when it stops. */
  const held = new Set<string>();
  /** The worker's last sign of life: started, a pass begun or ended, a message handled. */
  let lastBeat = 0;
  const beat = () => {
    lastBeat = now();
  };

  /** Leases the next due message(s) to this worker. */
  async function claim(): Promise<QueuedRow[]> {
    const due = db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(
        and(
          eq(mailQueue.status, 'pending'),
          sql`${mailQueue.nextAttemptAt} <= now()`,
          or(isNull(mailQueue.lockedUntil), lt(mailQueue.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(mailQueue.createdAt)
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(mailQueue)
      .set({
        lockedUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`,
        attempts: sql`${mailQueue.attempts} + 1`,
      })
      .where(sql`${mailQueue.id} in (${due})`)
      .returning();
    for (const row of rows) held.add(row.id);
    return rows;
  }

  /**
   * Gives back the leases of messages taken and not sent (no attempt made: the count goes back), so
   * that the next worker, here or on another instance, sends them now rather than when they expire.
   */
  async function releaseLeases(): Promise<number> {
    if (held.size === 0) return 0;
    const ids = [...held];
    held.clear();
    const released = await db
      .update(mailQueue)
      .set({ lockedUntil: null, attempts: sql`greatest(${mailQueue.attempts} - 1, 0)` })
      .where(and(inArray(mailQueue.id, ids), eq(mailQueue.status, 'pending')))
      .returning({ id: mailQueue.id });
    if (released.length > 0)
      logger.info?.(
        { mailIds: released.map((row) => row.id) },
        'Mail leases given back: sent at the next start',
      );
    return released.length;
  }

  async function deliver(row: QueuedRow): Promise<void> {
    let message: MailMessage;
    let userId = row.userId;
    try {
      if (row.kind === 'password_reset') {
        const resolved = await options.resolvePasswordReset(row.recipient);
        if (!resolved) {
          // No account has this address: nothing to send, and nothing about it to keep.
          await db.delete(mailQueue).where(eq(mailQueue.id, row.id));
          held.delete(row.id);
          return;
        }
        message = resolved.message;
        userId = resolved.userId;
      } else {
        const payload = (row.payload ?? {}) as {
          text?: string;
          html?: string;
          replyTo?: string;
          unsubscribeUrl?: string;
          attachments?: AttachmentRef[];
        };
        const refs = payload.attachments ?? [];
        const makeAttachment = options.attachment;
        if (refs.length > 0 && !makeAttachment) throw new Error('This worker cannot make attachments');
        const attachments = makeAttachment ? await Promise.all(refs.map((ref) => makeAttachment(ref))) : [];
        message = {
          to: row.recipient,
          subject: row.subject ?? '',
          text: payload.text ?? '',
          html: payload.html ?? '',
          ...(payload.replyTo ? { replyTo: payload.replyTo } : {}),
          ...(payload.unsubscribeUrl ? { unsubscribeUrl: payload.unsubscribeUrl } : {}),
          ...(attachments.length > 0 ? { attachments } : {}),
        };
      }
      await mailer.send({ ...message, id: row.id });
      // Sent: its lease is never given back, even if recording it fails below (it would go twice).
      held.delete(row.id);
    } catch (error) {
      await recordFailure(row, error);
      return;
    }
    options.metrics?.mailSent();
    // Sent: the body (and any link in it) is erased; who, what and when remain for the data export.
    // A failure to record it is logged, never retried: the message went out.
    await db
      .update(mailQueue)
      .set({
        status: 'sent',
        sentAt: sql`now()`,
        payload: null,
        subject: message.subject,
        userId,
        lockedUntil: null,
        lastError: null,
      })
      .where(eq(mailQueue.id, row.id))
      .catch((error: unknown) =>
        logger.error({ mailId: row.id, failure: loggableError(error) }, 'A sent mail could not be recorded'),
      );
  }

  async function recordFailure(row: QueuedRow, error: unknown) {
    // The reason without any address a mail server may quote in it: never the message, its address or link.
    const raw = error instanceof Error ? error.message : String(error);
    const reason = raw.replace(/[^\s<>"'@]+@[^\s<>"']+/g, '[address]').slice(0, 500);
    // The attachment's writers were busy (503, services/workers/): no attempt used, tried again soon.
    const busy = (error as { statusCode?: unknown } | null)?.statusCode === 503;
    const givenUp = !busy && row.attempts >= MAIL_MAX_ATTEMPTS;
    options.metrics?.mailFailed(givenUp);
    logger.warn(
      { mailId: row.id, attempts: row.attempts, reason },
      givenUp ? 'Mail given up' : 'Mail will be retried',
    );
    await db
      .update(mailQueue)
      .set(
        givenUp
          ? { status: 'failed', payload: null, lockedUntil: null, lastError: reason }
          : {
              lockedUntil: null,
              lastError: reason,
              ...(busy ? { attempts: sql`greatest(${mailQueue.attempts} - 1, 0)` } : {}),
              nextAttemptAt: new Date(Date.now() + (busy ? BUSY_RETRY_MS : retryDelayMs(row.attempts))),
            },
      )
      .where(eq(mailQueue.id, row.id))
      .then(() => held.delete(row.id))
      .catch((updateError: unknown) =>
        logger.error({ failure: loggableError(updateError) }, 'Cannot record a mail failure'),
      );
  }

  /** Sends every message due now; resolves with how many were taken. */
  async function runOnce(): Promise<number> {
    let total = 0;
    while (!stopping) {
      const rows = await claim();
      if (rows.length === 0) return total;
      total += rows.length;
      for (const row of rows) {
        // Taken and left when the worker stops: `stop` gives the lease back.
        if (stopping) break;
        await deliver(row);
        beat();
      }
    }
    return total;
  }

  /** One pass at a time; a wake-up during a pass asks for another right after it. */
  function pass(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    beat();
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await runOnce().catch((error: unknown) => {
          logger.error({ failure: loggableError(error) }, 'The mail worker failed');
          return 0;
        });
      } while (again);
      return total;
    })().finally(() => {
      running = null;
      beat();
    });
    return running;
  }

  /** A pass starts `pollMs` after the previous ended: several missed polls mean the timer is gone. */
  const idleLimitMs = Math.max(30_000, 5 * pollMs);

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void pass().finally(schedule);
    }, pollMs);
    timer.unref();
  }

  return {
    /** Starts polling (the server does; tests may drive `drain` themselves). */
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      beat();
      schedule();
    },
    /** Lets the message being sent finish, claims no other, and gives back what it took but did not send. */
    async stop() {
      stopped = true;
      stopping = true;
      if (timer) clearTimeout(timer);
      await running;
      await releaseLeases().catch((error: unknown) =>
        logger.error({ failure: loggableError(error) }, 'Mail leases could not be given back'),
      );
    },
    /** The messages this worker holds and has not sent (a shutdown's deadline names them). */
    holding: (): string[] => [...held],
    /** For a shutdown past its deadline: the leases of messages not sent, given back at once. */
    releaseLeases,
    /** After a local enqueue: send now rather than at the next poll. */
    wake() {
      if (!stopped) void pass();
    },
    /** Sends everything due, waiting for a pass under way; resolves with how many were taken. */
    drain: pass,
    /**
     * Alive: started, and either idle with its last pass ended within a few polls, or in a pass that
     * handled a message within a lease (a pass sends one message after another; one exchange with
     * the mail server outlasting its lease means the worker hangs).
     */
    liveness(): MailWorkerLiveness {
      if (stopped) return { alive: false, detail: 'The mail worker is not running' };
      const quiet = now() - lastBeat;
      if (running) {
        return quiet < LEASE_MS
          ? { alive: true, detail: 'Sending' }
          : { alive: false, detail: `No message handled for ${Math.round(quiet / 1000)} s in a pass` };
      }
      return quiet < idleLimitMs
        ? { alive: true, detail: 'Waiting for mail' }
        : { alive: false, detail: `No pass for ${Math.round(quiet / 1000)} s` };
    },
    /** Messages not sent nor given up yet, due now or later (the metrics' queue depth). */
    async pendingCount(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(mailQueue)
        .where(eq(mailQueue.status, 'pending'));
      return row?.count ?? 0;
    },
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;
