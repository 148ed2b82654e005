import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileData } from './draft-merge';
import {
  DraftRefusedError,
  DraftSync,
  type CompanyFile,
  type DraftApi,
  type DraftSyncOptions,
  type SaveResult,
} from './draft-sync';

const KEY = 'kreo.companyFile.user-1';
const DEBOUNCE_MS = 500;
const RETRY_DELAYS_MS = [1_000, 4_000] as const;

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function companyFile(revision: number, data: FileData, extra: Partial<CompanyFile> = {}): CompanyFile {
  return {
    revision,
    step: 0,
    data,
    status: revision === 0 ? 'new' : 'draft',
    updatedAt: revision === 0 ? null : `2025-01-0${Math.min(revision, 9)}T10:00:00.000Z`,
    submittedAt: null,
    ...extra,
  };
}

type SaveCall = Parameters<DraftApi['save']>;

/**
 * The server's side of the contract: it keeps one file with a revision, accepts a draft only when it
 * starts from the current revision (else answers a conflict with its file, as the 409 does), and can
 * be made unreachable or to refuse drafts.
 */
class FakeServer {
  file: CompanyFile;
  /** Thrown by load() while set (the network is down). */
  loadError: Error | null = null;
  /** Thrown by save() while set. */
  saveError: Error | null = null;
  /** Runs as each draft arrives, before the server looks at it (e.g. another browser saving first). */
  beforeSave: (() => void) | null = null;
  /** When each draft arrived (the fake clock's Date.now()). */
  readonly saveTimes: number[] = [];

  readonly api = {
    load: vi.fn<DraftApi['load']>(async () => {
      if (this.loadError) throw this.loadError;
      return clone(this.file);
    }),
    save: vi.fn<DraftApi['save']>(async (draft): Promise<SaveResult> => {
      this.saveTimes.push(Date.now());
      this.beforeSave?.();
      if (this.saveError) throw this.saveError;
      if (draft.baseRevision !== this.file.revision) return { conflict: clone(this.file) };
      this.file = {
        ...this.file,
        revision: this.file.revision + 1,
        data: clone(draft.data),
        step: draft.step,
        status: this.file.status === 'submitted' ? 'amended' : 'draft',
        updatedAt: '2025-02-01T10:00:00.000Z',
      };
      return { saved: clone(this.file) };
    }),
  } satisfies DraftApi;

  constructor(file: CompanyFile = companyFile(0, {})) {
    this.file = file;
  }

  /** Another browser saves a new version of the file. */
  editElsewhere(data: FileData): void {
    this.file = { ...this.file, revision: this.file.revision + 1, data: clone(data) };
  }

  get saves(): SaveCall[] {
    return this.api.save.mock.calls;
  }
}

/** A localStorage of this test alone. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: vi.fn((key: string) => items.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void items.set(key, value)),
    /** What the device holds, parsed. */
    copy(): { version: number; data: FileData; step: number; base: unknown; dirty: boolean } | null {
      const raw = items.get(KEY);
      return raw ? JSON.parse(raw) : null;
    },
  };
}

type MemoryStorage = ReturnType<typeof memoryStorage>;

const syncs: DraftSync[] = [];

function createSync(server: FakeServer, storage: MemoryStorage, options: Partial<DraftSyncOptions> = {}) {
  const sync = new DraftSync({
    api: server.api,
    storage,
    storageKey: KEY,
    debounceMs: DEBOUNCE_MS,
    retryDelaysMs: RETRY_DELAYS_MS,
    ...options,
  });
  syncs.push(sync);
  return sync;
}

/**
 * Runs the timers due now and the ones they start, and lets their promises settle. A timer of 0 ms
 * started from another timer runs 1 ms later under fake timers, so a few milliseconds are let pass.
 */
const SETTLE_MS = 20;
const settle = () => vi.advanceTimersByTimeAsync(SETTLE_MS);
/** Moves the fake clock to `time` (ms since the epoch, as Date.now()). */
const advanceTo = (time: number) => vi.advanceTimersByTimeAsync(Math.max(0, time - Date.now()));

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const sync of syncs.splice(0)) sync.dispose();
  vi.useRealTimers();
});

