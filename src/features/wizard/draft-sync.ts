import { legalFormId } from '@/shared/jurisdictions';
import { jsonEqual, mergeDrafts, type FileData } from './draft-merge';

/** The company file as the server keeps it (contract: CompanyFile). */
export interface CompanyFile {
  revision: number;
  step: number;
  data: FileData;
  /** The version of the wizard's steps the data is in (the server's own). */
  version?: number;
  /** Answers of an older version with no place in this one, kept for the founder to see. */
  setAside?: FileData;
  status: 'new' | 'draft' | 'submitted' | 'amended';
  updatedAt: string | null;
  submittedAt: string | null;
}

/** What the server answered to a draft: saved, or someone else saved first (another browser). */
export type SaveResult = { saved: CompanyFile } | { conflict: CompanyFile };

/** The calls the draft needs; the wizard passes the API client's, tests pass fakes. */
export interface DraftApi {
  load(): Promise<CompanyFile>;
  save(
    draft: { data: FileData; step: number; baseRevision: number; version: number; setAside?: FileData },
    keepalive: boolean,
  ): Promise<SaveResult>;
}

/** Why the server refused a draft for good (not a network failure): the draft then stays on this device. */
export class DraftRefusedError extends Error {
  override readonly name = 'DraftRefusedError';
}

/**
 * Where the edits are: `saved` on the server; `pending` (waiting for the pause in typing) or `saving`;
 * `offline` (kept on this device, sent when the connection returns); `failed` (the server refused).
 */
export type SyncStatus = 'saved' | 'pending' | 'saving' | 'offline' | 'failed';

export interface DraftState {
  /** `unavailable`: the server could not be reached and this device holds no copy. */
  phase: 'loading' | 'ready' | 'unavailable';
  data: FileData;
  step: number;
  sync: SyncStatus;
  /** The server's view of the file (status, dates), when it has been reached. */
  file: Omit<CompanyFile, 'data' | 'step'> | null;
  /** Edits made elsewhere (another browser) were merged into what is on screen. */
  mergedFromElsewhere: boolean;
  /** The file's legal form (`FR-SAS`) once a country and a form are chosen: which steps the wizard shows. */
  legalFormId: string | null;
  /** Answers of an older version of the wizard that have no place in this one (server's and this device's). */
  setAside: FileData;
  /**
   * What the form on screen starts from: `data` as it was when it was last replaced from outside the
   * form (loaded, merged with another browser's edits) or when the step changed. The form's own edits
   * leave it alone, so the page around the form does not re-render at each key press.
   */
  formData: FileData;
}

/** The state without the values, for what shows around the form: it does not change at each key press. */
export type DraftView = Omit<DraftState, 'data'>;

/** What this device keeps (localStorage), so that nothing typed is lost offline or when the tab closes. */
interface LocalCopy {
  version: 1;
  /** The version of the wizard's steps `data` is in (absent in copies written before versions: 1). */
  wizardVersion: number;
  /** Answers set aside on this device that the server has not acknowledged yet. */
  setAside: FileData;
  data: FileData;
  step: number;
  /** The server's version the edits started from. */
  base: { revision: number; data: FileData } | null;
  /** Edits not yet on the server. */
  dirty: boolean;
}

export interface DraftSyncOptions {
  api: DraftApi;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** One copy per user: another account on the same browser never sees it. */
  storageKey: string;
  /** The pause in typing after which the draft is sent. */
  debounceMs?: number;
  /** Waits between retries while the server is unreachable. */
  retryDelaysMs?: readonly number[];
  /** The version of the wizard's steps this app was built with (sent with every draft). */
  wizardVersion?: number;
  /** Brings this device's copy of an older version to the current one (null: it cannot be read). */
  migrate?: (
    data: FileData,
    version: number,
    step: number,
  ) => { data: FileData; setAside: FileData; step: number } | null;
}

/** `FR-SAS` for a file whose country and legal form are chosen. */
export function legalFormIdOf(data: FileData): string | null {
  return typeof data.jurisdiction === 'string' && typeof data.legalForm === 'string'
    ? legalFormId(data.jurisdiction, data.legalForm)
    : null;
}

