/**
 * The wallchart's geometry (decisions 089, 090), pure: rows and days have fixed sizes, so where a day is drawn
 * and which day a point is over are sums, never measurements. x is measured from the grid's left edge.
 */
import { toDayNumber } from '../../../../shared/domain/dates';

export const ROW_H = 36;
export const TEAM_H = 32;
export const HEAD_H = 52;
export const COL_W = 56;
export const NAME_W = 200;
/** Phones: about five days show beside the names. */
export const NAME_W_NARROW = 112;

export interface DaySpan {
  /** Indexes of the first and last shown day covered. */
  from: number;
  to: number;
}

export const rowHeight = (kind: 'team' | 'employee') => (kind === 'team' ? TEAM_H : ROW_H);

/** Each row's top from the first row's, plus the total height as the last entry. */
export function rowOffsets(kinds: readonly { kind: 'team' | 'employee' }[]): number[] {
  const out = [0];
  for (const r of kinds) out.push(out[out.length - 1] + rowHeight(r.kind));
  return out;
}

/** The left edge of day `index`. */
export const dayLeft = (index: number, nameW: number) => nameW + index * COL_W;

/** The day under `x`, or null over the name column or past the last day. */
export function dayAt(x: number, nameW: number, count: number): number | null {
  if (x < nameW) return null;
  const index = Math.floor((x - nameW) / COL_W);
  return index < count ? index : null;
}

/** The day under `x`, held to the first and last day: a selection dragged past either end stops there. */
export const dayNear = (x: number, nameW: number, count: number) => Math.max(0, Math.min(count - 1, Math.floor((x - nameW) / COL_W)));

/** A selection from day `a` to day `b`, in either direction. */
export const spanBetween = (a: number, b: number): DaySpan => (a <= b ? { from: a, to: b } : { from: b, to: a });

/** The shown days a date span covers (days are consecutive), or null when it misses them all. */
export function daysOf(span: { startDate: string; endDate: string }, dates: readonly string[]): DaySpan | null {
  if (dates.length === 0) return null;
  const first = toDayNumber(dates[0]);
  const from = Math.max(0, toDayNumber(span.startDate) - first);
  const to = Math.min(dates.length - 1, toDayNumber(span.endDate) - first);
  return from <= to ? { from, to } : null;
}

/** A bar's box in its row: 2 px in from its days' edges, the row's height shared by its lanes. */
export function barBox(span: DaySpan, lane: number, lanes: number, nameW: number) {
  const h = (ROW_H - 6) / lanes;
  return { left: dayLeft(span.from, nameW) + 2, width: (span.to - span.from + 1) * COL_W - 4, top: 3 + lane * h, height: h - 1 };
}

/** The scroll offset that shows `[start, end)` inside a box of `size` whose first `covered` px are under a sticky header or column. */
export function scrollToShow(current: number, size: number, covered: number, start: number, end: number): number {
  if (start - covered < current) return Math.max(0, start - covered);
  if (end > current + size) return end - size;
  return current;
}