describe('loading', () => {
  it('starts loading, then shows the server copy as saved and keeps it on the device', async () => {
    const server = new FakeServer(companyFile(3, { companyName: 'Kreo' }, { step: 2 }));
    const storage = memoryStorage();
    const sync = createSync(server, storage);

    expect(sync.getState().phase).toBe('loading');
    await sync.start();

    expect(sync.getState()).toMatchObject({
      phase: 'ready',
      data: { companyName: 'Kreo' },
      step: 2,
      sync: 'saved',
      mergedFromElsewhere: false,
      file: { revision: 3, status: 'draft', submittedAt: null },
    });
    expect(storage.copy()).toEqual({
      version: 1,
      wizardVersion: 1,
      setAside: {},
      data: { companyName: 'Kreo' },
      step: 2,
      base: { revision: 3, data: { companyName: 'Kreo' } },
      dirty: false,
    });
    await settle();
    expect(server.api.save).not.toHaveBeenCalled();
  });

  it("shows this device's unsent copy at once, then merges it with the server's newer file and sends it", async () => {
    const base = { companyName: 'Kreo', shareCapital: 1000 };
    const storage = memoryStorage({
      [KEY]: JSON.stringify({
        version: 1,
        data: { companyName: 'Kreo SAS', shareCapital: 1000 },
        step: 1,
        base: { revision: 1, data: base },
        dirty: true,
      }),
    });
    // Meanwhile another browser changed the capital.
    const server = new FakeServer(companyFile(2, { companyName: 'Kreo', shareCapital: 5000 }));
    const load = deferred<CompanyFile>();
    server.api.load.mockImplementationOnce(() => load.promise);
    const sync = createSync(server, storage);

    const started = sync.start();
    // On screen before the server answers.
    expect(sync.getState()).toMatchObject({
      phase: 'ready',
      data: { companyName: 'Kreo SAS', shareCapital: 1000 },
      step: 1,
    });

    load.resolve(clone(server.file));
    await started;

    const merged = { companyName: 'Kreo SAS', shareCapital: 5000 };
    expect(sync.getState()).toMatchObject({ data: merged, mergedFromElsewhere: true, sync: 'pending' });
    expect(storage.copy()).toMatchObject({ data: merged, base: { revision: 2 }, dirty: true });

    await settle();
    expect(server.saves).toHaveLength(1);
    expect(server.saves[0]?.[0]).toEqual({ data: merged, step: 1, baseRevision: 2, version: 1 });
    expect(sync.getState()).toMatchObject({ sync: 'saved', data: merged, file: { revision: 3 } });
    expect(server.file.data).toEqual(merged);
  });

  it('brings a device copy of an older wizard version to the current one, and sends what it set aside', async () => {
    const storage = memoryStorage({
      [KEY]: JSON.stringify({
        version: 1,
        data: { companyName: 'Kreo', presidentName: 'Ana Pop', favouriteColour: 'blue' },
        step: 2,
        base: { revision: 1, data: { companyName: 'Kreo' } },
        dirty: true,
      }),
    });
    const server = new FakeServer(companyFile(1, { companyName: 'Kreo' }));
    const migrate = vi.fn((data: Record<string, unknown>, version: number, step: number) => {
      expect(version).toBe(1);
      const { presidentName, favouriteColour, ...rest } = data;
      const moved = presidentName === undefined ? {} : { managers: [{ name: presidentName }] };
      return {
        data: { ...rest, ...moved },
        setAside: favouriteColour === undefined ? {} : { favouriteColour },
        step: step + 1,
      };
    });
    const sync = createSync(server, storage, { wizardVersion: 2, migrate });

    await sync.start();
    const migrated = { companyName: 'Kreo', managers: [{ name: 'Ana Pop' }] };
    expect(sync.getState()).toMatchObject({ data: migrated, step: 3, setAside: { favouriteColour: 'blue' } });
    await settle();
    expect(server.saves[0]?.[0]).toEqual({
      data: migrated,
      step: 3,
      baseRevision: 1,
      version: 2,
      setAside: { favouriteColour: 'blue' },
    });
    // Once the server has it, this device no longer needs to send it.
    expect(storage.copy()).toMatchObject({ wizardVersion: 2, setAside: {}, dirty: false });
  });

  it('ignores a device copy it cannot migrate and uses the server file', async () => {
    const storage = memoryStorage({
      [KEY]: JSON.stringify({
        version: 1,
        wizardVersion: 9,
        data: { companyName: 'Future' },
        step: 0,
        base: null,
        dirty: true,
      }),
    });
    const server = new FakeServer(companyFile(1, { companyName: 'Kreo' }));
    const sync = createSync(server, storage, { wizardVersion: 2, migrate: () => null });
    await sync.start();
    expect(sync.getState()).toMatchObject({ data: { companyName: 'Kreo' }, sync: 'saved' });
  });

  it("replaces a device copy that holds nothing unsent with the server's file", async () => {
    const storage = memoryStorage({
      [KEY]: JSON.stringify({
        version: 1,
        data: { companyName: 'Old' },
        step: 0,
        base: { revision: 1, data: { companyName: 'Old' } },
        dirty: false,
      }),
    });
    const server = new FakeServer(companyFile(4, { companyName: 'Newer' }, { step: 3 }));
    const sync = createSync(server, storage);

    await sync.start();

    expect(sync.getState()).toMatchObject({
      data: { companyName: 'Newer' },
      step: 3,
      sync: 'saved',
      mergedFromElsewhere: false,
    });
    await settle();
    expect(server.api.save).not.toHaveBeenCalled();
  });

  it('ignores a device copy it cannot read', async () => {
    const storage = memoryStorage({ [KEY]: '{not json' });
    const server = new FakeServer(companyFile(1, { companyName: 'Kreo' }));
    const sync = createSync(server, storage);

    await sync.start();

    expect(sync.getState()).toMatchObject({ phase: 'ready', data: { companyName: 'Kreo' }, sync: 'saved' });
  });

  it('is unavailable when the server cannot be reached and the device has no copy; retryNow recovers', async () => {
    const server = new FakeServer(companyFile(2, { companyName: 'Kreo' }));
    server.loadError = new TypeError('Failed to fetch');
    const sync = createSync(server, memoryStorage());

    await sync.start();
    expect(sync.getState().phase).toBe('unavailable');
    // Typing is impossible while nothing is shown.
    sync.update({ companyName: 'Lost' });
    expect(sync.getState().data).toEqual({});

    server.loadError = null;
    sync.retryNow();
    expect(sync.getState().phase).toBe('loading');
    await settle();

    expect(sync.getState()).toMatchObject({ phase: 'ready', data: { companyName: 'Kreo' }, sync: 'saved' });
    expect(server.api.load).toHaveBeenCalledTimes(2);
  });

  it('retries loading by itself after the retry delay', async () => {
    const server = new FakeServer(companyFile(1, { companyName: 'Kreo' }));
    server.loadError = new TypeError('Failed to fetch');
    const sync = createSync(server, memoryStorage());

    await sync.start();
    expect(sync.getState().phase).toBe('unavailable');
    server.loadError = null;

    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0] - 1);
    expect(server.api.load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);

    expect(server.api.load).toHaveBeenCalledTimes(2);
    expect(sync.getState()).toMatchObject({ phase: 'ready', data: { companyName: 'Kreo' } });
  });
});

