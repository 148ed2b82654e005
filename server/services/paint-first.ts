/**
 * A prerendered page paints before its app loads. Its scripts and full stylesheets, which Vite puts in
 * the head, are instead listed in a JSON block, and a small inline script asks for them once the
 * browser has painted: the page's text reaches a phone on a slow network without sharing the line
 * with some 100 kB of JavaScript, and the app then takes the page over (hydration) as before.
 * Without JavaScript, a <noscript> in the head keeps the stylesheets, before the page's inline rules as
 * the script would put them (see below).
 */
import { createHash } from 'node:crypto';
import type { PageAssets } from './founder-page-assets';

export const APP_ASSETS_ELEMENT_ID = 'kreo-app-assets';
/** The page's own rules, inline (app-pages.ts): the start-up stylesheets go before them. */
export const CRITICAL_CSS_ELEMENT_ID = 'kreo-critical-css';

interface AppAssets {
  /** The module scripts to run, in order (Vite's entry). */
  scripts: string[];
  /** Their imports, fetched at once rather than one after the other (Vite's modulepreload links). */
  preloads: string[];
  styles: string[];
}

/**
 * Run by the browser as the page is parsed: after the next frame is painted (a requestAnimationFrame
 * callback runs just before that paint, a timeout set from it just after), it adds the stylesheets,
 * the preloads and the scripts. The preloads go in tasks of 20: a founder page's code is some 70
 * files, and adding a link costs the main thread about a millisecond on a slow phone, so that one task
 * adding them all would keep the page from answering a tap (the scripts come after the last one). A hidden tab paints nothing and runs no animation frame: there it
 * loads at once, as it does when a tab is hidden or shown before its first paint; and a tab that the
 * browser does not paint for another reason (a window behind others) loads after a second.
 * The stylesheets go before the page's inline rules, which thus keep the last word: those rules are in
 * Mantine's order, and a start-up stylesheet (with, say, the unstyled button's padding) must not
 * override a rule that comes after it there (the button's) until that rule's own file arrives, which
 * would move the page for a moment. Kept small and in plain ES5 because it is inline, allowed by its
 * hash in the Content-Security-Policy.
 */
export const PAINT_FIRST_SCRIPT = `(function(){var d=document,a=JSON.parse(d.getElementById('${APP_ASSETS_ELEMENT_ID}').textContent),c=d.getElementById('${CRITICAL_CSS_ELEMENT_ID}'),s=false;function add(t,p,b){var e=d.createElement(t);for(var k in p)e[k]=p[k];e.crossOrigin='anonymous';d.head.insertBefore(e,b||null)}function next(p){p.splice(0,20).forEach(function(h){add('link',{rel:'modulepreload',href:h})});if(p.length)setTimeout(function(){next(p)},0);else a.scripts.forEach(function(h){add('script',{type:'module',src:h})})}function load(){if(s)return;s=true;a.styles.forEach(function(h){add('link',{rel:'stylesheet',href:h},c)});next(a.preloads.slice())}if(d.visibilityState==='hidden')load();else{d.addEventListener('visibilitychange',load);requestAnimationFrame(function(){setTimeout(load,0)});setTimeout(load,1000)}})();`;

/** The Content-Security-Policy source that allows the inline script above, and nothing else inline. */
export const PAINT_FIRST_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(PAINT_FIRST_SCRIPT).digest('base64')}'`;

const SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;
const STYLESHEET = /\s*<link rel="stylesheet"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * The built index.html with its scripts and stylesheets loaded after the first paint, and with them
 * the page's own (`pageCode`: a founder page's chunks, founder-page-assets.ts).
 */
export function loadAppAfterPaint(page: string, pageCode: PageAssets = { scripts: [], styles: [] }): string {
  const assets: AppAssets = { scripts: [], preloads: [], styles: [] };
  const stylesheetLinks: string[] = [];
  const html = page
    .replace(SCRIPT, (_tag, src: string) => {
      assets.scripts.push(src);
      return '';
    })
    .replace(PRELOAD, (_tag, href: string) => {
      assets.preloads.push(href);
      return '';
    })
    .replace(STYLESHEET, (tag: string, href: string) => {
      assets.styles.push(href);
      stylesheetLinks.push(tag.trim());
      return '';
    });
  assets.preloads.push(...pageCode.scripts);
  assets.styles.push(...pageCode.styles);
  // The URLs are the build's own file names; "<" is escaped all the same, as in every JSON in a page.
  const json = JSON.stringify(assets).replace(/</g, '\\u003c');
  // Without scripts, the stylesheets too must come before the page's inline rules (which the server
  // adds at the end of the head): after them, the start-up one's unstyled button (transparent, no
  // padding) undid the buttons' own look.
  return html
    .replace('</head>', () => `<noscript>${stylesheetLinks.join('')}</noscript>\n  </head>`)
    .replace(
      '</body>',
      () =>
        `<script type="application/json" id="${APP_ASSETS_ELEMENT_ID}">${json}</script><script>${PAINT_FIRST_SCRIPT}</script></body>`,
    );
}
