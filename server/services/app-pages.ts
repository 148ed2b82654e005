/**
 * The HTML the server sends for a page of the app: the built index.html with the route's head (title,
 * description, link previews, in the visitor's language) and, for pages that must work without
 * JavaScript, their words in a <noscript> block. Without a build (API-only runs, tests) the same head
 * and words make a plain page.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from './html';
import type { ServerLanguage } from './i18n';
import { pageHead, renderIndexHtml } from './page-meta';
import type { ContactFormState, StaticPages } from './static-pages';

export function createAppPages(options: { spaDir: string; publicUrl: string; staticPages: StaticPages }) {
  const indexPath = path.join(options.spaDir, 'index.html');
  // Read once: the build does not change while the server runs.
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;

  return {
    hasSpa: indexHtml !== null,
    render(url: string, language: ServerLanguage, contact?: ContactFormState): string {
      const [pathname = '/', search = ''] = url.split('?');
      const head = pageHead(pathname, language, options.publicUrl);
      const words = options.staticPages.noscriptHtml(
        pathname,
        language,
        new URLSearchParams(search),
        contact,
      );
      if (indexHtml === null) {
        return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(head.title)}</title>${head.tags}</head><body>${words ?? ''}</body></html>`;
      }
      const page = renderIndexHtml(indexHtml, head);
      return words
        ? page.replace('<div id="root">', () => `<noscript>${words}</noscript><div id="root">`)
        : page;
    },
  };
}

export type AppPages = ReturnType<typeof createAppPages>;
