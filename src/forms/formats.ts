/**
 * The JSON Schema formats the precompiled form validators use (scripts/forms/compile-form.ts points
 * their `ajv-formats/dist/formats` import here). ajv-formats ships every format in one module, about
 * 2 kB sent to each form page for the one they use; this is that one, with the same rule: an RFC 3339
 * full-date (section 5.6) that exists in the calendar (appendix C for leap years).
 */
const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

function validateDate(text: string): boolean {
  const parts = DATE.exec(text);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= (month === 2 && isLeapYear(year) ? 29 : (DAYS[month] ?? 0))
  );
}

function compareDate(left: string, right: string): number | undefined {
  if (!(left && right)) return undefined;
  return left > right ? 1 : left < right ? -1 : 0;
}

export const fullFormats = { date: { validate: validateDate, compare: compareDate } };
