/**
 * A small pool of worker threads (piscina) for the work whose cost a user controls: documents,
 * invoices and logos (worker-tasks.ts). The event loop only posts tasks and reads answers, so a
 * cheap request is never held up by an expensive one (security review R3-01: six previews rendered
 * on the event loop stalled every other request for 53 s).
 *
 * The pool keeps its own queue rather than piscina's, so that it can say what waits and for how long:
 * - a thread per core; a task gets a thread, or waits its turn for at most `maxWaitMs`, then is
 *   refused (503) without costing a thread anything;
 * - at most `maxQueue` tasks wait; one more is refused at once (503, Retry-After);
 * - one account has at most `perOwner` tasks running or waiting (429): a few free accounts cannot
 *   keep the queue full for everyone;
 * - the server's own tasks (an invoice for an outgoing mail) go first and are never refused for a
 *   full queue;
 * - a running task has `taskTimeoutMs`, counted from its start; past it, its thread is replaced.
 */
import { EventEmitter } from 'node:events';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ResultOf, WorkerSetup, WorkerTask } from './worker-tasks';

export interface WorkerPoolOptions {
  threads: number;
  /** Tasks waiting for a thread, at most, beside one running per thread; one more is refused (503). */
  maxQueue: number;
  /** How long a task may wait for a thread before it is refused (503). */
  maxWaitMs: number;
  /** How long a task may run; past it, its thread is replaced (503). */
  taskTimeoutMs: number;
  /** Tasks one account may have running or waiting at once; one more is refused (429). */
  perOwner: number;
  setup: WorkerSetup;
  /** Start a thread at once (a server) rather than at the first task (tests, scripts). */
  warm?: boolean;
  /** Another module for the threads to run (the pool's own tests); worker-entry.mjs otherwise. */
  entry?: string;
  metrics?: WorkerPoolMetrics;
}

/** What the pool reports to the metrics (services/metrics.ts). */
export interface WorkerPoolMetrics {
  /** A task ran in a thread for `seconds` (answered, failed or timed out; its wait not counted). */
  taskRan(kind: WorkerTask['kind'], seconds: number): void;
}

/** The pool's load at one moment. */
export interface WorkerPoolLoad {
  /** Tasks waiting for a thread. */
  waiting: number;
  /** Threads running a task. */
  busy: number;
  threads: number;
}

/** The pool's sizes: a thread per core unless told, four tasks waiting per thread. */
export function defaultPoolSize(threadCount = availableParallelism()) {
  const threads = Math.max(1, threadCount);
  return { threads, maxQueue: threads * 4, maxWaitMs: 15_000, taskTimeoutMs: 20_000, perOwner: 2 };
}

export type BusyReason = 'queue' | 'wait' | 'timeout' | 'owner';

const MESSAGES: Record<BusyReason, string> = {
  queue: 'Too many documents are being written right now; please retry in a few seconds.',
  wait: 'Too many documents are being written right now; please retry in a few seconds.',
  timeout: 'This document took too long to write; please retry in a few seconds.',
  owner: 'Your previous documents are still being written; please retry in a few seconds.',
};

/** Refused for now: the queue is full, the wait or the run took too long, or the account asks too much. */
export class WorkersBusyError extends Error {
  /** 429 for the account's own excess, 503 when the service is busy. */
  readonly statusCode: 429 | 503;
  /** Its message is meant for the client (the error handler hides other 5xx messages). */
  readonly expose = true;
  readonly retryAfterSeconds = 5;

  constructor(readonly reason: BusyReason) {
    super(MESSAGES[reason]);
    this.statusCode = reason === 'owner' ? 429 : 503;
  }
}

export interface RunOptions {
  /** Who asked (a user id): bounds one account's share of the pool. */
  owner?: string;
  /** The server's own work (an invoice for a mail): first in line, never refused for a full queue. */
  system?: boolean;
}

