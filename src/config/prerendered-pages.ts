import { paths } from './paths';

/**
 * The public pages the build renders to HTML in each language (scripts/build.ts): the server sends them
 * painted, and the app hydrates them. Pages behind a login, or whose content depends on the visitor, are
 * rendered by the browser.
 */
export const PRERENDERED_PATHS = [
  paths.landing,
  paths.services,
  paths.plans,
  paths.faq,
  paths.about,
  paths.contact,
  paths.login,
  paths.signup,
  paths.forgotPassword,
] as const;

/**
 * The founder pages whose shell the build renders too (app/routes/session-shells.tsx): their heading and
 * a loader, as the page shows them while the session is checked. The server sends them painted like the
 * public pages, so that a phone shows the page before the app, the session and the page's code arrive.
 */
export const SESSION_SHELL_PATHS: readonly string[] = [paths.documents, paths.dashboard, paths.wizard];

/** Every page the build renders to HTML: the public pages and the founder pages' shells. */
export const BUILT_PAGE_PATHS: readonly string[] = [...PRERENDERED_PATHS, ...SESSION_SHELL_PATHS];

/** Where the build writes a prerendered page, relative to the build folder: prerendered/fr/plans.html. */
export function prerenderedFile(pathname: string, language: string): string {
  return `prerendered/${language}/${pathname === '/' ? 'index' : pathname.replace(/^\//, '')}.html`;
}

/** The element of the sent page that carries its PrerenderData, as JSON. */
export const PRERENDER_DATA_ELEMENT_ID = 'kreo-prerender-data';
