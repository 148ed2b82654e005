/**
 * The HTML the server sends for a page of the app: the built index.html with the route's head (title,
 * description, link previews, in the visitor's language) and, for pages that must work without
 * JavaScript, their words in a <noscript> block. Without a build (API-only runs, tests) the same head
 * and words make a plain page.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { accountFormAction, paths } from '../../src/config/paths';
import { FORM_FEEDBACK_ELEMENT_ID } from '../../src/shared/form-feedback';
import { alertHtml, sentFormState, withFormAction, withFormFeedback, type FormPageState } from './form-pages';
import { createFounderPageAssets, type PageAssets } from './founder-page-assets';
import { escapeHtml } from './html';
import type { ServerLanguage } from './i18n';
import { pageHead, renderIndexHtml } from './page-meta';
import { CRITICAL_CSS_ELEMENT_ID, loadAppAfterPaint } from './paint-first';
import type { ContactFormState, StaticPages } from './static-pages';
import {
  BUILT_PAGE_PATHS,
  PRERENDER_DATA_ELEMENT_ID,
  prerenderedFile,
} from '../../src/config/prerendered-pages';
import { SERVER_LANGUAGES } from './i18n';

/** What a page sent back after a form says: the contact page's, or an account form's (form-pages.ts). */
export interface PageState {
  contact?: ContactFormState;
  form?: FormPageState;
}

/** The pages whose form posts to themselves with the page asked for (redirect) carried along. */
const ACCOUNT_FORM_PAGES: ReadonlySet<string> = new Set([paths.login, paths.signup, paths.forgotPassword]);

/** JSON inside <script>: "</script>" or "<!--" in a text must not end the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

interface PrerenderedPage {
  html: string;
  data: string;
  /** The rules its markup uses, inlined so that the first paint waits for no stylesheet. */
  css: string;
}

/**
 * The pages the build prerendered (scripts/build.ts), public pages and founder pages' shells, by
 * "language pathname"; none without a build.
 */
function readPrerenderedPages(spaDir: string): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  for (const language of SERVER_LANGUAGES) {
    for (const pathname of BUILT_PAGE_PATHS) {
      const file = path.join(spaDir, prerenderedFile(pathname, language));
      const dataFile = file.replace(/\.html$/, '.json');
      const cssFile = file.replace(/\.html$/, '.css');
      if (![file, dataFile, cssFile].every((each) => existsSync(each))) continue;
      pages.set(`${language} ${pathname}`, {
        html: readFileSync(file, 'utf8'),
        data: readFileSync(dataFile, 'utf8').replace(/</g, '\\u003c'),
        css: readFileSync(cssFile, 'utf8').replace(/<\/style/gi, '<\\/style'),
      });
    }
  }
  return pages;
}

/**
 * A founder page's code as links in the head, for a page the app renders itself: the browser fetches
 * it beside the entry, and Vite's loader, which skips what the page already links, adds none itself.
 */
function withPageCode(page: string, code: PageAssets): string {
  if (code.scripts.length === 0) return page;
  const links = [
    ...code.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
    ...code.styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
  ];
  return page.replace('</head>', () => `${links.join('')}\n  </head>`);
}

export function createAppPages(options: { spaDir: string; publicUrl: string; staticPages: StaticPages }) {
  const indexPath = path.join(options.spaDir, 'index.html');
  // Read once: the build does not change while the server runs.
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  const prerendered =
    indexHtml === null ? new Map<string, PrerenderedPage>() : readPrerenderedPages(options.spaDir);
  const founderPageAssets = createFounderPageAssets(options.spaDir);

  return {
    hasSpa: indexHtml !== null,
    render(url: string, language: ServerLanguage, state: PageState = {}): string {
      const [pathname = '/', search = ''] = url.split('?');
      const query = new URLSearchParams(search);
      const head = pageHead(pathname, language, options.publicUrl);
      const words = options.staticPages.noscriptHtml(pathname, language, query, state.contact);
      const form = state.form ?? sentFormState(pathname, query, language);
      if (indexHtml === null) {
        const told = form?.alert ? alertHtml(form.alert) : '';
        const fields = Object.values(form?.errors ?? {})
          .map((error) => `<li>${escapeHtml(error)}</li>`)
          .join('');
        return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(head.title)}</title>${head.tags}</head><body>${told}${fields ? `<ul>${fields}</ul>` : ''}${words ?? ''}</body></html>`;
      }
      let page = renderIndexHtml(indexHtml, head);
      const route = pathname.replace(/(.)\/+$/, '$1');
      const painted = prerendered.get(`${language} ${route}`);
      // A founder page's own code (none for the others), sent with the page.
      const pageCode = founderPageAssets.of(route, language);
      if (!painted) page = withPageCode(page, pageCode);
      if (painted) {
        // Its own rules inline, so that the first paint waits for no file; the app's scripts and full
        // stylesheets once it has painted.
        page = loadAppAfterPaint(page, pageCode).replace(
          '</head>',
          () => `<style id="${CRITICAL_CSS_ELEMENT_ID}">${painted.css}</style>\n  </head>`,
        );
        // An account form posts to its page, the page asked for (redirect) carried along, as the app
        // renders it for this address; and a form sent back shows what the server said of it.
        let html = ACCOUNT_FORM_PAGES.has(route)
          ? withFormAction(painted.html, route, accountFormAction(route, search))
          : painted.html;
        if (form) html = withFormFeedback(html, form);
        const feedback = form
          ? `<script type="application/json" id="${FORM_FEEDBACK_ELEMENT_ID}">${scriptJson(form.feedback)}</script>`
          : '';
        // The page as the build rendered it in this language, and what the app hydrates it with.
        page = page.replace(
          '<div id="root"></div>',
          () =>
            `<div id="root">${html}</div><script type="application/json" id="${PRERENDER_DATA_ELEMENT_ID}">${painted.data}</script>${feedback}`,
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
