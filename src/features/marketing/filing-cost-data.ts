/**
 * The legal forms with what their filing takes, for the total cost on /plans and /services and the
 * line under each pricing card: the forms of schemas/jurisdictions/<code>.json, the upload slots of
 * the registry's guide (schemas/jurisdictions/registration/<code>.json) that Kreo writes a document
 * for, and the fees outside Kreo (outside-fees-data.ts). Product names come from schemas/catalog.json,
 * the file the server seeds its catalog from.
 */
import { products } from '../../../schemas/catalog.json';
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

const PRODUCT_NAMES = new Map(products.map((product) => [product.sku, product.name]));

/** A document's name in `language` (fr, en, ro), as the catalog writes it; its SKU when unknown. */
export function productName(sku: string, language: string): string {
  const names = PRODUCT_NAMES.get(sku);
  if (!names) return sku;
  return language === 'en' || language === 'ro' ? names[language] : names.fr;
}