const ENTRY = new URL('./worker-entry.mjs', import.meta.url).href;

interface Waiting {
  system: boolean;
  start: () => void;
  cancel: (error: Error) => void;
}

export function createWorkerPool(options: WorkerPoolOptions) {
  const pool = new Piscina<WorkerTask, unknown>({
    filename: options.entry ?? ENTRY,
    minThreads: options.warm ? 1 : 0,
    maxThreads: options.threads,
    // An idle thread stays a minute: a founder's next preview does not pay for a thread's start.
    idleTimeout: 60_000,
    workerData: options.setup,
  });
  const events = new EventEmitter();
  const waiting: Waiting[] = [];
  const owners = new Map<string, number>();
  let pending = 0;
  let running = 0;
  let closed = false;

  const changed = (by: number, owner?: string) => {
    pending += by;
    if (owner) {
      const count = (owners.get(owner) ?? 0) + by;
      if (count > 0) owners.set(owner, count);
      else owners.delete(owner);
    }
    events.emit('change', pending);
  };

  /** Resolves once the task holds a thread; rejects when it waited past `maxWaitMs`. */
  const turn = (system: boolean) =>
    new Promise<void>((resolve, reject) => {
      if (running < options.threads) {
        running += 1;
        return resolve();
      }
      const job: Waiting = {
        system,
        start: () => {
          clearTimeout(timer);
          running += 1;
          resolve();
        },
        cancel: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        const index = waiting.indexOf(job);
        if (index >= 0) waiting.splice(index, 1);
        reject(new WorkersBusyError('wait'));
      }, options.maxWaitMs);
      // The server's tasks wait behind each other only.
      const after = system ? waiting.findIndex((other) => !other.system) : -1;
      if (after >= 0) waiting.splice(after, 0, job);
      else waiting.push(job);
    });

  const release = () => {
    running -= 1;
    if (!closed) waiting.shift()?.start();
  };

  return {
    /** Runs a task in a thread; throws WorkersBusyError when it cannot be run now. */
    async run<T extends WorkerTask>(task: T, runOptions: RunOptions = {}): Promise<ResultOf<T>> {
      const { owner, system = false } = runOptions;
      // Closing (a shutdown): refused as busy, which a client retries on the next instance.
      if (closed) throw new WorkersBusyError('wait');
      if (owner && (owners.get(owner) ?? 0) >= options.perOwner) throw new WorkersBusyError('owner');
      const queued = waiting.filter((job) => !job.system).length;
      if (!system && running >= options.threads && queued >= options.maxQueue)
        throw new WorkersBusyError('queue');
      changed(1, owner);
      try {
        await turn(system);
        const started = performance.now();
        try {
          return (await pool.run(task, {
            signal: AbortSignal.timeout(options.taskTimeoutMs),
          })) as ResultOf<T>;
        } catch (error) {
          if (error instanceof Error && error.name === 'AbortError') throw new WorkersBusyError('timeout');
          throw error;
        } finally {
          options.metrics?.taskRan(task.kind, (performance.now() - started) / 1000);
          release();
        }
      } finally {
        changed(-1, owner);
      }
    },
    /** Tasks posted and not yet answered (running or waiting). */
    get pending() {
      return pending;
    },
    load(): WorkerPoolLoad {
      return { waiting: waiting.length, busy: running, threads: options.threads };
    },
    /** 'change' with the number of pending tasks, each time one is posted or answered (tests wait on it). */
    events,
    threads: options.threads,
    /** Refuses what waits, lets the running tasks end (each within taskTimeoutMs), then stops the threads. */
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.cancel(new WorkersBusyError('wait'));
      if (running > 0)
        await new Promise<void>((resolve) => {
          const settled = () => {
            if (running > 0) return;
            events.off('change', settled);
            resolve();
          };
          events.on('change', settled);
        });
      await pool.destroy();
    },
  };
}

export type WorkerPool = ReturnType<typeof createWorkerPool>;
