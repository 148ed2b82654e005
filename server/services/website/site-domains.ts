/**
 * A founder's own domain for their published site (issue 38). Two DNS facts make a domain the site's:
 * - a TXT record `_kreo-site.<domain>` holding `kreo-site-verification=<token>`, the token being the
 *   site's own: only whoever controls the domain's zone can add it (ownership);
 * - the domain's addresses (A/AAAA, through a CNAME or not) include one of the operator's
 *   `SITE_DOMAIN_TARGET` (pointing): requests for it reach this server, through the reverse proxy
 *   that gets its certificate on demand (README, "Founders' own domains").
 * Only DNS is asked, never the domain's web server: nothing here fetches a URL a founder chose.
 * Verified domains are answered with their site (`rewriteSiteDomainUrl`) and checked again every
 * hour; a record gone takes the domain back, a DNS failure (no answer, a server error) does not,
 * unless it lasts three days. Any other public host name is answered with "no site here", never with
 * the platform: a proxy may still hold the certificate of a domain that was removed.
 */
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';

/** What the server needs of a DNS resolver: Node's `dns.promises.Resolver` (or a test's). */
export interface DomainResolver {
  resolveTxt(name: string): Promise<string[][]>;
  resolve4(name: string): Promise<string[]>;
  resolve6(name: string): Promise<string[]>;
}

export const DOMAIN_TXT_PREFIX = '_kreo-site';
export const DOMAIN_TXT_VALUE_PREFIX = 'kreo-site-verification=';

/** Why a check did not verify a domain: the TXT record, the addresses, or DNS not answering. */
export type DomainProblem = 'txtMissing' | 'notPointing' | 'dnsFailed';

export interface DomainCheck {
  ownership: 'found' | 'missing' | 'unknown';
  pointing: 'yes' | 'no' | 'unknown';
}

/** Why a typed domain cannot be used. */
export type DomainInputProblem = 'format' | 'reserved';

/**
 * Names that never reach a public site (RFC 6761, 6762, 2606; Kubernetes' `svc`): no founder's domain,
 * and the names probes and neighbours in a private network use for this server.
 */
const RESERVED_SUFFIXES = ['localhost', 'local', 'invalid', 'internal', 'home.arpa', 'onion', 'svc'];
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The domain a founder typed, as DNS names it: lower case, an international name in its ASCII form
 * (xn--…), without a scheme, path or final dot (a pasted address is taken). Null when it is not a
 * public host name.
 */
