/**
 * The catalog's product names, for the line under each pricing card (what an offer lacks to be filed).
 * Product names come from schemas/catalog.json, the file the server seeds its catalog from; the forms
 * and what their filing takes are src/lib/filing-cost/filing-forms.ts.
 */
import { products } from '../../../schemas/catalog.json';

const PRODUCT_NAMES = new Map(products.map((product) => [product.sku, product.name]));

/** A document's name in `language` (fr, en, ro), as the catalog writes it; its SKU when unknown. */
export function productName(sku: string, language: string): string {
  const names = PRODUCT_NAMES.get(sku);
  if (!names) return sku;
  return language === 'en' || language === 'ro' ? names[language] : names.fr;
}
