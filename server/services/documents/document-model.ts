/**
 * The one structure every document becomes before it is written as PDF, Word or an HTML preview:
 * a title, then headings, paragraphs, lists, tables, signature blocks and page breaks.
 *
 * Templates (schemas/documents/templates/) print a small line-based markup, described in
 * schemas/documents/README.md; `parseDocumentMarkup` turns it into blocks. The values of the company
 * file never reach the markup as text: the template engine wraps each printed value in private-use
 * delimiters (`encodeValue`), so a founder's "| # @sign" or line break stays text and cannot open a
 * table or a heading.
 */
import type { components } from '../../../src/lib/api/schema';

export type DocumentBlock = components['schemas']['DocumentBlock'];
/** A clause of a free preview whose text the server keeps back (see `parseDocumentMarkup`). */
export type WithheldBlock = components['schemas']['DocumentWithheldBlock'];
export type DocumentPreviewBlock = components['schemas']['DocumentPreview']['blocks'][number];
export type DocumentTable = Extract<DocumentBlock, { kind: 'table' }>;
export type DocumentSigner = Extract<DocumentBlock, { kind: 'signatures' }>['signers'][number];

const VALUE_START = '\uE000';
const VALUE_END = '\uE001';
const ENCODED_VALUE = /\uE000([A-Za-z0-9+/=]*)\uE001/g;

/**
 * Characters a value loses when printed: the bidirectional embeddings, overrides and isolates of
 * Unicode TR #9 (U+202A–U+202E, U+2066–U+2069) and marks (U+061C, U+200E, U+200F), which make a name
 * display in another order than it reads ("Trojan Source"), and the other invisible format
 * characters (zero-width space and joiners, word joiner, byte-order mark) and control characters
 * but the line break, which show nothing, or a box, in a PDF font.
 */
const INVISIBLE_IN_VALUES = /(?![\n])[\p{Cf}\p{Cc}\u2028\u2029]/gu;

/** A value as a document prints it: without the invisible and direction-changing characters above. */
export function printableValue(text: string): string {
  return text.replace(/\t/g, ' ').replace(INVISIBLE_IN_VALUES, '');
}

/** A printed value, opaque to the markup until `decodeValues`. */
export function encodeValue(value: unknown): string {
  const text = printableValue(value === null || value === undefined ? '' : String(value));
  return `${VALUE_START}${Buffer.from(text, 'utf8').toString('base64')}${VALUE_END}`;
}

/** The text of a markup fragment with its values restored (line breaks in values kept as `\n`). */
export function decodeValues(markup: string): string {
  return markup.replace(ENCODED_VALUE, (_, encoded: string) =>
    Buffer.from(encoded, 'base64').toString('utf8'),
  );
}

export class DocumentMarkupError extends Error {}

type Alignment = 'left' | 'right' | 'center';

/**
 * `|---|--:|`, `|:-|-:|` — a separator row; its cells give each column's alignment, as in Markdown
 * (GFM: one dash or more, a colon on the side the column aligns to).
 */
const SEPARATOR_ROW = /^\|(\s*:?-+:?\s*\|)+$/;

function cellsOf(line: string): string[] {
  return line
    .slice(1, line.endsWith('|') ? -1 : undefined)
    .split('|')
    .map((cell) => decodeValues(cell.trim()));
}

function alignmentOf(cell: string): Alignment {
  const trimmed = cell.trim();
  if (trimmed.startsWith(':') && trimmed.endsWith(':')) return 'center';
  return trimmed.endsWith(':') ? 'right' : 'left';
}

/**
 * Rows before the first separator are the header, rows after a second separator the footer (totals).
 * A table with no separator has only body rows.
 */
function tableOf(lines: string[]): DocumentTable {
  const sections: string[][][] = [[]];
  let alignments: Alignment[] = [];
  for (const line of lines) {
    if (SEPARATOR_ROW.test(line)) {
      if (alignments.length === 0) alignments = line.slice(1, -1).split('|').map(alignmentOf);
      sections.push([]);
    } else sections.at(-1)?.push(cellsOf(line));
  }
  const [first = [], second, third] = sections;
  const header = sections.length > 1 ? first : [];
  const rows = sections.length > 1 ? (second ?? []) : first;
  const footer = third ?? [];
  const columns = Math.max(...[...header, ...rows, ...footer].map((row) => row.length), 1);
  const pad = (row: string[]) => [...row, ...Array<string>(columns - row.length).fill('')];
  return {
    kind: 'table',
    align: Array.from({ length: columns }, (_, index) => alignments[index] ?? 'left'),
    header: header.map(pad),
    rows: rows.map(pad),
    footer: footer.map(pad),
  };
}

