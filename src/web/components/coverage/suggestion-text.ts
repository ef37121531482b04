/** The assistant's words (decision 098): a suggested range, how far it moves, and what it leaves each day. Pure. */
import { oneDecimal, shortDay } from '../../../shared/domain/coverage-messages';

/** One of `GET /api/coverage/suggest`'s ranges: the same length as the change, every day covered. */
export interface CoverageSuggestion {
  startDate: string;
  endDate: string;
  /** Days from the refused range: negative earlier, positive later. */
  shiftDays: number;
  /** The smallest hours over the minimum on its days; null when none of them has a minimum. */
  lowestMarginHours: number | null;
  effect: ReadonlyArray<{ date: string; requiredHours: number | null; availableAfter: number }>;
}

/** "Mon 9 Mar", "Mon 9 – Tue 10 Mar", "Mon 30 Mar – Wed 1 Apr", "Wed 30 Dec 2026 – Fri 1 Jan 2027". */
export function rangeLabel(startDate: string, endDate: string): string {
  if (startDate === endDate) return shortDay(startDate);
  const start = shortDay(startDate);
  const end = shortDay(endDate);
  if (startDate.slice(0, 4) !== endDate.slice(0, 4)) return `${start} ${startDate.slice(0, 4)} – ${end} ${endDate.slice(0, 4)}`;
  // Same month: the month is said once, at the end.
  if (startDate.slice(0, 7) === endDate.slice(0, 7)) return `${start.slice(0, start.lastIndexOf(' '))} – ${end}`;
  return `${start} – ${end}`;
}

/** "1 day earlier", "3 days later". */
export function shiftLabel(shiftDays: number): string {
  const n = Math.abs(shiftDays);
  return `${n} ${n === 1 ? 'day' : 'days'} ${shiftDays < 0 ? 'earlier' : 'later'}`;
}

/** "Mon 9 – Tue 10 Mar (1 day earlier): every day covered, lowest margin 0.0 h" */
export function suggestionLine(s: CoverageSuggestion): string {
  const margin = s.lowestMarginHours === null ? 'no minimum on these days' : `lowest margin ${oneDecimal(s.lowestMarginHours)} h`;
  return `${rangeLabel(s.startDate, s.endDate)} (${shiftLabel(s.shiftDays)}): every day covered, ${margin}`;
}

/** One day of a suggestion's effect: "Mon 9 Mar: 42.0 h, minimum 40.0 h" or "Sat 14 Mar: 12.0 h, no minimum". */
export function effectLine(e: CoverageSuggestion['effect'][number]): string {
  const need = e.requiredHours === null ? 'no minimum' : `minimum ${oneDecimal(e.requiredHours)} h`;
  return `${shortDay(e.date)}: ${oneDecimal(e.availableAfter)} h, ${need}`;
}

/** What the dialog says after a suggestion is taken: "Dates moved to Mon 9 – Tue 10 Mar. Every day is covered." */
export const movedLine = (startDate: string, endDate: string): string =>
  `Dates moved to ${rangeLabel(startDate, endDate)}. Every day is covered.`;
