/**
 * A document as a Word file (Office Open XML), for a lawyer to edit: real headings (the navigation
 * pane lists the articles), real tables, a footer with the document's name, "page n of N" (Word
 * fields, counted by Word) and the reference, and the same traceability as the PDF in its properties.
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeadingLevel,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import type { BuiltDocument } from './build-document';
import type { DocumentBlock, DocumentTable } from './document-model';

const FONT = 'Times New Roman';
/** Half-points. */
const BODY_SIZE = 22;
/** A4 in twentieths of a point, margins of 2.25 cm. */
const PAGE = { width: 11906, height: 16838, margin: 1276 };
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
const WORD_LANGUAGES = { fr: 'fr-FR', en: 'en-GB', ro: 'ro-RO' } as const;

export interface DocxChrome {
  /** "Page {{page}} of {{pages}}" in the document's language: the numbers are Word fields. */
  pageLabel: { before: string; between: string; after: string };
  reference: string;
  translationBanner?: string;
  /** The label of the signatories' initials on every page ("Paraphes"), where practice asks for them. */
  initials?: string;
}

/** A text whose line breaks (an address) stay line breaks. */
function runs(
  text: string,
  options: { bold?: boolean; italics?: boolean; size?: number; color?: string } = {},
) {
  return text
    .split('\n')
    .map(
      (line, index) => new TextRun({ text: line, break: index > 0 ? 1 : undefined, font: FONT, ...options }),
    );
}

const ALIGNMENT = {
  left: AlignmentType.LEFT,
  right: AlignmentType.RIGHT,
  center: AlignmentType.CENTER,
} as const;

/**
 * Column widths from the longest line of each column (in characters, within 4 and 40): an address
 * gets the room, a column of figures no more than it needs. Word keeps them (fixed layout).
 */
function columnWidths(block: DocumentTable): number[] {
  const rows = [...block.header, ...block.rows, ...block.footer];
  const natural = block.align.map((_, column) =>
    Math.min(
      40,
      Math.max(4, ...rows.flatMap((row) => (row[column] ?? '').split('\n').map((line) => [...line].length))),
    ),
  );
  const total = natural.reduce((sum, value) => sum + value, 0);
  return natural.map((value) => Math.round((value / total) * TEXT_WIDTH));
}

function table(block: DocumentTable): Table {
  const border = { style: BorderStyle.SINGLE, size: 4, color: '9A9A9A' };
  const widths = columnWidths(block);
  const row = (cells: string[], emphasised: boolean, header = false) =>
    new TableRow({
      tableHeader: header,
      cantSplit: true,
      children: cells.map(
        (cell, index) =>
          new TableCell({
            width: { size: widths[index] ?? 0, type: WidthType.DXA },
            shading: emphasised ? { type: ShadingType.CLEAR, color: 'auto', fill: 'EEEEEE' } : undefined,
            margins: { top: 60, bottom: 60, left: 90, right: 90 },
            children: [
              new Paragraph({
                alignment: ALIGNMENT[block.align[index] ?? 'left'],
                children: runs(cell, { bold: emphasised, size: BODY_SIZE - 2 }),
              }),
            ],
          }),
      ),
    });
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: widths,
    layout: TableLayoutType.FIXED,
    borders: {
      top: border,
      bottom: border,
      left: border,
      right: border,
      insideHorizontal: border,
      insideVertical: border,
    },
    rows: [
      ...block.header.map((cells) => row(cells, true, true)),
      ...block.rows.map((cells) => row(cells, false)),
      ...block.footer.map((cells) => row(cells, true)),
    ],
  });
}

/**
 * Signature boxes two by two, kept on the page of the paragraph before them (keepNext on every
 * paragraph, rows that do not split). A courtesy translation (`signable` false) has no line to sign:
 * its note says the signature is on the original.
 */
