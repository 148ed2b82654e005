import { paths } from './paths';

/** The namespaces that carry a `meta` object of page titles and descriptions. */
export type MetaNamespace =
  | 'landing'
  | 'marketing'
  | 'wizard'
  | 'documents'
  | 'dashboard'
  | 'info'
  | 'auth'
  | 'profile'
  | 'checkout'
  | 'signing'
  | 'cofounders'
  | 'common';

export interface PageMetaKeys {
  namespace: MetaNamespace;
  /** Key of the page's `{title, description}` under `meta` in that namespace. */
  page: string;
  /** A page of one user's account or payment: search engines are asked not to index it. */
  personal?: true;
}

/**
 * Title and description of each route, by translation key: the browser sets them on every navigation
 * and the server writes them into the HTML it sends, so a shared link shows the page's own words.
 * The keys live in the namespace the page already loads, so they cost no extra download.
 */
export const PAGE_META: Record<string, PageMetaKeys> = {
  [paths.landing]: { namespace: 'landing', page: 'landing' },
  [paths.home]: { namespace: 'landing', page: 'landing' },
  [paths.services]: { namespace: 'marketing', page: 'services' },
  [paths.plans]: { namespace: 'marketing', page: 'plans' },
  [paths.formChooser]: { namespace: 'marketing', page: 'formChooser' },
  [paths.faq]: { namespace: 'marketing', page: 'faq' },
  [paths.wizard]: { namespace: 'wizard', page: 'wizard', personal: true },
  [paths.documents]: { namespace: 'documents', page: 'documents', personal: true },
  [paths.dashboard]: { namespace: 'dashboard', page: 'dashboard', personal: true },
  [paths.createWebsite]: { namespace: 'info', page: 'createWebsite', personal: true },
  [paths.about]: { namespace: 'info', page: 'about' },
  [paths.contact]: { namespace: 'info', page: 'contact' },
  [paths.help]: { namespace: 'info', page: 'help' },
  [paths.terms]: { namespace: 'info', page: 'terms' },
  [paths.salesTerms]: { namespace: 'info', page: 'salesTerms' },
  [paths.privacy]: { namespace: 'info', page: 'privacy' },
  [paths.cookies]: { namespace: 'info', page: 'cookies' },
  [paths.legalNotice]: { namespace: 'info', page: 'legalNotice' },
  [paths.login]: { namespace: 'auth', page: 'login' },
  [paths.signup]: { namespace: 'auth', page: 'signup' },
  [paths.forgotPassword]: { namespace: 'auth', page: 'forgotPassword' },
  [paths.resetPassword]: { namespace: 'auth', page: 'resetPassword', personal: true },
  [paths.verifyEmail]: { namespace: 'auth', page: 'verifyEmail', personal: true },
  [paths.logout]: { namespace: 'auth', page: 'logout', personal: true },
  [paths.profile]: { namespace: 'profile', page: 'profile', personal: true },
  [paths.paymentSuccess]: { namespace: 'checkout', page: 'success', personal: true },
  [paths.paymentCancel]: { namespace: 'checkout', page: 'cancel', personal: true },
  [paths.checkout]: { namespace: 'checkout', page: 'checkout', personal: true },
  [paths.orders]: { namespace: 'checkout', page: 'orders', personal: true },
  [paths.withdrawal]: { namespace: 'checkout', page: 'withdrawal', personal: true },
  [paths.sign]: { namespace: 'signing', page: 'sign', personal: true },
  [paths.team]: { namespace: 'cofounders', page: 'team', personal: true },
  [paths.invitation]: { namespace: 'cofounders', page: 'invitation', personal: true },
  [paths.sharedFile]: { namespace: 'cofounders', page: 'sharedFile', personal: true },
};

/** The keys of PAGE_META with a `:parameter` segment, as patterns matching one segment there. */
const PATTERNED_META = Object.entries(PAGE_META)
  .filter(([path]) => path.includes('/:'))
  .map(([path, meta]) => ({
    pattern: new RegExp(`^${path.replace(/\/:[^/]+/g, '/[^/]+')}$`),
    meta,
  }));

export const NOT_FOUND_META: PageMetaKeys = { namespace: 'common', page: 'notFound' };

/** The meta keys of a path ("/plans/" and "/plans" alike); unknown paths are the not-found page. */
export function pageMetaFor(pathname: string): PageMetaKeys {
  const path = pathname.replace(/\/+$/, '') || '/';
  return PAGE_META[path] ?? PATTERNED_META.find(({ pattern }) => pattern.test(path))?.meta ?? NOT_FOUND_META;
}

/** Open Graph locale names of our languages. */
export const OG_LOCALES = { fr: 'fr_FR', en: 'en_GB', ro: 'ro_RO' } as const;

/** Whether a path is a page of the app (the server answers 404 for any other). */
export function isAppPage(pathname: string): boolean {
  return pageMetaFor(pathname) !== NOT_FOUND_META;
}
