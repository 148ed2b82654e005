import { act, renderHook } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { legalForms, loadLegalFormSteps } from '@/forms/generated/wizard-steps';
import { withDerivedValues } from '@/shared/file-derivations';
import type { FileData } from './draft-merge';
import { DraftSync, type CompanyFile, type DraftApi } from './draft-sync';
import { accountValues, isNewEmptyDraft, withAccountValues, type FounderAccount } from './founder-details';
import { useAccountPrefill } from './use-founder-account';

const loadSas = loadLegalFormSteps['FR-SAS'];
if (!loadSas) throw new Error('the wizard has no FR-SAS steps');
const wizardSteps = await loadSas();
/** As the wizard page derives values (file-derivations.ts). */
const deriveFileValues = (data: FileData) => withDerivedValues(legalForms, data);

const ACCOUNT: FounderAccount = {
  firstname: ' Camille ',
  lastname: 'Martin',
  email: 'camille@example.com',
  isEmailVerified: true,
  phoneNumber: null,
  dateOfBirth: '1990-03-12',
  companyName: null,
  language: 'fr',
};

/** What the account gives the file (accountValues): the first person's names and birth date. */
const FROM_ACCOUNT = {
  persons: [{ firstNames: 'Camille', lastName: 'Martin', dateOfBirth: '1990-03-12' }],
};

describe('the account details a new file takes (ui:options.fromAccount in the steps)', () => {
  it("are the founder's names and birth date, for the first person of the file", () => {
    expect(accountValues(wizardSteps, ACCOUNT)).toEqual({
      persons: [{ firstNames: 'Camille', lastName: 'Martin', dateOfBirth: '1990-03-12' }],
    });
  });

  it('leave out what the account lacks (no birth date since sign-up stopped pre-filling one)', () => {
    expect(accountValues(wizardSteps, { ...ACCOUNT, dateOfBirth: null })).toEqual({
      persons: [{ firstNames: 'Camille', lastName: 'Martin' }],
    });
    expect(
      accountValues(wizardSteps, { ...ACCOUNT, firstname: ' ', lastname: '', dateOfBirth: null }),
    ).toEqual({});
  });

  it('are the same in every legal form: the People step is shared', async () => {
    for (const form of legalForms) {
      const steps = (await loadLegalFormSteps[form.id]?.()) ?? [];
      expect(accountValues(steps, ACCOUNT), form.id).toEqual(accountValues(wizardSteps, ACCOUNT));
    }
  });
});

describe('a new empty draft', () => {
  it('is one the server never stored, with nothing typed', () => {
    expect(isNewEmptyDraft({ status: 'new' }, {})).toBe(true);
    expect(isNewEmptyDraft({ status: 'new' }, { companyName: '' })).toBe(true);
  });

  it('is not one with a value, nor one the server stored, nor one not loaded yet', () => {
    expect(isNewEmptyDraft({ status: 'new' }, { jurisdiction: 'FR' })).toBe(false);
    expect(isNewEmptyDraft({ status: 'draft' }, {})).toBe(false);
    expect(isNewEmptyDraft({ status: 'submitted' }, {})).toBe(false);
    expect(isNewEmptyDraft(null, {})).toBe(false);
  });
});

describe('pre-filling', () => {
  const founder = { id: 'p1', kind: 'natural', lastName: 'Martin-Durand', dateOfBirth: '' };
  const other = { id: 'p2', kind: 'natural', lastName: 'Pop', firstNames: 'Ana' };

  it("fills only the first person's empty fields, never what was typed, nor another person", () => {
    const data = { jurisdiction: 'FR', persons: [founder, other] };
    expect(withAccountValues(data, FROM_ACCOUNT)).toEqual({
      jurisdiction: 'FR',
      persons: [{ ...founder, firstNames: 'Camille', dateOfBirth: '1990-03-12' }, other],
    });
    // The file given is not changed.
    expect(data.persons[0]).toBe(founder);
  });

  it('makes the first person of a file that has none', () => {
    expect(withAccountValues({ jurisdiction: 'FR' }, FROM_ACCOUNT)).toEqual({
      jurisdiction: 'FR',
      ...FROM_ACCOUNT,
    });
    expect(withAccountValues({ persons: [null, other] }, FROM_ACCOUNT)).toEqual({
      persons: [{ firstNames: 'Camille', lastName: 'Martin', dateOfBirth: '1990-03-12' }, other],
    });
  });

  it('returns the same file when nothing is missing', () => {
    const data = { persons: [{ firstNames: 'Ana', lastName: 'Pop', dateOfBirth: '1991-02-03' }] };
    expect(withAccountValues(data, FROM_ACCOUNT)).toBe(data);
  });

  it('fills a field of the top of the file that a step would take from the account', () => {
    expect(withAccountValues({ companyName: ' ' }, { companyName: 'Martin Conseil' })).toEqual({
      companyName: 'Martin Conseil',
    });
    const named = { companyName: 'Pop Consulting' };
    expect(withAccountValues(named, { companyName: 'Martin Conseil' })).toBe(named);
  });
});

