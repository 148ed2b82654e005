/**
 * The build's prerenderer (scripts/build.ts): renders a public page of the app to HTML in one
 * language, as a visitor without a session sees it, so that the server sends a painted page and the
 * browser hydrates it (src/main.tsx). Runs in Node at build time only; never part of the browser's bundle.
 */
import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import type { ReportNamespaces } from 'react-i18next';
import { App } from '@/app/app';
import { preloadRoute } from '@/app/route-table';
import type { PrerenderData } from '@/app/prerender-data';
import { seedContentPageText } from '@/features/info/page-texts';
import { seedCatalogSnapshot } from '@/lib/catalog/catalog';
import { i18n, initI18n } from '@/lib/i18n/i18n';
import type { Language } from '@/lib/i18n/languages';
import { NAMESPACES } from '@/lib/i18n/namespaces';

/** The namespaces a render used (react-i18next reports each useTranslation here). */
function freshNamespaceReport() {
  const used = new Set<string>();
  const report: ReportNamespaces = {
    addUsedNamespaces: (namespaces) => {
      for (const namespace of [namespaces].flat()) used.add(namespace);
    },
    getUsedNamespaces: () => [...used],
  };
  // react-i18next reads this field of the instance; its typing targets i18next 27.
  (i18n as typeof i18n & { reportNamespaces?: ReportNamespaces }).reportNamespaces = report;
  return used;
}

/** The page's HTML, and the namespaces it used (which the browser loads before hydrating it). */
export async function renderPage(
  url: string,
  language: Language,
  data: Omit<PrerenderData, 'namespaces'>,
): Promise<{ html: string; namespaces: string[] }> {
  await initI18n(language);
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces([...NAMESPACES]);
  seedCatalogSnapshot(data.catalog);
  seedContentPageText(data.pageText);
  await preloadRoute(url);
  const used = freshNamespaceReport();

  const html = await new Promise<string>((resolve, reject) => {
    let failure: unknown = null;
    const stream = renderToPipeableStream(
      <StrictMode>
        <App location={url} />
      </StrictMode>,
      {
        // Every lazy page, every word: the HTML is complete, never a loader.
        onAllReady() {
          const sink = new PassThrough();
          const chunks: Buffer[] = [];
          sink.on('data', (chunk: Buffer) => chunks.push(chunk));
          sink.on('end', () => {
            if (failure) reject(failure instanceof Error ? failure : new Error(String(failure)));
            else resolve(Buffer.concat(chunks).toString('utf8'));
          });
          stream.pipe(sink);
        },
        onShellError: reject,
        onError(error) {
          failure = error;
        },
      },
    );
  });
  return { html, namespaces: [...used].sort() };
}
