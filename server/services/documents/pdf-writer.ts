/**
 * A document as a PDF/A-2b file (ISO 19005-2, level B: what registries archive): A4, DejaVu Serif
 * embedded and subset (every Latin letter of French and Romanian, ș ț ă î â é è ç œ €), and on every
 * page a footer with the document's name, "page n of N" and its reference. The metadata records the
 * template's version and the SHA-256 of the answers, so a printed copy can be traced back.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { create as openFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import type { BuiltDocument } from './build-document';
import type { DocumentBlock, DocumentTable } from './document-model';

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/**
 * Parsed once per process: reading the tables of a font is most of the time a PDF takes; pdfkit
 * accepts a parsed font and still makes each document its own subset.
 *
 * A parsed font keeps one glyph object per glyph, with the characters it was first made for, and
 * pdfkit writes those characters in the PDF's text layer (ToUnicode). A glyph first made while
 * subsetting another one ("I", a part of "Î") has none: every later PDF of the process lost its
 * letter "I" to copy, search and screen readers. Each glyph of the character map is therefore made
 * first from its own character, the lowest one when several share it (Ω before the ohm sign).
 */
let fonts: { regular: Font; bold: Font; italic: Font } | undefined;
const parse = (file: string) => {
  const font = openFont(readFileSync(join(FONT_DIR, file))) as Font;
  for (const codePoint of [...font.characterSet].sort((a, b) => a - b)) font.glyphForCodePoint(codePoint);
  return font;
};
const loadFonts = () =>
  (fonts ??= {
    regular: parse('DejaVuSerif.ttf'),
    bold: parse('DejaVuSerif-Bold.ttf'),
    italic: parse('DejaVuSerif-Italic.ttf'),
  });

/**
 * The characters of `text` the embedded fonts cannot draw (each once, in order): PDF/A forbids the
 * empty box (.notdef glyph) they would print as (ISO 19005-2, 6.2.11.8). Line breaks are layout.
 */
/** Whether all three fonts draw a code point: asked for every character of every document. */
const drawable = new Map<number, boolean>();

export function unprintableCharacters(text: string): string[] {
  const { regular, bold, italic } = loadFonts();
  const missing = new Set<string>();
  for (const character of text) {
    if (character === '\n' || missing.has(character)) continue;
    const codePoint = character.codePointAt(0) ?? 0;
    let drawn = drawable.get(codePoint);
    if (drawn === undefined) {
      drawn = [regular, bold, italic].every((font) => font.hasGlyphForCodePoint(codePoint));
      drawable.set(codePoint, drawn);
    }
    if (!drawn) missing.add(character);
  }
  return [...missing];
}

/**
 * pdfkit lays out each word with the font's shaping tables and caches the result per document; most
 * words of a statute are the same in every copy. The cache of each parsed font is shared by all
 * documents (a run is in font units, whatever the size) and emptied now and then so that the names
 * and addresses of many founders do not pile up in memory.
 */
const layoutCaches = new Map<string, Record<string, unknown>>();
const DOCUMENTS_PER_CACHE = 500;
let documentsSinceReset = 0;

function shareLayoutCache(doc: PDFKit.PDFDocument, name: string): void {
  doc.font(name);
  // pdfkit's EmbeddedFont (internal): when its shape differs, each document keeps its own cache.
  const font = (doc as unknown as { _font?: { layoutCache?: Record<string, unknown> } })._font;
  if (!font?.layoutCache) return;
  let cache = layoutCaches.get(name);
  if (!cache) {
    cache = Object.create(null) as Record<string, unknown>;
    layoutCaches.set(name, cache);
  }
  font.layoutCache = cache;
}

const PAGE_MARGIN = { top: 64, bottom: 72, left: 64, right: 64 };
const BODY_SIZE = 10;
const INK = '#1a1a1a';
const MUTED = '#555555';
const RULE = '#9a9a9a';

export interface PageChrome {
  /** "Page {{page}} of {{pages}}" in the document's language, already split around the numbers. */
  page(page: number, pages: number): string;
  reference: string;
  /** A line at the top of every page of a courtesy translation. */
  translationBanner?: string;
  /** The label of a box for the signatories' initials on every page ("Paraphes"), where practice asks for one. */
  initials?: string;
}

