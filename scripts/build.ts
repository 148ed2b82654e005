/**
 * `npm run build`: the production build, in four steps.
 *   1. the form modules (precompiled validators) from schemas/;
 *   2. the browser's app (Vite);
 *   3. the public pages, and the founder pages' shells, prerendered to HTML in each language
 *      (src/entry-server.tsx, built for Node and run here), with the catalog of schemas/catalog.json;
 *   4. a brotli and a gzip copy of every text file, which the server sends to browsers that accept them.
 * `--outDir <dir>` builds elsewhere than dist/ (benchmarks, parallel work).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { catalogLists, loadCatalog } from '../server/services/catalog';
import { contentPageFor } from '../src/config/content-pages';
import type { PrerenderData } from '../src/app/prerender-data';
import { BUILT_PAGE_PATHS, prerenderedFile } from '../src/config/prerendered-pages';
import { LANGUAGES } from '../src/lib/i18n/languages';
import type { renderPage } from '../src/entry-server';
import { compressDirectory } from './build/compress-assets';
import { criticalCss } from './build/critical-css';
import { generateFormModules } from './forms/generate';

const { values } = parseArgs({ options: { outDir: { type: 'string', default: 'dist' } } });
const outDir = path.resolve(values.outDir);
// Inside node_modules so that the Node build finds the packages it leaves external; one per output folder,
// so that two builds at once (a benchmark beside the tests) do not overwrite each other's.
const ssrDir = path.resolve(
  'node_modules/.kreo-prerender',
  createHash('sha256').update(outDir).digest('hex').slice(0, 12),
);
const started = performance.now();

/** The build's stylesheets in cascade order: the start-up one (index.html's) first, then the pages'. */
async function buildStylesheets(dir: string): Promise<string[]> {
  const index = await readFile(path.join(dir, 'index.html'), 'utf8');
  const first = [...index.matchAll(/<link rel="stylesheet"[^>]*href="\/assets\/([^"]+\.css)"/g)].map(
    (match) => match[1] ?? '',
  );
  const others = (await readdir(path.join(dir, 'assets')))
    .filter((name) => name.endsWith('.css') && !first.includes(name))
    .sort();
  return Promise.all([...first, ...others].map((name) => readFile(path.join(dir, 'assets', name), 'utf8')));
}
const step = (label: string) =>
  console.log(`[build] ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

generateFormModules(process.cwd());
step('form modules generated');

await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
step(`app built into ${path.relative(process.cwd(), outDir) || '.'}`);

await build({
  logLevel: 'warn',
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: ssrDir,
    emptyOutDir: true,
    manifest: false,
    sourcemap: false,
    copyPublicDir: false,
  },
});
const server = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as {
  renderPage: typeof renderPage;
};
const catalog = catalogLists(await loadCatalog());
const stylesheets = await buildStylesheets(outDir);
for (const language of LANGUAGES) {
  for (const pathname of BUILT_PAGE_PATHS) {
    const content = contentPageFor(pathname);
    const data: Omit<PrerenderData, 'namespaces'> = {
      catalog,
      pageText: content
        ? {
            language,
            slug: content.slug,
            text: await readFile(`locales/${language}/pages/${content.slug}.md`, 'utf8'),
          }
        : undefined,
    };
    const file = path.join(outDir, prerenderedFile(pathname, language));
    await mkdir(path.dirname(file), { recursive: true });
    // The page's HTML, and beside it what the app starts from when it hydrates it.
    const { html, namespaces } = await server.renderPage(pathname, language, data);
    await writeFile(file, html);
    await writeFile(file.replace(/\.html$/, '.json'), JSON.stringify({ ...data, namespaces }));
    await writeFile(file.replace(/\.html$/, '.css'), criticalCss(stylesheets, html));
  }
}
await rm(ssrDir, { recursive: true, force: true });
step(`${BUILT_PAGE_PATHS.length * LANGUAGES.length} pages prerendered`);

const figures = await compressDirectory(outDir);
const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
step(
  `${figures.files} files compressed: ${kB(figures.raw)} → ${kB(figures.brotli)} brotli, ${kB(figures.gzip)} gzip`,
);
// Written last: `npm start` rebuilds when this stamp is missing (an interrupted build) or older than a source.
await writeFile(
  path.join(outDir, 'build-complete.json'),
  JSON.stringify({ builtAt: new Date().toISOString() }),
);
