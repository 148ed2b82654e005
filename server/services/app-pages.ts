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
import { CRITICAL_CSS_ELEMENT_ID, loadAppAfterPaint } from './paint-first';
import type { ContactFormState, StaticPages } from './static-pages';
import {
  PRERENDER_DATA_ELEMENT_ID,
  PRERENDERED_PATHS,
  prerenderedFile,
} from '../../src/config/prerendered-pages';
import { SERVER_LANGUAGES } from './i18n';

interface PrerenderedPage {
  html: string;
  data: string;
  /** The rules its markup uses, inlined so that the first paint waits for no stylesheet. */
  css: string;
}

/** The pages the build prerendered (scripts/build.ts), by "language pathname"; none without a build. */
function readPrerenderedPages(spaDir: string): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  for (const language of SERVER_LANGUAGES) {
    for (const pathname of PRERENDERED_PATHS) {
      const file = path.join(spaDir, prerenderedFile(pathname, language));
      const dataFile = file.replace(/\.html$/, '.json');
      const cssFile = file.replace(/\.html$/, '.css');
      if (![file, dataFile, cssFile].every((each) => existsSync(each))) continue;
      pages.set(`${language} ${pathname}`, {
        html: readFileSync(file, 'utf8'),
        // JSON inside <script>: "</script>" or "<!--" in a text must not end the element.
        data: readFileSync(dataFile, 'utf8').replace(/</g, '\\u003c'),
        css: readFileSync(cssFile, 'utf8').replace(/<\/style/gi, '<\\/style'),
      });
    }
  }
  return pages;
}

export function createAppPages(options: { spaDir: string; publicUrl: string; staticPages: StaticPages }) {
  const indexPath = path.join(options.spaDir, 'index.html');
  // Read once: the build does not change while the server runs.
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  const prerendered =
    indexHtml === null ? new Map<string, PrerenderedPage>() : readPrerenderedPages(options.spaDir);

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
      let page = renderIndexHtml(indexHtml, head);
      const painted = prerendered.get(`${language} ${pathname.replace(/(.)\/+$/, '$1')}`);
      if (painted) {
        // Its own rules inline, so that the first paint waits for no file; the app's scripts and full
        // stylesheets once it has painted.
        page = loadAppAfterPaint(page).replace(
          '</head>',
          () => `<style id="${CRITICAL_CSS_ELEMENT_ID}">${painted.css}</style>\n  </head>`,
        );
        // The page as the build rendered it in this language, and what the app hydrates it with.
        page = page.replace(
          '<div id="root"></div>',
          () =>
            `<div id="root">${painted.html}</div><script type="application/json" id="${PRERENDER_DATA_ELEMENT_ID}">${painted.data}</script>`,
        );
      }
      if (!words) return page;
      // Without scripts, the page's plain version (a form that posts, the text) shows instead of the app's.
      const hideApp = painted ? '<style>#root{display:none}</style>' : '';
      return page.replace('<div id="root">', () => `<noscript>${hideApp}${words}</noscript><div id="root">`);
    },
  };
}

export type AppPages = ReturnType<typeof createAppPages>;