describe('editing', () => {
  async function loaded(file = companyFile(1, { companyName: 'Kreo' })) {
    const server = new FakeServer(file);
    const storage = memoryStorage();
    const sync = createSync(server, storage);
    await sync.start();
    return { server, storage, sync };
  }

  it('writes every change to the device at once and sends it after the pause in typing', async () => {
    const { server, storage, sync } = await loaded();
    const listener = vi.fn();
    sync.subscribe(listener);

    sync.update({ companyName: 'Kreo SAS' });

    expect(listener).toHaveBeenCalled();
    expect(sync.getState()).toMatchObject({ data: { companyName: 'Kreo SAS' }, sync: 'pending' });
    expect(storage.copy()).toMatchObject({ data: { companyName: 'Kreo SAS' }, dirty: true });
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS - 1);
    expect(server.api.save).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);

    expect(server.saves).toEqual([
      [{ data: { companyName: 'Kreo SAS' }, step: 0, baseRevision: 1, version: 1 }, false],
    ]);
    expect(sync.getState()).toMatchObject({ sync: 'saved', file: { revision: 2 } });
    expect(storage.copy()).toMatchObject({
      data: { companyName: 'Kreo SAS' },
      base: { revision: 2, data: { companyName: 'Kreo SAS' } },
      dirty: false,
    });
  });

  it('keeps the same view while the user types, so that the page around the form does not re-render', async () => {
    const { sync } = await loaded();
    sync.update({ companyName: 'K' });
    const view = sync.getView();
    expect(view).toMatchObject({ sync: 'pending', formData: { companyName: 'Kreo' } });
    expect(view).not.toHaveProperty('data');

    for (const name of ['Kr', 'Kre', 'Kreo SAS']) sync.update({ companyName: name });

    expect(sync.getView()).toBe(view);
    expect(sync.getState().data).toEqual({ companyName: 'Kreo SAS' });
  });

  it('gives the next step everything typed so far', async () => {
    const { sync } = await loaded();
    sync.update({ companyName: 'Kreo SAS' });
    sync.setStep(1);
    expect(sync.getView()).toMatchObject({ step: 1, formData: { companyName: 'Kreo SAS' } });
  });

  it('sends one draft for many quick changes, the last one', async () => {
    const { server, sync } = await loaded();

    for (const name of ['K', 'Kr', 'Kre', 'Kreo', 'Kreo ', 'Kreo S']) {
      sync.update({ companyName: name });
      await vi.advanceTimersByTimeAsync(DEBOUNCE_MS / 2);
    }
    expect(server.api.save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);

    expect(server.saves).toHaveLength(1);
    expect(server.saves[0]?.[0].data).toEqual({ companyName: 'Kreo S' });
    expect(sync.getState().sync).toBe('saved');
  });

  it('sends changes typed while a save was on its way once that save is done', async () => {
    const { server, sync } = await loaded();
    const answer = deferred<SaveResult>();
    server.api.save.mockImplementationOnce(() => answer.promise);

    sync.update({ companyName: 'A' });
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    expect(sync.getState().sync).toBe('saving');
    sync.update({ companyName: 'AB' });
    answer.resolve({ saved: companyFile(2, { companyName: 'A' }) });
    server.file = companyFile(2, { companyName: 'A' });
    await settle();

    expect(sync.getState().sync).toBe('pending');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);

    expect(server.saves).toHaveLength(2);
    expect(server.saves[1]?.[0]).toEqual({
      data: { companyName: 'AB' },
      step: 0,
      baseRevision: 2,
      version: 1,
    });
    expect(sync.getState()).toMatchObject({ sync: 'saved', data: { companyName: 'AB' } });
  });

  it('saves the step at once, without waiting for a pause', async () => {
    const { server, storage, sync } = await loaded();

    sync.setStep(3);
    expect(storage.copy()).toMatchObject({ step: 3, dirty: true });
    await settle();

    expect(server.saves).toEqual([
      [{ data: { companyName: 'Kreo' }, step: 3, baseRevision: 1, version: 1 }, false],
    ]);
    expect(sync.getState()).toMatchObject({ step: 3, sync: 'saved' });

    // The same step again is no change.
    sync.setStep(3);
    await settle();
    expect(server.saves).toHaveLength(1);
  });

  it('keeps working when the device refuses to store anything', async () => {
    const server = new FakeServer(companyFile(1, { companyName: 'Kreo' }));
    const storage = memoryStorage();
    storage.setItem.mockImplementation(() => {
      throw new DOMException('QuotaExceededError');
    });
    const sync = createSync(server, storage);
    await sync.start();

    sync.update({ companyName: 'Kreo SAS' });
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);

    expect(server.file.data).toEqual({ companyName: 'Kreo SAS' });
    expect(sync.getState().sync).toBe('saved');
  });
});

