/**
 * Leave years (decision 094): a site's leave year starts on the 1st of its policy's start month and runs a
 * year to the day before. A leave year is named by the calendar year it starts in, so with an April start,
 * leave year 2026 runs 2026-04-01 to 2027-03-31.
 */
import { fromDayNumber, toDayNumber } from './dates';

export interface LeaveYear {
  year: number;
  /** yyyy-MM-dd, first day. */
  start: string;
  /** yyyy-MM-dd, last day (inclusive). */
  end: string;
  /** Calendar days in the leave year: 365 or 366. */
  days: number;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const firstOfMonth = (year: number, month: number) => `${pad(year, 4)}-${pad(month, 2)}-01`;

function checkMonth(month: number) {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Invalid leave year start month: ${month}`);
}

export function leaveYear(year: number, startMonth: number): LeaveYear {
  checkMonth(startMonth);
  if (!Number.isInteger(year) || year < 1 || year > 9998) throw new RangeError(`Invalid leave year: ${year}`);
  const first = toDayNumber(firstOfMonth(year, startMonth));
  const next = toDayNumber(firstOfMonth(year + 1, startMonth));
  return { year, start: fromDayNumber(first), end: fromDayNumber(next - 1), days: next - first };
}

/** The leave year a date falls in. */
export function leaveYearOf(date: string, startMonth: number): number {
  checkMonth(startMonth);
  toDayNumber(date);
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return month >= startMonth ? year : year - 1;
}

/**
 * The carry-over's expiry in a leave year: the first date with that month and day on or after the year's start
 * (31 March in a January year is 31 March of the same calendar year; in an April year, of the next).
 * The day must exist in every year (29 February is refused), so the date never shifts.
 */
export function expiryInYear(ly: LeaveYear, expiry: { month: number; day: number }): string {
  const { month, day } = expiry;
  const daysIn = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(day) || day < 1 || day > daysIn[month - 1]) {
    throw new RangeError(`Invalid carry-over expiry: ${month}/${day}`);
  }
  const startYear = Number(ly.start.slice(0, 4));
  const sameYear = `${pad(startYear, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
  return sameYear >= ly.start ? sameYear : `${pad(startYear + 1, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** The first day of each calendar month inside the leave year, in order (twelve of them). */
export function monthStarts(ly: LeaveYear): string[] {
  const startYear = Number(ly.start.slice(0, 4));
  const startMonth = Number(ly.start.slice(5, 7));
  const out: string[] = [];
  for (let i = 0; i < 12; i++) {
    const m = startMonth - 1 + i;
    out.push(firstOfMonth(startYear + Math.floor(m / 12), (m % 12) + 1));
  }
  return out;
}
