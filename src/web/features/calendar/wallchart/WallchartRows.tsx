import { ChevronDown, ChevronRight } from 'lucide-react';
import { memo, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { spokenDate } from '../dates';
import { DND_INSTRUCTIONS_ID } from '../dnd/context';
import { weekendLabel, type CalendarDay } from '../model';
import { barBox, COL_W, dayLeft, ROW_H, TEAM_H, type DaySpan } from './geometry';
import { barAt, isPendingBar, type WallBar, type WallRow } from './rows';
import { PENDING_HATCH } from '../pending-requests';
import { formatDayRange } from '../../../../shared/format';

/** The name column's tab stop, left of the first day. */
export const NAME_COL = -1;

/** Where a row sits: every row is drawn at its offset in the one tall grid, only the ones near the view. */
const placed = (top: number, height: number, width: number): CSSProperties => ({
  position: 'absolute',
  top: 0,
  transform: `translateY(${top}px)`,
  height,
  width,
});

interface TeamRowProps {
  row: Extract<WallRow, { kind: 'team' }>;
  index: number;
  top: number;
  width: number;
  colCount: number;
  /** The team's button holds the grid's tab stop. */
  tabStop: boolean;
}

export const TeamRow = memo(function TeamRow({ row: r, index, top, width, colCount, tabStop }: TeamRowProps) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-row={index}
      style={placed(top, TEAM_H, width)}
      className="flex border-b border-border bg-muted"
    >
      <div role="rowheader" aria-colspan={colCount} className="sticky left-0 flex items-center px-1">
        <button
          type="button"
          data-cell={`${index}:t`}
          data-team={r.key}
          tabIndex={tabStop ? 0 : -1}
          aria-expanded={!r.collapsed}
          className="flex items-center gap-1 rounded px-1 py-0.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-ring"
        >
          {r.collapsed ? <ChevronRight className="h-4 w-4" aria-hidden /> : <ChevronDown className="h-4 w-4" aria-hidden />}
          {r.name}
          <span className="font-normal text-muted-foreground">
            ({r.count} {r.count === 1 ? 'employee' : 'employees'})
          </span>
        </button>
      </div>
    </div>
  );
});

interface EmployeeRowProps {
  row: Extract<WallRow, { kind: 'employee' }>;
  index: number;
  top: number;
  width: number;
  nameW: number;
  days: readonly CalendarDay[];
  /** The row's tab stop: a day index, NAME_COL for the name, or null when the tab stop is in another row. */
  activeCol: number | null;
  /** The days a drag or a selection would cover in this row, outlined. */
  preview: DaySpan | null;
  /** The selection the focused cell is part of, for its accessible name. */
  selected: DaySpan | null;
  editable: boolean;
}

/**
 * One employee: the name (a link to their page, decision 088) and one element per bar. No element per day:
 * the day columns' stripes and lines are drawn once for the whole grid, and the focused day is the one cell
 * drawn, over the row, carrying what a screen reader needs (employee, date, exception, holiday or weekend).
 */
