import { ChevronDown, ChevronRight } from 'lucide-react';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { TExceptionView } from '../../../../shared/contracts/calendar';
import type { TEmployee } from '../../../../shared/contracts/employees';
import { weekdayIndex } from '../../../../shared/domain/dates';
import { cn } from '../../../lib/cn';
import { useListQuery } from '../../../lib/list-query';
import { NARROW_QUERY, useMediaQuery } from '../../../lib/media';
import { WEEKDAY_NAMES } from '../../../lib/weekdays';
import { formatHours, partsOf, spokenDate } from '../dates';
import { weekendLabel, type CalendarDay } from '../model';
import { barAt, buildWallBars, buildWallRows, type WallBar, type WallRow } from './rows';

export interface WallchartViewProps {
  /** The month's days from the calendar model: the same hours the month view shows. */
  days: readonly CalendarDay[];
  employees: readonly TEmployee[];
  exceptions: readonly TExceptionView[];
  label: string;
  canEdit: boolean;
  onEditException: (exception: TExceptionView) => void;
  onAddException: (date: string, employeeId: number) => void;
  onOpenDay: (date: string) => void;
}

/** The employees screen's wording for the same list (decision 085). */
const TEAMS_FAILED = 'Error loading teams';
const ROW_H = 36;
const TEAM_H = 32;
const HEAD_H = 52;
const COL_W = 56;
/** Rows drawn beyond each edge of the box, so a fast scroll does not show blank space for a frame. */
const OVERSCAN = 8;
const PAGE_ROWS = 10;

/** Shaded days carry a stripe pattern as well as a tint, and the header names why (not colour alone). */
const OFF_DAY = 'bg-[repeating-linear-gradient(135deg,var(--color-muted)_0_6px,transparent_6px_12px)]';

const rowHeight = (r: WallRow) => (r.kind === 'team' ? TEAM_H : ROW_H);

