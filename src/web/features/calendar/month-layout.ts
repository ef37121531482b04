/**
 * Which pill goes on which line of a month row (decision 086). Pure: the grid draws what this returns.
 *
 * A pill spanning several days keeps one line across the week row, so a week's leave reads as one bar. A row
 * is as tall as its busiest day (at least MIN_LINES lines) up to MAX_LINES; a day with more pills than that
 * draws MAX_LINES − 1 of them and a "+N more" control on the last line.
 */
import type { CalendarPill } from './model';

/** Spec §2: a month row has room for at least four pills. */
export const MIN_LINES = 4;
/** A row never grows past eight lines, however busy a day is (decision 086). */
export const MAX_LINES = 8;

export interface DayLines {
  /** One entry per drawn line, top to bottom: an index into the day's pills, or null for a gap kept for alignment. */
  lines: readonly (number | null)[];
  /** The day's pills not drawn, counted on the "+N more" control on the row's last line. */
  hidden: readonly number[];
}

export interface RowLayout {
  /** The row's height in lines, the "+N more" line included. */
  lines: number;
  days: readonly DayLines[];
}

interface Span {
  key: string;
  first: number;
  last: number;
  order: number;
}

/**
 * The line of every pill of a week row: `out[day][pill]`. Pills are taken by first day in the row, the longer
 * first on the same day, then in list order; each gets the lowest line free on all its days. Taken in that
 * order, intervals need no more lines than the busiest day has pills, so the row's height rule still holds.
 */
export function assignLines(week: readonly (readonly Pick<CalendarPill, 'key'>[])[]): number[][] {
  const spans = new Map<string, Span>();
  week.forEach((pills, day) => {
    for (const p of pills) {
      const s = spans.get(p.key);
      if (s) s.last = day;
      else spans.set(p.key, { key: p.key, first: day, last: day, order: spans.size });
    }
  });
  const sorted = [...spans.values()].sort((a, b) => a.first - b.first || b.last - a.last || a.order - b.order);
  const taken: Array<Set<number>> = week.map(() => new Set());
  const lineOf = new Map<string, number>();
  for (const s of sorted) {
    let line = 0;
    for (;;) {
      let free = true;
      for (let d = s.first; d <= s.last && free; d++) free = !taken[d].has(line);
      if (free) break;
      line++;
    }
    for (let d = s.first; d <= s.last; d++) taken[d].add(line);
    lineOf.set(s.key, line);
  }
  return week.map((pills) => pills.map((p) => lineOf.get(p.key)!));
}

/** The lines of a week row of the month view, capped at `max` lines (MAX_LINES unless a test says otherwise). */
export function layoutRow(week: readonly (readonly Pick<CalendarPill, 'key'>[])[], max = MAX_LINES): RowLayout {
  const lineOf = assignLines(week);
  const busiest = Math.max(0, ...week.map((pills) => pills.length));
  const lines = Math.min(max, Math.max(MIN_LINES, busiest));
  const days = lineOf.map((ofPill): DayLines => {
    const needed = Math.max(0, ...ofPill.map((l) => l + 1));
    // A day that fits draws every line it uses; one that does not keeps the last line for "+N more".
    const drawn = needed <= lines ? needed : lines - 1;
    const out: (number | null)[] = new Array<number | null>(drawn).fill(null);
    const hidden: number[] = [];
    ofPill.forEach((line, pill) => {
      if (line < drawn) out[line] = pill;
      else hidden.push(pill);
    });
    return { lines: out, hidden };
  });
  return { lines, days };
}
