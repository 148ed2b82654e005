/**
 * The last day of a company's first financial year (YYYY-MM-DD), as the statutes state it: the
 * founder's date when the law lets them choose (France: `firstFinancialYearEnd`, checked by the
 * wizard), else 31 December of the year of signature, of the next year when signed after June and the
 * law allows a longer first year (`firstFinancialYearExtraYears`, CGI art. 209 I). Empty when the law
 * leaves no choice (Romania: the calendar year) or the file has no date of signature.
 * server/services/documents/document-context.ts (financialYearOf) uses it for the
 * documents: the filing guide reads it here so that both say the same date.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * Statutes signed after this month close their first financial year at the end of the next year, not
 * a few weeks after registration (product choice; the law allows it up to 31 December of the next
 * year, schemas/jurisdictions/ parameter `firstFinancialYearExtraYears`).
 */
const LONG_FIRST_YEAR_AFTER_MONTH = 6;

export function firstFinancialYearEnd(data: Record<string, unknown>, extraYears: unknown): string {
  if (typeof extraYears !== 'number') return '';
  const chosen = typeof data.firstFinancialYearEnd === 'string' ? data.firstFinancialYearEnd.trim() : '';
  if (ISO_DATE.test(chosen)) return chosen;
  const signature = ISO_DATE.exec(
    typeof data.dateOfSignature === 'string' ? data.dateOfSignature.trim() : '',
  );
  if (!signature) return '';
  const later = extraYears >= 1 && Number(signature[2]) > LONG_FIRST_YEAR_AFTER_MONTH ? 1 : 0;
  return `${Number(signature[1]) + later}-12-31`;
}
