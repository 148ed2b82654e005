/** The text of generated documents as a reader's tools extract it: pdf.js for PDF, the XML of Word's body for DOCX. */
import { unzipSync, strFromU8 } from 'fflate';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfText(
  pdf: Buffer,
): Promise<{ text: string; pages: number; info: Record<string, unknown> }> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
    );
  }
  const { info } = await document.getMetadata();
  await document.destroy();
  return { text: pages.join('\n'), pages: pages.length, info: info as Record<string, unknown> };
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text runs of a DOCX's body, header (repeated on every page), footer and properties, in order. */
export function docxText(docx: Buffer): {
  body: string;
  header: string;
  footer: string;
  core: string;
  custom: string;
} {
  const files = unzipSync(new Uint8Array(docx));
  const read = (name: string) => (files[name] ? strFromU8(files[name]) : '');
  const runs = (xml: string) =>
    xml
      .replace(/<w:br\/>|<\/w:p>/g, '\n')
      .replace(/<w:tab\/>/g, '\t')
      .replace(/<(?!\/?w:t[ >])[^>]+>/g, '')
      .replace(/<\/?w:t[^>]*>/g, '')
      .replace(/&(\w+);/g, (_, name: string) => XML_ENTITIES[name] ?? `&${name};`);
  const parts = (kind: string) =>
    Object.keys(files)
      .filter((name) => new RegExp(`^word/${kind}\\d*\\.xml$`).test(name))
      .map((name) => runs(read(name)))
      .join('\n');
  return {
    body: runs(read('word/document.xml')),
    header: parts('header'),
    footer: parts('footer'),
    core: read('docProps/core.xml'),
    custom: read('docProps/custom.xml'),
  };
}

/** Without white space: line breaks and justification place spaces where the writer chose. */
export const squeeze = (text: string) => text.replace(/\s+/g, '');
