import { todayIsoDate } from '@/lib/format/dates';

/** The earliest date the server accepts for a step (PUT /api/company-file/steps/{stepId}). */
export const EARLIEST_STEP_DATE = '2000-01-01';

/** How the date field writes a date in each language (dayjs tokens); the value stays YYYY-MM-DD. */
export const STEP_DATE_FORMATS: Record<string, string> = {
  fr: 'DD/MM/YYYY',
  en: 'DD/MM/YYYY',
  ro: 'DD.MM.YYYY',
};

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A typed date as YYYY-MM-DD, or null: day first (25/11/2026, 25.11.2026, 25-11-2026, as French,
 * British English and Romanian write it) or ISO (2026-11-25). Impossible days (31/02) are refused.
 */
export function parseStepDate(input: string): string | null {
  const text = input.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dayFirst = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(text);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : dayFirst
      ? [Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])]
      : [0, 0, 0];
  if (!year) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

export type StepDateProblem = 'required' | 'future' | 'tooEarly';

/** Why a date cannot be sent (the server refuses the same ones), or null. */
export function stepDateProblem(
  value: string | null,
  today: string = todayIsoDate(),
): StepDateProblem | null {
  if (!value) return 'required';
  if (value > today) return 'future';
  if (value < EARLIEST_STEP_DATE) return 'tooEarly';
  return null;
}
