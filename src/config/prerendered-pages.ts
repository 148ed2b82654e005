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

/** Where the build writes a prerendered page, relative to the build folder: prerendered/fr/plans.html. */
export function prerenderedFile(pathname: string, language: string): string {
  return `prerendered/${language}/${pathname === '/' ? 'index' : pathname.replace(/^\//, '')}.html`;
}

/** The element of the sent page that carries its PrerenderData, as JSON. */
export const PRERENDER_DATA_ELEMENT_ID = 'kreo-prerender-data';
