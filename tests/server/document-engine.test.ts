/**
 * The document engine itself, without a server: tables, the PDF's text layer, its PDF/A-2b rules,
 * its layout, and what a courtesy translation prints where the original is signed. Each test reads
 * the generated PDF text (pdf.js), the Word file's XML or the preview's blocks.
 *
 * The first test must stay first: it needs the process's fonts as no PDF has used them yet.
 */
import { strFromU8, unzipSync } from 'fflate';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { createDocumentBuilder, type DocumentSku } from '../../server/services/documents/build-document';
import { parseDocumentMarkup, type DocumentBlock } from '../../server/services/documents/document-model';
import { renderFile, renderPreview } from '../../server/services/documents/document-renderer';
import { writePdfFile } from '../../server/services/documents/pdf-writer';
import { writeDocument } from '../../server/services/documents/write-document';
import type { DocumentLanguage } from '../../server/services/documents/formats';
import { readCaenClasses, readWizardSource } from '../../src/shared/wizard-source.node.ts';
import { resolveWizard } from '../../src/shared/wizard-definition.ts';
import { completeCompanyFile, type LegalFormId } from '../fixtures/company-file';
import templateManifest from '../../schemas/documents/templates.json';
import { renderInvoicePdf, type InvoiceToRender } from '../../server/services/invoices/invoice-pdf';
import { docxText, pdfText, squeeze } from './document-text';
import { checkPdfA } from './pdfa-check';

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

/** An invoice of 100 € (a credit note cancels KR-000042), as the invoice service hands it to the PDF. */
const invoiceOf = (kind: 'invoice' | 'creditNote', language: 'fr' | 'en' | 'ro'): InvoiceToRender => ({
  number: 'KR-000043',
  kind,
  language,
  issuedAt: NOW,
  content: {
    seller: {
      name: 'Kreo SAS',
      legalForm: 'SAS',
      capital: '10 000 €',
      address: '1 rue de la Paix, 75002 Paris',
      registration: 'RCS Paris 123 456 789',
      vat: 'FR00123456789',
      examples: [],
    },
    buyer: { name: 'Maria Ionescu & <Fils>', address: 'Strada Florilor 3, Cluj-Napoca' },
    line: { offerSku: 'STANDARD_PACKAGE', offer: 'Standard', products: ['Statuts', 'Déclaration'] },
    paidAt: NOW.toISOString(),
    ...(kind === 'creditNote' ? { credited: { number: 'KR-000042', issuedAt: NOW.toISOString() } } : {}),
  },
  vatRateBasisPoints: 2000,
  netCents: 8333,
  vatCents: 1667,
  totalCents: 10000,
  currency: 'EUR',
});

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

  it('gives an address column in Word more room than a column of figures (review E)', async () => {
    const docx = await writeDocument(build('FR-SAS', 'LEGAL_STATUSES'), 'docx');
    const body = strFromU8(unzipSync(new Uint8Array(docx))['word/document.xml'] ?? new Uint8Array());
    const grid = body.slice(body.indexOf('<w:tblGrid>'), body.indexOf('</w:tblGrid>'));
    // The apports: associate, address, shares, contribution, paid.
    const widths = [...grid.matchAll(/w:w="(\d+)"/g)].map((match) => Number(match[1]));
    expect(widths).toHaveLength(5);
    expect(widths[1]).toBeGreaterThan(2 * (widths[2] ?? 0));
  });
});

