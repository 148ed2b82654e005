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

// Parsed once per process: reading the tables of a font is most of the time a PDF takes; pdfkit
// accepts a parsed font and still makes each document its own subset.
let fonts: { regular: Font; bold: Font; italic: Font } | undefined;
const parse = (file: string) => openFont(readFileSync(join(FONT_DIR, file))) as Font;
const loadFonts = () =>
  (fonts ??= {
    regular: parse('DejaVuSerif.ttf'),
    bold: parse('DejaVuSerif-Bold.ttf'),
    italic: parse('DejaVuSerif-Italic.ttf'),
  });

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
}

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

/** Column widths from the cells' natural widths, within the page: long texts get the room. */
function columnWidths(doc: Doc, table: DocumentTable, width: number): number[] {
  const rows = [...table.header, ...table.rows, ...table.footer];
  const columns = table.align.length;
  const natural = Array.from({ length: columns }, (_, column) => {
    const longest = Math.max(
      ...rows.map((row) =>
        Math.max(...(row[column] ?? '').split('\n').map((line) => doc.widthOfString(line))),
      ),
      24,
    );
    return Math.min(longest + 12, width * 0.6);
  });
  const total = natural.reduce((sum, value) => sum + value, 0);
  return natural.map((value) => (value / total) * width);
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

function drawSignatures(doc: Doc, signers: Extract<DocumentBlock, { kind: 'signatures' }>['signers']): void {
  const left = doc.page.margins.left;
  const gap = 24;
  const boxWidth = (contentWidth(doc) - gap) / 2;
  for (let index = 0; index < signers.length; index += 2) {
    const pair = signers.slice(index, index + 2);
    doc.font('regular').fontSize(BODY_SIZE);
    const textHeight = Math.max(
      ...pair.map((signer) =>
        [signer.name, signer.role, signer.note]
          .filter(Boolean)
          .reduce((sum, line) => sum + doc.heightOfString(line, { width: boxWidth }), 0),
      ),
    );
    const height = textHeight + 64;
    ensureRoom(doc, height);
    const top = doc.y;
    pair.forEach((signer, column) => {
      const x = left + column * (boxWidth + gap);
      doc.font('bold').fillColor(INK).text(signer.name, x, top, { width: boxWidth });
      if (signer.role) doc.font('regular').text(signer.role, x, doc.y, { width: boxWidth });
      if (signer.note) doc.font('italic').fillColor(MUTED).text(signer.note, x, doc.y, { width: boxWidth });
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

function drawBlock(doc: Doc, block: DocumentBlock): void {
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
        .text(block.text, { align: 'justify', width, lineGap: 1.5, paragraphGap: 5 });
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
      drawSignatures(doc, block.signers);
      return;
    case 'pageBreak':
      doc.addPage();
      return;
  }
}

/** Footer (and the translation banner) on every page, once the number of pages is known. */
function drawPageChrome(doc: Doc, document: PdfSource, chrome: PageChrome): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const { left, right, bottom, top } = doc.page.margins;
    const width = doc.page.width - left - right;
    // Writing in the margins must not start a new page.
    doc.page.margins.bottom = 0;
    doc.page.margins.top = 0;
    const y = doc.page.height - bottom + 26;
    doc
      .moveTo(left, y - 6)
      .lineTo(left + width, y - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.font('regular').fontSize(7.5).fillColor(MUTED);
    doc.text(document.title, left, y, { width: width * 0.5, lineBreak: false, ellipsis: true });
    doc.text(chrome.page(index + 1, range.count), left + width * 0.5, y, {
      width: width * 0.2,
      align: 'center',
      lineBreak: false,
    });
    doc.text(chrome.reference, left + width * 0.7, y, {
      width: width * 0.3,
      align: 'right',
      lineBreak: false,
    });
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
  language: string;
  createdAt: Date;
  blocks: DocumentBlock[];
  subject: string;
  keywords: string;
  creator: string;
  /** Custom entries of the information dictionary (any PDF reader's "properties" shows them). */
  custom: Record<string, string>;
}

export function writePdf(document: BuiltDocument, chrome: PageChrome): Promise<Buffer> {
  return writePdfFile(
    {
      title: document.title,
      language: document.language,
      createdAt: document.createdAt,
      blocks: document.blocks,
      subject: `${document.sku} · ${document.company} · ${document.form}`,
      keywords: `template ${document.templateFile} v${document.templateVersion}; answers sha256 ${document.answersDigest}`,
      creator: `Kreo document templates (${document.templateFile} v${document.templateVersion})`,
      custom: {
        TemplateFile: document.templateFile,
        TemplateVersion: document.templateVersion,
        TemplateSHA256: document.templateDigest,
        AnswersSHA256: document.answersDigest,
      },
    },
    chrome,
  );
}

/** Any block document (a legal document, an invoice) as a PDF/A-2b file. */
export function writePdfFile(document: PdfSource, chrome: PageChrome): Promise<Buffer> {
  const { regular, bold, italic } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: PAGE_MARGIN,
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
  for (const block of document.blocks) drawBlock(doc, block);
  drawPageChrome(doc, document, chrome);
  doc.end();
  return done;
}
