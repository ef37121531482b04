/**
 * Which pill goes on which line of a month row (decision 086). Pure: the grid draws what this returns.
 *
 * A pill spanning several days keeps one line across the week row, so a week's leave reads as one bar. A row
 * is as tall as its busiest day (at least MIN_LINES lines) up to MAX_LINES; a day with more pills than that
 * draws MAX_LINES − 1 of them and a "+N more" control on the last line, with no empty line above it (decision 115).
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
  const days = lineOf.map((ofPill) => dayLines(ofPill, lines));
  return { lines, days };
}

/**
 * One day's lines in a row of `lines` lines (decision 115). A day whose pills all fit the row draws them all;
 * only a day with more pills than lines draws `lines − 1` and "+N more" on the last line, so "+N more" never
 * stands where a pill would fit. A pill whose own line is past the room (kept there by a span above it on
 * another day) moves up into the day's first empty line: the day's pills come before the alignment.
 */
function dayLines(ofPill: readonly number[], lines: number): DayLines {
  const room = ofPill.length <= lines ? lines : lines - 1;
  const out: (number | null)[] = new Array<number | null>(room).fill(null);
  const late: number[] = [];
  ofPill.forEach((line, pill) => {
    if (line < room) out[line] = pill;
    else late.push(pill);
  });
  late.sort((a, b) => ofPill[a] - ofPill[b] || a - b);
  const hidden: number[] = [];
  for (const pill of late) {
    const free = out.indexOf(null);
    if (free === -1) hidden.push(pill);
    else out[free] = pill;
  }
  while (out.length > 0 && out[out.length - 1] === null) out.pop();
  return { lines: out, hidden: hidden.sort((a, b) => a - b) };
}
