/** One legal document, generated from a submitted company file, as a printable HTML file in one language. */
import type { components } from '../../../src/lib/api/schema';
import type { ServerLanguage } from '../i18n';
import { beneficiaries } from './beneficiaries';
import { certificates } from './certificates';
import { readCompanyFile } from './company-data';
import { documentContext, renderPage, type DocumentTemplate } from './layout';
import { statutes } from './statutes';

export type DocumentSku = components['schemas']['DocumentSku'];

const TEMPLATES: Record<DocumentSku, DocumentTemplate> = {
  LEGAL_STATUSES: statutes,
  CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION: certificates,
  LIST_OF_BENEFICIARIES: beneficiaries,
};

/** Lowercase ASCII words joined by hyphens ("Société Générale" → "societe-generale"): safe in a header. */
export function slugify(text: string, maxLength = 60): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
}

export interface RenderedDocument {
  /** e.g. `statuts-boulangerie-dupont-sas.html`. */
  filename: string;
  html: string;
}

export function renderDocument(
  sku: DocumentSku,
  data: Record<string, unknown>,
  language: ServerLanguage,
): RenderedDocument {
  const template = TEMPLATES[sku];
  const context = documentContext(language);
  const fields = readCompanyFile(data);
  const { title, body } = template.render(fields, context);
  const name = [slugify(context.t(template.fileKey)) || 'document', slugify(fields.companyName)]
    .filter(Boolean)
    .join('-');
  return { filename: `${name}.html`, html: renderPage(context, title, body) };
}