describe('PDF/A-2b, as far as the file shows it (review D7)', () => {
  /** A company name with XML's and the markup's own characters, which the metadata must escape. */
  const hostile = (form: LegalFormId) => ({
    ...completeCompanyFile(3, '2026-01-15', form),
    companyName: 'Ștefănescu & Œufs « Façon » <b>|#',
  });
  const documents = templateManifest.templates.flatMap((entry) =>
    entry.forms.map(
      (form) => [form, entry.sku, entry.language] as [LegalFormId, DocumentSku, DocumentLanguage],
    ),
  );

  it('lists every template of every form', () => {
    expect(documents.length).toBeGreaterThanOrEqual(54);
  });

  it.each(documents)('%s %s in %s', async (form, sku, language) => {
    const pdf = await writeDocument(build(form, sku, language, hostile(form)), 'pdf');
    expect(checkPdfA(pdf)).toEqual([]);
  });

  it.each(['invoice', 'creditNote'] as const)('a %s', async (kind) => {
    const { body } = await renderInvoicePdf(invoiceOf(kind, 'ro'));
    expect(checkPdfA(body)).toEqual([]);
  });

  it('an invoice to a buyer whose name the fonts cannot draw: "?" for those letters, no empty box', async () => {
    const invoice = invoiceOf('invoice', 'fr');
    invoice.content.buyer.name = 'Ali \u202Eمحمد 😀';
    const { body } = await renderInvoicePdf(invoice);
    expect(checkPdfA(body)).toEqual([]);
    expect((await pdfText(body)).text).toContain('Ali ???? ?');
  });
});

describe('what a value may not print (review D7, E)', () => {
  it('strips bidirectional overrides, embeddings and isolates from the values, in PDF and Word', async () => {
    const data = completeCompanyFile(2, '2026-01-15', 'FR-SAS');
    const persons = data.persons as Record<string, unknown>[];
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200F';
    Object.assign(persons[1] ?? {}, { lastName: `Pop${controls}escu` });
    const document = build('FR-SAS', 'LEGAL_STATUSES', 'fr', data);
    expect(blockText(document.blocks)).toContain('POPESCU');
    const { text } = await pdfText(await writeDocument(document, 'pdf'));
    expect(text).toContain('POPESCU');
    const docx = docxText(await writeDocument(document, 'docx'));
    expect(docx.body).toContain('POPESCU');
    for (const character of controls) expect(docx.body).not.toContain(character);
  });

  it('refuses a name the fonts cannot draw, naming its field, rather than print empty boxes', async () => {
    const data = completeCompanyFile(2, '2026-01-15', 'FR-SAS');
    const persons = data.persons as Record<string, unknown>[];
    Object.assign(persons[1] ?? {}, { lastName: 'محمد' });
    for (const format of ['pdf', 'docx'] as const) {
      const result = await renderFile(builder, { sku: 'LEGAL_STATUSES', data, format });
      expect(result).toMatchObject({
        ok: false,
        unprintable: { field: ['persons', 1, 'lastName'], characters: ['م', 'ح', 'د'] },
      });
    }
    expect(renderPreview(builder, { sku: 'LEGAL_STATUSES', data, withhold: true })).toMatchObject({
      ok: false,
      unprintable: { field: ['persons', 1, 'lastName'] },
    });
    // Greek and Cyrillic letters are drawn: those names print.
    Object.assign(persons[1] ?? {}, { lastName: 'Παπαδόπουλος Иванов' });
    expect(await renderFile(builder, { sku: 'LEGAL_STATUSES', data, format: 'pdf' })).toMatchObject({
      ok: true,
    });
  });
});

/** The lines of text pdf.js reads at the foot of each page (below the text's bottom margin). */
async function footerLines(pdf: Buffer): Promise<string[][]> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const pages: string[][] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    const lines = new Map<number, string>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const y = Math.round(item.transform[5] as number);
      if (y > 60) continue;
      lines.set(y, `${lines.get(y) ?? ''} ${item.str}`.trim());
    }
    pages.push([...lines.values()]);
  }
  await document.destroy();
  return pages;
}