const DEFAULT_RETRY_DELAYS = [2_000, 5_000, 15_000, 30_000];

/**
 * Keeps the wizard's draft in three places at once: on screen, on this device (at every change) and
 * on the server (after a pause in typing, when the page is hidden, and when the connection returns).
 * Concurrent edits from another browser are merged field by field (see mergeDrafts).
 */
export class DraftSync {
  private state: DraftState = {
    phase: 'loading',
    data: {},
    step: 0,
    sync: 'saved',
    file: null,
    mergedFromElsewhere: false,
    legalFormId: null,
    setAside: {},
    formData: {},
  };
  /** Set aside on this device, not yet on the server. */
  private pendingSetAside: FileData = {};
  private view: DraftView = viewOf(this.state);
  private base: LocalCopy['base'] = null;
  private dirty = false;
  private saving = false;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private conflicts = 0;
  private disposed = false;
  private readonly listeners = new Set<() => void>();
  private readonly debounceMs: number;
  private readonly retryDelays: readonly number[];

  constructor(private readonly options: DraftSyncOptions) {
    this.debounceMs = options.debounceMs ?? 800;
    this.retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): DraftState => this.state;

  /** The same object until something other than the values changes (for useSyncExternalStore). */
  getView = (): DraftView => this.view;

  /** Loads the draft: this device's copy at once, then the server's, merged. */
  async start(): Promise<void> {
    const local = this.readLocal();
    if (local) {
      this.base = local.base;
      this.dirty = local.dirty;
      this.pendingSetAside = local.setAside;
      this.setState({ phase: 'ready', data: local.data, step: local.step, setAside: local.setAside });
    }
    await this.fetchServer();
  }

  /** The user typed: the screen and this device have it now, the server after the pause. */
  update(data: FileData): void {
    if (this.state.phase !== 'ready') return;
    this.dirty = true;
    this.setState({ data, sync: this.state.sync === 'offline' ? 'offline' : 'pending' }, 'form');
    this.writeLocal();
    this.scheduleSave(this.debounceMs);
  }

  /**
   * The page changed what the user typed (the currency follows the country): like an edit, but the
   * form on screen takes the new values.
   */
  replace(data: FileData): void {
    if (this.state.phase !== 'ready') return;
    this.dirty = true;
    this.setState({ data, sync: this.state.sync === 'offline' ? 'offline' : 'pending' });
    this.writeLocal();
    this.scheduleSave(this.debounceMs);
  }

  /** The step the user is on: where the wizard resumes next time. */
  setStep(step: number): void {
    if (this.state.phase !== 'ready' || step === this.state.step) return;
    this.dirty = true;
    // The next step's form starts from everything typed so far.
    this.setState({
      step,
      formData: this.state.data,
      sync: this.state.sync === 'offline' ? 'offline' : 'pending',
    });
    this.writeLocal();
    this.scheduleSave(0);
  }

  /** Sends what is waiting now (Complete, leaving the page); `keepalive` lets it outlive the page. */
  async flush(keepalive = false): Promise<void> {
    this.writeLocal();
    if (keepalive) {
      // The page is going away: no answer will be read, so send without waiting for one in progress.
      if (this.dirty && this.base) void this.sendDraft(true).catch(() => undefined);
      return;
    }
    await this.save();
  }

  /** The server accepted the file as submitted: it is also the draft now. */
  markSubmitted(file: CompanyFile): void {
    this.base = { revision: file.revision, data: file.data };
    this.dirty = !jsonEqual(this.state.data, file.data);
    this.setState({ file: fileInfo(file), sync: this.dirty ? 'pending' : 'saved' });
    this.writeLocal();
    if (this.dirty) this.scheduleSave(this.debounceMs);
  }

  /** The revision the answers on screen started from (0: never saved); a submission sends it. */
  baseRevision(): number {
    return this.base?.revision ?? 0;
  }

