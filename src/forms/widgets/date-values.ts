/**
 * Where an empty calendar opens: the spec's display default (section 9), December 2000, so that a
 * birth year is a few clicks away instead of a scroll back from today. `ui:options.openOn` changes it
 * per field ("today" for a signature date).
 */
export const DISPLAY_DEFAULT_DATE = '2000-12-31';

function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The chosen date as the user's language writes it (Intl, as on the profile page): "1 janvier 2000",
 * "1 ianuarie 2000", "January 1, 2000".
 */
export function longDate(date: unknown, locale: string): string {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(date)) return '';
  const [year, month, day] = date.slice(0, 10).split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 2000, (month ?? 1) - 1, day ?? 1)),
  );
}

/** The calendar's month heading from Intl too ("martie 1990", not the date library's "Martie 1990"). */
export function monthLabel(language: string) {
  return (date: string) =>
    new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${date.slice(0, 10)}T00:00:00Z`),
    );
}

/** `"today"` or a YYYY-MM-DD date from ui:options, as the picker's bound. */
export function dateBound(option: unknown): string | undefined {
  if (option === 'today') return today();
  return typeof option === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(option) ? option : undefined;
}

/** The month an empty calendar shows, kept within the field's bounds (ISO dates compare as text). */
export function openingDate(
  option: unknown,
  minDate: string | undefined,
  maxDate: string | undefined,
): string {
  const wanted = dateBound(option) ?? DISPLAY_DEFAULT_DATE;
  if (minDate && wanted < minDate) return minDate;
  if (maxDate && wanted > maxDate) return maxDate;
  return wanted;
}
