import { act, renderHook } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLegalFormSteps } from '@/forms/generated/wizard-steps';
import type { FileData } from './draft-merge';
import { DraftSync, type CompanyFile, type DraftApi } from './draft-sync';
import { accountValues, isNewEmptyDraft, withAccountValues, type FounderAccount } from './founder-details';
import { useAccountPrefill } from './use-founder-account';

const loadSas = loadLegalFormSteps['FR-SAS'];
if (!loadSas) throw new Error('the wizard has no FR-SAS steps');
const wizardSteps = await loadSas();

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

describe('the account details a new file takes (ui:options.fromAccount in the steps)', () => {
  it("are the founder's full name and birth date", () => {
    expect(accountValues(wizardSteps, ACCOUNT)).toEqual({
      fullName: 'Camille Martin',
      dateOfBirth: '1990-03-12',
    });
  });

  it('leave out what the account lacks (no birth date since sign-up stopped pre-filling one)', () => {
    expect(accountValues(wizardSteps, { ...ACCOUNT, dateOfBirth: null })).toEqual({
      fullName: 'Camille Martin',
    });
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
  it('fills only the empty fields, never what was typed', () => {
    const data = { jurisdiction: 'FR', fullName: 'Camille Martin-Durand', dateOfBirth: '' };
    expect(withAccountValues(data, { fullName: 'Camille Martin', dateOfBirth: '1990-03-12' })).toEqual({
      jurisdiction: 'FR',
      fullName: 'Camille Martin-Durand',
      dateOfBirth: '1990-03-12',
    });
  });

  it('returns the same file when nothing is missing', () => {
    const data = { fullName: 'Ana Pop' };
    expect(withAccountValues(data, { fullName: 'Camille Martin' })).toBe(data);
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

const FROM_ACCOUNT = { fullName: 'Camille Martin', dateOfBirth: '1990-03-12' };

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

    act(() => sync.update({ fullName: 'Camille Martin-Durand' }));
    rerender({ values: FROM_ACCOUNT });

    expect(sync.getState().data).toEqual({ fullName: 'Camille Martin-Durand', dateOfBirth: '1990-03-12' });
  });

  it('pre-fills once: a name the founder empties afterwards stays empty', async () => {
    const sync = await loadedDraft(companyFile({}, 'new'));
    const { rerender } = renderPrefill(sync, FROM_ACCOUNT);
    expect(sync.getState().data).toEqual(FROM_ACCOUNT);

    act(() => sync.update({ dateOfBirth: '1990-03-12' }));
    rerender({ values: { ...FROM_ACCOUNT } });

    expect(sync.getState().data).toEqual({ dateOfBirth: '1990-03-12' });
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