describe('layout (review E)', () => {
  it('writes every footer on one line, whatever the length of the company name', async () => {
    const data = {
      ...completeCompanyFile(3, '2026-01-15', 'FR-SAS'),
      companyName: `Société coopérative de boulangerie ${'et de pâtisserie artisanale '.repeat(6)}Dupont`,
    };
    for (const language of ['fr', 'en'] as const) {
      const document = build('FR-SAS', 'LEGAL_STATUSES', language, data);
      const pages = await footerLines(await writeDocument(document, 'pdf'));
      expect(pages.length).toBeGreaterThan(1);
      pages.forEach((lines, index) => {
        expect(lines, `page ${index + 1}`).toHaveLength(1);
        expect(lines[0]).toContain(String(index + 1));
        expect(lines[0]).toContain(document.reference);
      });
      expect(docxText(await writeDocument(document, 'docx')).footer).toContain('…');
    }
  });

  it('says "Avoir" / "Credit note" / "Factura de stornare" in a credit note’s footer, on one line', async () => {
    for (const [language, words] of [
      ['fr', 'Avoir KR-000043'],
      ['en', 'Credit note KR-000043'],
      ['ro', 'Factura de stornare KR-000043'],
    ] as const) {
      const [lines = []] = await footerLines(
        (await renderInvoicePdf(invoiceOf('creditNote', language))).body,
      );
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(words);
      expect(lines[0]).not.toMatch(/Facture|Invoice|Factura KR/);
    }
  });

  /** The paragraph before the first signature block, and the first name signing. */
  const signingStart = (blocks: readonly DocumentBlock[]) => {
    const index = blocks.findIndex((block) => block.kind === 'signatures');
    const before = blocks[index - 1];
    const signatures = blocks[index];
    return {
      before: before?.kind === 'paragraph' ? before.text : '',
      signer: signatures?.kind === 'signatures' ? (signatures.signers[0]?.name ?? '') : '',
    };
  };

  const SIGNED: [LegalFormId, DocumentSku, number][] = (
    ['FR-SAS', 'FR-SASU', 'FR-SARL', 'FR-EURL', 'RO-SRL', 'RO-SRL_SOLE'] as LegalFormId[]
  ).flatMap((form) =>
    (
      ['LEGAL_STATUSES', 'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION', 'LIST_OF_BENEFICIARIES'] as const
    ).flatMap((sku) => [1, 2, 4].map((count) => [form, sku, count] as [LegalFormId, DocumentSku, number])),
  );

  it.each(SIGNED)(
    '%s %s, %i associates: the first signature shares its page with the text before it',
    async (form, sku, count) => {
      const document = build(form, sku, undefined, completeCompanyFile(count, '2026-01-15', form));
      const { before, signer } = signingStart(document.blocks);
      expect(signer).not.toBe('');
      const pdf = await writeDocument(document, 'pdf');
      const parsed = await getDocument({
        data: new Uint8Array(pdf),
        useSystemFonts: false,
        isEvalSupported: false,
      }).promise;
      const pages: string[] = [];
      for (let number = 1; number <= parsed.numPages; number += 1) {
        const content = await (await parsed.getPage(number)).getTextContent();
        pages.push(squeeze(content.items.map((item) => ('str' in item ? item.str : '')).join('')));
      }
      await parsed.destroy();
      const page = pages.findLastIndex((text) => text.includes(squeeze(signer)));
      expect(page).toBeGreaterThanOrEqual(0);
      // The last words of the paragraph before the signatures are on the same page.
      if (before) expect(pages[page]).toContain(squeeze(before.split(' ').slice(-4).join(' ')));
    },
  );

  it('marks a Word file with its language and its author (review E)', async () => {
    for (const [language, tag] of [
      ['ro', 'ro-RO'],
      ['fr', 'fr-FR'],
      ['en', 'en-GB'],
    ] as const) {
      const files = unzipSync(
        new Uint8Array(await writeDocument(build('RO-SRL', 'LEGAL_STATUSES', language), 'docx')),
      );
      expect(strFromU8(files['word/styles.xml'] ?? new Uint8Array())).toContain(`<w:lang w:val="${tag}"/>`);
      expect(strFromU8(files['docProps/core.xml'] ?? new Uint8Array())).toContain(
        '<cp:lastModifiedBy>Kreo</cp:lastModifiedBy>',
      );
    }
  });

  it('keeps "Fait à …" with the signatures in Word (keepNext, keepLines)', async () => {
    const document = build('FR-SASU', 'LEGAL_STATUSES', 'fr');
    const docx = await writeDocument(document, 'docx');
    const body = strFromU8(unzipSync(new Uint8Array(docx))['word/document.xml'] ?? new Uint8Array());
    const at = body.indexOf('>Fait à ');
    const paragraph = body.slice(body.lastIndexOf('<w:p>', at), at);
    expect(paragraph).toContain('<w:keepNext/>');
    expect(paragraph).toContain('<w:keepLines/>');
  });

  it.each<[LegalFormId, DocumentSku, string | null]>([
    ['FR-SAS', 'LEGAL_STATUSES', 'Paraphes'],
    ['FR-EURL', 'LEGAL_STATUSES', 'Paraphes'],
    ['RO-SRL', 'LEGAL_STATUSES', 'Inițiale'],
    ['FR-SAS', 'LIST_OF_BENEFICIARIES', null],
  ])('%s %s: an initials box on every page (%s) as templates.json asks', async (form, sku, label) => {
    const document = build(form, sku);
    const pages = await footerLines(await writeDocument(document, 'pdf'));
    const { text, pages: count } = await pdfText(await writeDocument(document, 'pdf'));
    const docx = docxText(await writeDocument(document, 'docx'));
    if (label) {
      expect(text.split(label).length - 1).toBe(count);
      expect(docx.footer).toContain(label);
      expect(pages.every((lines) => lines.length === 1)).toBe(true);
    } else {
      expect(text).not.toMatch(/Paraphes|Inițiale|Initials/);
      expect(docx.footer).not.toMatch(/Paraphes|Inițiale|Initials/);
    }
    // Never on a courtesy translation, which nobody signs.
    const translation = build(form, sku, form.startsWith('FR') ? 'en' : 'fr');
    expect((await pdfText(await writeDocument(translation, 'pdf'))).text).not.toMatch(
      /Paraphes|Inițiale|Initials/,
    );
  });
});

