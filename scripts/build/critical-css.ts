/**
 * The CSS a prerendered page needs for its first paint: the rules of the build's stylesheets whose
 * selectors can match the page's markup (every class they name is in the HTML), plus the rules that
 * name no class (variables, resets, keyframes). The server inlines it, so that the page paints without
 * waiting for a stylesheet, and loads the full one after the content.
 */
import postcss, { type ChildNode, type Container } from 'postcss';

/** Class names used by the markup: class="a b c" attributes. */
export function classesInHtml(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of (match[1] ?? '').split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** Whether one selector of a list may match: every class it requires is present (":not(…)" requires none). */
function selectorMayMatch(selector: string, classes: Set<string>): boolean {
  const required = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
  for (const match of required.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) {
    if (!classes.has(match[1] ?? '')) return false;
  }
  return true;
}

function prune(container: Container<ChildNode>, classes: Set<string>): void {
  container.each((node) => {
    if (node.type === 'rule') {
      // Keyframe steps (from, 50%) have no classes and stay with their @keyframes.
      const kept = node.selectors.filter((selector) => selectorMayMatch(selector, classes));
      if (kept.length === 0) node.remove();
      else if (kept.length !== node.selectors.length) node.selectors = kept;
    } else if (node.type === 'atrule' && node.nodes && !/keyframes$/i.test(node.name)) {
      prune(node, classes);
      if (node.nodes.length === 0) node.remove();
    }
  });
}

/** The subset of `stylesheets` (in cascade order) that the page `html` can use. */
export function criticalCss(stylesheets: readonly string[], html: string): string {
  const classes = classesInHtml(html);
  return stylesheets
    .map((css) => {
      const root = postcss.parse(css);
      prune(root, classes);
      return root.toString().trim();
    })
    .filter(Boolean)
    .join('\n');
}
