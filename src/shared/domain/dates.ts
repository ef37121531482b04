/**
 * Calendar date helpers that work on `yyyy-MM-dd` strings only.
 *
 * Everything goes through UTC day numbers (whole days since 1970-01-01) so that the result never
 * depends on the process or browser time zone, and so hot loops can compare plain integers.
 */

const MS_PER_DAY = 86_400_000;
const DASH = 45;
const ZERO = 48;

function invalid(date: string): never {
  throw new RangeError(`Invalid date string: ${JSON.stringify(date)}`);
}

function digit(date: string, i: number): number {
  const v = date.charCodeAt(i) - ZERO;
  if (v < 0 || v > 9) invalid(date);
  return v;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Whole days since 1970-01-01 (UTC). Throws on anything that is not a real `yyyy-MM-dd` date.
 *
 * Parsed by hand with the proleptic-Gregorian days-from-civil formula (H. Hinnant) because the engine
 * calls this for every exception boundary; a regex plus a Date allocation was the bulk of its time.
 */
export function toDayNumber(date: string): number {
  if (date.length !== 10 || date.charCodeAt(4) !== DASH || date.charCodeAt(7) !== DASH) invalid(date);
  const year = digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3);
  const month = digit(date, 5) * 10 + digit(date, 6);
  const day = digit(date, 8) * 10 + digit(date, 9);
  // Rejecting 2025-02-30 rather than rolling it into March keeps bad input from shifting someone's leave.
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) invalid(date);
  return civilToDayNumber(year, month, day);
}

function civilToDayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Inverse of {@link toDayNumber}. */
export function fromDayNumber(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function addDaysStr(date: string, days: number): string {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Every date from `start` to `end`, both inclusive; empty when `end` is before `start`. */
export function eachDay(start: string, end: string): string[] {
  const a = toDayNumber(start);
  const b = toDayNumber(end);
  const out: string[] = [];
  for (let n = a; n <= b; n++) out.push(fromDayNumber(n));
  return out;
}

/** 0 = Monday … 6 = Sunday, for a day number. */
export function weekdayOfDayNumber(day: number): number {
  // 1970-01-01 was a Thursday (index 3); the double modulo keeps pre-1970 dates non-negative.
  return (((day + 3) % 7) + 7) % 7;
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(date: string): number {
  return weekdayOfDayNumber(toDayNumber(date));
}

export function isWeekendDate(date: string): boolean {
  return weekdayIndex(date) >= 5;
}

/** The Monday on or before `date`. */
export function startOfWeekStr(date: string): string {
  const n = toDayNumber(date);
  return fromDayNumber(n - weekdayOfDayNumber(n));
}

/**
 * The 42-day month grid: six Monday-first weeks starting on the Monday on or before the 1st.
 * `month` is 1-based (1 = January) to match the `yyyy-MM-dd` strings it produces.
 */
export function monthGrid(year: number, month: number): string[] {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Invalid month: ${month}`);
  const first = civilToDayNumber(year, month, 1);
  const start = first - weekdayOfDayNumber(first);
  const out: string[] = [];
  for (let i = 0; i < 42; i++) out.push(fromDayNumber(start + i));
  return out;
}

/** The seven days Monday to Sunday of the week containing `date`. */
export function weekDays(date: string): string[] {
  const n = toDayNumber(date);
  const start = n - weekdayOfDayNumber(n);
  const out: string[] = [];
  for (let i = 0; i < 7; i++) out.push(fromDayNumber(start + i));
  return out;
}
