/**
 * How the pre-filing check's problems (filing-check.ts) read: kept apart from the rules, so that the
 * documents page, which only shows the server's answer, does not load them.
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A problem's parameters for its sentence: dates (YYYY-MM-DD) written as `locale` writes them. */
export function displayParams(
  params: Readonly<Record<string, string | number>>,
  locale: string,
): Record<string, string | number> {
  const format = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))
        ? format.format(new Date(`${value}T00:00:00Z`))
        : value,
    ]),
  );
}
