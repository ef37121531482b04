import { spokenDayMonth } from './dates';
import type { CalendarPill } from './model';
import type { DayLines } from './month-layout';
import { Pill } from './Pill';

interface MonthCellPillsProps {
  date: string;
  pills: readonly CalendarPill[];
  layout: DayLines;
  tabbable: boolean;
  editable?: boolean;
  describedBy?: string;
}

/** "56 more exceptions on Tuesday 3 March": what the control hides and where it leads. */
export function moreLabel(hidden: readonly Pick<CalendarPill, 'kind'>[], date: string): string {
  const n = hidden.length;
  const notes = hidden.filter((p) => p.kind === 'note').length;
  const what = notes === 0 ? (n === 1 ? 'exception' : 'exceptions') : notes === n ? (n === 1 ? 'note' : 'notes') : 'exceptions and notes';
  return `${n} more ${what} on ${spokenDayMonth(date)}`;
}

/**
 * A month cell's pills on the lines the row gave them (decision 086): a gap keeps a multi-day pill on its
 * line across the week, and "+N more" on the last line opens the day. `data-pill` stays the index into the
 * day's pills, which the grid's click and drag code read.
 */
export function MonthCellPills({ date, pills, layout, tabbable, editable, describedBy }: MonthCellPillsProps) {
  const hidden = layout.hidden.map((i) => pills[i]);
  return (
    <>
      {layout.lines.map((index, line) =>
        index === null ? (
          <div key={`gap${line}`} className="h-5 shrink-0" aria-hidden />
        ) : (
          <Pill
            key={pills[index].key}
            pill={pills[index]}
            index={index}
            tabbable={tabbable}
            date={date}
            editable={editable}
            describedBy={describedBy}
          />
        ),
      )}
      {hidden.length > 0 ? (
        <button
          type="button"
          data-more
          tabIndex={tabbable ? 0 : -1}
          aria-label={moreLabel(hidden, date)}
          className="block h-5 w-full shrink-0 truncate rounded-sm px-1.5 text-left text-[11px] leading-5 font-semibold text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          +{hidden.length} more
        </button>
      ) : null}
    </>
  );
}