function companyFile(data: FileData, status: CompanyFile['status']): CompanyFile {
  return { revision: status === 'new' ? 0 : 1, step: 0, data, status, updatedAt: null, submittedAt: null };
}

const syncs: DraftSync[] = [];
afterEach(() => {
  for (const sync of syncs.splice(0)) sync.dispose();
});

/** A draft loaded from a server holding `file`, nothing on this device; saves are accepted. */
async function loadedDraft(file: CompanyFile) {
  const api: DraftApi = {
    load: vi.fn(async () => structuredClone(file)),
    save: vi.fn(async (draft) => ({ saved: { ...file, revision: file.revision + 1, data: draft.data } })),
  };
  const sync = new DraftSync({ api, storage: null, storageKey: 'test', debounceMs: 10_000 });
  syncs.push(sync);
  await sync.start();
  return sync;
}

/** The wizard's use of the hook: the draft's view, and the account's values once they are known. */
function renderPrefill(sync: DraftSync, values: FileData) {
  return renderHook(
    ({ values: given }: { values: FileData }) => {
      const view = useSyncExternalStore(sync.subscribe, sync.getView);
      useAccountPrefill(view, sync, given);
    },
    { initialProps: { values } },
  );
}

describe('useAccountPrefill', () => {
  it("puts the account's name and birth date in a new empty draft once they are known", async () => {
    const sync = await loadedDraft(companyFile({}, 'new'));
    const { rerender } = renderPrefill(sync, {});
    expect(sync.getState().data).toEqual({});

    // The founder chooses a form (its steps name the account's fields), then the values arrive.
    act(() => sync.update({ jurisdiction: 'FR', legalForm: 'SAS', currency: 'EUR' }));
    rerender({ values: FROM_ACCOUNT });

    expect(sync.getState().data).toEqual({
      jurisdiction: 'FR',
      legalForm: 'SAS',
      currency: 'EUR',
      ...FROM_ACCOUNT,
    });
    // The form on screen shows them, and they are saved like an edit.
    expect(sync.getView().formData).toEqual(sync.getState().data);
    expect(sync.getView().sync).toBe('pending');
  });

  it('keeps what the founder typed before the values arrived', async () => {
    const sync = await loadedDraft(companyFile({}, 'new'));
    const { rerender } = renderPrefill(sync, {});

    act(() => sync.update({ persons: [{ kind: 'natural', lastName: 'Martin-Durand' }] }));
    rerender({ values: FROM_ACCOUNT });

    expect(sync.getState().data).toEqual({
      persons: [
        { kind: 'natural', lastName: 'Martin-Durand', firstNames: 'Camille', dateOfBirth: '1990-03-12' },
      ],
    });
  });

  it('pre-fills once: a name the founder empties afterwards stays empty', async () => {
    const sync = await loadedDraft(companyFile({}, 'new'));
    const { rerender } = renderPrefill(sync, FROM_ACCOUNT);
    expect(sync.getState().data).toEqual(FROM_ACCOUNT);

    act(() => sync.update({ persons: [{ dateOfBirth: '1990-03-12' }] }));
    rerender({ values: structuredClone(FROM_ACCOUNT) });

    expect(sync.getState().data).toEqual({ persons: [{ dateOfBirth: '1990-03-12' }] });
  });

  it('gives the pre-filled person what the page derives: the founder is p1, a natural person', async () => {
    const sync = await loadedDraft(companyFile({}, 'new'));
    renderHook(() => {
      const view = useSyncExternalStore(sync.subscribe, sync.getView);
      useAccountPrefill(view, sync, FROM_ACCOUNT, deriveFileValues);
    });

    expect(sync.getState().data).toEqual({
      persons: [
        { id: 'p1', kind: 'natural', firstNames: 'Camille', lastName: 'Martin', dateOfBirth: '1990-03-12' },
      ],
    });
  });

  it('leaves a draft that already has values alone, even with empty personal fields', async () => {
    const sync = await loadedDraft(companyFile({ jurisdiction: 'FR', legalForm: 'SAS' }, 'draft'));
    renderPrefill(sync, FROM_ACCOUNT);

    expect(sync.getState().data).toEqual({ jurisdiction: 'FR', legalForm: 'SAS' });
    expect(sync.getView().sync).toBe('saved');
  });

  it('leaves a draft the server stored alone, even an empty one', async () => {
    const sync = await loadedDraft(companyFile({}, 'draft'));
    renderPrefill(sync, FROM_ACCOUNT);

    expect(sync.getState().data).toEqual({});
  });
});
