/** The built app as the server hands it out: history fallback, caching, and the Content-Security-Policy. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { json, startTestServer, type TestServer } from './harness';

const locale = (language: string, namespace: string) =>
  JSON.parse(readFileSync(`locales/${language}/${namespace}.json`, 'utf8')) as {
    meta: Record<string, { title: string; description: string }>;
  };

let server: TestServer;
let spaDir: string;

beforeAll(async () => {
  spaDir = await mkdtemp(path.join(tmpdir(), 'kreo-spa-test-'));
  await mkdir(path.join(spaDir, 'assets'));
  await writeFile(
    path.join(spaDir, 'index.html'),
    '<!doctype html><html lang="fr"><head><title>Kreo</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(spaDir, 'assets', 'app-1234.js'), 'console.log(1)');
  server = await startTestServer({ seed: false, config: { spaDir } });
});

afterAll(async () => {
  await server.close();
  await rm(spaDir, { recursive: true, force: true });
});

describe('the single-page app', () => {
  it.each(['/', '/signup', '/user-profile', '/no/such/page'])(
    'answers %s with index.html under a strict CSP',
    async (url) => {
      const response = await server.request(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toContain('unsafe-eval');
      expect(policy).toContain("object-src 'none'");
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets for a year', async () => {
    const response = await server.request('/assets/app-1234.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('keeps unknown API routes a JSON 404', async () => {
    const response = await server.request('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toContain('/api/nothing-here');
  });
});

describe("each route's head, for link previews and search engines", () => {
  const get = (url: string, language?: string) =>
    server.request(url, { headers: language ? { 'accept-language': language } : {} });
  const attribute = (html: string, key: string) =>
    new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

  it.each([
    ['/', 'fr', 'landing', 'landing'],
    ['/', 'en-GB,en;q=0.9', 'landing', 'landing'],
    ['/plans', 'ro', 'marketing', 'plans'],
    ['/faq/', 'en', 'marketing', 'faq'],
  ])('%s in %s has its own title, description and Open Graph tags', async (url, accept, namespace, page) => {
    const language = accept.slice(0, 2);
    const words = locale(language, namespace).meta[page];
    const response = await get(url, accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers.vary).toContain('Accept-Language');
    expect(response.body).toContain(`<html lang="${language}"`);
    expect(response.body).toContain(`<title>${words?.title} · Kreo</title>`);
    expect(attribute(response.body, 'description')).toBe(words?.description.replace(/'/g, '&#39;'));
    expect(attribute(response.body, 'og:title')).toBe(`${words?.title} · Kreo`);
    expect(attribute(response.body, 'og:url')).toMatch(
      new RegExp(`${url === '/' ? '/' : url.replace(/\/$/, '')}$`),
    );
    expect(attribute(response.body, 'og:image')).toMatch(/\/og-image\.jpg$/);
    expect(attribute(response.body, 'og:locale')).toBe({ fr: 'fr_FR', en: 'en_GB', ro: 'ro_RO' }[language]);
    expect(response.body).toContain('<link rel="canonical"');
    expect(response.body).toContain('<div id="root">');
  });

  it('defaults to French and asks search engines to skip personal pages', async () => {
    const profile = await get('/user-profile');
    expect(profile.body).toContain('<html lang="fr"');
    expect(profile.body).toContain(`<title>${locale('fr', 'profile').meta.profile?.title} · Kreo</title>`);
    expect(attribute(profile.body, 'robots')).toBe('noindex');
    expect(profile.body).not.toContain('rel="canonical"');
  });

  it('gives an unknown address the not-found title, and never echoes the address unescaped', async () => {
    const response = await get('/%3Cscript%3Ealert(1)%3C/script%3E', 'en');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<title>${locale('en', 'common').meta.notFound?.title} · Kreo</title>`);
    expect(response.body).not.toContain('<script>alert');
  });
});
