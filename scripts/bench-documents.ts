/**
 * Median time and size of each document, in each format, for each legal form, built from the sample
 * company file (three associates where the form allows several): what a download costs the server.
 */
import { createDocumentBuilder, type DocumentSku } from '../server/services/documents/build-document';
import { writeDocument, type DocumentFormat } from '../server/services/documents/document-service';
import { readCaenClasses, readWizardSource } from '../src/shared/wizard-source.node.ts';
import { resolveWizard } from '../src/shared/wizard-definition.ts';
import { completeCompanyFile, type LegalFormId } from '../tests/fixtures/company-file';

const RUNS = 15;
const FORMS: LegalFormId[] = ['FR-SAS', 'FR-SASU', 'FR-SARL', 'FR-EURL', 'RO-SRL', 'RO-SRL_SOLE'];
const SKUS: DocumentSku[] = [
  'LEGAL_STATUSES',
  'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
  'LIST_OF_BENEFICIARIES',
];
const FORMATS: DocumentFormat[] = ['pdf', 'docx'];

const root = process.cwd();
const wizard = resolveWizard(readWizardSource(root));
const builder = createDocumentBuilder({ legalForms: wizard.legalForms, caenClasses: readCaenClasses(root) });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

// Warm-up: the first document parses the fonts and compiles the templates.
await writeDocument(builder.build('LEGAL_STATUSES', completeCompanyFile(3, '2026-01-15', 'FR-SAS')), 'pdf');

console.log(`Documents, median of ${RUNS} runs (build from the answers + write the file):`);
console.log('form          document                                          format   median ms   size kB');
for (const form of FORMS) {
  const data = completeCompanyFile(3, '2026-01-15', form);
  for (const sku of SKUS) {
    for (const format of FORMATS) {
      const times: number[] = [];
      let size = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const start = performance.now();
        const file = await writeDocument(builder.build(sku, data), format);
        times.push(performance.now() - start);
        size = file.length;
      }
      console.log(
        `${form.padEnd(13)} ${sku.padEnd(49)} ${format.padEnd(8)} ${median(times).toFixed(1).padStart(9)} ${(size / 1024).toFixed(1).padStart(9)}`,
      );
    }
  }
}
