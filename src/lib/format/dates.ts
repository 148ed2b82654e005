/**
 * Dates as the interface language writes them ("25 novembre 2026", "25 November 2026", "25 noiembrie 2026").
 * A calendar date (YYYY-MM-DD) is read in UTC so that no time zone moves it to the day before.
 */
export function formatCalendarDate(isoDate: string, language: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** The day of an instant (an ISO date-time), in the visitor's own time zone. */
export function formatInstantDate(isoDateTime: string, language: string): string {
  const instant = new Date(isoDateTime);
  if (Number.isNaN(instant.getTime())) return isoDateTime;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(instant);
}

/** Today in the visitor's time zone, as YYYY-MM-DD (the form of a calendar date in the API). */
export function todayIsoDate(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
