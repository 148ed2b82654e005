/**
 * The legal forms with what their filing takes, for the total cost on /plans and /services, the line
 * under each pricing card and the wizard assistant's answer on what the founder's form costs: the
 * forms of schemas/jurisdictions/<code>.json, the upload slots of the registry's guide
 * (schemas/jurisdictions/registration/<code>.json) that Kreo writes a document for, and the fees
 * outside Kreo (outside-fees-data.ts).
 */
import { code as frCode, legalForms as frForms } from '../../../schemas/jurisdictions/fr.json';
import { guide as frGuide } from '../../../schemas/jurisdictions/registration/fr.json';
import { code as roCode, legalForms as roForms } from '../../../schemas/jurisdictions/ro.json';
import { guide as roGuide } from '../../../schemas/jurisdictions/registration/ro.json';
import type { FilingForm } from './filing-cost';
import { OUTSIDE_FEES } from './outside-fees-data';

/** An upload slot of a registry's guide (registration.schema.json `guideUpload`). */
interface GuideUpload {
  sku?: string;
  forms?: string[];
}

function formsOf(country: string, forms: readonly { code: string }[], uploads: readonly GuideUpload[]) {
  const fees = OUTSIDE_FEES.find((entry) => entry.code === country);
  return forms.map(({ code }): FilingForm => ({
    country,
    code,
    currency: fees?.currency ?? 'EUR',
    documents: uploads.flatMap((upload) =>
      upload.sku && (!upload.forms || upload.forms.includes(code)) ? [upload.sku] : [],
    ),
    fees: fees?.fees ?? [],
  }));
}

export const FILING_FORMS: readonly FilingForm[] = [
  ...formsOf(frCode, frForms, frGuide.uploads as GuideUpload[]),
  ...formsOf(roCode, roForms, roGuide.uploads as GuideUpload[]),
];

/** What a filing of one legal form takes (`FR`, `SASU`), or undefined for a form nobody files. */
export const filingFormOf = (country: string, code: string): FilingForm | undefined =>
  FILING_FORMS.find((form) => form.country === country && form.code === code);