  /**
   * The server refused a submission because the file changed since that revision (a co-founder
   * corrected their record): its file is merged exactly as after a draft's conflict (mergeDrafts).
   * True when the answers on screen changed, for the founder to review before submitting again.
   */
  mergeSubmitConflict(server: CompanyFile): boolean {
    const before = this.state.data;
    const notice = this.state.mergedFromElsewhere;
    this.reconcile(server);
    // The submission says it in its own words, not with the notice of another device's edits.
    this.setState({ mergedFromElsewhere: notice });
    return !jsonEqual(before, this.state.data);
  }

  /** The connection is back, or the user asked: retry what failed at once. */
  retryNow(): void {
    if (this.state.phase === 'unavailable') {
      this.setState({ phase: 'loading' });
      void this.fetchServer();
      return;
    }
    if (!this.base) void this.fetchServer();
    else this.scheduleSave(0);
  }

  /** The tab is visible again: pick up edits made in another browser meanwhile (nothing is waiting here). */
  async refresh(): Promise<void> {
    if (this.state.phase !== 'ready' || this.dirty || this.saving) return;
    await this.fetchServer();
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimers();
    this.listeners.clear();
  }

  private async fetchServer(): Promise<void> {
    let server: CompanyFile;
    try {
      server = await this.options.api.load();
    } catch {
      if (this.disposed) return;
      if (this.state.phase === 'loading') this.setState({ phase: 'unavailable' });
      else this.setState({ sync: 'offline' });
      this.scheduleRetry();
      return;
    }
    if (this.disposed) return;
    this.failures = 0;
    this.reconcile(server);
  }

  /** Brings what is on screen and the server's file together (first load, reconnection, conflict). */
  private reconcile(server: CompanyFile): void {
    const file = fileInfo(server);
    const setAside = { ...(server.setAside ?? {}), ...this.pendingSetAside };
    if (!this.dirty) {
      this.base = { revision: server.revision, data: server.data };
      this.setState({ phase: 'ready', data: server.data, step: server.step, file, sync: 'saved', setAside });
      this.writeLocal();
      return;
    }
    const startedFrom = this.base;
    const mine = this.state.data;
    const data =
      startedFrom && startedFrom.revision === server.revision
        ? mine
        : mergeDrafts(startedFrom?.data ?? {}, mine, server.data);
    this.base = { revision: server.revision, data: server.data };
    this.setState({
      phase: 'ready',
      data,
      file,
      sync: 'pending',
      setAside,
      mergedFromElsewhere: this.state.mergedFromElsewhere || !jsonEqual(data, mine),
    });
    this.writeLocal();
    this.scheduleSave(0);
  }

