/**
 * A founder page comes with its code (issue 37): the server reads the build's manifest and names the
 * page's chunks in the HTML, as modulepreload links in the head of a page the app renders itself, or in
 * the list the paint-first script loads after the first paint of a page whose shell the build rendered.
 * The build here is a small one written by the test, laid out as Vite writes it.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_SHELL_MODULE } from '../../src/config/founder-pages';
import { paths } from '../../src/config/paths';
import { prerenderedFile } from '../../src/config/prerendered-pages';
import { createFounderPageAssets } from '../../server/services/founder-page-assets';
import { startTestServer, type TestServer } from './harness';

/** Vite's manifest: the entry (in index.html) and the documents page's chunks, each in its own file. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_framework-2.js'],
    css: ['assets/index-1.css'],
  },
  '_framework-2.js': { file: 'assets/framework-2.js' },
  [SESSION_SHELL_MODULE]: {
    file: 'assets/session-shells-3.js',
    isDynamicEntry: true,
    imports: ['index.html', '_page-intro-4.js'],
  },
  '_page-intro-4.js': {
    file: 'assets/page-intro-4.js',
    imports: ['_framework-2.js'],
    css: ['assets/page-intro-4.css'],
  },
  'src/features/documents/documents-page.tsx': {
    file: 'assets/documents-page-5.js',
    isDynamicEntry: true,
    imports: ['index.html', '_framework-2.js', '_page-intro-4.js', '_card-6.js'],
    css: ['assets/documents-page-5.css'],
  },
  '_card-6.js': { file: 'assets/card-6.js', css: ['assets/card-6.css'] },
  'locales/fr/common.json': { file: 'assets/common-7.js', isDynamicEntry: true },
  'locales/fr/documents.json': { file: 'assets/documents-8.js', isDynamicEntry: true },
  'locales/en/common.json': { file: 'assets/common-9.js', isDynamicEntry: true },
  'locales/en/documents.json': { file: 'assets/documents-10.js', isDynamicEntry: true },
};

let server: TestServer;
let spaDir: string;

beforeAll(async () => {
  spaDir = await mkdtemp(path.join(tmpdir(), 'kreo-founder-code-'));
  await mkdir(path.join(spaDir, '.vite'), { recursive: true });
  await writeFile(path.join(spaDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  await writeFile(
    path.join(spaDir, 'index.html'),
    '<!doctype html><html lang="fr"><head><title>Kreo</title>' +
      '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/framework-2.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css">' +
      '</head><body><div id="root"></div></body></html>',
  );
  // The documents page's shell, built in English only: a French visitor gets the page the app renders.
  const shell = path.join(spaDir, prerenderedFile(paths.documents, 'en'));
  await mkdir(path.dirname(shell), { recursive: true });
  await writeFile(shell, '<main><h1>Download your documents</h1></main>');
  await writeFile(shell.replace(/\.html$/, '.json'), JSON.stringify({ namespaces: ['common', 'documents'] }));
  await writeFile(shell.replace(/\.html$/, '.css'), 'h1{margin:0}');
  server = await startTestServer({ seed: false, config: { spaDir } });
});

afterAll(async () => {
  await server.close();
  await rm(spaDir, { recursive: true, force: true });
});

const get = (url: string, language: string) =>
  server.request(url, { headers: { 'accept-language': language } });
const linksOf = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}" crossorigin href="([^"]+)">`, 'g'))].map(
    (match) => match[1],
  );

describe("a founder page's code, sent with the page", () => {
  it('is linked from the head of a page the app renders itself: the page, its shell and its words', async () => {
    const response = await get(paths.documents, 'fr');
    expect(response.statusCode).toBe(200);
    const [head = ''] = response.body.split('</head>');
    // Depth first from the page, as Vite's loader would ask for them; the entry's own files only once.
    expect(linksOf(head, 'modulepreload')).toEqual([
      '/assets/framework-2.js',
      '/assets/session-shells-3.js',
      '/assets/page-intro-4.js',
      '/assets/documents-page-5.js',
      '/assets/card-6.js',
      '/assets/common-7.js',
      '/assets/documents-8.js',
    ]);
    // Each chunk's imports' rules before its own (the cascade Vite's loader builds).
    expect(linksOf(head, 'stylesheet')).toEqual([
      '/assets/index-1.css',
      '/assets/page-intro-4.css',
      '/assets/card-6.css',
      '/assets/documents-page-5.css',
    ]);
  });

  it('goes with the app, after the first paint, on a page whose shell the build rendered', async () => {
    const response = await get(`${paths.documents}/`, 'en');
    const [head = '', body = ''] = response.body.split('</head>');
    expect(body).toContain('<div id="root"><main><h1>Download your documents</h1></main></div>');
    // Nothing in the head holds the first paint back.
    expect(head.replace(/<noscript>[\s\S]*?<\/noscript>/g, '')).not.toMatch(
      /rel="modulepreload"|rel="stylesheet"/,
    );
    const assets = /<script type="application\/json" id="kreo-app-assets">(.*?)<\/script>/.exec(body)?.[1];
    expect(JSON.parse(assets ?? 'null')).toEqual({
      scripts: ['/assets/index-1.js'],
      preloads: [
        '/assets/framework-2.js',
        '/assets/session-shells-3.js',
        '/assets/page-intro-4.js',
        '/assets/documents-page-5.js',
        '/assets/card-6.js',
        '/assets/common-9.js',
        '/assets/documents-10.js',
      ],
      styles: [
        '/assets/index-1.css',
        '/assets/page-intro-4.css',
        '/assets/card-6.css',
        '/assets/documents-page-5.css',
      ],
      // The page's own rules are all in those files: its inline copy goes once they have loaded.
      replacesInlineRules: true,
    });
    // Still one inline script, the one the policy allows by its hash; scripts from this origin otherwise.
    const inline = [...body.matchAll(/<script>(.*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64');
    const scriptSources = /script-src ([^;]+)/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(scriptSources?.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
  });

  it('is not added to the public pages, nor to a founder page when the build wrote no manifest', async () => {
    const landing = await get(paths.plans, 'fr');
    expect(linksOf(landing.body, 'modulepreload')).toEqual(['/assets/framework-2.js']);
    expect(landing.body).not.toContain('documents-page-5');

    // Without a manifest (a build cut short, an API-only run), the pages go as before.
    const bare = await mkdtemp(path.join(tmpdir(), 'kreo-founder-code-bare-'));
    try {
      expect(createFounderPageAssets(bare).of(paths.documents, 'fr')).toEqual({ scripts: [], styles: [] });
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });
});