/** Room under the text for the initials' box, above the footer. */
const INITIALS_MARGIN = 104;
/** The footer's baseline, from the foot of the page. */
const FOOTER_FROM_BOTTOM = 46;

type Doc = InstanceType<typeof PDFDocument>;

function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}
function bottomLimit(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}
/** Starts a new page when less than `height` is left on this one. */
function ensureRoom(doc: Doc, height: number): void {
  if (doc.y + height > bottomLimit(doc)) doc.addPage();
}

/**
 * Column widths from the cells' natural widths (the header and totals measured in bold, as they are
 * drawn: a short header such as "Buc." must not break), within the page: long texts get the room.
 */
function columnWidths(doc: Doc, table: DocumentTable, width: number): number[] {
  const rows = [
    ...table.header.map((row) => ({ row, font: 'bold' })),
    ...table.rows.map((row) => ({ row, font: 'regular' })),
    ...table.footer.map((row) => ({ row, font: 'bold' })),
  ];
  const columns = table.align.length;
  const natural = Array.from({ length: columns }, (_, column) => {
    const longest = Math.max(
      ...rows.map(({ row, font }) => {
        doc.font(font);
        return Math.max(...(row[column] ?? '').split('\n').map((line) => doc.widthOfString(line)));
      }),
      24,
    );
    return Math.min(longest + 12, width * 0.6);
  });
  // No column narrower than its longest word: the room a table lacks is taken from the long texts.
  const minimum = Array.from({ length: columns }, (_, column) =>
    Math.min(
      natural[column] ?? 0,
      Math.max(
        ...rows.map(({ row, font }) => {
          doc.font(font);
          return Math.max(0, ...(row[column] ?? '').split(/\s+/).map((word) => doc.widthOfString(word)));
        }),
      ) + 12,
    ),
  );
  doc.font('regular');
  const total = natural.reduce((sum, value) => sum + value, 0);
  if (total <= width) return natural.map((value) => (value / total) * width);
  const slack = natural.map((value, column) => value - (minimum[column] ?? 0));
  const totalSlack = slack.reduce((sum, value) => sum + value, 0);
  const excess = total - width;
  if (totalSlack < excess) return natural.map((value) => (value / total) * width);
  return natural.map((value, column) => value - (excess * (slack[column] ?? 0)) / totalSlack);
}

function drawTable(doc: Doc, table: DocumentTable): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  doc.font('regular').fontSize(BODY_SIZE - 1);
  const widths = columnWidths(doc, table, width);
  const padding = 4;
  const rowHeight = (row: string[], font: string) => {
    doc.font(font);
    return (
      Math.max(
        ...row.map((cell, index) =>
          doc.heightOfString(cell || ' ', { width: (widths[index] ?? width) - 2 * padding }),
        ),
      ) +
      2 * padding
    );
  };
  const drawRow = (row: string[], font: string, shaded: boolean) => {
    const height = rowHeight(row, font);
    const top = doc.y;
    let x = left;
    row.forEach((cell, index) => {
      const cellWidth = widths[index] ?? width;
      if (shaded) doc.rect(x, top, cellWidth, height).fill('#eeeeee');
      doc.rect(x, top, cellWidth, height).lineWidth(0.5).strokeColor(RULE).stroke();
      doc
        .fillColor(INK)
        .font(font)
        .text(cell, x + padding, top + padding, {
          width: cellWidth - 2 * padding,
          align: table.align[index] ?? 'left',
        });
      x += cellWidth;
    });
    doc.x = left;
    doc.y = top + height;
  };
  const drawHeader = () => table.header.forEach((row) => drawRow(row, 'bold', true));
  ensureRoom(doc, table.header.reduce((sum, row) => sum + rowHeight(row, 'bold'), 0) + 30);
  drawHeader();
  for (const row of table.rows) {
    if (doc.y + rowHeight(row, 'regular') > bottomLimit(doc)) {
      doc.addPage();
      drawHeader();
    }
    drawRow(row, 'regular', false);
  }
  for (const row of table.footer) {
    ensureRoom(doc, rowHeight(row, 'bold'));
    drawRow(row, 'bold', true);
  }
  doc.moveDown(0.8);
}

type Signers = Extract<DocumentBlock, { kind: 'signatures' }>['signers'];
const SIGNATURE_GAP = 24;

/**
 * The height of a row of two signature boxes: the names, roles and notes, then the room to sign,
 * or none on a courtesy translation (`signable` false), whose note says the signature is on the original.
 */
