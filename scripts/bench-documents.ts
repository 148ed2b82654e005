/**
 * Median time and size of each document, in each format, for each legal form, built from the sample
 * company file (three associates where the form allows several): what a download costs the server.
 */
import {
  createDocumentBuilder,
  DOCUMENT_SKUS,
  type DocumentSku,
} from '../server/services/documents/build-document';
import { writeDocument, type DocumentFormat } from '../server/services/documents/write-document';
import { readCaenClasses, readWizardSource } from '../src/shared/wizard-source.node.ts';
import { resolveWizard } from '../src/shared/wizard-definition.ts';
import { completeCompanyFile, type LegalFormId } from '../tests/fixtures/company-file';
import { isMain } from './bench-server';
import { kB, median, printTable, type Table } from './bench-report';

const RUNS = 15;
const FORMS: LegalFormId[] = ['FR-SAS', 'FR-SASU', 'FR-SARL', 'FR-EURL', 'RO-SRL', 'RO-SRL_SOLE'];
const SKUS: readonly DocumentSku[] = DOCUMENT_SKUS;
const FORMATS: DocumentFormat[] = ['pdf', 'docx'];

export interface DocumentFigures {
  form: LegalFormId;
  sku: DocumentSku;
  format: DocumentFormat;
  medianMs: number;
  bytes: number;
}

/** Builds and writes every document `runs` times, in this process (no server involved). */
export async function benchDocuments(runs = RUNS): Promise<DocumentFigures[]> {
  const root = process.cwd();
  const wizard = resolveWizard(readWizardSource(root));
  const builder = createDocumentBuilder({
    legalForms: wizard.legalForms,
    caenClasses: readCaenClasses(root),
  });

  // Warm-up: the first document parses the fonts and compiles the templates.
  await writeDocument(builder.build('LEGAL_STATUSES', completeCompanyFile(3, '2026-01-15', 'FR-SAS')), 'pdf');

  const figures: DocumentFigures[] = [];
  for (const form of FORMS) {
    const data = completeCompanyFile(3, '2026-01-15', form);
    for (const sku of SKUS) {
      // A document of one country only (the legal notice, the operating-conditions declaration).
      if (builder.languagesOf(sku, form).length === 0) continue;
      for (const format of FORMATS) {
        const times: number[] = [];
        let bytes = 0;
        for (let run = 0; run < runs; run += 1) {
          const start = performance.now();
          const file = await writeDocument(builder.build(sku, data), format);
          times.push(performance.now() - start);
          bytes = file.length;
        }
        figures.push({ form, sku, format, medianMs: median(times), bytes });
      }
    }
  }
  return figures;
}

export function documentsTable(figures: DocumentFigures[], runs = RUNS): Table {
  return {
    title: 'Documents',
    note: `Median of ${runs} runs: build from the sample company file (three associates) and write the file.`,
    headers: ['Form', 'Document', 'Format', 'Median ms', 'Size kB'],
    numeric: [3, 4],
    rows: figures.map((figure) => [
      figure.form,
      figure.sku,
      figure.format,
      figure.medianMs.toFixed(1),
      kB(figure.bytes),
    ]),
  };
}

if (isMain(import.meta.url)) {
  printTable(documentsTable(await benchDocuments()));
}
