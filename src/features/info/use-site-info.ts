import { useEffect, useState } from 'react';
import { apiClient } from '@/lib/api/client';
import type { SiteInfo } from '@/shared/site-info';

export type SiteInfoState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; info: SiteInfo };

// One request per visit: the operator's identity does not change while the app runs.
let cached: Promise<SiteInfo> | null = null;

function loadSiteInfo(): Promise<SiteInfo> {
  cached ??= apiClient.GET('/api/site/info').then(({ data }) => {
    if (!data) throw new Error('Empty site information');
    return data;
  });
  cached.catch(() => {
    cached = null;
  });
  return cached;
}

/** Drops the kept answer (tests: each gives its own, and test files share modules). */
export function forgetSiteInfo(): void {
  cached = null;
}

/** Who runs the site (GET /api/site/info), for the pages that name it; `enabled` false skips the request. */
export function useSiteInfo(enabled = true): SiteInfoState {
  const [state, setState] = useState<SiteInfoState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    loadSiteInfo().then(
      (info) => current && setState({ status: 'ready', info }),
      (error: unknown) => {
        console.warn('Could not load the site information.', error);
        if (current) setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [enabled]);
  return state;
}