function signatureRowHeight(doc: Doc, pair: Signers, signable: boolean): number {
  const boxWidth = (contentWidth(doc) - SIGNATURE_GAP) / 2;
  doc.font('regular').fontSize(BODY_SIZE);
  const textHeight = Math.max(
    ...pair.map((signer) =>
      [signer.name, signer.role, signer.note]
        .filter(Boolean)
        .reduce((sum, line) => sum + doc.heightOfString(line, { width: boxWidth }), 0),
    ),
  );
  return textHeight + (signable ? 64 : 8);
}

function drawSignatures(doc: Doc, signers: Signers, signable: boolean): void {
  const left = doc.page.margins.left;
  const boxWidth = (contentWidth(doc) - SIGNATURE_GAP) / 2;
  for (let index = 0; index < signers.length; index += 2) {
    const pair = signers.slice(index, index + 2);
    const height = signatureRowHeight(doc, pair, signable);
    ensureRoom(doc, height);
    const top = doc.y;
    pair.forEach((signer, column) => {
      const x = left + column * (boxWidth + SIGNATURE_GAP);
      doc.font('bold').fontSize(BODY_SIZE).fillColor(INK).text(signer.name, x, top, { width: boxWidth });
      if (signer.role) doc.font('regular').text(signer.role, x, doc.y, { width: boxWidth });
      if (signer.note) doc.font('italic').fillColor(MUTED).text(signer.note, x, doc.y, { width: boxWidth });
      if (!signable) return;
      const line = top + height - 10;
      doc
        .moveTo(x, line)
        .lineTo(x + boxWidth * 0.8, line)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
    });
    doc.x = left;
    doc.y = top + height + 12;
  }
}

const PARAGRAPH = { lineGap: 1.5, paragraphGap: 5 } as const;

/**
 * A signature block never opens a page alone: the paragraph before it ("Fait à Paris, le …") and its
 * first row of signatures go to the next page together when they do not both fit on this one.
 */
function keepWithSignatures(doc: Doc, paragraph: string, signers: Signers, signable: boolean): void {
  const width = contentWidth(doc);
  doc.font('regular').fontSize(BODY_SIZE);
  const needed =
    doc.heightOfString(paragraph, { width, align: 'justify', ...PARAGRAPH }) +
    PARAGRAPH.paragraphGap +
    BODY_SIZE * 1.2 +
    signatureRowHeight(doc, signers.slice(0, 2), signable);
  // Longer than a page: it cannot be kept whole, and splits where it must.
  if (needed < bottomLimit(doc) - doc.page.margins.top) ensureRoom(doc, needed);
}

/**
 * What the PDF engine draws: a document's blocks, and a label with its value under it (the signature
 * page, the evidence file), a fingerprint (`code`) small enough to hold on one line.
 */
export type PdfBlock = DocumentBlock | { kind: 'labelled'; label: string; value: string; code?: boolean };

function drawBlock(doc: Doc, block: PdfBlock, signable: boolean): void {
  const width = contentWidth(doc);
  const left = doc.page.margins.left;
  doc.x = left;
  switch (block.kind) {
    case 'title':
      doc.font('bold').fontSize(15).fillColor(INK).text(block.text, { align: 'center', width });
      doc.moveDown(0.4);
      return;
    case 'subtitle':
      doc.font('regular').fontSize(BODY_SIZE).fillColor(INK).text(block.text, { align: 'center', width });
      doc.moveDown(0.2);
      return;
    case 'heading': {
      const size = block.level === 2 ? 11.5 : BODY_SIZE + 0.5;
      doc.font('bold').fontSize(size);
      // A heading is never the last line of a page: it stays with the start of its text.
      ensureRoom(doc, doc.heightOfString(block.text, { width }) + 4 * BODY_SIZE);
      doc.moveDown(block.level === 2 ? 0.7 : 0.4);
      doc.fillColor(INK).text(block.text, { width });
      doc.moveDown(0.3);
      return;
    }
    case 'paragraph':
      doc
        .font('regular')
        .fontSize(BODY_SIZE)
        .fillColor(INK)
        .text(block.text, { align: 'justify', width, ...PARAGRAPH });
      return;
    case 'note':
      doc
        .font('italic')
        .fontSize(BODY_SIZE - 1.5)
        .fillColor(MUTED)
        .text(block.text, { width, lineGap: 1, paragraphGap: 5 });
      return;
    case 'list':
      doc.font('regular').fontSize(BODY_SIZE).fillColor(INK);
      for (const item of block.items) {
        const top = doc.y;
        doc.text('–', left + 6, top, { width: 10 });
        doc.text(item, left + 18, top, { width: width - 18, lineGap: 1.5, paragraphGap: 3 });
      }
      doc.x = left;
      doc.moveDown(0.3);
      return;
    case 'table':
      drawTable(doc, block);
      return;
    case 'signatures':
      doc.moveDown(0.6);
      drawSignatures(doc, block.signers, signable);
      return;
    case 'pageBreak':
      doc.addPage();
      return;
    case 'labelled':
      drawLabelled(doc, block.label, block.value, block.code);
      return;
  }
}