/**
 * The blocks of a courtesy translation: nobody signs it, so each signatory keeps a name and a role,
 * and in place of what to write before signing, `mention` ("[signature on the original]"); the
 * writers draw no line to sign on a translation.
 */
export function signedOnOriginal<B extends DocumentPreviewBlock>(blocks: readonly B[], mention: string): B[] {
  return blocks.map((block) =>
    block.kind === 'signatures'
      ? { ...block, signers: block.signers.map((signer) => ({ ...signer, note: mention })) }
      : block,
  );
}

/** Shorter standard text ("Les soussignés :") is a link between the founder's answers, not a clause. */
const WITHHELD_MIN_WORDS = 12;
const holdsValue = (lines: string[]) => lines.some((line) => line.includes(VALUE_START));
const wordCount = (lines: string[]) => decodeValues(lines.join(' ')).split(/\s+/).filter(Boolean).length;

/**
 * The blocks of a rendered template; throws DocumentMarkupError when it has no `# title` line.
 *
 * With `withhold`, a paragraph or a list of a dozen words or more that prints nothing from the
 * company file becomes a `withheld` block that says only how many words it has: a free preview
 * shows the founder every sentence that holds their answers, the headings, tables and signatures,
 * but not the standard clauses they pay for (security review R3-09: what the server sends must not
 * be the product).
 */
export function parseDocumentMarkup(
  markup: string,
  options: { withhold: true },
): { title: string; blocks: DocumentPreviewBlock[] };
export function parseDocumentMarkup(
  markup: string,
  options?: { withhold?: false },
): { title: string; blocks: DocumentBlock[] };
export function parseDocumentMarkup(
  markup: string,
  options: { withhold?: boolean } = {},
): { title: string; blocks: DocumentPreviewBlock[] } {
  const withhold = options.withhold ?? false;
  const blocks: DocumentPreviewBlock[] = [];
  let paragraph: string[] = [];
  let table: string[] = [];
  let list: string[] = [];
  let signers: DocumentSigner[] = [];

  const flush = () => {
    for (const [lines, kind] of [
      [paragraph, 'paragraph'],
      [list, 'list'],
    ] as const) {
      if (lines.length === 0) continue;
      const words = withhold && !holdsValue(lines) ? wordCount(lines) : 0;
      if (words >= WITHHELD_MIN_WORDS) blocks.push({ kind: 'withheld', words });
      else if (kind === 'paragraph') blocks.push({ kind, text: decodeValues(lines.join(' ')) });
      else blocks.push({ kind, items: lines.map(decodeValues) });
    }
    if (table.length > 0) blocks.push(tableOf(table));
    if (signers.length > 0) blocks.push({ kind: 'signatures', signers });
    paragraph = [];
    table = [];
    list = [];
    signers = [];
  };

  for (const raw of markup.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      // Signers stay one block across blank lines (a template's tags between them leave some), so
      // that they are laid out two by two and kept together.
      if (signers.length === 0) flush();
      continue;
    }
    if (line.startsWith('|')) {
      if (table.length === 0) flush();
      table.push(line);
      continue;
    }
    if (line.startsWith('- ')) {
      if (list.length === 0) flush();
      list.push(line.slice(2).trim());
      continue;
    }
    if (line.startsWith('@sign ')) {
      if (signers.length === 0) flush();
      // `@sign name | role | note | personId`: the fourth column, printed nowhere, names the person of
      // the file who signs there (the electronic signature's signatories, services/signing/).
      const [name = '', role = '', note = '', personId = ''] = line
        .slice('@sign '.length)
        .split('|')
        .map((part) => decodeValues(part.trim()));
      signers.push(personId === '' ? { name, role, note } : { name, role, note, personId });
      continue;
    }
    const marker = /^(#{1,3}|\^|>|===)(?:\s+|$)/.exec(line);
    if (!marker) {
      if (table.length > 0 || list.length > 0 || signers.length > 0) flush();
      paragraph.push(line);
      continue;
    }
    flush();
    const text = decodeValues(line.slice(marker[0].length).trim());
    switch (marker[1]) {
      case '#':
        blocks.push({ kind: 'title', text });
        break;
      case '##':
        blocks.push({ kind: 'heading', level: 2, text });
        break;
      case '###':
        blocks.push({ kind: 'heading', level: 3, text });
        break;
      case '^':
        blocks.push({ kind: 'subtitle', text });
        break;
      case '>':
        blocks.push({ kind: 'note', text });
        break;
      default:
        blocks.push({ kind: 'pageBreak' });
    }
  }
  flush();
  while (blocks.at(-1)?.kind === 'pageBreak') blocks.pop();
  const title = blocks.find((block) => block.kind === 'title');
  if (!title || title.kind !== 'title')
    throw new DocumentMarkupError('The template prints no "# title" line');
  return { title: title.text, blocks };
}