describe('failures', () => {
  it('goes offline when a save cannot reach the server, keeps the edit on the device and retries it', async () => {
    const server = new FakeServer(companyFile(1, { companyName: 'Kreo' }));
    const storage = memoryStorage();
    const sync = createSync(server, storage);
    await sync.start();
    server.saveError = new Error('Failed to fetch');

    sync.update({ companyName: 'Offline edit' });
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);

    expect(server.api.save).toHaveBeenCalledTimes(1);
    expect(sync.getState()).toMatchObject({ sync: 'offline', data: { companyName: 'Offline edit' } });
    expect(storage.copy()).toMatchObject({
      data: { companyName: 'Offline edit' },
      base: { revision: 1 },
      dirty: true,
    });

    server.saveError = null;
    const failedAt = server.saveTimes[0] ?? Number.NaN;
    await advanceTo(failedAt + RETRY_DELAYS_MS[0] - 1);
    expect(server.api.save).toHaveBeenCalledTimes(1);
    await settle();

    expect(server.api.save).toHaveBeenCalledTimes(2);
    expect(server.saves[1]?.[0]).toEqual({
      data: { companyName: 'Offline edit' },
      step: 0,
      baseRevision: 1,
      version: 1,
    });
    expect(sync.getState()).toMatchObject({ sync: 'saved', file: { revision: 2 } });
    expect(storage.copy()).toMatchObject({ dirty: false });
  });

  it('waits longer after each failure in a row', async () => {
    const server = new FakeServer(companyFile(1, {}));
    const sync = createSync(server, memoryStorage());
    await sync.start();
    server.saveError = new Error('Failed to fetch');

    sync.setStep(1);
    await advanceTo(Date.now() + RETRY_DELAYS_MS[0] + RETRY_DELAYS_MS[1] + 2 * SETTLE_MS);

    expect(server.api.save).toHaveBeenCalledTimes(3);
    const [first, second, third] = server.saveTimes as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0]);
    expect(second - first).toBeLessThan(RETRY_DELAYS_MS[0] + SETTLE_MS);
    expect(third - second).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[1]);
    expect(third - second).toBeLessThan(RETRY_DELAYS_MS[1] + SETTLE_MS);
    expect(sync.getState().sync).toBe('offline');
  });

  it('keeps showing offline while the user types, and sends the latest edit once the server answers', async () => {
    const server = new FakeServer(companyFile(1, {}));
    const sync = createSync(server, memoryStorage());
    await sync.start();
    server.saveError = new Error('Failed to fetch');
    sync.update({ companyName: 'K' });
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    expect(sync.getState().sync).toBe('offline');

    sync.update({ companyName: 'Kreo' });
    expect(sync.getState().sync).toBe('offline');
    server.saveError = null;
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);

    expect(server.file.data).toEqual({ companyName: 'Kreo' });
    expect(sync.getState().sync).toBe('saved');
  });

  it('retries at once when the connection comes back (retryNow)', async () => {
    const server = new FakeServer(companyFile(1, {}));
    const sync = createSync(server, memoryStorage());
    await sync.start();
    server.saveError = new Error('Failed to fetch');
    sync.update({ companyName: 'Kreo' });
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    expect(sync.getState().sync).toBe('offline');

    server.saveError = null;
    sync.retryNow();
    await settle();

    expect(sync.getState().sync).toBe('saved');
    expect(server.file.data).toEqual({ companyName: 'Kreo' });
  });

  it('fails, keeping the edit on the device, when the server refuses the draft', async () => {
    const server = new FakeServer(companyFile(1, { companyName: 'Kreo' }));
    const storage = memoryStorage();
    const sync = createSync(server, storage);
    await sync.start();
    server.saveError = new DraftRefusedError('Payload too large');

    sync.update({ companyName: 'x'.repeat(300) });
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);

    expect(sync.getState().sync).toBe('failed');
    expect(storage.copy()).toMatchObject({ data: { companyName: 'x'.repeat(300) }, dirty: true });
    expect(server.file.data).toEqual({ companyName: 'Kreo' });

    // Not resent in a loop (it would be refused again): with the next edit, or when the user retries.
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1] * 3);
    expect(server.saves).toHaveLength(1);
    server.saveError = null;
    sync.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.saves).toHaveLength(2);
    expect(sync.getState().sync).toBe('saved');
  });

  it('merges a conflict (saved elsewhere meanwhile) field by field and sends it again on the new revision', async () => {
    const server = new FakeServer(companyFile(1, { companyName: 'Kreo', shareCapital: 1000 }));
    const storage = memoryStorage();
    const sync = createSync(server, storage);
    await sync.start();

    sync.update({ companyName: 'Kreo SAS', shareCapital: 1000 });
    server.editElsewhere({ companyName: 'Kreo', shareCapital: 5000, presidentName: 'Ana Pop' });
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    await settle();

    const merged = { companyName: 'Kreo SAS', shareCapital: 5000, presidentName: 'Ana Pop' };
    expect(server.saves).toHaveLength(2);
    expect(server.saves[0]?.[0].baseRevision).toBe(1);
    expect(server.saves[1]?.[0]).toEqual({ data: merged, step: 0, baseRevision: 2, version: 1 });
    expect(sync.getState()).toMatchObject({
      data: merged,
      sync: 'saved',
      mergedFromElsewhere: true,
      file: { revision: 3 },
    });
    expect(server.file.data).toEqual(merged);
    expect(storage.copy()).toMatchObject({ data: merged, base: { revision: 3 }, dirty: false });
  });

  it('keeps this edit when the same field was changed elsewhere', async () => {
    const server = new FakeServer(companyFile(1, { companyName: 'Kreo' }));
    const sync = createSync(server, memoryStorage());
    await sync.start();

    sync.update({ companyName: 'Mine' });
    server.editElsewhere({ companyName: 'Theirs' });
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    await settle();

    expect(server.file.data).toEqual({ companyName: 'Mine' });
    // What is on screen did not change: nothing was merged into it.
    expect(sync.getState()).toMatchObject({ data: { companyName: 'Mine' }, mergedFromElsewhere: false });
  });

  it('stops resending at once when the file keeps changing elsewhere, and retries later', async () => {
    const server = new FakeServer(companyFile(1, { companyName: 'Kreo', counter: 0 }));
    const sync = createSync(server, memoryStorage());
    await sync.start();
    // Every draft meets a newer file: another browser saves all the time.
    server.beforeSave = () => server.editElsewhere({ ...server.file.data, counter: server.file.revision });

    sync.update({ companyName: 'Mine', counter: 0 });
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    await settle();

    // The first save and three merged attempts, then a pause.
    expect(server.api.save).toHaveBeenCalledTimes(4);
    const pausedAt = server.saveTimes[3] ?? Number.NaN;
    await advanceTo(pausedAt + RETRY_DELAYS_MS[0] - 1);
    expect(server.api.save).toHaveBeenCalledTimes(4);
    await settle();
    expect(server.api.save.mock.calls.length).toBeGreaterThan(4);
  });

  it('loses no edit made elsewhere when it pauses after repeated conflicts', async () => {
    const server = new FakeServer(companyFile(1, { companyName: 'Kreo', counter: 0 }));
    const sync = createSync(server, memoryStorage());
    await sync.start();
    // Another browser saves before each of the next four drafts, then stops.
    let busy = 4;
    server.beforeSave = () => {
      if (busy-- > 0) server.editElsewhere({ ...server.file.data, counter: server.file.revision });
    };

    sync.update({ companyName: 'Mine', counter: 0 });
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    await settle();
    expect(server.api.save).toHaveBeenCalledTimes(4);
    const lastElsewhere = server.file.data.counter;
    expect(lastElsewhere).toBe(4);

    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
    await settle();

    // Both edits are in the file: this one's name and the other browser's latest counter.
    expect(server.file.data).toEqual({ companyName: 'Mine', counter: lastElsewhere });
    expect(sync.getState()).toMatchObject({
      sync: 'saved',
      data: { companyName: 'Mine', counter: lastElsewhere },
    });
  });

  it('resumes an edit made offline after a reload and sends it', async () => {
    const server = new FakeServer(companyFile(1, { companyName: 'Kreo' }));
    const storage = memoryStorage();
    const first = createSync(server, storage);
    await first.start();
    server.saveError = new Error('Failed to fetch');
    first.update({ companyName: 'Typed offline', shareCapital: 1000 });
    first.setStep(2);
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    expect(first.getState().sync).toBe('offline');
    // The tab is closed (or reloaded) before the connection returns.
    first.dispose();

    server.saveError = null;
    const second = createSync(server, storage);
    const started = second.start();
    expect(second.getState()).toMatchObject({
      phase: 'ready',
      data: { companyName: 'Typed offline', shareCapital: 1000 },
      step: 2,
    });
    await started;
    await settle();

    expect(server.file).toMatchObject({
      revision: 2,
      data: { companyName: 'Typed offline', shareCapital: 1000 },
      step: 2,
    });
    expect(server.saves.at(-1)?.[0].baseRevision).toBe(1);
    expect(second.getState()).toMatchObject({ sync: 'saved', mergedFromElsewhere: false });
    expect(storage.copy()).toMatchObject({ dirty: false });
  });

  it('after a reload while the server is still unreachable, shows the copy and sends it once the server answers', async () => {
    const server = new FakeServer(companyFile(1, { companyName: 'Kreo' }));
    const storage = memoryStorage({
      [KEY]: JSON.stringify({
        version: 1,
        data: { companyName: 'Typed offline' },
        step: 0,
        base: { revision: 1, data: { companyName: 'Kreo' } },
        dirty: true,
      }),
    });
    server.loadError = new TypeError('Failed to fetch');
    const sync = createSync(server, storage);

    await sync.start();
    expect(sync.getState()).toMatchObject({
      phase: 'ready',
      sync: 'offline',
      data: { companyName: 'Typed offline' },
    });

    server.loadError = null;
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
    await settle();

    expect(server.file.data).toEqual({ companyName: 'Typed offline' });
    expect(sync.getState().sync).toBe('saved');
  });
});