/** `text` cut to `width` at the current font and size, with an ellipsis when it was longer. */
function fitted(doc: Doc, text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ');
  if (doc.widthOfString(flat) <= width) return flat;
  const characters = [...flat];
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${characters.slice(0, middle).join('').trimEnd()}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${characters.slice(0, low).join('').trimEnd()}…`;
}

const FOOTER_SIZE = 7.5;
const FOOTER_GAP = 12;

/**
 * The footer, on one line whatever the title's length: the page number and the reference take the
 * room they need (in a smaller size if they must), and the title what is left, cut with an ellipsis.
 */
function drawFooter(doc: Doc, title: string, pageLabel: string, reference: string): void {
  const { left, right } = doc.page.margins;
  const width = doc.page.width - left - right;
  const y = doc.page.height - FOOTER_FROM_BOTTOM;
  doc
    .moveTo(left, y - 6)
    .lineTo(left + width, y - 6)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.font('regular').fillColor(MUTED);
  let size = FOOTER_SIZE;
  const fixedWidth = () =>
    doc.fontSize(size).widthOfString(pageLabel) + doc.widthOfString(reference) + 2 * FOOTER_GAP;
  while (size > 5 && fixedWidth() > width * 0.6) size -= 0.5;
  doc.fontSize(size);
  const referenceWidth = doc.widthOfString(reference);
  const pageWidth = doc.widthOfString(pageLabel);
  const titleWidth = width - referenceWidth - pageWidth - 2 * FOOTER_GAP;
  const options = { lineBreak: false } as const;
  doc.text(fitted(doc, title, titleWidth), left, y, options);
  doc.text(pageLabel, left + titleWidth + FOOTER_GAP, y, options);
  doc.text(reference, left + width - referenceWidth, y, options);
}

/** A box to initial, bottom right of the page, above the footer: its label in the document's language. */
function drawInitialsBox(doc: Doc, label: string): void {
  const { right } = doc.page.margins;
  const boxWidth = 120;
  const boxHeight = 34;
  const x = doc.page.width - right - boxWidth;
  const top = doc.page.height - INITIALS_MARGIN + 14;
  doc.rect(x, top, boxWidth, boxHeight).lineWidth(0.5).strokeColor(RULE).stroke();
  doc
    .font('italic')
    .fontSize(7)
    .fillColor(MUTED)
    .text(label, x + 4, top + 3, { width: boxWidth - 8, lineBreak: false });
}

/** Footer, initials' box and the translation banner on every page, once the number of pages is known. */
function drawPageChrome(doc: Doc, document: PdfSource, chrome: PageChrome): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const { left, right, bottom, top } = doc.page.margins;
    const width = doc.page.width - left - right;
    // Writing in the margins must not start a new page.
    doc.page.margins.bottom = 0;
    doc.page.margins.top = 0;
    drawFooter(
      doc,
      document.footerTitle ?? document.title,
      chrome.page(index + 1, range.count),
      chrome.reference,
    );
    if (chrome.initials) drawInitialsBox(doc, chrome.initials);
    if (chrome.translationBanner) {
      doc
        .font('italic')
        .fontSize(8)
        .fillColor('#8a2b0e')
        .text(chrome.translationBanner, left, top - 30, {
          width,
          align: 'center',
          lineBreak: false,
          ellipsis: true,
        });
    }
    doc.page.margins.bottom = bottom;
    doc.page.margins.top = top;
  }
}

/** What the PDF engine writes: blocks under a title, and what its properties record. */
export interface PdfSource {
  title: string;
  /** What the footer names, when not the title (an invoice's footer names its seller). */
  footerTitle?: string;
  language: string;
  createdAt: Date;
  blocks: PdfBlock[];
  subject: string;
  keywords: string;
  creator: string;
  /** Custom entries of the information dictionary (any PDF reader's "properties" shows them). */
  custom: Record<string, string>;
  /** A courtesy translation: its signature blocks have no line to sign. */
  translation?: boolean;
}

export function writePdf(
  document: BuiltDocument,
  chrome: PageChrome,
  signing: SigningPagesToDraw = {},
): Promise<Buffer> {
  return writePdfFile(
    {
      title: document.title,
      language: document.language,
      createdAt: document.createdAt,
      blocks: document.blocks,
      subject: `${document.sku} · ${document.company} · ${document.form}`,
      keywords: `template ${document.templateFile} v${document.templateVersion}; answers sha256 ${document.answersDigest}`,
      creator: `Kreo document templates (${document.templateFile} v${document.templateVersion})`,
      translation: document.translation,
      custom: {
        TemplateFile: document.templateFile,
        TemplateVersion: document.templateVersion,
        TemplateSHA256: document.templateDigest,
        AnswersSHA256: document.answersDigest,
      },
    },
    chrome,
    signing,
  );
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const xml = (text: string) => text.replace(/[&<>"]/g, (character) => XML_ESCAPES[character] ?? character);
/** The XMP form of a date, to the second as the information dictionary writes it (D:YYYYMMDDHHmmSSZ). */
const xmpDate = (date: Date) => `${date.toISOString().split('.')[0] ?? ''}Z`;

interface InfoEntries {
  Title?: string;
  Author?: string;
  Subject?: string;
  Keywords?: string;
  Creator?: string;
  Producer?: string;
  CreationDate?: Date;
  ModDate?: Date;
}

/**
 * The XMP analogue of every entry of the information dictionary, with the same value (ISO 19005-2,
 * 6.6.2.3.1, table 3): Title (dc:title), Author (dc:creator), Subject (dc:description), Keywords
 * (pdf:Keywords), Creator (xmp:CreatorTool), Producer (pdf:Producer), CreationDate (xmp:CreateDate),
 * ModDate (xmp:ModifyDate). pdfkit's own packet has no xmp:ModifyDate and does not escape its values
 * (a "&" in a company's name made the XMP unreadable). The custom entries have no analogue.
 */
function xmpInfo(info: InfoEntries): string {
  const lines = ['<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">'];
  if (info.CreationDate) lines.push(`<xmp:CreateDate>${xmpDate(info.CreationDate)}</xmp:CreateDate>`);
  if (info.ModDate) lines.push(`<xmp:ModifyDate>${xmpDate(info.ModDate)}</xmp:ModifyDate>`);
  if (info.Creator) lines.push(`<xmp:CreatorTool>${xml(info.Creator)}</xmp:CreatorTool>`);
  lines.push('</rdf:Description>');
  lines.push('<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">');
  const alt = (text: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${xml(text)}</rdf:li></rdf:Alt>`;
  if (info.Title) lines.push(`<dc:title>${alt(info.Title)}</dc:title>`);
  if (info.Author)
    lines.push(`<dc:creator><rdf:Seq><rdf:li>${xml(info.Author)}</rdf:li></rdf:Seq></dc:creator>`);
  if (info.Subject) lines.push(`<dc:description>${alt(info.Subject)}</dc:description>`);
  lines.push('</rdf:Description>');
  lines.push('<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">');
  if (info.Producer) lines.push(`<pdf:Producer>${xml(info.Producer)}</pdf:Producer>`);
  if (info.Keywords) lines.push(`<pdf:Keywords>${xml(info.Keywords)}</pdf:Keywords>`);
  lines.push('</rdf:Description>');
  return lines.join('\n');
}

