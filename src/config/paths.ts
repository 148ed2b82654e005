/**
 * Every route of the product, named once (spec section 2). Components link through these,
 * never through string literals, so a renamed route is a one-line change.
 */
export const paths = {
  landing: '/',
  home: '/home',
  services: '/services',
  plans: '/plans',
  wizard: '/ai-powered-form',
  documents: '/documents',
  createWebsite: '/create-your-website',
  faq: '/faq',
  about: '/about',
  contact: '/contact',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  logout: '/logout',
  profile: '/user-profile',
  paymentSuccess: '/success',
  paymentCancel: '/cancel',
  // Linked from the footer and the signup terms; the product has no page for them yet (404).
  careers: '/careers',
  blog: '/blog',
  help: '/help',
  privacy: '/privacy',
  terms: '/terms',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The query parameter that carries the page a visitor asked for through /login. */
export const REDIRECT_PARAM = 'redirect';

/** /login?redirect=<path>, the way back to a protected page after logging in. */
export function loginHref(returnTo?: string): string {
  if (!returnTo || returnTo === paths.login) return paths.login;
  return `${paths.login}?${new URLSearchParams({ [REDIRECT_PARAM]: returnTo }).toString()}`;
}

/**
 * Where to go after a successful login: the page asked for, if it is a path of this site,
 * else /home. Rejects absolute and protocol-relative URLs so the parameter cannot be used
 * to send users to another site.
 */
export function postLoginTarget(search: string): string {
  const requested = new URLSearchParams(search).get(REDIRECT_PARAM);
  if (!requested || !requested.startsWith('/') || requested.startsWith('//') || requested.includes('\\')) {
    return paths.home;
  }
  if (requested === paths.login || requested.startsWith(`${paths.login}?`) || requested === paths.logout) {
    return paths.home;
  }
  return requested;
}
