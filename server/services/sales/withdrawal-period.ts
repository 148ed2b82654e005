/**
 * The end of a consumer's withdrawal period: 14 days from the day the contract was concluded (C.
 * consom. L. 221-18; OUG 34/2014 art. 9), counted as Regulation (EEC, Euratom) No 1182/71 says
 * (Directive 2011/83, recital 41): the day of the order does not count (art. 3(1)), the period ends
 * at the end of its last day (art. 3(2)(b)), and a period ending on a Saturday, a Sunday or a public
 * holiday runs to the end of the next working day (art. 3(4)).
 *
 * Days are those of Paris, where the seller is. The public holidays are France's and Romania's
 * together: a founder of either country never loses a day to the other's calendar (a longer period
 * only favours the consumer).
 */

const PERIOD_DAYS = 14;
const ZONE = 'Europe/Paris';

/** A calendar day (no time): year, month 1-12, day. */
interface Day {
  year: number;
  month: number;
  day: number;
}

const dayKey = (d: Day) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

function addDays(d: Day, days: number): Day {
  const date = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Western Easter Sunday (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function westernEaster(year: number): Day {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

/** Orthodox Easter Sunday, in the Gregorian calendar (Meeus's Julian algorithm, plus 13 days in 1900-2099). */
export function orthodoxEaster(year: number): Day {
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const d = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  return addDays({ year, month, day }, 13);
}

const holidayCache = new Map<number, Set<string>>();

/** France's (Code du travail, art. L. 3133-1) and Romania's (Codul muncii, art. 139) public holidays. */
export function publicHolidays(year: number): Set<string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const fixed: [number, number][] = [
    // France
    [1, 1],
    [5, 1],
    [5, 8],
    [7, 14],
    [8, 15],
    [11, 1],
    [11, 11],
    [12, 25],
    // Romania (1 January, 2 January, Boboteaza, Sf. Ion, the Union, Children's Day, Sf. Andrei,
    // the National Day, Christmas and its second day)
    [1, 2],
    [1, 6],
    [1, 7],
    [1, 24],
    [6, 1],
    [11, 30],
    [12, 1],
    [12, 26],
  ];
  const days: Day[] = fixed.map(([month, day]) => ({ year, month, day }));
  const easter = westernEaster(year);
  // France: Easter Monday, Ascension, Whit Monday.
  days.push(addDays(easter, 1), addDays(easter, 39), addDays(easter, 50));
  const orthodox = orthodoxEaster(year);
  // Romania: Good Friday, Easter and its Monday, Pentecost and its Monday.
  days.push(
    addDays(orthodox, -2),
    orthodox,
    addDays(orthodox, 1),
    addDays(orthodox, 49),
    addDays(orthodox, 50),
  );
  const set = new Set(days.map(dayKey));
  holidayCache.set(year, set);
  return set;
}

function isWorkingDay(d: Day): boolean {
  const weekday = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !publicHolidays(d.year).has(dayKey(d));
}

const parisParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function parisDay(instant: Date): Day {
  const parts = Object.fromEntries(parisParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** The instant midnight starts `d` in Paris. */
function parisMidnight(d: Day): Date {
  const asUtc = Date.UTC(d.year, d.month - 1, d.day);
  // Paris is UTC+1 or UTC+2: find the offset that maps back to midnight.
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(asUtc - offsetHours * 3600 * 1000);
    const parts = Object.fromEntries(parisParts.formatToParts(candidate).map((p) => [p.type, p.value]));
    if (parts.hour === '00' && Number(parts.day) === d.day) return candidate;
  }
  return new Date(asUtc - 3600 * 1000);
}

/** The last instant of the withdrawal period of a contract concluded at `concludedAt`. */
export function withdrawalPeriodEnd(concludedAt: Date): Date {
  let last = addDays(parisDay(concludedAt), PERIOD_DAYS);
  while (!isWorkingDay(last)) last = addDays(last, 1);
  return new Date(parisMidnight(addDays(last, 1)).getTime() - 1);
}