/** One signature of a signed document's last page ("Signatures électroniques"). */
export interface SignaturePageSigner {
  personId: string;
  /** As the document prints it. */
  name: string;
  /** The capacity the document prints under the name. */
  role: string;
  /** When they signed (ISO 8601), printed in UTC. */
  signedAt: string;
  /** Where the one-time code went, already masked ("p***@example.com"). */
  codeSentTo: string;
  /** SHA-256 (hex) of the version of the document they read and signed. */
  documentSha256: string;
}

/** The electronic signatures of a document, on a last page (`documents:signed.*` words when no title). */
export interface SignaturePage {
  title?: string;
  signers: SignaturePageSigner[];
}

/** A signatory given an empty signature field for a qualified signature (Romania). */
export interface QualifiedField {
  personId: string;
  name: string;
  role: string;
}

export interface SigningPages {
  signaturePage?: SignaturePage;
  qualifiedFields?: QualifiedField[];
}

/** The words of the signing pages, in the document's language (write-document.ts: `documents:signed.*`). */
export interface SigningWords {
  title: string;
  intro: string;
  seal: string;
  signer: string;
  role: string;
  signedAt: string;
  method: string;
  /** The method of a signer, the masked address where the code went already in. */
  methodOf(sentTo: string): string;
  sha256: string;
  /** The date and time of a signature, in UTC. */
  dateTime(iso: string): string;
  qualifiedTitle: string;
  qualifiedIntro: string;
  qualifiedField(name: string, role: string): string;
}