describe('courtesy translations carry no signature line (review C, issue 33 defect 6)', () => {
  it.each<[LegalFormId, DocumentLanguage, string]>([
    ['FR-SAS', 'en', '[signature on the original]'],
    ['FR-SARL', 'ro', '[semnătură pe original]'],
    ['RO-SRL', 'fr', '[signature sur l’original]'],
    ['RO-SRL', 'en', '[signature on the original]'],
  ])('%s in %s says %s where the original is signed', async (form, language, mention) => {
    const document = build(form, 'LEGAL_STATUSES', language);
    const signers = document.blocks.flatMap((block) => (block.kind === 'signatures' ? block.signers : []));
    expect(signers.length).toBeGreaterThan(0);
    const { text } = await pdfText(await writeDocument(document, 'pdf'));
    expect(squeeze(text).split(squeeze(mention)).length - 1).toBe(signers.length);
    for (const signer of signers) expect(squeeze(text)).not.toContain(squeeze(signer.note));
    const docx = docxText(await writeDocument(document, 'docx'));
    expect(docx.body.split(mention).length - 1).toBe(signers.length);
    expect(docx.body).not.toContain('____');
    const preview = renderPreview(builder, {
      sku: 'LEGAL_STATUSES',
      data: completeCompanyFile(3, '2026-01-15', form),
      language,
      withhold: true,
    });
    expect(preview.ok && preview.value.split(mention).length - 1).toBe(signers.length);
    // The filing copy keeps its lines to sign.
    expect(docxText(await writeDocument(build(form, 'LEGAL_STATUSES'), 'docx')).body).toContain('____');
  });
});
