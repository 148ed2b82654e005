import { useEffect, useState, useSyncExternalStore } from 'react';
import { knownFields, wizardMigrations, wizardVersion } from '@/forms/generated/wizard-steps';
import { migrateFile, migrateStep } from '@/shared/wizard-migrations';
import { companyFileApi } from './company-file-api';
import type { FileData } from './draft-merge';
import { DraftSync, type DraftApi } from './draft-sync';

/** This device's copy of a user's draft (see DraftSync). */
export function draftStorageKey(userId: string): string {
  return `kreo.companyFile.${userId}`;
}

const KNOWN_FIELDS = new Set(knownFields);

/** This device's copy of an older version of the wizard, in the current one (the server does the same). */
function migrateLocalCopy(data: FileData, version: number, step: number) {
  const result = migrateFile(data, version, wizardVersion, wizardMigrations, KNOWN_FIELDS);
  if (!result.ok) return null;
  return {
    data: result.data,
    setAside: result.setAside,
    step: migrateStep(step, version, wizardVersion, wizardMigrations),
  };
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The user's company file, kept in step with the server and this device for as long as the wizard is
 * open: saved after a pause in typing, when the tab is hidden or closed, and when the connection returns.
 */
export function useCompanyFileDraft(userId: string, api: DraftApi = companyFileApi) {
  const [sync] = useState(
    () =>
      new DraftSync({
        api,
        storage: browserStorage(),
        storageKey: draftStorageKey(userId),
        wizardVersion,
        migrate: migrateLocalCopy,
      }),
  );
  // Not the values: the page around the form must not re-render at each key press.
  const view = useSyncExternalStore(sync.subscribe, sync.getView);

  useEffect(() => {
    void sync.start();
    const onOnline = () => sync.retryNow();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void sync.flush(true);
      else void sync.refresh();
    };
    const onPageHide = () => void sync.flush(true);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the wizard inside the app: what is waiting goes now.
      void sync.flush(true);
      sync.dispose();
    };
  }, [sync]);

  return { view, sync };
}
