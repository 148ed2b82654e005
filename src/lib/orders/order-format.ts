/**
 * How the order pages write rates, countries, dates and the server's refusals. The withdrawal period
 * ends at midnight in Paris (C. consom. L. 221-18, as the server computes it), so its dates are read
 * there: in Bucharest, 23:59:59 in Paris is already the next day.
 */
import { ApiError } from '@/lib/api/errors';

export const PARIS_TIME_ZONE = 'Europe/Paris';

/** A VAT rate in basis points (2000) as the language writes a percentage ("20 %", "20%"). */
export function formatVatRate(basisPoints: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(
    basisPoints / 10000,
  );
}

/** A country's name in `language` ("France", "Roumanie"), its code when the browser has no name for it. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The day of an instant in Paris ("27 novembre 2026"): the withdrawal period's last day. */
export function formatParisDate(isoDateTime: string, language: string): string {
  const instant = new Date(isoDateTime);
  if (Number.isNaN(instant.getTime())) return isoDateTime;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: PARIS_TIME_ZONE }).format(instant);
}

/** An instant with its date, time and time zone in Paris, as the acknowledgement records it. */
export function formatParisDateTime(isoDateTime: string, language: string): string {
  const instant = new Date(isoDateTime);
  if (Number.isNaN(instant.getTime())) return isoDateTime;
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'long',
    timeStyle: 'long',
    timeZone: PARIS_TIME_ZONE,
  }).format(instant);
}

/** The `code` of a refusal's body (`ALREADY_OWNED`), if the server gave one. */
export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return undefined;
  const { code } = error.body as { code?: unknown };
  return typeof code === 'string' && code !== '' ? code : undefined;
}

/** The website product: a withdrawal that takes it back unpublishes the site. */
export const WEBSITE_PRODUCT_SKU = 'PROFESSIONAL_PROMOTIONAL_WEBSITE';