export function normalizeDomain(input: string): string | null {
  let text = input.trim().toLowerCase();
  if (!text || text.length > 300) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(text)) {
    try {
      text = new URL(text).hostname;
    } catch {
      return null;
    }
  } else {
    text = text.split(/[/?#]/, 1)[0] ?? '';
  }
  text = text.replace(/\.$/, '');
  if (/[:@\s]/.test(text)) return null;
  const ascii = domainToASCII(text);
  if (!ascii || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  // The last label is a name (com, fr, xn--p1ai), never a number: an IP address is not a domain.
  if (/^\d+$/.test(labels.at(-1) ?? '')) return null;
  return ascii;
}

/** Whether a domain is one no founder may take: special-use names, our own host and its subdomains. */
export function isReservedDomain(domain: string, ownHosts: readonly string[]): boolean {
  const within = (suffix: string) => domain === suffix || domain.endsWith(`.${suffix}`);
  return RESERVED_SUFFIXES.some(within) || ownHosts.some((own) => own && within(own));
}

export const verificationName = (domain: string) => `${DOMAIN_TXT_PREFIX}.${domain}`;
export const verificationValue = (token: string) => `${DOMAIN_TXT_VALUE_PREFIX}${token}`;

/** DNS answers that say "no such record": the record is gone, not the network. */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

async function lookup<T>(query: () => Promise<T>): Promise<T | 'absent' | 'failed'> {
  try {
    return await query();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && ABSENT.has(code) ? 'absent' : 'failed';
  }
}

/** The IPv4 and IPv6 addresses of a name; 'failed' when DNS did not answer. */
async function addressesOf(resolver: DomainResolver, name: string): Promise<Set<string> | 'failed'> {
  const [v4, v6] = await Promise.all([
    lookup(() => resolver.resolve4(name)),
    lookup(() => resolver.resolve6(name)),
  ]);
  if (v4 === 'failed' || v6 === 'failed') return 'failed';
  return new Set([...(v4 === 'absent' ? [] : v4), ...(v6 === 'absent' ? [] : v6)]);
}

/** The operator's addresses, which a founder's A and AAAA records name (shown in the builder). */
export async function targetAddresses(resolver: DomainResolver, target: string): Promise<string[]> {
  const addresses = await addressesOf(resolver, target);
  return addresses === 'failed' ? [] : [...addresses].sort();
}

/** Asks DNS whether `domain` holds the site's token and points at the operator's target. */
export async function checkDomain(
  resolver: DomainResolver,
  domain: string,
  token: string,
  target: string,
): Promise<DomainCheck> {
  const [txt, addresses, targets] = await Promise.all([
    lookup(() => resolver.resolveTxt(verificationName(domain))),
    addressesOf(resolver, domain),
    addressesOf(resolver, target),
  ]);
  const expected = verificationValue(token);
  const ownership =
    txt === 'failed'
      ? 'unknown'
      : // A TXT record longer than 255 characters comes in pieces: joined, they are its value.
        txt !== 'absent' && txt.some((pieces) => pieces.join('').trim() === expected)
        ? 'found'
        : 'missing';
  let pointing: DomainCheck['pointing'];
  if (addresses === 'failed' || targets === 'failed' || targets.size === 0) pointing = 'unknown';
  // Every address, not one of them: a registrar's parking record left beside ours would take the
  // visitors (and the certificate's challenge) that reach it.
  else
    pointing = addresses.size > 0 && [...addresses].every((address) => targets.has(address)) ? 'yes' : 'no';
  return { ownership, pointing };
}

/** The outcome of a check: verified, or the first thing found wrong (DNS not answering decides nothing). */
export function problemOf(check: DomainCheck): DomainProblem | null {
  if (check.ownership === 'missing') return 'txtMissing';
  if (check.ownership === 'unknown') return 'dnsFailed';
  if (check.pointing === 'no') return 'notPointing';
  if (check.pointing === 'unknown') return 'dnsFailed';
  return null;
}

/**
 * The verified domains and the slug of each one's site, read by `rewriteSiteDomainUrl` on every
 * request (Fastify's rewriteUrl cannot wait for a query). Changed by this process as domains are
 * verified and dropped, and read again from the database every minute (another instance's changes).
 */
export class SiteDomainTable {
  private slugs = new Map<string, string>();
  /** Counts this process's changes: a reading of the database that began before one is stale. */
  private changes = 0;

  get version(): number {
    return this.changes;
  }

  /** The database's verified domains, read when the table was at `version`; false when stale. */
  replaceAll(entries: Iterable<readonly [domain: string, slug: string]>, version: number): boolean {
    if (version !== this.changes) return false;
    this.slugs = new Map(entries);
    return true;
  }

  set(domain: string, slug: string) {
    this.changes += 1;
    this.slugs.set(domain, slug);
  }

  delete(domain: string) {
    this.changes += 1;
    this.slugs.delete(domain);
  }

  slugOf(domain: string): string | undefined {
    return this.slugs.get(domain);
  }

  /** Whether requests for `domain` reach the site at `slug` here. */
  routes(domain: string, slug: string): boolean {
    return this.slugs.get(domain) === slug;
  }
}

/** The host a request names, without its port, in lower case ('' when none). */
export function requestHost(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  // [::1]:3000 → [::1]; example.com:8080 → example.com.
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d*$/, '').replace(/\.$/, '');
}

/** A site's pages at its own domain: the same routes as under /sites/<slug>. */
const SITE_PAGE = /^\/(?:(fr|en|ro)|thanks|contact|sitemap\.xml|robots\.txt)?$/;
/** Images live at the same paths on every host. */
const SHARED_ASSET = /^\/site-(?:logos|photos)\/[^/]+\/[^/]+$/;

/**
 * The hosts the platform itself answers: its own names, an address (probes, a proxy asking), and the
 * names of a private network (no dot, or a reserved suffix such as .internal or .svc).
 */
export function isPlatformHost(host: string, ownHosts: readonly string[]): boolean {
  if (!host || ownHosts.includes(host)) return true;
  if (host.startsWith('[') || isIP(host) !== 0) return true;
  return !host.includes('.') || isReservedDomain(host, []);
}

/** Our own host names: PUBLIC_URL's and the target founders' domains point at. */
export function platformHosts(publicUrl: string, target: string | null | undefined): string[] {
  return [requestHost(new URL(publicUrl).host), ...(target ? [target] : [])];
}

/** Where a public host name that is no verified domain is sent: a site no slug can name (a 404 page). */
const NO_SITE = '/sites/-/not-found';

/**
 * The URL the router sees for a request to a verified domain: `/` is the site's `/sites/<slug>`,
 * `/en` its English page, and so on; images stay where they are; anything else is the site's "no
 * such page", never a route of the platform (its API, its pages) on a founder's domain. Another
 * public host name (a domain removed, whose certificate the proxy may still hold) gets "no site
 * here"; the platform's own hosts are left as they are.
 */
export function rewriteSiteDomainUrl(
  table: SiteDomainTable,
  hostHeader: string | undefined,
  url: string,
  ownHosts: readonly string[],
) {
  const host = requestHost(hostHeader);
  const slug = table.slugOf(host);
  if (!slug) return isPlatformHost(host, ownHosts) ? url : NO_SITE;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  if (SHARED_ASSET.test(path)) return url;
  if (SITE_PAGE.test(path)) return `/sites/${slug}${path === '/' ? '' : path}${query}`;
  return `/sites/${slug}/not-found`;
}
