/**
 * Writes one document from the sample company file, for staff and developers editing a template:
 *   npm run document -- FR-SAS LEGAL_STATUSES fr pdf [associates] [out-file]
 * Then look at its pages with `pdftoppm -png -r 60 out.pdf page` (Debian's poppler-utils).
 */
import { writeFileSync } from 'node:fs';
import { createDocumentBuilder, type DocumentSku } from '../server/services/documents/build-document';
import { writeDocument, type DocumentFormat } from '../server/services/documents/write-document';
import type { DocumentLanguage } from '../server/services/documents/formats';
import { readCaenClasses, readWizardSource } from '../src/shared/wizard-source.node.ts';
import { resolveWizard } from '../src/shared/wizard-definition.ts';
import { completeCompanyFile, type LegalFormId } from '../tests/fixtures/company-file';

const [form = 'FR-SAS', sku = 'LEGAL_STATUSES', language, format = 'pdf', associates = '3', out] =
  process.argv.slice(2);
const root = process.cwd();
const builder = createDocumentBuilder({
  legalForms: resolveWizard(readWizardSource(root)).legalForms,
  caenClasses: readCaenClasses(root),
});
const document = builder.build(
  sku as DocumentSku,
  completeCompanyFile(Number(associates), '2026-01-15', form as LegalFormId),
  {
    language: language as DocumentLanguage | undefined,
  },
);
const file = out ?? `${document.fileName}-${form}-${document.language}.${format}`;
writeFileSync(file, await writeDocument(document, format as DocumentFormat));
console.log(
  `${file}: ${document.title} (${document.language}${document.translation ? ', translation' : ''})`,
);
