/**
 * Login CSRF: another site's page could post our login form with the attacker's credentials, and the
 * victim would then work (and type a company file) in the attacker's account. A form that starts a
 * session or mails someone is taken only from a page of this site (PUBLIC_URL's origin).
 */

type Headers = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a browser's form post comes from a page of `publicUrl`. Its Origin header says so when it
 * names an origin: the account pages are sent with `Referrer-Policy: same-origin` for that
 * (plugins/security-headers.ts). A page of another policy makes a browser say `Origin: null`: then
 * Sec-Fetch-Site, which no page can set, tells "same-origin" from another site. A Referer is the
 * last witness; with none, the post is refused.
 */
export function postedFromSite(headers: Headers, publicUrl: string): boolean {
  const site = originOf(publicUrl);
  if (!site) return false;
  const origin = single(headers.origin);
  if (origin && origin !== 'null') return origin === site;
  const fetchSite = single(headers['sec-fetch-site']);
  if (fetchSite) return fetchSite === 'same-origin';
  const referer = single(headers.referer);
  return referer ? originOf(referer) === site : false;
}