export const EmployeeRow = memo(function EmployeeRow({
  row: r,
  index,
  top,
  width,
  nameW,
  days,
  activeCol,
  preview,
  selected,
  editable,
}: EmployeeRowProps) {
  const focusDay = activeCol !== null && activeCol >= 0 ? activeCol : null;
  const focusBar = focusDay !== null ? barAt(r.bars, focusDay) : null;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-row={index}
      data-employee={r.employee.name}
      // The keyboard drag rests in the focused row (dnd/drop-area.ts).
      data-drop-row={activeCol !== null || undefined}
      style={placed(top, ROW_H, width)}
      className="border-b border-border"
    >
      <div
        role="rowheader"
        aria-colindex={1}
        className="sticky left-0 z-10 flex h-full items-center border-r border-border bg-card px-2"
        style={{ width: nameW }}
      >
        <Link
          to={`/employees/${r.employee.id}?year=${days[0].date.slice(0, 4)}`}
          data-cell={`${index}:n`}
          tabIndex={activeCol === NAME_COL ? 0 : -1}
          title={r.employee.name}
          className="min-w-0 truncate rounded-sm text-link underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {r.employee.name}
        </Link>
      </div>
      {r.bars.map((b) => (
        <Bar key={b.exception.id} bar={b} lanes={r.lanes} nameW={nameW} days={days} editable={editable} />
      ))}
      {preview ? (
        <div
          aria-hidden
          data-drop-preview
          className="pointer-events-none absolute top-0.5 bottom-0.5 z-[6] rounded-sm bg-primary/10 ring-2 ring-primary ring-inset"
          style={{ left: dayLeft(preview.from, nameW), width: (preview.to - preview.from + 1) * COL_W }}
        />
      ) : null}
      {focusDay !== null ? (
        <div
          role="gridcell"
          tabIndex={0}
          data-cell={`${index}:${focusDay}`}
          data-date={days[focusDay].date}
          aria-colindex={focusDay + 2}
          aria-label={cellLabel(r.employee.name, days[focusDay], focusBar, selected, days)}
          aria-describedby={editable && focusBar && !isPendingBar(focusBar) ? DND_INSTRUCTIONS_ID : undefined}
          className="pointer-events-none absolute top-0 z-[7] h-full outline-none focus-visible:outline-solid focus-visible:outline-[3px] focus-visible:-outline-offset-[3px] focus-visible:outline-foreground"
          style={{ left: dayLeft(focusDay, nameW), width: COL_W }}
        />
      ) : null}
    </div>
  );
});

function Bar({
  bar,
  lanes,
  nameW,
  days,
  editable,
}: {
  bar: WallBar;
  lanes: number;
  nameW: number;
  days: readonly CalendarDay[];
  editable: boolean;
}) {
  const e = bar.exception;
  const pending = isPendingBar(bar);
  const movable = editable && !pending;
  const type = e.isFullDay || e.hours === null ? e.reasonName : `${e.reasonName} ${e.hours}h`;
  const text = pending ? `Pending: ${type}` : type;
  const box = barBox(bar, bar.lane, lanes, nameW);
  return (
    <div
      aria-hidden
      data-bar={e.id}
      data-key={`e${e.id}`}
      // Writers drag the bar (move) or the edge of its first or last day (resize), where the month shows them.
      data-editable={movable || undefined}
      data-pending={pending || undefined}
      data-start={(movable && days[bar.from]?.date === e.startDate) || undefined}
      data-end={(movable && days[bar.to]?.date === e.endDate) || undefined}
      title={`${pending ? 'Pending request: ' : ''}${e.employeeName} – ${e.reasonName}, ${formatDayRange(e.startDate, e.endDate)}`}
      style={{ '--pill': e.reasonColor, ...box } as CSSProperties}
      className={cn(
        'absolute z-[5] overflow-hidden rounded-sm border-l-[3px] border-(--pill) bg-[color-mix(in_srgb,var(--pill)_22%,var(--color-card))] px-0.5 text-[10px] leading-[11px] text-foreground hover:bg-[color-mix(in_srgb,var(--pill)_34%,var(--color-card))]',
        // Tentative, as the month view's pending pills: hatched and dashed, besides "Pending" in its text.
        pending && PENDING_HATCH,
        movable ? 'cursor-move' : 'cursor-pointer',
      )}
    >
      {/* A one-day bar in a single lane wraps its type name onto two lines rather than cutting it off. */}
      <span className={cn('flex h-full items-center', lanes === 1 ? 'break-words' : 'truncate whitespace-nowrap')}>{text}</span>
    </div>
  );
}

function cellLabel(name: string, day: CalendarDay, bar: WallBar | null, selected: DaySpan | null, days: readonly CalendarDay[]): string {
  const parts = [name, spokenDate(day.date)];
  if (bar) parts.push(isPendingBar(bar) ? `pending request: ${bar.exception.reasonName}` : bar.exception.reasonName);
  if (day.publicHolidayName) parts.push(`Holiday: ${day.publicHolidayName}`);
  else if (day.isWeekend) parts.push(weekendLabel(day));
  if (selected && selected.to > selected.from)
    parts.push(`selected ${spokenDate(days[selected.from].date)} to ${spokenDate(days[selected.to].date)}, Enter adds an exception`);
  return parts.join(', ');
}
