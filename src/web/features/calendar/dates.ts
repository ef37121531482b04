/**
 * Calendar labels and navigation on `yyyy-MM-dd` strings. Pure: "today" is always passed in.
 * Names are English and built by hand (no Date objects), so labels never shift with the time zone.
 */
import { WEEKDAY_NAMES } from '../../lib/weekdays';
import { addDaysStr, fromDayNumber, monthGrid, toDayNumber, weekDays, weekdayIndex } from '../../../shared/domain/dates';

export type CalendarView = 'month' | 'week' | 'day' | 'wallchart';
export const VIEWS: readonly CalendarView[] = ['month', 'week', 'day', 'wallchart'];

import { localDay, MONTH_NAMES, MONTH_SHORT } from '../../lib/day-label';
import { oneDecimal } from '../../../shared/format/hours';

export { localDay, MONTH_NAMES, MONTH_SHORT };

const pad = (n: number) => String(n).padStart(2, '0');
export const ymd = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

export interface DateParts {
  year: number;
  /** 1-based */
  month: number;
  day: number;
}
export const partsOf = (date: string): DateParts => ({ year: +date.slice(0, 4), month: +date.slice(5, 7), day: +date.slice(8, 10) });

export function isValidDay(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    toDayNumber(value);
    return true;
  } catch {
    return false;
  }
}

export const parseView = (value: string | null | undefined): CalendarView =>
  VIEWS.includes(value as CalendarView) ? (value as CalendarView) : 'month';
/**
 * The days a calendar URL may name (decision 025): years 1900 to 2200. Further out nobody plans staff,
 * and the grid, its neighbouring months and the two-year day-change window must stay real dates.
 */
export const FIRST_URL_DAY = '1900-01-01';
export const LAST_URL_DAY = '2200-12-31';

/** A date the calendar can show; string order is date order for `yyyy-MM-dd`. */
export const isShowableDay = (value: string | null | undefined): value is string =>
  isValidDay(value) && value >= FIRST_URL_DAY && value <= LAST_URL_DAY;

/** The URL's date when it is a real day in the window; otherwise today (a typo or a far date is not honoured). */
export const parseDay = (value: string | null | undefined, today: string): string => (isShowableDay(value) ? value : today);

/** Navigation (next, previous, a typed date) stops at the window's edges instead of leaving it. */
export const clampDay = (date: string): string => (date < FIRST_URL_DAY ? FIRST_URL_DAY : date > LAST_URL_DAY ? LAST_URL_DAY : date);

/** Month `month` (1-based) of `year` shifted by `delta` months. */
export function shiftMonth(year: number, month: number, delta: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

/** The days of month `month` (1-based) of `year`, the 1st to the last. */
export function monthDays(year: number, month: number): string[] {
  const next = shiftMonth(year, month, 1);
  const end = toDayNumber(ymd(next.year, next.month, 1));
  const days: string[] = [];
  for (let n = toDayNumber(ymd(year, month, 1)); n < end; n++) days.push(fromDayNumber(n));
  return days;
}

/** The days a view shows: the wallchart's month, 42 from the Monday on or before the 1st, 7 from Monday, or the day itself. */
export function viewDays(view: CalendarView, date: string): string[] {
  if (view === 'day') return [date];
  if (view === 'week') return weekDays(date);
  const { year, month } = partsOf(date);
  if (view === 'wallchart') return monthDays(year, month);
  return monthGrid(year, month);
}

/** Previous (-1) or next (+1) period: the 1st of the neighbouring month, the same weekday a week away, or the neighbouring day. */
export function stepDate(view: CalendarView, date: string, direction: -1 | 1): string {
  if (view === 'day') return addDaysStr(date, direction);
  if (view === 'week') return addDaysStr(date, 7 * direction);
  const { year, month } = partsOf(date);
  const next = shiftMonth(year, month, direction);
  return ymd(next.year, next.month, 1);
}

/** "21 Nov" */
export function shortDayLabel(date: string): string {
  const { month, day } = partsOf(date);
  return `${day} ${MONTH_SHORT[month - 1]}`;
}

/** "Saturday, 21 November 2026" */
export function fullDateLabel(date: string): string {
  const { year, month, day } = partsOf(date);
  return `${WEEKDAY_NAMES[weekdayIndex(date)]}, ${day} ${MONTH_NAMES[month - 1]} ${year}`;
}

/** "Saturday 21 November 2026" (no comma, for a cell's accessible name) */
export function spokenDate(date: string): string {
  const { year, month, day } = partsOf(date);
  return `${WEEKDAY_NAMES[weekdayIndex(date)]} ${day} ${MONTH_NAMES[month - 1]} ${year}`;
}

/** "Tuesday 3 March" (within a month view the year goes without saying) */
export function spokenDayMonth(date: string): string {
  const { month, day } = partsOf(date);
  return `${WEEKDAY_NAMES[weekdayIndex(date)]} ${day} ${MONTH_NAMES[month - 1]}`;
}

/** "16 – 22 Nov 2026", "30 Nov – 6 Dec 2026" or "28 Dec 2026 – 3 Jan 2027" */
export function weekRangeLabel(date: string): string {
  const days = weekDays(date);
  const a = partsOf(days[0]);
  const b = partsOf(days[6]);
  const end = `${b.day} ${MONTH_SHORT[b.month - 1]} ${b.year}`;
  if (a.year !== b.year) return `${a.day} ${MONTH_SHORT[a.month - 1]} ${a.year} – ${end}`;
  if (a.month !== b.month) return `${a.day} ${MONTH_SHORT[a.month - 1]} – ${end}`;
  return `${a.day} – ${end}`;
}

/** The screen title: "November 2026", the week range, or the full date. */
export function viewTitle(view: CalendarView, date: string): string {
  if (view === 'day') return fullDateLabel(date);
  if (view === 'week') return weekRangeLabel(date);
  const { year, month } = partsOf(date);
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** Hours are always shown with one decimal. */
export const formatHours = (hours: number) => oneDecimal(hours);

/** Part-day hours with one decimal like every hour figure (decision 114): 3.5 → "3.5h", 2 → "2.0h". */
export const formatPartHours = (hours: number) => `${oneDecimal(hours)}h`;