describe('submitting and leaving', () => {
  it('markSubmitted takes the submitted file as the new base', async () => {
    const server = new FakeServer(companyFile(1, { companyName: 'Kreo' }));
    const storage = memoryStorage();
    const sync = createSync(server, storage);
    await sync.start();

    sync.markSubmitted(
      companyFile(
        2,
        { companyName: 'Kreo' },
        { status: 'submitted', submittedAt: '2025-03-01T12:00:00.000Z' },
      ),
    );

    expect(sync.getState()).toMatchObject({
      sync: 'saved',
      file: { revision: 2, status: 'submitted', submittedAt: '2025-03-01T12:00:00.000Z' },
    });
    expect(storage.copy()).toMatchObject({ base: { revision: 2 }, dirty: false });
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    expect(server.api.save).not.toHaveBeenCalled();
  });

  it('markSubmitted keeps edits made since the submission pending and sends them on the new revision', async () => {
    const server = new FakeServer(companyFile(1, { companyName: 'Kreo' }));
    const sync = createSync(server, memoryStorage());
    await sync.start();
    const submitted = companyFile(2, { companyName: 'Kreo' }, { status: 'submitted' });
    server.file = clone(submitted);

    sync.update({ companyName: 'Kreo SAS' });
    sync.markSubmitted(submitted);
    expect(sync.getState()).toMatchObject({ sync: 'pending', file: { status: 'submitted' } });
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);

    expect(server.saves).toHaveLength(1);
    expect(server.saves[0]?.[0]).toEqual({
      data: { companyName: 'Kreo SAS' },
      step: 0,
      baseRevision: 2,
      version: 1,
    });
    expect(sync.getState()).toMatchObject({ sync: 'saved', file: { status: 'amended' } });
  });

  it('flush(true) sends what is waiting at once with keepalive, without waiting for the pause', async () => {
    const server = new FakeServer(companyFile(1, { companyName: 'Kreo' }));
    const storage = memoryStorage();
    const sync = createSync(server, storage);
    await sync.start();

    sync.update({ companyName: 'Leaving' });
    await sync.flush(true);

    expect(server.saves).toEqual([
      [{ data: { companyName: 'Leaving' }, step: 0, baseRevision: 1, version: 1 }, true],
    ]);
    expect(storage.copy()).toMatchObject({ data: { companyName: 'Leaving' } });
  });

  it('flush(true) sends nothing when nothing is waiting', async () => {
    const server = new FakeServer(companyFile(1, { companyName: 'Kreo' }));
    const sync = createSync(server, memoryStorage());
    await sync.start();

    await sync.flush(true);
    await settle();

    expect(server.api.save).not.toHaveBeenCalled();
  });

  it('flush() saves what is waiting and resolves once it is saved', async () => {
    const server = new FakeServer(companyFile(1, { companyName: 'Kreo' }));
    const sync = createSync(server, memoryStorage());
    await sync.start();

    sync.update({ companyName: 'Complete' });
    await sync.flush();

    expect(server.saves).toEqual([
      [{ data: { companyName: 'Complete' }, step: 0, baseRevision: 1, version: 1 }, false],
    ]);
    expect(sync.getState().sync).toBe('saved');
  });
});
