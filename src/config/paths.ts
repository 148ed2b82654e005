/**
 * Every route of the product, named once (spec section 2). Components link through these,
 * never through string literals, so a renamed route is a one-line change.
 */
export const paths = {
  landing: '/',
  home: '/home',
  services: '/services',
  plans: '/plans',
  /** Five questions that recommend a legal form, and the comparison of the forms. */
  formChooser: '/choose-your-legal-form',
  wizard: '/ai-powered-form',
  documents: '/documents',
  dashboard: '/dashboard',
  createWebsite: '/create-your-website',
  faq: '/faq',
  about: '/about',
  contact: '/contact',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  logout: '/logout',
  verifyEmail: '/verify-email',
  /** Development builds only: staff see every form of schemas/forms/ as they edit it. */
  formPreview: '/dev/forms',
  profile: '/user-profile',
  paymentSuccess: '/success',
  paymentCancel: '/cancel',
  /** The order summary, billing address and consent before paying (a pattern: link with checkoutPath). */
  checkout: '/checkout/:offerSku',
  orders: '/orders',
  /** The withdrawal declaration of one order (a pattern: link with withdrawalPath). */
  withdrawal: '/orders/:orderId/withdraw',
  /** The electronic signature of a company file's documents (a pattern: link with signPath). */
  sign: '/sign/:fileId',
  help: '/help',
  /** The founder's associates and managers: invitations, records, acts. */
  team: '/team',
  /** An invitation link (a pattern: link with invitationPath). */
  invitation: '/invitations/:token',
  /** A company file as one of its people sees it (a pattern: link with sharedFilePath). */
  sharedFile: '/shared/:fileId',
  // Content pages: their words are locales/<lang>/pages/<slug>.md (src/config/content-pages.ts).
  terms: '/terms',
  salesTerms: '/sales-terms',
  privacy: '/privacy',
  cookies: '/cookies',
  legalNotice: '/legal-notice',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** /checkout/<offerSku>: the order page of one offer. */
export function checkoutPath(offerSku: string): string {
  return `/checkout/${encodeURIComponent(offerSku)}`;
}

/** /orders/<orderId>/withdraw: the withdrawal declaration of one order (also linked from the order e-mails). */
export function withdrawalPath(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}/withdraw`;
}

/** /sign/<fileId>: the signing page of a company file (its id is the founder's account id). */
export function signPath(fileId: string): string {
  return `/sign/${encodeURIComponent(fileId)}`;
}

/** /invitations/<token>: what an invitation invites to, and joining the file. */
export function invitationPath(token: string): string {
  return `/invitations/${encodeURIComponent(token)}`;
}

/** /shared/<fileId>: a company file as one of its people sees it (the founder's own: their user id). */
export function sharedFilePath(fileId: string): string {
  return `/shared/${encodeURIComponent(fileId)}`;
}

/** The query parameter that carries the page a visitor asked for through /login. */
export const REDIRECT_PARAM = 'redirect';

/** /login?redirect=<path>, the way back to a protected page after logging in. */
export function loginHref(returnTo?: string): string {
  if (!returnTo || returnTo === paths.login) return paths.login;
  return `${paths.login}?${new URLSearchParams({ [REDIRECT_PARAM]: returnTo }).toString()}`;
}

/** The query parameter that prefills the sign-up form's e-mail (an invitation's address). */
export const EMAIL_PARAM = 'email';

/** /signup?redirect=<path>&email=<address>: an account for an invitation, then back to it. */
export function signupHref(returnTo: string, email?: string): string {
  const query = new URLSearchParams({ [REDIRECT_PARAM]: returnTo });
  if (email) query.set(EMAIL_PARAM, email);
  return `${paths.signup}?${query.toString()}`;
}

/**
 * Where an account form posts when the browser sends it itself, before the app runs or without it
 * (the server's account forms): its own page, with the page asked for (`redirect`) carried along. The
 * server writes the same into the page it sends, so that the app hydrates what it would render.
 */
export function accountFormAction(pathname: string, search: string): string {
  const requested = new URLSearchParams(search).get(REDIRECT_PARAM);
  if (!requested) return pathname;
  return `${pathname}?${new URLSearchParams({ [REDIRECT_PARAM]: requested }).toString()}`;
}

/**
 * Where to go after a successful login: the page asked for, if it is a page of this site, else
 * `fallback` (/dashboard). The parameter is resolved as a URL against a placeholder origin and rejected when it
 * leaves it (absolute or protocol-relative URLs, backslashes, tabs and newlines that browsers
 * strip), so it cannot send users to another site. /login and /logout are never targets.
 */
export function postLoginTarget(search: string, fallback: string = paths.dashboard): string {
  const requested = new URLSearchParams(search).get(REDIRECT_PARAM);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!requested || !requested.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(requested)) return fallback;
  const base = 'https://same-site.invalid';
  let target: URL;
  try {
    target = new URL(requested, base);
  } catch {
    return fallback;
  }
  if (target.origin !== base) return fallback;
  // `/.//evil.example` resolves to the path `//evil.example`: a protocol-relative URL once navigated to.
  if (target.pathname.startsWith('//')) return fallback;
  const path = target.pathname.replace(/\/+$/, '') || '/';
  if (path === paths.login || path === paths.logout) return fallback;
  return `${target.pathname}${target.search}${target.hash}`;
}
