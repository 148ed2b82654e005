/**
 * A small pool of worker threads (piscina) for the work whose cost a user controls: documents,
 * invoices and logos (worker-tasks.ts). Sized to the cores; each task within a time limit; a
 * bounded queue, past which a request is refused at once (503, Retry-After) rather than left to
 * wait behind others. The event loop only posts tasks and reads answers, so a cheap request is never
 * held up by an expensive one (security review R3-01: six previews rendered on the event loop
 * stalled every other request for 53 s).
 */
import { EventEmitter } from 'node:events';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ResultOf, WorkerSetup, WorkerTask } from './worker-tasks';

export interface WorkerPoolOptions {
  threads: number;
  /** Tasks waiting for a thread, at most, beside one running per thread; one more is refused (503). */
  maxQueue: number;
  /** How long a task may take, waiting included, before it is given up and its thread replaced. */
  taskTimeoutMs: number;
  setup: WorkerSetup;
  /** Start a thread at once (a server) rather than at the first task (tests, scripts). */
  warm?: boolean;
  /** Another module for the threads to run (the pool's own tests); worker-entry.mjs otherwise. */
  entry?: string;
}

/** The pool's sizes: a thread per core unless told, four tasks waiting per thread, 20 s a task. */
export function defaultPoolSize(threadCount = availableParallelism()) {
  const threads = Math.max(1, threadCount);
  return { threads, maxQueue: threads * 4, taskTimeoutMs: 20_000 };
}

/** Refused for now: the queue is full, or the task ran past its time limit. */
export class WorkersBusyError extends Error {
  readonly statusCode = 503;
  /** Its message is meant for the client (the error handler hides other 5xx messages). */
  readonly expose = true;
  readonly retryAfterSeconds = 5;

  constructor(readonly reason: 'queue' | 'timeout') {
    super(
      reason === 'queue'
        ? 'Too many documents are being written right now; please retry in a few seconds.'
        : 'This document took too long to write; please retry in a few seconds.',
    );
  }
}

const ENTRY = new URL('./worker-entry.mjs', import.meta.url).href;

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
  let pending = 0;
  const changed = (by: number) => {
    pending += by;
    events.emit('change', pending);
  };

  return {
    /** Runs a task in a thread; throws WorkersBusyError when it cannot be run now. */
    async run<T extends WorkerTask>(task: T): Promise<ResultOf<T>> {
      // Counted here: piscina keeps a task that has an abort signal outside its bounded queue.
      if (pending >= options.threads + options.maxQueue) throw new WorkersBusyError('queue');
      changed(1);
      try {
        return (await pool.run(task, { signal: AbortSignal.timeout(options.taskTimeoutMs) })) as ResultOf<T>;
      } catch (error) {
        if (error instanceof Error && error.name === 'AbortError') throw new WorkersBusyError('timeout');
        throw error;
      } finally {
        changed(-1);
      }
    },
    /** Tasks posted and not yet answered (running or waiting). */
    get pending() {
      return pending;
    },
    /** 'change' with the number of pending tasks, each time one is posted or answered (tests wait on it). */
    events,
    threads: options.threads,
    close: () => pool.destroy(),
  };
}

export type WorkerPool = ReturnType<typeof createWorkerPool>;