export type SigningPagesToDraw = SigningPages & { words?: SigningWords };

/**
 * A label and its value under it; a fingerprint (`code`) in a smaller size, so that its 64 hex digits
 * hold on one line and copy whole.
 */
function drawLabelled(doc: Doc, label: string, value: string, code = false): void {
  const width = contentWidth(doc);
  const left = doc.page.margins.left;
  doc.font('bold').fontSize(BODY_SIZE - 1.5);
  const valueSize = code ? BODY_SIZE - 2 : BODY_SIZE;
  const height =
    doc.heightOfString(label, { width }) +
    doc.font('regular').fontSize(valueSize).heightOfString(value, { width });
  ensureRoom(doc, height + 4);
  doc
    .font('bold')
    .fontSize(BODY_SIZE - 1.5)
    .fillColor(MUTED)
    .text(label, left, doc.y, { width });
  doc.font('regular').fontSize(valueSize).fillColor(INK).text(value, left, doc.y, { width });
  doc.moveDown(0.35);
}

/** The electronic signatures' page: for each signer, who, in which capacity, when, how and what they read. */
function drawSignaturePage(doc: Doc, page: SignaturePage, words: SigningWords): void {
  doc.addPage();
  drawBlock(doc, { kind: 'title', text: page.title ?? words.title }, false);
  drawBlock(doc, { kind: 'paragraph', text: words.intro }, false);
  for (const signer of page.signers) {
    doc.font('bold').fontSize(BODY_SIZE + 0.5);
    ensureRoom(doc, 6 * BODY_SIZE * 2.4);
    drawBlock(doc, { kind: 'heading', level: 3, text: signer.name }, false);
    drawLabelled(doc, words.role, signer.role);
    drawLabelled(doc, words.signedAt, words.dateTime(signer.signedAt));
    drawLabelled(doc, words.method, words.methodOf(signer.codeSentTo));
    drawLabelled(doc, words.sha256, signer.documentSha256, true);
  }
  doc.moveDown(0.6);
  drawBlock(doc, { kind: 'note', text: words.seal }, false);
}

const FIELD_HEIGHT = 64;

/**
 * The page of a qualified signature: under each signatory's name and role, an empty signature field
 * (/FT /Sig) a PDF reader signs with a qualified certificate. PDF/A-2 wants every visible annotation
 * printed (F 4) with an appearance stream (ISO 19005-2, 6.3.2, 6.3.3), and no NeedAppearances
 * (6.4.1): each field gets a plain frame as its appearance; the labels are the page's own text.
 */