  private scheduleSave(delay: number): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      void this.save();
    }, delay);
  }

  private scheduleRetry(): void {
    if (this.retryTimer || this.disposed) return;
    const delay = this.retryDelays[Math.min(this.failures, this.retryDelays.length - 1)] ?? 30_000;
    this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.retryNow();
    }, delay);
  }

  private async save(): Promise<void> {
    if (this.saving || this.disposed || !this.dirty) return;
    if (!this.base) {
      // The server's version is not known yet (offline since the start): fetch it first, then merge.
      await this.fetchServer();
      return;
    }
    this.saving = true;
    this.setState({ sync: 'saving' });
    const sent = { data: this.state.data, step: this.state.step };
    try {
      const result = await this.sendDraft(false);
      if (this.disposed) return;
      this.failures = 0;
      if ('saved' in result) {
        this.conflicts = 0;
        this.pendingSetAside = {};
        this.base = { revision: result.saved.revision, data: sent.data };
        this.dirty = !(jsonEqual(this.state.data, sent.data) && this.state.step === sent.step);
        this.setState({
          file: fileInfo(result.saved),
          sync: this.dirty ? 'pending' : 'saved',
          setAside: result.saved.setAside ?? this.state.setAside,
        });
        this.writeLocal();
        if (this.dirty) this.scheduleSave(this.debounceMs);
      } else {
        this.conflicts += 1;
        this.saving = false;
        // Merged and sent again at once; a file that keeps changing elsewhere is retried more slowly.
        if (this.conflicts <= 3) this.reconcile(result.conflict);
        else {
          // The base stays where it was: the retry meets the newer file as a conflict and merges it.
          // (Taking the server's revision as base here, unmerged, would overwrite its changes.)
          this.conflicts = 0;
          this.scheduleRetry();
        }
      }
    } catch (error) {
      if (this.disposed) return;
      const refused = error instanceof DraftRefusedError;
      this.setState({ sync: refused ? 'failed' : 'offline' });
      // A refused draft would be refused again: it is sent with the next edit, or when the user retries.
      if (!refused) this.scheduleRetry();
    } finally {
      this.saving = false;
    }
  }

  private sendDraft(keepalive: boolean): Promise<SaveResult> {
    const hasSetAside = Object.keys(this.pendingSetAside).length > 0;
    return this.options.api.save(
      {
        data: this.state.data,
        step: this.state.step,
        baseRevision: this.base?.revision ?? 0,
        version: this.options.wizardVersion ?? 1,
        ...(hasSetAside ? { setAside: this.pendingSetAside } : {}),
      },
      keepalive,
    );
  }

  private clearTimers(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.saveTimer = null;
    this.retryTimer = null;
  }

  /** `source` is 'form' for the user's own edits, which the form already shows. */
  private setState(patch: Partial<DraftState>, source: 'form' | 'outside' = 'outside'): void {
    if (this.disposed) return;
    this.state = { ...this.state, ...patch };
    if (patch.data !== undefined && source === 'outside') this.state.formData = patch.data;
    if (patch.data !== undefined) {
      const legalFormId = legalFormIdOf(patch.data);
      if (legalFormId !== this.state.legalFormId) this.state.legalFormId = legalFormId;
    }
    const view = viewOf(this.state);
    if (!shallowEqual(view, this.view)) this.view = view;
    for (const listener of this.listeners) listener();
  }

  private readLocal(): LocalCopy | null {
    try {
      const raw = this.options.storage?.getItem(this.options.storageKey);
      if (!raw) return null;
      const copy = JSON.parse(raw) as Partial<LocalCopy>;
      if (copy.version !== 1 || typeof copy.data !== 'object' || copy.data === null) return null;
      const current = this.options.wizardVersion ?? 1;
      const written = typeof copy.wizardVersion === 'number' ? copy.wizardVersion : 1;
      let data = copy.data;
      let step = typeof copy.step === 'number' ? copy.step : 0;
      let base = copy.base && typeof copy.base.revision === 'number' ? copy.base : null;
      let setAside = typeof copy.setAside === 'object' && copy.setAside !== null ? copy.setAside : {};
      if (written !== current) {
        // Written before the wizard's steps changed: brought to the current ones, leftovers kept aside.
        const migrated = this.options.migrate?.(data, written, step);
        if (!migrated) {
          // Written by a newer version of the app (another tab): kept apart, never overwritten.
          this.options.storage?.setItem(`${this.options.storageKey}.unread`, raw);
          return null;
        }
        data = migrated.data;
        step = migrated.step;
        setAside = { ...setAside, ...migrated.setAside };
        const migratedBase = base ? this.options.migrate?.(base.data, written, 0) : null;
        base = base && migratedBase ? { revision: base.revision, data: migratedBase.data } : null;
      }
      return {
        version: 1,
        wizardVersion: current,
        setAside,
        data,
        step,
        base,
        dirty: copy.dirty === true || Object.keys(setAside).length > 0,
      };
    } catch {
      // A copy this version cannot read is ignored: the server's is used.
      return null;
    }
  }

  private writeLocal(): void {
    const copy: LocalCopy = {
      version: 1,
      wizardVersion: this.options.wizardVersion ?? 1,
      setAside: this.pendingSetAside,
      data: this.state.data,
      step: this.state.step,
      base: this.base,
      dirty: this.dirty,
    };
    try {
      this.options.storage?.setItem(this.options.storageKey, JSON.stringify(copy));
    } catch {
      // Storage full or disabled (private mode): the server copy still works.
    }
  }
}

function viewOf(state: DraftState): DraftView {
  const { data: _data, ...view } = state;
  return view;
}

function shallowEqual<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

function fileInfo(file: CompanyFile): DraftState['file'] {
  return {
    revision: file.revision,
    status: file.status,
    updatedAt: file.updatedAt,
    submittedAt: file.submittedAt,
  };
}
