/**
 * The document engine itself, without a server: tables, the PDF's text layer, its PDF/A-2b rules,
 * its layout, and what a courtesy translation prints where the original is signed. Each test reads
 * the generated PDF text (pdf.js), the Word file's XML or the preview's blocks.
 *
 * The first test must stay first: it needs the process's fonts as no PDF has used them yet.
 */
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createDocumentBuilder, type DocumentSku } from '../../server/services/documents/build-document';
import { parseDocumentMarkup, type DocumentBlock } from '../../server/services/documents/document-model';
import { writePdfFile } from '../../server/services/documents/pdf-writer';
import { writeDocument } from '../../server/services/documents/write-document';
import type { DocumentLanguage } from '../../server/services/documents/formats';
import { readCaenClasses, readWizardSource } from '../../src/shared/wizard-source.node.ts';
import { resolveWizard } from '../../src/shared/wizard-definition.ts';
import { completeCompanyFile, type LegalFormId } from '../fixtures/company-file';
import { docxText, pdfText, squeeze } from './document-text';

const root = process.cwd();
const builder = createDocumentBuilder({
  legalForms: resolveWizard(readWizardSource(root)).legalForms,
  caenClasses: readCaenClasses(root),
});
const NOW = new Date('2026-11-20T10:00:00Z');

const build = (
  form: LegalFormId,
  sku: DocumentSku,
  language?: DocumentLanguage,
  data = completeCompanyFile(3, '2026-01-15', form),
) => builder.build(sku, data, { now: NOW, ...(language ? { language } : {}) });

/** The text of every block, as the reader should find it. */
function blockText(blocks: readonly DocumentBlock[]): string {
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'table':
          return [...block.header, ...block.rows, ...block.footer].flat().join(' ');
        case 'list':
          return block.items.join(' ');
        case 'signatures':
          return block.signers.map((signer) => [signer.name, signer.role, signer.note].join(' ')).join(' ');
        case 'pageBreak':
          return '';
        default:
          return block.text;
      }
    })
    .join(' ');
}

describe('the text layer keeps every letter, whatever the process wrote before', () => {
  it('reads every "I" of a French document written after Romanian ones with "Î" (review D8)', async () => {
    const source = (text: string) => ({
      title: 'Înmatriculare',
      language: 'ro',
      createdAt: NOW,
      blocks: [{ kind: 'paragraph' as const, text }],
      subject: '',
      keywords: '',
      creator: '',
      custom: {},
    });
    // "Î" drawn before any plain "I": the glyph "I" is then first made as a part of "Î".
    await writePdfFile(source('Înmatriculare în registru'), { page: () => '', reference: '' });
    await writeDocument(build('RO-SRL', 'LEGAL_STATUSES'), 'pdf');
    const data = completeCompanyFile(2, '2026-01-15', 'FR-SAS');
    const persons = data.persons as Record<string, unknown>[];
    Object.assign(persons[1] ?? {}, { firstNames: 'Maria', lastName: 'Ionescu' });
    const document = build('FR-SAS', 'LEGAL_STATUSES', 'fr', data);
    const { text } = await pdfText(await writeDocument(document, 'pdf'));
    const words = new Set(blockText(document.blocks).match(/\S*I\S*/g));
    expect(words.size).toBeGreaterThan(3);
    expect(squeeze(text)).toContain('MariaIonescu');
    for (const word of words) expect(squeeze(text), word).toContain(squeeze(word));
  });
});

describe('tables (review D1)', () => {
  const SEPARATOR = /(^|\s)(:?-+:?\s+){2,}/m;

  it.each(['|---|--:|', '|:-|-:|', '| - | :-: |'])(
    'reads %s as a separator, with its alignments',
    (separator) => {
      const markup = ['# Title', '', '| Name | Amount |', separator, '| Ana | 10 |'].join('\n');
      const [, table] = parseDocumentMarkup(markup).blocks;
      expect(table).toMatchObject({ kind: 'table', header: [['Name', 'Amount']], rows: [['Ana', '10']] });
      expect(table?.kind === 'table' ? table.align : []).toEqual([
        'left',
        separator.includes('-:|') ? 'right' : 'center',
      ]);
    },
  );

  it.each<[LegalFormId, DocumentSku, DocumentLanguage]>([
    ['FR-SAS', 'LEGAL_STATUSES', 'fr'],
    ['FR-SARL', 'LIST_OF_BENEFICIARIES', 'en'],
    ['RO-SRL', 'LEGAL_STATUSES', 'ro'],
    ['RO-SRL', 'LIST_OF_BENEFICIARIES', 'fr'],
  ])(
    '%s %s in %s: no separator row in the PDF, the Word file or the preview',
    async (form, sku, language) => {
      const document = build(form, sku, language);
      const tables = document.blocks.filter((block) => block.kind === 'table');
      expect(tables.length).toBeGreaterThan(0);
      const capital = tables.find((table) => table.footer.length > 0);
      // The preview shows these blocks: a header, figures aligned right, totals apart.
      expect(capital?.header).toHaveLength(1);
      expect(capital?.align.slice(1)).toContain('right');
      expect(capital?.footer[0]?.[0]).toBe('Total');
      for (const table of tables)
        for (const row of [...table.header, ...table.rows, ...table.footer])
          for (const cell of row) expect(cell).not.toMatch(/^:?-+:?$/);
      const preview = builder.buildPreview(sku, completeCompanyFile(3, '2026-01-15', form), {
        language,
        withhold: true,
      });
      expect(JSON.stringify(preview.blocks)).not.toMatch(/"-+:"/);
      const { text } = await pdfText(await writeDocument(document, 'pdf'));
      expect(text).not.toMatch(SEPARATOR);
      expect(text).not.toContain('--:');
      const docx = await writeDocument(document, 'docx');
      expect(docxText(docx).body).not.toContain('--:');
    },
  );

  it('makes the header and totals bold and the figures right-aligned in Word', async () => {
    const docx = await writeDocument(build('RO-SRL', 'LEGAL_STATUSES'), 'docx');
    const body = strFromU8(unzipSync(new Uint8Array(docx))['word/document.xml'] ?? new Uint8Array());
    const cell = (text: string) => {
      const at = body.indexOf(`>${text}</w:t>`);
      return body.slice(body.lastIndexOf('<w:tc>', at), at);
    };
    expect(cell('Asociat')).toContain('<w:b/>');
    expect(cell('Total')).toContain('<w:b/>');
    expect(cell('Aport în numerar')).toContain('<w:jc w:val="right"/>');
  });
});
