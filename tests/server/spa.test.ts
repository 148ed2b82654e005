/** The built app as the server hands it out: history fallback, caching, and the Content-Security-Policy. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { paths } from '../../src/config/paths';
import { PRERENDER_DATA_ELEMENT_ID, prerenderedFile } from '../../src/config/prerendered-pages';
import { LANGUAGE_COOKIE } from '../../src/shared/language-rule';
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
    // As Vite writes it: the entry, its imports to fetch at once, the stylesheet.
    '<!doctype html><html lang="fr"><head><title>Kreo</title>' +
      '<script type="module" crossorigin src="/assets/app-1234.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/big-5678.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/app-1234.css">' +
      '</head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(spaDir, 'assets', 'app-1234.js'), 'console.log(1)');
  // A build's compressed copies (scripts/build/compress-assets.ts) and its prerendered pages (scripts/build.ts).
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  await writeFile(path.join(spaDir, 'assets', 'big-5678.js'), script);
  await writeFile(path.join(spaDir, 'assets', 'big-5678.js.br'), brotliCompressSync(script));
  await writeFile(path.join(spaDir, 'assets', 'big-5678.js.gz'), gzipSync(script));
  for (const language of ['fr', 'ro']) {
    const file = path.join(spaDir, prerenderedFile(paths.plans, language));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `<main><h1>plans-${language}</h1></main>`);
    await writeFile(file.replace(/\.html$/, '.json'), JSON.stringify({ note: '</script><!-- ' + language }));
    await writeFile(file.replace(/\.html$/, '.css'), `.plans-${language}{color:green}`);
  }
  server = await startTestServer({ seed: false, config: { spaDir } });
});

afterAll(async () => {
  await server.close();
  await rm(spaDir, { recursive: true, force: true });
});

describe('the single-page app', () => {
  it.each([
    ['/', 200],
    ['/signup', 200],
    ['/user-profile', 200],
    ['/no/such/page', 404],
  ])('answers %s with index.html under a strict CSP (status %i)', async (url, status) => {
    const response = await server.request(url);
    expect(response.statusCode).toBe(status);
    expect(response.body).toContain('<div id="root">');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toContain("object-src 'none'");
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['/', 200],
    ['/plans', 200],
    ['/user-profile', 200],
    ['/no/such/page', 404],
  ])('answers HEAD %s like GET, without a body (status %i)', async (url, status) => {
    const response = await server.request(url, { method: 'HEAD' });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe('');
  });

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

describe('compression', () => {
  it('sends the brotli copy of a built file to a browser that accepts it, and gzip to one that takes only gzip', async () => {
    const brotli = await server.request('/assets/big-5678.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('console.log');
    const gzip = await server.request('/assets/big-5678.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('console.log');
    const plain = await server.request('/assets/big-5678.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
  });

  it('compresses the pages it composes and the API answers', async () => {
    const page = await server.request('/plans', { headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
    const refused = await server.request('/plans', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });
});

describe('prerendered pages', () => {
  const get = (url: string, headers: Record<string, string> = {}) => server.request(url, { headers });

  it("sends the page in the visitor's language, with its data and its own CSS inline", async () => {
    const response = await get('/plans', { 'accept-language': 'ro-RO,ro;q=0.9' });
    expect(response.body).toContain('<html lang="ro"');
    expect(response.body).toContain('<div id="root"><main><h1>plans-ro</h1></main></div>');
    expect(response.body).toContain('<style id="kreo-critical-css">.plans-ro{color:green}</style>');
    // The data cannot end its <script> element early.
    expect(response.body).toContain(`<script type="application/json" id="${PRERENDER_DATA_ELEMENT_ID}">`);
    expect(response.body).not.toContain('</script><!-- ro');
    expect(response.body).toContain('\\u003c/script>\\u003c!-- ro');
  });

  it('loads the app after the first paint, by the one inline script the policy allows', async () => {
    const response = await get('/plans', { 'accept-language': 'fr' });
    const [head = '', body = ''] = response.body.split('</head>');
    // Nothing in the head holds the first paint back (a <noscript>'s content is not loaded with scripts on).
    expect(head.replace(/<noscript>[\s\S]*?<\/noscript>/g, '')).not.toMatch(
      /<script type="module"|rel="modulepreload"|rel="stylesheet"/,
    );
    const assets = /<script type="application\/json" id="kreo-app-assets">(.*?)<\/script>/.exec(body)?.[1];
    expect(JSON.parse(assets ?? 'null')).toEqual({
      scripts: ['/assets/app-1234.js'],
      preloads: ['/assets/big-5678.js'],
      styles: ['/assets/app-1234.css'],
      // A public page's rules may come from files the app loads later (a lazy section's): its inline
      // copy stays.
      replacesInlineRules: false,
    });
    // Without JavaScript, the stylesheet still applies, before the page's own rules as the script puts it.
    const stylesheet = '<noscript><link rel="stylesheet" crossorigin href="/assets/app-1234.css"></noscript>';
    expect(head).toContain(stylesheet);
    expect(head.indexOf(stylesheet)).toBeLessThan(head.indexOf('<style id="kreo-critical-css">'));
    const inline = [...body.matchAll(/<script>(.*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64');
    const scriptSources = /script-src ([^;]+)/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(scriptSources?.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
  });

  it('leaves the scripts in the head of a page the app renders itself', async () => {
    const response = await get('/user-profile');
    const [head = ''] = response.body.split('</head>');
    expect(head).toContain('<script type="module" crossorigin src="/assets/app-1234.js"></script>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/app-1234.css">');
    expect(response.body).not.toContain('kreo-app-assets');
  });

  it('follows the choice cookie before Accept-Language, as the app does', async () => {
    const response = await get('/plans', { 'accept-language': 'en', cookie: `${LANGUAGE_COOKIE}=ro` });
    expect(response.body).toContain('plans-ro');
    expect(response.headers.vary).toContain('Cookie');
    const invalid = await get('/plans', { 'accept-language': 'fr', cookie: `${LANGUAGE_COOKIE}=de` });
    expect(invalid.body).toContain('plans-fr');
  });

  it('sends an empty page for the app to render when the language was not prerendered', async () => {
    const response = await get('/plans', { 'accept-language': 'en' });
    expect(response.body).toContain('<html lang="en"');
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain(PRERENDER_DATA_ELEMENT_ID);
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
    // As the HTML writes them: an apostrophe is escaped.
    const title = words?.title.replace(/'/g, '&#39;');
    const response = await get(url, accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers.vary).toContain('Accept-Language');
    expect(response.body).toContain(`<html lang="${language}"`);
    expect(response.body).toContain(`<title>${title} · Kreo</title>`);
    expect(attribute(response.body, 'description')).toBe(words?.description.replace(/'/g, '&#39;'));
    expect(attribute(response.body, 'og:title')).toBe(`${title} · Kreo`);
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
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain(`<title>${locale('en', 'common').meta.notFound?.title} · Kreo</title>`);
    expect(response.body).not.toContain('<script>alert');
  });
});
