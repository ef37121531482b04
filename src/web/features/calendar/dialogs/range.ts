/** The range picker's click rule (spec §2): pure, so the dialog and its tests share it. */
export interface DayRange {
  from?: string;
  to?: string;
}
export interface RangePick {
  range: DayRange;
  /** The next click sets the end (the previous click started a range). */
  awaitingEnd: boolean;
}

/**
 * First click: both ends on that day (a single day). Second click: the end, or, when it is before the
 * start, the new start with the old start as the end; the start itself again keeps waiting for the end
 * (clicking the prefilled day, then another, gives the range). The click after an end starts again.
 */
export function pickDay({ range, awaitingEnd }: RangePick, day: string): RangePick {
  if (!awaitingEnd || !range.from || day === range.from) return { range: { from: day, to: day }, awaitingEnd: true };
  return { range: day < range.from ? { from: day, to: range.from } : { from: range.from, to: day }, awaitingEnd: false };
}

/**
 * Where picking starts when the dialog opens: a single prefilled day (the day the dialog was opened on)
 * counts as a first click, so the next click ends the range there, as the hint says. A range already
 * spanning several days is replaced by the next click.
 */
export const startPick = (range: DayRange): RangePick => ({ range, awaitingEnd: !!range.from && range.from === range.to });

export const isComplete = (r: DayRange): r is Required<DayRange> => !!r.from && !!r.to;

export const inRange = (r: DayRange, day: string) => !!r.from && !!r.to && day >= r.from && day <= r.to;
