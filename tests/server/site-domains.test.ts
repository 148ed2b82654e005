/**
 * Founders' own domains (issue 38): a domain is refused until DNS proves it (the site's TXT token and
 * an address of the operator's host), answered with its site once verified (asked over loopback with
 * that Host header), refused again when its record goes; the reverse proxy's question; bad input.
 * DNS is a real server on loopback (dns-zone.ts) that the app's own resolver asks.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { domainToASCII } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases, websites } from '../../server/db/schema';
import {
  normalizeDomain,
  rewriteSiteDomainUrl,
  SiteDomainTable,
} from '../../server/services/website/site-domains';
import { buyLocally, json, startTestServer, type SignedUpUser, type TestServer } from './harness';
import { startDnsZone, type DnsZone } from './dns-zone';
import { completeContent } from './website-fixtures';

const PREMIUM = { offerSku: 'PREMIUM_PACKAGE', planSku: 'PREMIUM_PACKAGE_ONE_TIME' };
const TARGET = 'sites.kreo.test';

interface WebsiteDomain {
  name: string | null;
  status: 'none' | 'pending' | 'verified';
  problem: string | null;
  checkedAt: string | null;
  records: { purpose: string; type: string; name: string; value: string }[];
  url: string | null;
}
type Website = { customDomain: WebsiteDomain | null; slug: string | null } & Record<string, unknown>;

let zone: DnsZone;
let server: TestServer;
let origin: string;

beforeAll(async () => {
  zone = await startDnsZone();
  zone.set(TARGET, 'A', ['192.0.2.10']);
  zone.set(TARGET, 'AAAA', ['2001:db8::10']);
  server = await startTestServer({
    config: {
      siteDomains: { target: TARGET, dnsServers: [zone.server] },
      siteContact: { perHour: 5, minSeconds: 0 },
    },
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
  await zone.close();
});

const post = (user: SignedUpUser, url: string, body?: unknown, language = 'fr') =>
  server.request(url, {
    method: 'POST',
    token: user.accessToken,
    headers: { 'accept-language': language },
    ...(body === undefined ? {} : { body }),
  });

/** A real HTTP request on loopback, naming `host`: what a visitor's browser sends through the proxy. */
function fetchAs(
  host: string,
  path: string,
  options: { method?: string; form?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${origin}${path}`,
      {
        method: options.method ?? 'GET',
        headers: {
          host,
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function publishedFounder(slug: string) {
  const user = await server.signup();
  await buyLocally(server, user, PREMIUM);
  const saved = await post(user, '/api/website/draft', {
    content: completeContent({ languages: ['fr', 'en'] }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await post(user, '/api/website/publish', { slug });
  expect(published.statusCode, published.body).toBe(200);
  return user;
}

async function verify(user: SignedUpUser): Promise<WebsiteDomain> {
  const answer = await post(user, '/api/website/domain/verify');
  expect(answer.statusCode, answer.body).toBe(200);
  const domain = json<Website>(answer).customDomain;
  if (!domain) throw new Error('customDomain missing');
  return domain;
}

const allowed = async (domain: string) =>
  (await server.request(`/api/site-domains/allowed?domain=${encodeURIComponent(domain)}`)).statusCode;

describe('a domain typed by a founder', () => {
  it('is taken as DNS names it, or refused', () => {
    expect(normalizeDomain(' https://WWW.Boulangerie-Dupont.fr/contact?x=1 ')).toBe(
      'www.boulangerie-dupont.fr',
    );
    expect(normalizeDomain('boulangerie-dupont.fr.')).toBe('boulangerie-dupont.fr');
    expect(normalizeDomain('brutăria-ștefănescu.ro')).toBe(domainToASCII('brutăria-ștefănescu.ro'));
    for (const bad of [
      '',
      'boulangerie',
      '192.168.1.10',
      'a..fr',
      '-a.fr',
      'a_b.fr',
      'user@a.fr',
      'a.fr:8080',
    ])
      expect(normalizeDomain(bad), bad).toBeNull();
  });

  it('routes only a verified domain to its site, never to the platform, and no other public name to it', () => {
    const own = ['kreo.test', TARGET];
    const rewrite = (host: string, url: string) => rewriteSiteDomainUrl(table, host, url, own);
    const table = new SiteDomainTable();
    table.set('boulangerie.fr', 'boulangerie');
    expect(rewrite('Boulangerie.fr.:443', '/')).toBe('/sites/boulangerie');
    expect(rewrite('boulangerie.fr', '/en?x=1')).toBe('/sites/boulangerie/en?x=1');
    expect(rewrite('boulangerie.fr', '/thanks?lang=en')).toBe('/sites/boulangerie/thanks?lang=en');
    expect(rewrite('boulangerie.fr', '/site-photos/a/w480.webp')).toBe('/site-photos/a/w480.webp');
    for (const elsewhere of ['/api/website', '/login', '/sites/other', '/metrics', '/de'])
      expect(rewrite('boulangerie.fr', elsewhere)).toBe('/sites/boulangerie/not-found');
    // Our names, addresses (probes, the proxy's question) and private names: the platform.
    for (const host of [
      'kreo.test',
      'KREO.test:443',
      '127.0.0.1:3000',
      '[::1]:3000',
      'localhost',
      'kreo:3000',
      'kreo.default.svc',
      'app.internal',
    ])
      expect(rewrite(host, '/api/website'), host).toBe('/api/website');
    // Any other public name (a domain removed, its certificate still at the proxy): no site there.
    for (const host of ['removed.example.fr', 'www.boulangerie.fr', 'evil.test'])
      expect(rewrite(host, '/api/website'), host).toBe('/sites/-/not-found');
  });
});

describe('verifying a domain', () => {
  const domain = 'www.boulangerie-dupont.fr';
  let founder: SignedUpUser;

  beforeAll(async () => {
    founder = await publishedFounder('boulangerie-domaine');
  });

  it('shows the records to create and refuses the domain until DNS has both', async () => {
    const set = await post(founder, '/api/website/domain', { domain: 'https://WWW.Boulangerie-Dupont.fr/' });
    expect(set.statusCode, set.body).toBe(200);
    const pending = json<Website>(set).customDomain;
    expect(pending).toMatchObject({ name: domain, status: 'pending', problem: null, url: null });
    const txt = pending?.records.find((record) => record.type === 'TXT');
    expect(txt?.name).toBe(`_kreo-site.${domain}`);
    expect(txt?.value).toMatch(/^kreo-site-verification=[0-9a-f]{32}$/);
    expect(pending?.records.filter((record) => record.purpose === 'pointing')).toEqual([
      { purpose: 'pointing', type: 'CNAME', name: domain, value: TARGET },
      { purpose: 'pointing', type: 'A', name: domain, value: '192.0.2.10' },
      { purpose: 'pointing', type: 'AAAA', name: domain, value: '2001:db8::10' },
    ]);

    // Not verified: the host is not the site's, and the proxy gets no certificate for it.
    const before = await fetchAs(domain, '/');
    expect(before.status).toBe(404);
    expect(before.body).not.toContain('Boulangerie Dupont');
    expect((await fetchAs(domain, '/api/marketing/offers/list')).headers['content-type']).toMatch(
      /^text\/html/,
    );
    expect(await allowed(domain)).toBe(404);
    expect((await fetchAs('127.0.0.1', '/sites/boulangerie-domaine')).status).toBe(200);

    expect(await verify(founder)).toMatchObject({ status: 'pending', problem: 'txtMissing' });
    zone.set(`_kreo-site.${domain}`, 'TXT', ['v=spf1 -all', txt?.value ?? '']);
    expect(await verify(founder)).toMatchObject({ status: 'pending', problem: 'notPointing' });
    zone.set(domain, 'A', ['198.51.100.7']);
    expect(await verify(founder)).toMatchObject({ status: 'pending', problem: 'notPointing' });
    zone.set(domain, 'A', ['192.0.2.10']);
    // A parking page's address left beside ours would take part of the visitors: not verified yet.
    zone.set(domain, 'AAAA', ['2001:db8::dead']);
    expect(await verify(founder)).toMatchObject({ status: 'pending', problem: 'notPointing' });
    zone.set(domain, 'AAAA', ['2001:db8::10']);
    const verified = await verify(founder);
    expect(verified).toMatchObject({ status: 'verified', problem: null, url: `https://${domain}/` });
    expect(verified.checkedAt).not.toBeNull();
    expect(await allowed(domain)).toBe(200);
    expect(await allowed('WWW.boulangerie-dupont.fr')).toBe(200);
    expect(await allowed('boulangerie-dupont.fr')).toBe(404);
  });

  it('serves the site at the domain, and only the site', async () => {
    const home = await fetchAs(domain, '/');
    expect(home.status).toBe(200);
    expect(home.headers['content-security-policy']).toContain("default-src 'none'");
    expect(home.body).toContain('<h1');
    expect(home.body).toContain('Boulangerie Dupont');
    expect(home.body).toContain(`<link rel="canonical" href="https://${domain}/">`);
    expect(home.body).toContain(`hreflang="en" href="https://${domain}/en"`);
    expect(home.body).toContain('action="/contact"');
    expect(home.body).toContain(`"url":"https://${domain}/"`);

    const english = await fetchAs(domain, '/en');
    expect(english.status).toBe(200);
    expect(english.body).toContain('Sourdough bread, baked every morning');
    expect((await fetchAs(domain, '/fr')).headers.location).toBe('/');

    const sitemap = await fetchAs(domain, '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).toContain(`<loc>https://${domain}/</loc>`);
    expect(sitemap.body).toContain(`<loc>https://${domain}/en</loc>`);
    const robots = await fetchAs(domain, '/robots.txt');
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain(`Sitemap: https://${domain}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /thanks');

    // Nothing of the platform at a founder's domain: its API, its pages, its metrics.
    for (const path of [
      '/api/website',
      '/login',
      '/api/marketing/offers/list',
      '/sites/boulangerie-domaine',
    ]) {
      const answer = await fetchAs(domain, path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-type'], path).toMatch(/^text\/html/);
    }

    // The contact form posts to the domain, and a refused post comes back there with its errors.
    const refused = await fetchAs(domain, '/contact', {
      method: 'POST',
      form: { lang: 'en', name: '', email: 'not an address', message: '' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('action="/contact"');
    expect(refused.body).toContain('lang="en"');

    // At /sites/<slug>, visitors are sent to the domain (temporary: it can go back).
    const moved = await fetchAs('127.0.0.1', '/sites/boulangerie-domaine/en');
    expect(moved.status).toBe(302);
    expect(moved.headers.location).toBe(`https://${domain}/en`);
  });

  it('follows its site to a new slug', async () => {
    const moved = await post(founder, '/api/website/publish', { slug: 'boulangerie-renommee' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(json<{ published: { url: string } }>(moved).published.url).toBe(`https://${domain}/`);
    expect((await fetchAs(domain, '/en')).body).toContain('Sourdough bread, baked every morning');
    expect((await fetchAs('127.0.0.1', '/sites/boulangerie-renommee')).headers.location).toBe(
      `https://${domain}/`,
    );
    // The old slug is held for its owner: it sends to the new one, which sends to the domain.
    expect((await fetchAs('127.0.0.1', '/sites/boulangerie-domaine')).headers.location).toBe(
      '/sites/boulangerie-renommee',
    );
  });

  it('is refused to a second founder while the first has it', async () => {
    const other = await publishedFounder('autre-boulangerie');
    const set = await post(other, '/api/website/domain', { domain });
    const txtOf = (website: Website) =>
      website.customDomain?.records.find((record) => record.type === 'TXT')?.value ?? '';
    const firstToken = txtOf(
      json<Website>(await server.request('/api/website', { token: founder.accessToken })),
    );
    // Both tokens at the name: the second founder's record is there too, yet the first keeps the domain.
    zone.set(`_kreo-site.${domain}`, 'TXT', [firstToken, txtOf(json<Website>(set))]);
    expect(await verify(other)).toMatchObject({ status: 'pending', problem: 'taken' });
    // A domain only typed is never routed, even after the table is read again from the database.
    await post(other, '/api/website/domain', { domain: 'autre-boulangerie.example.fr' });
    await server.app.websites.loadDomains();
    expect((await fetchAs('autre-boulangerie.example.fr', '/')).status).toBe(404);
    expect((await fetchAs(domain, '/')).body).toContain('action="/contact"');
    // The second founder giving up the domain leaves the first one's site where it is.
    await post(other, '/api/website/domain/delete');
    expect((await fetchAs(domain, '/')).status).toBe(200);
  });

  it('goes to one site only when two prove it at once', async () => {
    const contested = 'contested.example.fr';
    const [first, second] = await Promise.all([
      publishedFounder('premier-site'),
      publishedFounder('second-site'),
    ]);
    const tokens: string[] = [];
    for (const founderOfSite of [first, second]) {
      const set = json<Website>(await post(founderOfSite, '/api/website/domain', { domain: contested }));
      tokens.push(set.customDomain?.records[0]?.value ?? '');
    }
    zone.set(`_kreo-site.${contested}`, 'TXT', tokens);
    zone.set(contested, 'A', ['192.0.2.10']);
    const outcomes = await Promise.all([verify(first), verify(second)]);
    expect(outcomes.map((outcome) => `${outcome.status} ${outcome.problem}`).sort()).toEqual([
      'pending taken',
      'verified null',
    ]);
    expect(await allowed(contested)).toBe(200);
  });

  it('keeps the domain while DNS does not answer, and takes it back when its record goes', async () => {
    const aged = async () =>
      server.db
        .update(websites)
        .set({ domainCheckedAt: new Date(Date.now() - 2 * 3600 * 1000) })
        .where(eq(websites.userId, founder.userId));
    // Checked less than an hour ago: not asked again.
    zone.remove(`_kreo-site.${domain}`);
    expect(await server.app.websites.recheckDomains()).toBe(0);
    expect((await fetchAs(domain, '/')).status).toBe(200);

    zone.failing.add(`_kreo-site.${domain}`);
    await aged();
    expect(await server.app.websites.recheckDomains()).toBe(0);
    expect((await fetchAs(domain, '/')).status).toBe(200);
    const [kept] = await server.db.select().from(websites).where(eq(websites.userId, founder.userId));
    expect(kept?.domainProblem).toBe('dnsFailed');
    expect(kept?.domainVerifiedAt).not.toBeNull();

    zone.failing.delete(`_kreo-site.${domain}`);
    await aged();
    expect(await server.app.websites.recheckDomains()).toBe(1);
    expect((await fetchAs(domain, '/')).status).toBe(404);
    expect((await fetchAs(domain, '/')).body).not.toContain('Boulangerie Dupont');
    expect(await allowed(domain)).toBe(404);
    expect((await fetchAs('127.0.0.1', '/sites/boulangerie-renommee')).status).toBe(200);
    const view = json<Website>(await server.request('/api/website', { token: founder.accessToken }));
    expect(view.customDomain).toMatchObject({ name: domain, status: 'pending', problem: 'txtMissing' });

    // Verified again, then DNS failing for more than three days after the last answer: taken back.
    zone.set(`_kreo-site.${domain}`, 'TXT', [view.customDomain?.records[0]?.value ?? '']);
    expect(await verify(founder)).toMatchObject({ status: 'verified' });
    zone.failing.add(`_kreo-site.${domain}`);
    await server.db
      .update(websites)
      .set({
        domainCheckedAt: new Date(Date.now() - 2 * 3600 * 1000),
        domainConfirmedAt: new Date(Date.now() - 4 * 24 * 3600 * 1000),
      })
      .where(eq(websites.userId, founder.userId));
    expect(await server.app.websites.recheckDomains()).toBe(1);
    expect(await allowed(domain)).toBe(404);
    zone.failing.delete(`_kreo-site.${domain}`);
  });

  it('goes when the founder removes it', async () => {
    const removed = await post(founder, '/api/website/domain/delete');
    expect(removed.statusCode).toBe(200);
    expect(json<Website>(removed).customDomain).toMatchObject({ name: null, status: 'none', records: [] });
    expect((await post(founder, '/api/website/domain/verify', undefined, 'en')).statusCode).toBe(404);
    // Nothing of the platform at a name that was a site's (a proxy may keep its certificate).
    const platform = await fetchAs(domain, '/api/marketing/offers/list');
    expect(platform.status).toBe(404);
    expect(platform.headers['content-type']).toMatch(/^text\/html/);
  });

  it('is no longer the site’s when a refund takes the website back', async () => {
    const refunded = await publishedFounder('boulangerie-remboursee');
    const own = 'shop.boulangerie-remboursee.example.fr';
    const set = json<Website>(await post(refunded, '/api/website/domain', { domain: own }));
    zone.set(`_kreo-site.${own}`, 'TXT', [set.customDomain?.records[0]?.value ?? '']);
    zone.set(own, 'A', ['192.0.2.10']);
    expect(await verify(refunded)).toMatchObject({ status: 'verified' });
    expect(await allowed(own)).toBe(200);
    // What a refund's transaction does once the purchase is gone (the refund itself has its tests).
    await server.db.transaction(async (tx) => {
      await tx.delete(purchases).where(eq(purchases.userId, refunded.userId));
      expect(await server.app.websites.revokeUnlessOwned(tx, refunded.userId)).toContain('/sites/');
    });
    expect(await allowed(own)).toBe(404);
    expect((await fetchAs(own, '/')).status).toBe(404);
    const [row] = await server.db.select().from(websites).where(eq(websites.userId, refunded.userId));
    expect(row?.domainVerifiedAt).toBeNull();
    await server.app.websites.loadDomains();
    expect((await fetchAs(own, '/')).status).toBe(404);
  });
});

describe('refusals', () => {
  it('says what is wrong with a domain, in the founder’s language', async () => {
    const founder = await server.signup();
    await buyLocally(server, founder, PREMIUM);
    const format = await post(founder, '/api/website/domain', { domain: 'ma boulangerie' }, 'fr');
    expect(format.statusCode).toBe(400);
    expect(json(format)).toMatchObject({ code: 'DOMAIN_FORMAT' });
    expect(json<{ message: string }>(format).message).toMatch(/nom de domaine valide/);
    for (const reserved of ['shop.localhost', 'printer.local', TARGET, 'www.sites.kreo.test']) {
      const answer = await post(founder, '/api/website/domain', { domain: reserved }, 'ro');
      expect(answer.statusCode, reserved).toBe(400);
      expect(json(answer), reserved).toMatchObject({ code: 'DOMAIN_RESERVED' });
    }
    expect((await post(founder, '/api/website/domain', {})).statusCode).toBe(400);
    expect((await post(founder, '/api/website/domain', { domain: 42 })).statusCode).toBe(400);
    expect((await post(founder, '/api/website/domain', { domain: 'a'.repeat(301) })).statusCode).toBe(400);
    expect((await server.request('/api/site-domains/allowed')).statusCode).toBe(400);
    expect(await allowed('not a domain')).toBe(404);
  });

  it('is the 50 € package’s, and only where the operator offers domains', async () => {
    const starter = await server.signup();
    const refused = await post(starter, '/api/website/domain', { domain: 'boulangerie.fr' }, 'en');
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ code: 'WEBSITE_NOT_INCLUDED' });

    const plain = await startTestServer();
    try {
      const founder = await plain.signup();
      await buyLocally(plain, founder, PREMIUM);
      const view = json<Website>(await plain.request('/api/website', { token: founder.accessToken }));
      expect(view.customDomain).toBeNull();
      const answer = await plain.request('/api/website/domain', {
        method: 'POST',
        token: founder.accessToken,
        body: { domain: 'boulangerie.fr' },
      });
      expect(answer.statusCode).toBe(403);
      expect(json(answer)).toMatchObject({ code: 'DOMAINS_NOT_OFFERED' });
      expect((await plain.request('/api/site-domains/allowed?domain=boulangerie.fr')).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
