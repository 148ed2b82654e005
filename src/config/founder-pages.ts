import { paths } from './paths';

/** What a page behind the login runs at start, named as Vite's manifest names it (scripts/build.ts). */
export interface FounderPageCode {
  /** Source modules: the route table's lazy import of the page, and what the page itself loads at once. */
  modules: readonly string[];
  /** Translation namespaces the page reads on its first screen (locales/<language>/<namespace>.json). */
  namespaces: readonly string[];
}

/** Every founder page's session gate loads this (the page's heading while the session is checked). */
export const SESSION_SHELL_MODULE = 'src/app/routes/session-shells.tsx';

/**
 * The code of each founder page, so that the server sends it with the page (modulepreload links, from
 * Vite's manifest) instead of the browser finding it only once the app's entry has run. The modules
 * must be the route table's imports (route-table.tsx; founder-pages.test.ts compares them), and an
 * end-to-end test (founder-pages.spec.ts) checks that the pages load no script that was not sent.
 */
export const FOUNDER_PAGE_CODE: Readonly<Record<string, FounderPageCode>> = {
  [paths.wizard]: {
    modules: ['src/app/routes/wizard-route.tsx'],
    namespaces: ['wizard', 'jurisdictions', 'forms', 'assistant'],
  },
  [paths.documents]: {
    modules: ['src/features/documents/documents-page.tsx'],
    namespaces: ['documents'],
  },
  [paths.dashboard]: {
    modules: ['src/app/routes/dashboard-route.tsx', 'src/features/dashboard/step-date-field.tsx'],
    namespaces: ['dashboard', 'registration', 'cofounders'],
  },
  [paths.team]: { modules: ['src/features/team/team-page.tsx'], namespaces: ['cofounders'] },
  [paths.profile]: { modules: ['src/features/profile/profile-page.tsx'], namespaces: ['profile'] },
  [paths.createWebsite]: { modules: ['src/features/website/website-page.tsx'], namespaces: ['website'] },
  [paths.orders]: { modules: ['src/features/orders/orders-page.tsx'], namespaces: ['checkout'] },
};

/** The key of FOUNDER_PAGE_CODE for a path ("/documents/" as "/documents"), or null for other pages. */
export function founderPagePath(pathname: string): string | null {
  const path = pathname.replace(/(.)\/+$/, '$1');
  return Object.hasOwn(FOUNDER_PAGE_CODE, path) ? path : null;
}
