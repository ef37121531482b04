import { toDayNumber, weekdayOfDayNumber } from '../domain/dates';

/**
 * The one way Hoursight writes a date for a person to read (decision 114): "14 Dec 2026", "Mon 14 Dec 2026",
 * "Mon 14 – Tue 15 Dec 2026", "7 Dec 2026, 14:05", "December 2026". Every screen, mail and server-rendered
 * page uses these; lint rule `hoursight/date-display` refuses the runtime's locale formatters elsewhere.
 *
 * Calendar days arrive as `yyyy-MM-dd` strings and are built by hand from their digits, so a label never
 * shifts with the process's or the browser's time zone. Only a moment (an ISO timestamp) is turned into a
 * wall-clock day and time, and only in the zone the caller names (the site's, or the browser's in the UI).
 * Machines keep ISO dates: CSV columns, `datetime` attributes, API fields.
 */

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/** Monday first, like the calendar and `weekdayOfDayNumber`. */
export const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** The en dash with a space each side, between the two ends of a range. */
export const RANGE_DASH = ' – ';

interface Parts {
  year: number;
  month: number; // 1-12
  day: number;
  weekday: number; // 0 = Monday
}

function parts(date: string): Parts {
  // toDayNumber checks the string is a real yyyy-MM-dd date and throws a RangeError otherwise.
  const n = toDayNumber(date.slice(0, 10));
  return { year: +date.slice(0, 4), month: +date.slice(5, 7), day: +date.slice(8, 10), weekday: weekdayOfDayNumber(n) };
}

/** "14 Dec 2026" from "2026-12-14". */
export function formatDay(date: string): string {
  const p = parts(date);
  return `${p.day} ${MONTH_SHORT[p.month - 1]} ${p.year}`;
}

/** "Mon 14 Dec 2026" from "2026-12-14". */
export function formatWeekdayDay(date: string): string {
  const p = parts(date);
  return `${WEEKDAY_SHORT[p.weekday]} ${p.day} ${MONTH_SHORT[p.month - 1]} ${p.year}`;
}

/** "Mon 14 Dec" from "2026-12-14": the year left to the context (a heading, a range, this year's subject). */
export function formatWeekdayDayShort(date: string): string {
  const p = parts(date);
  return `${WEEKDAY_SHORT[p.weekday]} ${p.day} ${MONTH_SHORT[p.month - 1]}`;
}

/** "14 Dec" from "2026-12-14". */
export function formatDayShort(date: string): string {
  const p = parts(date);
  return `${p.day} ${MONTH_SHORT[p.month - 1]}`;
}

export interface RangeOptions {
  /** Write the weekday before each day ("Mon 14 – Tue 15 Dec 2026"); default true. */
  weekday?: boolean;
  /**
   * Leave the year out when both ends fall in this year ("Mon 14 – Tue 15 Dec"): for a subject line, where
   * the current year goes without saying. A range reaching into another year always says its years.
   */
  omitYear?: number;
}

/**
 * A range of calendar days, both ends inclusive, saying each month and year once:
 * "Mon 14 – Tue 15 Dec 2026", "Mon 30 Nov – Tue 1 Dec 2026", "Thu 31 Dec 2026 – Fri 1 Jan 2027", and one
 * day as that day: "Mon 14 Dec 2026". With `weekday: false`: "14 – 15 Dec 2026".
 */
export function formatDayRange(start: string, end: string, options: RangeOptions = {}): string {
  const a = parts(start);
  const b = parts(end);
  const weekday = options.weekday ?? true;
  const showYear = !(options.omitYear !== undefined && a.year === options.omitYear && b.year === options.omitYear);
  const dayOf = (p: Parts) => (weekday ? `${WEEKDAY_SHORT[p.weekday]} ${p.day}` : `${p.day}`);
  const month = (p: Parts) => MONTH_SHORT[p.month - 1];
  const tail = (p: Parts) => (showYear ? `${month(p)} ${p.year}` : month(p));
  if (start.slice(0, 10) === end.slice(0, 10)) return `${dayOf(a)} ${tail(a)}`;
  if (a.year !== b.year) return `${dayOf(a)} ${month(a)} ${a.year}${RANGE_DASH}${dayOf(b)} ${month(b)} ${b.year}`;
  if (a.month !== b.month) return `${dayOf(a)} ${month(a)}${RANGE_DASH}${dayOf(b)} ${tail(b)}`;
  return `${dayOf(a)}${RANGE_DASH}${dayOf(b)} ${tail(b)}`;
}

/** "December 2026" from a year and a 1-based month, or from "2026-12" / "2026-12-14". */
export function formatMonth(yearOrDate: number | string, month?: number): string {
  if (typeof yearOrDate === 'string') return `${MONTH_NAMES[+yearOrDate.slice(5, 7) - 1]} ${+yearOrDate.slice(0, 4)}`;
  return `${MONTH_NAMES[(month ?? 1) - 1]} ${yearOrDate}`;
}

/** "Dec 2026": a month where space is short (a chart's axis, a narrow column). */
export function formatMonthShort(yearOrDate: number | string, month?: number): string {
  if (typeof yearOrDate === 'string') return `${MONTH_SHORT[+yearOrDate.slice(5, 7) - 1]} ${+yearOrDate.slice(0, 4)}`;
  return `${MONTH_SHORT[(month ?? 1) - 1]} ${yearOrDate}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The wall-clock parts of a moment in a time zone (IANA name; undefined: the runtime's own, which is the
 * browser's in the web app). The one place a moment meets the runtime's time-zone data.
 */
export function wallClock(moment: string | Date, timeZone?: string): { date: string; time: string } {
  const d = typeof moment === 'string' ? new Date(moment) : moment;
  if (Number.isNaN(d.getTime())) throw new RangeError(`Invalid moment: ${JSON.stringify(String(moment))}`);
  const f = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const by: Record<string, string> = {};
  for (const part of f.formatToParts(d)) by[part.type] = part.value;
  return { date: `${by.year}-${by.month}-${by.day}`, time: `${by.hour}:${by.minute}` };
}

/** "7 Dec 2026, 14:05": a moment (an ISO timestamp or a Date) as the clock in `timeZone` read it. */
export function formatDateTime(moment: string | Date, timeZone?: string): string {
  const w = wallClock(moment, timeZone);
  return `${formatDay(w.date)}, ${w.time}`;
}

/** "7 Dec 2026": the calendar day a moment fell on in `timeZone`. */
export function formatMomentDay(moment: string | Date, timeZone?: string): string {
  return formatDay(wallClock(moment, timeZone).date);
}

/** "14:05": the time of day a moment showed in `timeZone`. */
export function formatTime(moment: string | Date, timeZone?: string): string {
  return wallClock(moment, timeZone).time;
}

/** The `yyyy-MM-dd` a moment fell on in `timeZone` (for "today" in the site's zone). */
export function dayInZone(moment: string | Date, timeZone?: string): string {
  return wallClock(moment, timeZone).date;
}

/** "14:05" from hours and minutes. */
export const clock = (hours: number, minutes: number): string => `${pad(hours)}:${pad(minutes)}`;
