/**
 * What a drag does to an exception's or note's span (spec §2 "Drag and drop"), pure: whole-pill moves
 * shift both ends by the day offset, handles move one end.
 */
import { addDaysStr, toDayNumber } from '../../../../shared/domain/dates';

export interface Span {
  startDate: string;
  endDate: string;
}
export type PillDragMode = 'move' | 'start' | 'end';

export const dayOffset = (from: string, to: string) => toDayNumber(to) - toDayNumber(from);

export const shiftSpan = (span: Span, days: number): Span => ({
  startDate: addDaysStr(span.startDate, days),
  endDate: addDaysStr(span.endDate, days),
});

/** A handle dropped on `date`. If the start passes the end (or the end the start) both ends are set to `date`. */
export function resizeSpan(span: Span, edge: 'start' | 'end', date: string): Span {
  if (edge === 'start') return date > span.endDate ? { startDate: date, endDate: date } : { startDate: date, endDate: span.endDate };
  return date < span.startDate ? { startDate: date, endDate: date } : { startDate: span.startDate, endDate: date };
}

export const sameSpan = (a: Span, b: Span) => a.startDate === b.startDate && a.endDate === b.endDate;

/** The span after dropping: `origin` is the day the pill was picked up on, `date` the day it was dropped on. */
export function spanAfterDrop(span: Span, mode: PillDragMode, origin: string, date: string): Span {
  return mode === 'move' ? shiftSpan(span, dayOffset(origin, date)) : resizeSpan(span, mode, date);
}
