import { useEffect, useState, useSyncExternalStore } from 'react';
import { companyFileApi } from './company-file-api';
import { DraftSync, type DraftApi } from './draft-sync';

/** This device's copy of a user's draft (see DraftSync). */
export function draftStorageKey(userId: string): string {
  return `kreo.companyFile.${userId}`;
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
    () => new DraftSync({ api, storage: browserStorage(), storageKey: draftStorageKey(userId) }),
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