/** Spec item "wallchart" (decision 089): employees by team down, the month's days across, exceptions as bars. */
export function WallchartView(p: WallchartViewProps) {
  const narrow = useMediaQuery(NARROW_QUERY);
  const nameW = narrow ? 112 : 200;
  const teams = useListQuery('GET /api/teams', TEAMS_FAILED);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const dates = useMemo(() => p.days.map((d) => d.date), [p.days]);
  const bars = useMemo(() => buildWallBars(dates, p.exceptions), [dates, p.exceptions]);
  const rows = useMemo(() => buildWallRows(p.employees, teams.data ?? [], bars, collapsed), [p.employees, teams.data, bars, collapsed]);
  const offsets = useMemo(() => {
    const out = [0];
    for (const r of rows) out.push(out[out.length - 1] + rowHeight(r));
    return out;
  }, [rows]);
  const totalH = offsets[offsets.length - 1];

  // Own windowing (no virtualisation package is installed): only the rows in view plus the overscan are drawn.
  const box = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ top: 0, height: 600 });
  const onScroll = useCallback(() => {
    const el = box.current;
    if (el) setViewport({ top: el.scrollTop, height: el.clientHeight });
  }, []);
  useLayoutEffect(() => {
    onScroll();
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(onScroll);
    ro.observe(el);
    return () => ro.disconnect();
  }, [onScroll]);
  const firstRow = Math.max(0, upperBound(offsets, viewport.top - HEAD_H) - 1 - OVERSCAN);
  const lastRow = Math.min(rows.length - 1, upperBound(offsets, viewport.top + viewport.height) + OVERSCAN);

  // Roving focus: one cell (row × day) is tabbable; a team row has one cell, its collapse button.
  const todayIndex = p.days.findIndex((d) => d.isToday);
  const [active, setActive] = useState({ row: 0, col: Math.max(0, todayIndex) });
  const row = Math.min(active.row, Math.max(0, rows.length - 1));
  const col = Math.min(active.col, dates.length - 1);
  const focusWanted = useRef(false);
  const cellId = (r: number, c: number) => (rows[r]?.kind === 'team' ? `${r}:t` : `${r}:${c}`);

  const scrollRowIntoView = useCallback(
    (r: number) => {
      const el = box.current;
      if (!el) return;
      const top = offsets[r];
      const bottom = offsets[r + 1] + HEAD_H;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (bottom > el.scrollTop + el.clientHeight) el.scrollTop = bottom - el.clientHeight;
    },
    [offsets],
  );

  useEffect(() => {
    if (!focusWanted.current) return;
    focusWanted.current = false;
    box.current?.querySelector<HTMLElement>(`[data-cell="${cellId(row, col)}"]`)?.focus({ preventScroll: false });
  });

  const moveTo = (r: number, c: number) => {
    const nr = Math.max(0, Math.min(rows.length - 1, r));
    const nc = Math.max(0, Math.min(dates.length - 1, c));
    focusWanted.current = true;
    setActive({ row: nr, col: nc });
    scrollRowIntoView(nr);
  };

  const toggleTeam = useCallback(
    (key: string) =>
      setCollapsed((prev) => {
        const next = new Set(prev);
        const team = key.slice(1);
        if (next.has(team)) next.delete(team);
        else next.add(team);
        return next;
      }),
    [],
  );

  // Rows are memoised (only rows entering the window render while scrolling), so their handlers are stable
  // and read the newest rows, props and focus from a ref.
  const latest = useRef({ rows, dates, p, row, col });
  useLayoutEffect(() => {
    latest.current = { rows, dates, p, row, col };
  }, [rows, dates, p, row, col]);

  const activate = useCallback(
    (r: number, c: number, bar: WallBar | null) => {
      const { rows: all, dates: shown, p: props } = latest.current;
      const target = all[r];
      if (!target) return;
      if (target.kind === 'team') return toggleTeam(target.key);
      if (!props.canEdit) return props.onOpenDay(shown[c]);
      if (bar) props.onEditException(bar.exception);
      else props.onAddException(shown[c], target.employee.id);
    },
    [toggleTeam],
  );
  const onCell = useCallback(
    (index: number, c: number, bar: WallBar | null) => {
      setActive({ row: index, col: c });
      activate(index, c, bar);
    },
    [activate],
  );
  const onCellFocus = useCallback((index: number, c: number) => {
    const l = latest.current;
    if (index !== l.row || c !== l.col) setActive({ row: index, col: c });
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, () => void> = {
      ArrowUp: () => moveTo(row - 1, col),
      ArrowDown: () => moveTo(row + 1, col),
      ArrowLeft: () => moveTo(row, col - 1),
      ArrowRight: () => moveTo(row, col + 1),
      Home: () => moveTo(e.ctrlKey ? 0 : row, 0),
      End: () => moveTo(e.ctrlKey ? rows.length - 1 : row, dates.length - 1),
      PageUp: () => moveTo(row - PAGE_ROWS, col),
      PageDown: () => moveTo(row + PAGE_ROWS, col),
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      move();
      return;
    }
    if (e.key === 'Enter' || (e.key === ' ' && rows[row]?.kind === 'team')) {
      e.preventDefault();
      const target = rows[row];
      activate(row, col, target?.kind === 'employee' ? barAt(target.bars, col) : null);
    }
  };

  const width = nameW + dates.length * COL_W;
  // The tabbable cell stays drawn when scrolled away, so the grid never loses its tab stop.
  const indices: number[] = [];
  if (row < firstRow && rows[row]) indices.push(row);
  for (let i = firstRow; i <= lastRow; i++) indices.push(i);
  if (row > lastRow && rows[row]) indices.push(row);
  return (
    <div
      ref={box}
      onScroll={onScroll}
      className="relative h-[70vh] min-h-80 overflow-auto rounded-lg border border-border bg-card"
      data-testid="wallchart"
    >
      <div
        role="grid"
        aria-label={`Wallchart, ${p.label}`}
        aria-rowcount={rows.length + 1}
        aria-colcount={dates.length + 1}
        onKeyDown={onKeyDown}
        style={{ width, height: HEAD_H + totalH }}
        className="relative text-sm"
      >
        <div role="row" aria-rowindex={1} className="sticky top-0 z-20 flex border-b border-border bg-card" style={{ height: HEAD_H }}>
          <div
            role="columnheader"
            className="sticky left-0 z-10 flex items-end border-r border-border bg-card px-2 pb-1 text-xs font-medium text-muted-foreground"
            style={{ width: nameW, minWidth: nameW }}
          >
            Employee
          </div>
          {p.days.map((d) => (
            <DayHeader key={d.date} day={d} />
          ))}
        </div>
        {indices.map((index) => {
          const r = rows[index];
          const top = HEAD_H + offsets[index];
          const style: CSSProperties = { position: 'absolute', top, height: rowHeight(r), width };
          if (r.kind === 'team')
            return (
              <div key={r.key} role="row" aria-rowindex={index + 2} style={style} className="flex border-b border-border bg-muted">
                <div role="rowheader" aria-colspan={dates.length + 1} className="sticky left-0 flex items-center px-1">
                  <button
                    type="button"
                    data-cell={`${index}:t`}
                    tabIndex={index === row ? 0 : -1}
                    aria-expanded={!r.collapsed}
                    onClick={() => {
                      setActive({ row: index, col });
                      toggleTeam(r.key);
                    }}
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
          return (
            <EmployeeRow
              key={r.key}
              row={r}
              index={index}
              top={top}
              width={width}
              nameW={nameW}
              days={p.days}
              activeCol={index === row ? col : null}
              onCell={onCell}
              onCellFocus={onCellFocus}
            />
          );
        })}
      </div>
    </div>
  );
}

interface EmployeeRowProps {
  row: Extract<WallRow, { kind: 'employee' }>;
  index: number;
  top: number;
  width: number;
  nameW: number;
  days: readonly CalendarDay[];
  /** The tabbable day of this row, or null when the focus is on another row. */
  activeCol: number | null;
  onCell: (index: number, col: number, bar: WallBar | null) => void;
  onCellFocus: (index: number, col: number) => void;
}

const EmployeeRow = memo(function EmployeeRow({
  row: r,
  index,
  top,
  width,
  nameW,
  days,
  activeCol,
  onCell,
  onCellFocus,
}: EmployeeRowProps) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      style={{ position: 'absolute', top, height: ROW_H, width }}
      className="flex border-b border-border"
      data-employee={r.employee.name}
    >
      <div
        role="rowheader"
        className="sticky left-0 z-10 flex items-center truncate border-r border-border bg-card px-2"
        style={{ width: nameW, minWidth: nameW }}
        title={r.employee.name}
      >
        <span className="truncate">{r.employee.name}</span>
      </div>
      {days.map((d, c) => {
        const bar = barAt(r.bars, c);
        const starts = r.bars.filter((b) => b.from === c);
        return (
          <div
            key={d.date}
            role="gridcell"
            data-cell={`${index}:${c}`}
            data-date={d.date}
            tabIndex={activeCol === c ? 0 : -1}
            aria-label={cellLabel(r.employee.name, d, bar)}
            onClick={() => onCell(index, c, null)}
            onFocus={() => onCellFocus(index, c)}
            className={cn(
              'relative shrink-0 cursor-pointer border-r border-border/60 outline-none focus-visible:z-10 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
              (d.isPublicHoliday || (d.isWeekend && !d.isWorkingWeekend)) && OFF_DAY,
              d.isToday && 'bg-blue-50 dark:bg-blue-950/40',
            )}
            style={{ width: COL_W }}
          >
            {starts.map((b) => (
              <Bar
                key={b.exception.id}
                bar={b}
                lanes={r.lanes}
                onClick={(ev) => {
                  ev.stopPropagation();
                  onCell(index, c, b);
                }}
              />
            ))}
          </div>
        );
      })}
    </div>
  );
});

