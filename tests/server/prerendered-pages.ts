/**
 * A build folder with pages as the build prerenders them (src/entry-server.tsx: the real app, in each
 * language), for tests of what the server does with their markup, without running the whole build.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prerenderedFile } from '../../src/config/prerendered-pages';
import { catalogLists, loadCatalog } from '../../server/services/catalog';
import { SERVER_LANGUAGES } from '../../server/services/i18n';

type RenderPage = (
  url: string,
  language: string,
  data: { catalog: unknown; pageText: undefined },
) => Promise<{ html: string; namespaces: string[] }>;

// Imported by its path: the server's TypeScript project (no DOM types) does not compile the app.
const ENTRY = '../../src/entry-server.tsx';

/** A folder with an index.html as Vite writes it and `pathnames` prerendered in fr, en and ro. */
export async function prerenderedSpaDir(pathnames: readonly string[]): Promise<string> {
  const spaDir = await mkdtemp(path.join(tmpdir(), 'kreo-prerendered-'));
  await writeFile(
    path.join(spaDir, 'index.html'),
    '<!doctype html><html lang="fr"><head><title>Kreo</title>' +
      '<script type="module" crossorigin src="/assets/app-1234.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/app-1234.css">' +
      '</head><body><div id="root"></div></body></html>',
  );
  const { renderPage } = (await import(/* @vite-ignore */ ENTRY)) as { renderPage: RenderPage };
  const catalog = catalogLists(await loadCatalog());
  for (const language of SERVER_LANGUAGES) {
    for (const pathname of pathnames) {
      const file = path.join(spaDir, prerenderedFile(pathname, language));
      await mkdir(path.dirname(file), { recursive: true });
      const { html, namespaces } = await renderPage(pathname, language, { catalog, pageText: undefined });
      await writeFile(file, html);
      await writeFile(file.replace(/\.html$/, '.json'), JSON.stringify({ catalog, namespaces }));
      await writeFile(file.replace(/\.html$/, '.css'), '');
    }
  }
  return spaDir;
}
