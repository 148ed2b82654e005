/**
 * Whether this instance can serve (GET /readyz): the database answers `select 1`, every migration
 * of the journal is applied, and the mail worker is alive. A load balancer probes it every few
 * seconds, so each probe costs two small queries and logs nothing; only a change of verdict is
 * logged (with the database's error, which the public answer does not carry).
 */
import { sql } from 'drizzle-orm';
import type { components } from '../../src/lib/api/schema';
import { migrationJournal, type Database } from '../db/database';
import { loggableError } from './logging';
import type { MailWorkerLiveness } from './mail/mail-queue';

export type Readiness = components['schemas']['Readiness'];
type CheckName = keyof Readiness['checks'];

export interface ReadinessLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface ReadinessOptions {
  db: Database;
  mailWorker(): MailWorkerLiveness;
  log: ReadinessLogger;
  /** How long the database has to answer (ms): a probe must not hang on a half-open connection. */
  timeoutMs?: number;
}

class TimedOut extends Error {}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createReadiness(options: ReadinessOptions) {
  const { db, log } = options;
  const timeoutMs = options.timeoutMs ?? 3000;
  // Read once: the migrations a running server expects are those it was started with.
  const expected = migrationJournal().map((entry) => entry.when);
  /** The failed checks of the last verdict (null before the first): a change is logged. */
  let lastFailed: string | null = null;

  /** The database's and the migrations' checks, and the error behind a failure (for the log). */
  async function databaseAndMigrations(): Promise<{
    checks: Pick<Readiness['checks'], 'database' | 'migrations'>;
    error?: unknown;
  }> {
    try {
      await within(db.execute(sql`select 1`), timeoutMs);
    } catch (error) {
      const detail =
        error instanceof TimedOut ? `No answer to select 1 within ${timeoutMs} ms` : 'select 1 failed';
      return {
        checks: {
          database: { ok: false, detail },
          migrations: { ok: false, detail: 'Not checked: the database does not answer' },
        },
        error,
      };
    }
    const database = { ok: true, detail: 'select 1 answered' };
    try {
      const result: unknown = await within(
        db.execute(sql`select created_at from drizzle.__drizzle_migrations`),
        timeoutMs,
      );
      // node-postgres and PGlite both answer { rows }; created_at is a bigint (a string from node-postgres).
      const applied = new Set(
        (result as { rows: { created_at: unknown }[] }).rows.map((row) => Number(row.created_at)),
      );
      const done = expected.filter((when) => applied.has(when)).length;
      return {
        checks: {
          database,
          migrations: {
            ok: done === expected.length,
            detail: `${done} of ${expected.length} migrations applied`,
          },
        },
      };
    } catch (error) {
      return {
        checks: { database, migrations: { ok: false, detail: 'The migrations table cannot be read' } },
        error,
      };
    }
  }

  return {
    async check(): Promise<Readiness> {
      const stored = await databaseAndMigrations();
      const worker = options.mailWorker();
      const checks: Readiness['checks'] = {
        ...stored.checks,
        mailWorker: { ok: worker.alive, detail: worker.detail },
      };
      const failed = (Object.keys(checks) as CheckName[]).filter((name) => !checks[name].ok);
      const verdict = failed.join(', ');
      if (verdict !== lastFailed) {
        if (failed.length > 0)
          log.warn(
            { failed, checks, ...(stored.error ? { failure: loggableError(stored.error) } : {}) },
            `Not ready: ${verdict}`,
          );
        else if (lastFailed !== null) log.info({ checks }, 'Ready again');
        lastFailed = verdict;
      }
      if (failed.length === 0) return { status: 'ready', checks, failed };
      return {
        status: 'unavailable',
        checks,
        failed,
        message: `Not ready: ${verdict}`,
        error: 'Service Unavailable',
      };
    },
  };
}

export type ReadinessService = ReturnType<typeof createReadiness>;