function drawQualifiedFields(doc: Doc, fields: QualifiedField[], words: SigningWords): void {
  doc.addPage();
  drawBlock(doc, { kind: 'title', text: words.qualifiedTitle }, false);
  drawBlock(doc, { kind: 'paragraph', text: words.qualifiedIntro }, false);
  doc.moveDown(0.6);
  const pdf = doc as unknown as PdfInternals;
  const width = Math.min(260, contentWidth(doc));
  const widgets: PdfReference[] = [];
  fields.forEach((field, index) => {
    const label = words.qualifiedField(field.name, field.role);
    doc.font('bold').fontSize(BODY_SIZE);
    ensureRoom(doc, doc.heightOfString(label, { width: contentWidth(doc) }) + FIELD_HEIGHT + 24);
    const left = doc.page.margins.left;
    doc.fillColor(INK).text(label, left, doc.y, { width: contentWidth(doc) });
    const top = doc.y + 4;
    const appearance = pdf.ref({
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, width, FIELD_HEIGHT],
      Resources: {},
    });
    appearance.end(`0.6 0.6 0.6 RG 0.5 w 0.25 0.25 ${width - 0.5} ${FIELD_HEIGHT - 0.5} re S`);
    doc.annotate(left, top, width, FIELD_HEIGHT, {
      Subtype: 'Widget',
      FT: 'Sig',
      // pdfkit writes a String object as a PDF string, a plain string as a name.
      T: new String(`Signature${index + 1}-${field.personId}`),
      TU: new String(label),
      F: 4,
      P: pdf.page.dictionary,
      AP: { N: appearance },
    } as unknown as PDFKit.Mixins.AnnotationOption);
    const widget = pdf.page.annotations.at(-1);
    if (widget) widgets.push(widget);
    doc.x = left;
    doc.y = top + FIELD_HEIGHT + 18;
  });
  // pdfkit's own form (initForm) sets NeedAppearances, which PDF/A forbids: the form is made here,
  // and `_acroform` lets pdfkit's endAcroForm close it at the end.
  pdf._acroform = { fonts: {}, defaultFont: 'regular' };
  pdf._root.data.AcroForm = pdf.ref({ Fields: widgets, DR: { Font: {} } });
}

/** What of pdfkit's internals the signing pages use (not in its types). */
interface PdfReference {
  data: Record<string, unknown>;
  end(chunk?: string): void;
}
interface PdfInternals {
  ref(data: Record<string, unknown>): PdfReference;
  page: { dictionary: PdfReference; annotations: PdfReference[] };
  _root: { data: Record<string, unknown> };
  _acroform?: { fonts: Record<string, unknown>; defaultFont: string };
}

/** Any block document (a legal document, an invoice) as a PDF/A-2b file. */
export function writePdfFile(
  document: PdfSource,
  chrome: PageChrome,
  signing: SigningPagesToDraw = {},
): Promise<Buffer> {
  const { regular, bold, italic } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: chrome.initials ? { ...PAGE_MARGIN, bottom: INITIALS_MARGIN } : PAGE_MARGIN,
    pdfVersion: '1.7',
    subset: 'PDF/A-2b',
    bufferPages: true,
    displayTitle: true,
    lang: document.language,
    // No standard (non-embedded) font is ever selected: PDF/A requires every font embedded.
    font: regular as unknown as string,
    info: {
      Title: document.title,
      Author: 'Kreo',
      Subject: document.subject,
      Keywords: document.keywords,
      Creator: document.creator,
      CreationDate: document.createdAt,
      ModDate: document.createdAt,
    },
  });
  // pdfkit writes its XMP packet from `_addInfo` when the document ends (see xmpInfo).
  const metadata = doc as unknown as { _addInfo: () => void; appendXML: (text: string) => void };
  metadata._addInfo = () => metadata.appendXML(xmpInfo(doc.info as InfoEntries));
  Object.assign(doc.info, { ...document.custom, Reference: chrome.reference });
  doc.registerFont('regular', regular as unknown as Buffer);
  doc.registerFont('bold', bold as unknown as Buffer);
  doc.registerFont('italic', italic as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  documentsSinceReset += 1;
  if (documentsSinceReset > DOCUMENTS_PER_CACHE) {
    layoutCaches.clear();
    documentsSinceReset = 0;
  }
  for (const name of ['bold', 'italic', 'regular']) shareLayoutCache(doc, name);
  const signable = !document.translation;
  document.blocks.forEach((block, index) => {
    const next = document.blocks[index + 1];
    if (block.kind === 'paragraph' && next?.kind === 'signatures')
      keepWithSignatures(doc, block.text, next.signers, signable);
    drawBlock(doc, block, signable);
  });
  if (signing.words && signing.signaturePage) drawSignaturePage(doc, signing.signaturePage, signing.words);
  if (signing.words && signing.qualifiedFields && signing.qualifiedFields.length > 0)
    drawQualifiedFields(doc, signing.qualifiedFields, signing.words);
  drawPageChrome(doc, document, chrome);
  doc.end();
  return done;
}