function DayHeader({ day }: { day: CalendarDay }) {
  const off = day.isPublicHoliday ? 'Holiday' : day.isWeekend ? (day.isWorkingWeekend ? null : 'Weekend') : null;
  return (
    <div
      role="columnheader"
      aria-label={`${spokenDate(day.date)}${day.availableHours !== null ? `, ${formatHours(day.availableHours)} hours available` : ''}${
        day.publicHolidayName ? `, Holiday: ${day.publicHolidayName}` : day.isWeekend ? `, ${weekendLabel(day)}` : ''
      }`}
      title={day.publicHolidayName ?? undefined}
      className={cn(
        'flex shrink-0 flex-col items-center justify-center border-r border-border/60 text-[11px] leading-tight',
        off && OFF_DAY,
        day.isToday && 'bg-blue-50 font-semibold dark:bg-blue-950/40',
      )}
      style={{ width: COL_W }}
    >
      <span aria-hidden>
        {WEEKDAY_NAMES[weekdayIndex(day.date)].slice(0, 2)} {partsOf(day.date).day}
      </span>
      <span aria-hidden className="font-medium tabular-nums">
        {day.availableHours !== null ? `${formatHours(day.availableHours)}h` : '…'}
      </span>
      {off ? (
        <span aria-hidden className="text-[10px] text-muted-foreground">
          {off === 'Holiday' ? 'Hol' : 'Wknd'}
        </span>
      ) : null}
    </div>
  );
}

function Bar({ bar, lanes, onClick }: { bar: WallBar; lanes: number; onClick: (e: React.MouseEvent) => void }) {
  const e = bar.exception;
  const h = (ROW_H - 6) / lanes;
  const text = e.isFullDay || e.hours === null ? e.reasonName : `${e.reasonName} ${e.hours}h`;
  return (
    <div
      aria-hidden
      data-bar={e.id}
      title={`${e.employeeName} – ${e.reasonName}, ${e.startDate} to ${e.endDate}`}
      onClick={onClick}
      style={{ '--pill': e.reasonColor, width: (bar.to - bar.from + 1) * COL_W - 4, top: 3 + bar.lane * h, height: h - 1 } as CSSProperties}
      className="absolute left-0.5 z-[5] cursor-pointer overflow-hidden rounded-sm border-l-[3px] border-(--pill) bg-[color-mix(in_srgb,var(--pill)_22%,var(--color-card))] px-0.5 text-[10px] leading-[11px] text-foreground hover:bg-[color-mix(in_srgb,var(--pill)_34%,var(--color-card))]"
    >
      {/* A one-day bar in a single lane wraps its type name onto two lines rather than cutting it off. */}
      <span className={cn('flex h-full items-center', lanes === 1 ? 'break-words' : 'truncate whitespace-nowrap')}>{text}</span>
    </div>
  );
}

function cellLabel(name: string, day: CalendarDay, bar: WallBar | null): string {
  const parts = [name, spokenDate(day.date)];
  if (bar) parts.push(bar.exception.reasonName);
  if (day.publicHolidayName) parts.push(`Holiday: ${day.publicHolidayName}`);
  else if (day.isWeekend) parts.push(weekendLabel(day));
  return parts.join(', ');
}

/** The number of entries of the ascending `offsets` at or below `y`. */
function upperBound(offsets: readonly number[], y: number): number {
  let lo = 0;
  let hi = offsets.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid] <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