function signatures(block: Extract<DocumentBlock, { kind: 'signatures' }>, signable: boolean): Table {
  const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
  const cell = (signer: (typeof block.signers)[number] | undefined) =>
    new TableCell({
      width: { size: TEXT_WIDTH / 2, type: WidthType.DXA },
      borders: { top: none, left: none, right: none, bottom: none },
      children: signer
        ? [
            new Paragraph({ keepNext: true, keepLines: true, children: runs(signer.name, { bold: true }) }),
            ...(signer.role
              ? [new Paragraph({ keepNext: true, keepLines: true, children: runs(signer.role) })]
              : []),
            ...(signer.note
              ? [
                  new Paragraph({
                    keepNext: true,
                    keepLines: true,
                    children: runs(signer.note, { italics: true, color: '555555' }),
                  }),
                ]
              : []),
            ...(signable
              ? [
                  new Paragraph({
                    keepNext: true,
                    spacing: { before: 900 },
                    children: [new TextRun({ text: '______________________', font: FONT })],
                  }),
                ]
              : []),
          ]
        : [new Paragraph('')],
    });
  const rows: TableRow[] = [];
  for (let index = 0; index < block.signers.length; index += 2) {
    rows.push(
      new TableRow({
        cantSplit: true,
        children: [cell(block.signers[index]), cell(block.signers[index + 1])],
      }),
    );
  }
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    borders: {
      top: none,
      bottom: none,
      left: none,
      right: none,
      insideHorizontal: none,
      insideVertical: none,
    },
    rows,
  });
}

function content(blocks: readonly DocumentBlock[], signable: boolean): (Paragraph | Table)[] {
  const children: (Paragraph | Table)[] = [];
  let breakBefore = false;
  for (const [index, block] of blocks.entries()) {
    // "Fait à Paris, le …" stays on the page of the signatures that follow it.
    const beforeSignatures = blocks[index + 1]?.kind === 'signatures';
    const pageBreakBefore = breakBefore;
    breakBefore = false;
    switch (block.kind) {
      case 'title':
        children.push(
          new Paragraph({
            heading: HeadingLevel.TITLE,
            alignment: AlignmentType.CENTER,
            pageBreakBefore,
            spacing: { after: 120 },
            children: runs(block.text, { bold: true, size: 30 }),
          }),
        );
        break;
      case 'subtitle':
        children.push(
          new Paragraph({ alignment: AlignmentType.CENTER, pageBreakBefore, children: runs(block.text) }),
        );
        break;
      case 'heading':
        children.push(
          new Paragraph({
            heading: block.level === 2 ? HeadingLevel.HEADING_2 : HeadingLevel.HEADING_3,
            keepNext: true,
            pageBreakBefore,
            spacing: { before: block.level === 2 ? 280 : 160, after: 80 },
            children: runs(block.text, {
              bold: true,
              size: block.level === 2 ? 24 : BODY_SIZE,
              color: '000000',
            }),
          }),
        );
        break;
      case 'paragraph':
        children.push(
          new Paragraph({
            alignment: AlignmentType.JUSTIFIED,
            pageBreakBefore,
            keepNext: beforeSignatures,
            keepLines: beforeSignatures,
            spacing: { after: 120 },
            children: runs(block.text),
          }),
        );
        break;
      case 'note':
        children.push(
          new Paragraph({
            pageBreakBefore,
            spacing: { after: 120 },
            children: runs(block.text, { italics: true, size: BODY_SIZE - 4, color: '555555' }),
          }),
        );
        break;
      case 'list':
        block.items.forEach((item, index) =>
          children.push(
            new Paragraph({
              pageBreakBefore: pageBreakBefore && index === 0,
              indent: { left: 360, hanging: 240 },
              spacing: { after: 60 },
              children: [new TextRun({ text: '–\t', font: FONT }), ...runs(item)],
              tabStops: [{ type: TabStopType.LEFT, position: 360 }],
            }),
          ),
        );
        break;
      case 'table':
        if (pageBreakBefore) children.push(new Paragraph({ pageBreakBefore: true, children: [] }));
        children.push(table(block), new Paragraph({ spacing: { after: 120 }, children: [] }));
        break;
      case 'signatures':
        if (pageBreakBefore) children.push(new Paragraph({ pageBreakBefore: true, children: [] }));
        children.push(
          new Paragraph({ keepNext: true, spacing: { before: 240 }, children: [] }),
          signatures(block, signable),
        );
        break;
      case 'pageBreak':
        breakBefore = true;
        break;
    }
  }
  return children;
}

