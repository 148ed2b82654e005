import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanyFileApi, SubmitOptions, SubmitResult } from './company-file-api';
import type { FileData } from './draft-merge';
import { DraftSync, type CompanyFile, type DraftApi, type SaveResult } from './draft-sync';
import { submitFromRevision } from './submit-file';

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const DEBOUNCE_MS = 500;
const settle = () => vi.advanceTimersByTimeAsync(20);

const camille = { id: 'p1', kind: 'natural', firstNames: 'Camille', lastName: 'Dupont' };
const alex = { id: 'p2', kind: 'natural', firstNames: 'Alex', address: '1 rue Neuve, Lyon' };
const alexCorrected = { ...alex, address: '8 quai des Chartrons, Bordeaux' };

/**
 * The server's side of the contract: drafts and submissions are stored only from the current
 * revision (else the 409's file comes back); a co-founder's record can be written meanwhile.
 */
class FakeServer {
  readonly submissions: FileData[] = [];

  constructor(public file: CompanyFile) {}

  readonly api = {
    load: vi.fn<DraftApi['load']>(async () => clone(this.file)),
    save: vi.fn<DraftApi['save']>(async (draft): Promise<SaveResult> => {
      if (draft.baseRevision !== this.file.revision) return { conflict: clone(this.file) };
      this.store(draft.data, this.file.status === 'submitted' ? 'amended' : 'draft');
      return { saved: clone(this.file) };
    }),
    submit: vi.fn(
      async (data: FileData, _version: number, options: SubmitOptions = {}): Promise<SubmitResult> => {
        if (options.baseRevision !== undefined && options.baseRevision !== this.file.revision)
          return { conflict: clone(this.file) };
        this.store(data, 'submitted');
        this.submissions.push(clone(data));
        return { submitted: clone(this.file) };
      },
    ),
  } satisfies Pick<CompanyFileApi, 'load' | 'save' | 'submit'>;

  /** A co-founder corrects their own record (updateOwnPersonRecord): one more revision. */
  correctRecord(person: Record<string, unknown>): void {
    const persons = (this.file.data.persons as Record<string, unknown>[]).map((p) =>
      p.id === person.id ? person : p,
    );
    this.store({ ...this.file.data, persons }, this.file.status);
  }

  private store(data: FileData, status: CompanyFile['status']): void {
    this.file = { ...this.file, revision: this.file.revision + 1, data: clone(data), status };
  }
}

const syncs: DraftSync[] = [];

async function startSync(server: FakeServer) {
  const sync = new DraftSync({ api: server.api, storage: null, storageKey: 'k', debounceMs: DEBOUNCE_MS });
  syncs.push(sync);
  await sync.start();
  return sync;
}

const fileAt = (revision: number, data: FileData): CompanyFile => ({
  revision,
  step: 5,
  data,
  status: 'submitted',
  updatedAt: '2026-03-14T09:30:00.000Z',
  submittedAt: '2026-03-14T09:30:00.000Z',
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  for (const sync of syncs.splice(0)) sync.dispose();
  vi.useRealTimers();
});

describe('submitFromRevision', () => {
  it('sends the revision the answers started from, and submits when the file did not change', async () => {
    const server = new FakeServer(fileAt(2, { companyName: 'Kreo', persons: [camille, alex] }));
    const sync = await startSync(server);

    const result = await submitFromRevision(
      sync,
      server.api,
      { companyName: 'Kreo', persons: [camille, alex] },
      4,
    );

    expect(result).toMatchObject({ submitted: { revision: 3 } });
    expect(server.api.submit).toHaveBeenCalledTimes(1);
    expect(server.api.submit).toHaveBeenLastCalledWith(expect.anything(), 4, {
      baseRevision: 2,
      confirmVoidSignatures: false,
    });
  });

  it("merges a co-founder's correction saved meanwhile, as a draft's conflict, and asks to review before submitting again", async () => {
    const server = new FakeServer(fileAt(2, { companyName: 'Kreo', persons: [camille, alex] }));
    const sync = await startSync(server);
    // The founder renames the company; meanwhile Alex corrects their address from the shared file.
    const mine = { companyName: 'Kreo Frères', persons: [camille, alex] };
    sync.update(mine);
    server.correctRecord(alexCorrected);

    const result = await submitFromRevision(sync, server.api, mine, 4);

    expect(result).toEqual({ merged: true });
    // Nothing was submitted; what is on screen holds both changes, and goes to the server as a draft.
    expect(server.submissions).toEqual([]);
    const merged = { companyName: 'Kreo Frères', persons: [camille, alexCorrected] };
    expect(sync.getState().data).toEqual(merged);
    // Said by the submission's own message, not by the notice of another device's edits.
    expect(sync.getState().mergedFromElsewhere).toBe(false);
    await settle();
    expect(server.file).toMatchObject({ revision: 4, data: merged });

    // The founder reviewed the file and submits again: from the merged revision, both changes kept.
    const again = await submitFromRevision(sync, server.api, sync.getState().data, 4);
    expect(again).toMatchObject({ submitted: { revision: 5 } });
    expect(server.submissions).toEqual([merged]);
    expect(server.api.submit).toHaveBeenLastCalledWith(merged, 4, {
      baseRevision: 4,
      confirmVoidSignatures: false,
    });
  });

  it('takes the correction as it is when nothing was waiting to be saved on this page', async () => {
    const server = new FakeServer(fileAt(2, { companyName: 'Kreo', persons: [camille, alex] }));
    const sync = await startSync(server);
    server.correctRecord(alexCorrected);

    const result = await submitFromRevision(
      sync,
      server.api,
      { companyName: 'Kreo', persons: [camille, alex] },
      4,
      true,
    );

    expect(result).toEqual({ merged: true });
    expect(server.api.submit).toHaveBeenCalledWith(expect.anything(), 4, {
      baseRevision: 2,
      confirmVoidSignatures: true,
    });
    expect(sync.getState().data).toEqual({ companyName: 'Kreo', persons: [camille, alexCorrected] });
    expect(sync.baseRevision()).toBe(3);
    expect(server.submissions).toEqual([]);
  });

  it("submits again by itself when only this page's own draft save came between (nothing new to review)", async () => {
    const server = new FakeServer(fileAt(2, { companyName: 'Kreo', persons: [camille, alex] }));
    const sync = await startSync(server);
    const mine = { companyName: 'Kreo SAS', persons: [camille, alex] };
    sync.update(mine);
    // This page's draft reached the server, its answer not yet this page (the submission overtook it).
    server.file = { ...server.file, revision: 3, data: clone(mine), status: 'amended' };

    const result = await submitFromRevision(sync, server.api, mine, 4);

    // The draft waiting on this page is saved first (revision 4), then submitted from it.
    expect(result).toMatchObject({ submitted: { revision: 5, data: mine } });
    expect(server.api.submit.mock.calls.map((call) => call[2]?.baseRevision)).toEqual([2, 4]);
    expect(server.submissions).toEqual([mine]);
  });
});
