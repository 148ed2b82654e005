/**
 * What the three documents share: the words and number formats of one language, the printable page
 * (A4, serif, inline CSS only: the file is read offline, and its Content-Security-Policy allows
 * nothing else) and the small HTML pieces they are built from. Every value goes through `escapeHtml`.
 */
import { escapeHtml } from '../html';
import { translator, type ServerLanguage } from '../i18n';
import type { CompanyFileFields } from './company-data';

/** The region of each language's formats (en-IE: day-month dates and the euro, as in the checkout). */
const LOCALES: Record<ServerLanguage, string> = { fr: 'fr-FR', en: 'en-IE', ro: 'ro-RO' };

export interface DocumentContext {
  language: ServerLanguage;
  /** A text of the legal-documents namespace (key without the namespace), values not escaped. */
  t(key: string, values?: Record<string, string | number>): string;
  money(euros: number, options?: { precise?: boolean }): string;
  integer(value: number): string;
  /** 2 decimals, or none when `whole`. */
  percent(ratio: number, options?: { whole?: boolean }): string;
  /** A YYYY-MM-DD date in words ("15 janvier 2026"); anything else as written. */
  date(isoDate: string): string;
  /** A country's name from its ISO 3166-1 code. */
  country(code: string): string;
  years(count: number): string;
  /** `key.<plural category>`: the locale files give every category (one, few, many, other) in each language. */
  plural(key: string, count: number): string;
}

export interface DocumentTemplate {
  /** The first words of the file name, slugified (e.g. "statuts"). */
  fileKey: string;
  render(fields: CompanyFileFields, context: DocumentContext): { title: string; body: string };
}

export function documentContext(language: ServerLanguage): DocumentContext {
  const locale = LOCALES[language];
  const translate = translator(language);
  const t = (key: string, values?: Record<string, string | number>) =>
    String(translate(`legal-documents:${key}`, values));
  // "1 000,00 €" rather than "1.000,00 EUR" in every language, as on the checkout page.
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    currencyDisplay: 'narrowSymbol',
  });
  // A nominal value may not be whole cents (1 000 € in 3 shares): up to 4 decimals, never rounded to 0.
  const preciseMoney = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const wholePercent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const years = new Intl.NumberFormat(locale, { style: 'unit', unit: 'year', unitDisplay: 'long' });
  const plurals = new Intl.PluralRules(locale);
  let countries: Intl.DisplayNames | null;
  try {
    countries = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    countries = null;
  }

  return {
    language,
    t,
    money: (euros, options) => (options?.precise ? preciseMoney : money).format(euros),
    integer: (value) => integer.format(value),
    percent: (ratio, options) => (options?.whole ? wholePercent : percent).format(ratio),
    date(isoDate) {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
      const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
      return Number.isNaN(time) ? isoDate : dates.format(time);
    },
    country(code) {
      try {
        return countries?.of(code) ?? code;
      } catch {
        // Not a region code at all (DisplayNames throws): print what the file says.
        return code;
      }
    },
    years: (count) => years.format(count),
    plural: (key, count) => t(`${key}.${plurals.select(count)}`, { number: integer.format(count) }),
  };
}

export const html = escapeHtml;

/** A value typed in a textarea (an address, the corporate purpose): its line breaks are kept. */
export const multiline = (value: string) => `<span class="lines">${escapeHtml(value)}</span>`;

/** A label and value table (identity of a person or of the company). */
export function identityTable(rows: [label: string, valueHtml: string][]): string {
  const body = rows
    .map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${value}</td></tr>`)
    .join('');
  return `<table class="identity"><tbody>${body}</tbody></table>`;
}

/** Room for one handwritten signature, with who signs and in what capacity. */
export function signatureBox(context: DocumentContext, capacity: string, name: string): string {
  return `<div class="signature"><p class="capacity">${escapeHtml(capacity)}</p><p class="name">${escapeHtml(name)}</p>
<p class="sign-here">${escapeHtml(context.t('common.signature'))}</p></div>`;
}

const STYLE = `
@page{size:A4;margin:20mm 18mm 22mm}
*{box-sizing:border-box}
html{background:#fff;color:#000;font-family:"Times New Roman",Times,"Liberation Serif","Nimbus Roman",serif;font-size:11.5pt;line-height:1.45}
body{margin:0}
main{max-width:174mm;margin:16mm auto;padding:0 8mm}
header{text-align:center;margin-bottom:14pt}
h1{font-size:17pt;text-transform:uppercase;letter-spacing:.05em;margin:0 0 6pt}
h2{font-size:12pt;margin:14pt 0 5pt;break-after:avoid;page-break-after:avoid}
p{margin:0 0 6pt;text-align:justify;hyphens:auto;orphans:3;widows:3}
header p{text-align:center;margin:0 0 3pt}
.company{font-size:14pt;font-weight:bold}
.value{font-weight:bold;margin-left:8mm;text-align:left}
.lines{white-space:pre-line}
table{width:100%;border-collapse:collapse;margin:6pt 0 10pt;font-size:10.5pt}
thead{display:table-header-group}
tr{break-inside:avoid;page-break-inside:avoid}
th,td{border:1px solid #000;padding:3pt 5pt;text-align:left;vertical-align:top}
thead th,tfoot td{background:#eee;font-weight:bold}
.num{text-align:right;white-space:nowrap}
.owner td{font-weight:bold}
table.identity th{width:38%;font-weight:normal;background:#f4f4f4}
.made-at{margin-top:14pt}
.signatures{display:flex;flex-wrap:wrap;gap:10pt 24pt;margin-top:12pt;break-inside:avoid;page-break-inside:avoid}
.signature{flex:0 1 46%;min-width:60mm;break-inside:avoid;page-break-inside:avoid}
.signature p{margin:0;text-align:left}
.signature .name{font-weight:bold}
.sign-here{margin-top:22mm!important;border-top:1px solid #000;padding-top:2pt;font-size:9pt;color:#333}
@media print{main{max-width:none;margin:0;padding:0}thead th,tfoot td,table.identity th{-webkit-print-color-adjust:exact;print-color-adjust:exact}}`;

/** The complete page: nothing to load, nothing to run, not to be indexed. */
export function renderPage(context: DocumentContext, title: string, body: string): string {
  return `<!doctype html>
<html lang="${context.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