/** The longest title the footer's first part holds on its line, at its size (7.5 pt, about half the width). */
const FOOTER_TITLE_LENGTH = 64;

/** The footer stays on one line: a longer title is cut with an ellipsis (the first page has it whole). */
export function footerTitle(title: string): string {
  const flat = title.replace(/\s+/g, ' ');
  const characters = [...flat];
  return characters.length <= FOOTER_TITLE_LENGTH
    ? flat
    : `${characters
        .slice(0, FOOTER_TITLE_LENGTH - 1)
        .join('')
        .trimEnd()}…`;
}

export function writeDocx(document: BuiltDocument, chrome: DocxChrome): Promise<Buffer> {
  const footerRuns: ParagraphChild[] = [
    new TextRun({ text: footerTitle(document.title), font: FONT, size: 15, color: '555555' }),
    new TextRun({
      font: FONT,
      size: 15,
      color: '555555',
      children: [
        '\t',
        chrome.pageLabel.before,
        PageNumber.CURRENT,
        chrome.pageLabel.between,
        PageNumber.TOTAL_PAGES,
        chrome.pageLabel.after,
        '\t',
        chrome.reference,
      ],
    }),
  ];
  const doc = new Document({
    creator: 'Kreo',
    lastModifiedBy: 'Kreo',
    title: document.title,
    subject: `${document.sku} · ${document.company} · ${document.form}`,
    keywords: `template ${document.templateFile} v${document.templateVersion}; answers sha256 ${document.answersDigest}`,
    description: `Template ${document.templateFile} v${document.templateVersion} (sha256 ${document.templateDigest}); answers sha256 ${document.answersDigest}`,
    customProperties: [
      { name: 'TemplateFile', value: document.templateFile },
      { name: 'TemplateVersion', value: document.templateVersion },
      { name: 'TemplateSHA256', value: document.templateDigest },
      { name: 'AnswersSHA256', value: document.answersDigest },
      { name: 'Reference', value: chrome.reference },
    ],
    styles: {
      default: {
        // Word checks spelling and hyphenates in the document's language, not the reader's default.
        document: {
          run: { font: FONT, size: BODY_SIZE, language: { value: WORD_LANGUAGES[document.language] } },
          paragraph: { spacing: { line: 264 } },
        },
      },
    },
    sections: [
      {
        properties: {
          page: {
            size: { width: PAGE.width, height: PAGE.height },
            margin: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
          },
        },
        headers: chrome.translationBanner
          ? {
              default: new Header({
                children: [
                  new Paragraph({
                    alignment: AlignmentType.CENTER,
                    children: runs(chrome.translationBanner, { italics: true, size: 16, color: '8A2B0E' }),
                  }),
                ],
              }),
            }
          : undefined,
        footers: {
          default: new Footer({
            children: [
              ...(chrome.initials
                ? [
                    new Paragraph({
                      alignment: AlignmentType.RIGHT,
                      spacing: { after: 120 },
                      children: runs(`${chrome.initials}   ____________________`, {
                        italics: true,
                        size: 15,
                        color: '555555',
                      }),
                    }),
                  ]
                : []),
              new Paragraph({
                tabStops: [
                  { type: TabStopType.CENTER, position: TEXT_WIDTH * 0.6 },
                  { type: TabStopType.RIGHT, position: TEXT_WIDTH },
                ],
                children: footerRuns,
              }),
            ],
          }),
        },
        children: content(document.blocks, !document.translation),
      },
    ],
  });
  return Packer.toBuffer(doc);
}
