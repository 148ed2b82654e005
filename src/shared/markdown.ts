/**
 * The small Markdown of the content pages (locales/<lang>/pages/*.md: terms, privacy, legal notice…),
 * read by the browser (the pages) and the server (the same text for browsers without JavaScript).
 * Staff write headings (## and ###), paragraphs, lists (- and 1.), **bold**, [links](/path) and
 * {{variables}}; anything else stays plain text, so a page can never carry HTML or script. An HTML
 * comment (<!-- … -->) is a note for the page's editors and reviewers: no reader sees it.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] }
  | { kind: 'variable'; name: string };

export type Block =
  | { kind: 'heading'; level: 2 | 3; id: string; children: Inline[] }
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] };

export interface MarkdownPage {
  /** Front matter: `updated: YYYY-MM-DD` says when the text last changed. */
  updated: string | null;
  blocks: Block[];
}

/** Links may point to this site's pages, to https pages or to an e-mail address; nothing else. */
export function isSafeHref(href: string): boolean {
  return (
    /^\/(?!\/)[^\s\\]*$/.test(href) || /^https:\/\/[^\s\\]+$/.test(href) || /^mailto:[^\s\\]+$/.test(href)
  );
}

const VARIABLE = /\{\{\s*([A-Za-z][\w]*)\s*\}\}/g;

/** The variables a page uses, for the check that every language uses the same ones. */
export function markdownVariables(source: string): string[] {
  return [...new Set([...source.matchAll(VARIABLE)].map((match) => match[1] ?? ''))].sort();
}

function textWithVariables(text: string, into: Inline[]): void {
  let last = 0;
  for (const match of text.matchAll(VARIABLE)) {
    if (match.index > last) into.push({ kind: 'text', text: text.slice(last, match.index) });
    into.push({ kind: 'variable', name: match[1] ?? '' });
    last = match.index + match[0].length;
  }
  if (last < text.length) into.push({ kind: 'text', text: text.slice(last) });
}

/** **bold** and [text](href), one level deep (a link may hold bold words, bold may hold a link). */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const pattern = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) textWithVariables(text.slice(last, match.index), out);
    const [whole, bold, label, href] = match;
    if (bold !== undefined) out.push({ kind: 'strong', children: parseInline(bold) });
    else if (label !== undefined && href !== undefined && isSafeHref(href))
      out.push({ kind: 'link', href, children: parseInline(label) });
    else textWithVariables(whole, out);
    last = match.index + whole.length;
  }
  if (last < text.length) textWithVariables(text.slice(last), out);
  // Neighbouring text pieces (a refused link, a lone bracket) read as one.
  return out.reduce<Inline[]>((merged, node) => {
    const previous = merged.at(-1);
    if (node.kind === 'text' && previous?.kind === 'text') previous.text += node.text;
    else merged.push(node);
    return merged;
  }, []);
}

/** A heading's anchor: its words in lower case without accents, joined by dashes ("1-objet", "vos-droits"). */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/\{\{[^}]*\}\}/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

export function parseMarkdown(source: string): MarkdownPage {
  let text = source.replace(/\r\n?/g, '\n');
  let updated: string | null = null;
  const front = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (front) {
    updated = /^updated:\s*(\d{4}-\d{2}-\d{2})\s*$/m.exec(front[1] ?? '')?.[1] ?? null;
    text = text.slice(front[0].length);
  }
  text = text.replace(/<!--[\s\S]*?-->/g, '');

  const blocks: Block[] = [];
  const usedIds = new Set<string>();
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join(' ')) });
    paragraph = [];
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    list = null;
  };

  for (const rawLine of text.split('\n')) {
    const line = rawLine.trim();
    const heading = /^(#{2,3})\s+(.+)$/.exec(line);
    const bullet = /^[-*]\s+(.+)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.+)$/.exec(line);
    if (line === '') {
      flush();
    } else if (heading) {
      flush();
      const words = heading[2] ?? '';
      const base = slugify(words);
      let id = base;
      for (let count = 2; usedIds.has(id); count += 1) id = `${base}-${count}`;
      usedIds.add(id);
      blocks.push({ kind: 'heading', level: heading[1] === '##' ? 2 : 3, id, children: parseInline(words) });
    } else if (bullet || (numbered && paragraph.length === 0)) {
      // A numbered line inside a paragraph ("1978. La loi…") continues the paragraph.
      const ordered = !bullet;
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)?.[1] ?? '');
    } else if (list && /^\s{2,}\S/.test(rawLine)) {
      // An indented line continues the list item above it.
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return { updated, blocks };
}

/** Whether the blocks name a {{variable}} (the page then needs the site's identity). */
export function usesVariables(blocks: Block[]): boolean {
  const inline = (nodes: Inline[]): boolean =>
    nodes.some((node) => node.kind === 'variable' || (node.kind !== 'text' && inline(node.children)));
  return blocks.some((block) => (block.kind === 'list' ? block.items.some(inline) : inline(block.children)));
}

/** Plain words of inline content (for search, titles and tests), variables filled by `values`. */
export function inlineText(children: Inline[], values: Record<string, string> = {}): string {
  return children
    .map((child) => {
      if (child.kind === 'text') return child.text;
      if (child.kind === 'variable') return values[child.name] ?? `{{${child.name}}}`;
      return inlineText(child.children, values);
    })
    .join('');
}
