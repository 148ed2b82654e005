/**
 * The documents' worker pool (server/services/workers/worker-pool.ts): a full queue and a task past
 * its time limit are refused at once as "busy" (the API answers 503), and the pool goes on working.
 * The tasks here wait on a gate the test opens (fixtures/gate-worker.mjs), so nothing waits for time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  createWorkerPool,
  WorkersBusyError,
  type WorkerPool,
} from '../../server/services/workers/worker-pool';

const entry = new URL('./fixtures/gate-worker.mjs', import.meta.url).href;
const setup = { legalForms: [], caenClasses: [] };

function gate() {
  const buffer = new SharedArrayBuffer(4);
  return {
    buffer,
    open() {
      Atomics.store(new Int32Array(buffer), 0, 1);
      Atomics.notify(new Int32Array(buffer), 0);
    },
  };
}

/** Resolves once `count` tasks are posted and unanswered. */
const pendingReaches = (pool: WorkerPool, count: number) =>
  new Promise<void>((resolve) => {
    if (pool.pending >= count) return resolve();
    const listener = (pending: number) => {
      if (pending < count) return;
      pool.events.off('change', listener);
      resolve();
    };
    pool.events.on('change', listener);
  });

let pool: WorkerPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

// The gate's tasks are not the pool's own kinds: run through the same typed entry as any other.
const held = (target: WorkerPool, buffer: SharedArrayBuffer, index: number) =>
  target.run({ gate: buffer, index } as never) as Promise<unknown>;

const options = {
  threads: 1,
  maxQueue: 1,
  maxWaitMs: 60_000,
  taskTimeoutMs: 60_000,
  perOwner: 10,
  setup,
  entry,
};

describe('the worker pool', () => {
  it('refuses a task past its queue at once (busy), and runs the others once a thread is free', async () => {
    pool = createWorkerPool(options);
    const { buffer, open } = gate();
    const first = held(pool, buffer, 1);
    const second = held(pool, buffer, 2);
    await pendingReaches(pool, 2);
    const refusal = await held(pool, buffer, 3).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(WorkersBusyError);
    expect(refusal).toMatchObject({ statusCode: 503, reason: 'queue', retryAfterSeconds: 5 });
    open();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(pool.pending).toBe(0);
  });

  it("runs the server's own tasks first, past a full queue", async () => {
    pool = createWorkerPool(options);
    const hold = gate();
    const free = gate();
    free.open();
    const done: number[] = [];
    const first = held(pool, hold.buffer, 1);
    const user = held(pool, free.buffer, 2).then((index) => done.push(index as number));
    await pendingReaches(pool, 2);
    // The queue is full for a founder's task, not for the server's (an invoice for a mail).
    const system = (
      pool.run({ gate: free.buffer, index: 3 } as never, { system: true }) as Promise<unknown>
    ).then((index) => done.push(index as number));
    hold.open();
    await Promise.all([first, user, system]);
    expect(done).toEqual([3, 2]);
  });

  it('gives one account two tasks at once, and refuses a third (429) while the others go on', async () => {
    pool = createWorkerPool({ ...options, maxQueue: 10, perOwner: 2 });
    const { buffer, open } = gate();
    const run = (index: number, owner: string) =>
      pool?.run({ gate: buffer, index } as never, { owner }) as Promise<unknown>;
    const mine = [run(1, 'founder-a'), run(2, 'founder-a')];
    await pendingReaches(pool, 2);
    await expect(run(3, 'founder-a')).rejects.toMatchObject({ statusCode: 429, reason: 'owner' });
    const theirs = run(4, 'founder-b');
    open();
    expect(await Promise.all([...mine, theirs])).toEqual([1, 2, 4]);
    // Done: the account has its share again.
    const again = gate();
    again.open();
    await expect(pool.run({ gate: again.buffer, index: 5 } as never, { owner: 'founder-a' })).resolves.toBe(
      5,
    );
  });

  it('refuses a task that waited too long for a thread, without touching the thread that runs', async () => {
    pool = createWorkerPool({ ...options, maxWaitMs: 300 });
    const { buffer, open } = gate();
    const first = held(pool, buffer, 1);
    await pendingReaches(pool, 1);
    await expect(held(pool, buffer, 2)).rejects.toMatchObject({ statusCode: 503, reason: 'wait' });
    open();
    await expect(first).resolves.toBe(1);
  });

  it('gives up a task past its time limit, replaces its thread, and runs the next one', async () => {
    // Long enough for a new thread to start on a busy machine; the stuck task waits it out.
    pool = createWorkerPool({ ...options, maxQueue: 4, taskTimeoutMs: 3_000 });
    const stuck = gate();
    const refusal = await held(pool, stuck.buffer, 1).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ statusCode: 503, reason: 'timeout' });
    const next = gate();
    next.open();
    await expect(held(pool, next.buffer, 2)).resolves.toBe(2);
  });

  it('closes gracefully: the running task finishes, the waiting one and any new one are refused as busy', async () => {
    const closing = createWorkerPool(options);
    const { buffer, open } = gate();
    const running = held(closing, buffer, 1);
    const waiting = held(closing, buffer, 2).catch((error: unknown) => error);
    await pendingReaches(closing, 2);
    let closed = false;
    const close = closing.close().then(() => {
      closed = true;
    });
    expect(await waiting).toMatchObject({ statusCode: 503, reason: 'wait' });
    await expect(held(closing, buffer, 3)).rejects.toMatchObject({ statusCode: 503 });
    // Still closing while the running task holds its thread.
    expect(closed).toBe(false);
    open();
    await expect(running).resolves.toBe(1);
    await close;
    expect(closing.pending).toBe(0);
  });
});
