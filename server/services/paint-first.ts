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
  /**
   * Whether `styles` hold every rule the page's inline ones copy (a founder page: its own code is
   * listed). The inline rules are then removed once every stylesheet has loaded: they come last and
   * would otherwise keep the last word over the page the app renders in place of the shell. A shell
   * that has only an unstyled button copies its reset (transparent) and not the filled button's fill,
   * which comes before it in Button's file: every button of the page lost its colour.
   */
  replacesInlineRules: boolean;
}

/**
 * Run by the browser as the page is parsed: after the next frame is painted (a requestAnimationFrame
 * callback runs just before that paint, a timeout set from it just after), it adds the stylesheets,
 * then the entry's own preloads and the scripts, then the other preloads. They go in tasks of 8 links,
 * each batch in one insertion: a founder page's code is some 100 files (scripts and stylesheets), and a
 * link costs the main thread a few milliseconds on a slow phone, so that one task adding them all would
 * keep the page from answering a tap for a few hundred. The entry's preloads come first in the list;
 * the page's are all in well before the entry has downloaded and its loader looks for them. A hidden tab paints nothing and runs no animation frame: there it
 * loads at once, as it does when a tab is hidden or shown before its first paint; and a tab that the
 * browser does not paint for another reason (a window behind others) loads after a second.
 * The stylesheets go before the page's inline rules, which thus keep the last word: those rules are in
 * Mantine's order, and a start-up stylesheet (with, say, the unstyled button's padding) must not
 * override a rule that comes after it there (the button's) until that rule's own file arrives, which
 * would move the page for a moment. On a founder page, whose stylesheets hold all its rules, the inline
 * ones are removed once every stylesheet has loaded (a stylesheet that failed leaves them). Kept small and in plain ES5 because it is inline, allowed by its
 * hash in the Content-Security-Policy.
 */
export const PAINT_FIRST_SCRIPT = `(function(){var d=document,a=JSON.parse(d.getElementById('${APP_ASSETS_ELEMENT_ID}').textContent),c=d.getElementById('${CRITICAL_CSS_ELEMENT_ID}'),s=false;function add(t,l,b){var f=d.createDocumentFragment();l.forEach(function(p){var e=d.createElement(t);for(var k in p)e[k]=p[k];e.crossOrigin='anonymous';f.appendChild(e)});d.head.insertBefore(f,b||null)}function links(r,b,f){return function(h){add('link',h.map(function(x){return{rel:r,href:x,onload:f}}),b)}}function each(l,f,then){f(l.splice(0,8));if(l.length)setTimeout(function(){each(l,f,then)},0);else if(then)then()}function load(){if(s)return;s=true;var p=a.preloads.slice(),n=a.styles.length;function styled(){if(--n===0&&a.replacesInlineRules&&c&&c.parentNode)c.parentNode.removeChild(c)}each(a.styles.slice(),links('stylesheet',c,styled),function(){links('modulepreload')(p.splice(0,8));add('script',a.scripts.map(function(x){return{type:'module',src:x}}));if(p.length)each(p,links('modulepreload'))})}if(d.visibilityState==='hidden')load();else{d.addEventListener('visibilitychange',load);requestAnimationFrame(function(){setTimeout(load,0)});setTimeout(load,1000)}})();`;

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
  const assets: AppAssets = {
    scripts: [],
    preloads: [],
    styles: [],
    replacesInlineRules: pageCode.scripts.length > 0,
  };
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
