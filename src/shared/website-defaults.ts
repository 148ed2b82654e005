/**
 * What a company file says of the company that its website starts from (issue 38): its name, the
 * country whose law the legal notice follows, the legal form and share capital the notice prints, its
 * registered office, its legal representative (France's director of publication) and, as a first
 * draft of the site's services, its corporate purpose cut into items. Pure: the server fills a new
 * draft with it, and its tests read it directly.
 */
import { personName, personsById } from './company-persons';
import type { SiteCountry } from './website';

export interface WebsiteFileDefaults {
  siteName: string;
  address: string;
  country: SiteCountry | null;
  /** As the notice prints it after the name: SAS, SARL, SRL (an SRL with one associate is an SRL). */
  legalForm: string;
  shareCapital: number | null;
  /** The first manager (président, gérant, administrator): the legal representative. */
  representative: string;
  /** The corporate purpose as up to 12 services of at most 120 characters. */
  services: string[];
}

/** The abbreviation of each legal form of the file (jurisdictions/*.json codes). */
export const LEGAL_FORM_ABBREVIATIONS: Readonly<Record<string, string>> = {
  SAS: 'SAS',
  SASU: 'SASU',
  SARL: 'SARL',
  EURL: 'EURL',
  SRL: 'SRL',
  SRL_SOLE: 'SRL',
};

/** The builder's limits (schemas/forms/website-texts.json: services). */
const MAX_SERVICES = 12;
const MAX_SERVICE_LENGTH = 120;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** At most `limit` characters, cut after the last whole word (with an ellipsis) when longer. */
function shorten(value: string, limit: number): string {
  if (value.length <= limit) return value;
  const cut = value.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/**
 * A corporate purpose as services: one per line, bullet or semicolon; a single long sentence is cut at
 * its commas. Each starts with a capital and loses its final full stop; the opening words of a
 * statute's purpose ("La société a pour objet :") are not a service.
 */
export function servicesFromPurpose(purpose: string): string[] {
  const clean = purpose
    .trim()
    .replace(
      /^(la société a pour objet|the company'?s purpose is|societatea are ca obiect de activitate)[^:]*:\s*/i,
      '',
    );
  let items = clean.split(/\r?\n|;|•|·|\s-\s/);
  if (items.length === 1 && clean.length > MAX_SERVICE_LENGTH) items = clean.split(/,\s+/);
  return items
    .map((item) =>
      item
        .trim()
        .replace(/^[-*–—]\s*/, '')
        .replace(/[.;,:\s]+$/, ''),
    )
    .filter((item) => /\p{L}/u.test(item))
    .map((item) => shorten(item.charAt(0).toLocaleUpperCase() + item.slice(1), MAX_SERVICE_LENGTH))
    .slice(0, MAX_SERVICES);
}

/** The website's defaults from a company file's data (anything: a draft may be half filled in). */
export function websiteDefaultsFromFile(data: unknown): WebsiteFileDefaults {
  const file = isRecord(data) ? data : {};
  const country = file.jurisdiction === 'FR' || file.jurisdiction === 'RO' ? file.jurisdiction : null;
  const capital = file.shareCapital;
  const managers = Array.isArray(file.managers) ? file.managers : [];
  const first = managers.find((manager) => isRecord(manager) && typeof manager.personId === 'string');
  const person = isRecord(first) ? personsById(file).get(first.personId as string) : undefined;
  return {
    siteName: text(file.companyName).slice(0, 80),
    address: text(file.registeredOffice).slice(0, 300),
    country,
    legalForm: LEGAL_FORM_ABBREVIATIONS[text(file.legalForm)] ?? '',
    shareCapital: typeof capital === 'number' && Number.isFinite(capital) && capital > 0 ? capital : null,
    representative: person ? personName(person).slice(0, 100) : '',
    services: servicesFromPurpose(text(file.corporatePurpose)),
  };
}
