import { useEffect, useMemo, useRef, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { addDaysStr } from '../../../shared/domain/dates';
import { WEEKDAY_NAMES } from '../../lib/weekdays';
import { DayCell, rowStyle, type GridVariant } from './DayCell';
import { DND_INSTRUCTIONS_ID } from './dnd/context';
import { GridDragSource, type GridDragHandlers } from './dnd/GridDragSource';
import type { CalendarDay, CalendarPill } from './model';
import { layoutRow, type RowLayout } from './month-layout';

export interface MonthGridProps {
  days: readonly CalendarDay[];
  variant: GridVariant;
  /** The day holding the grid's single tab stop. */
  activeDate: string;
  onActiveDateChange: (date: string) => void;
  /** Arrow keys: move focus by `delta` days; the page moves the view when the target is off the grid. */
  onMove: (from: string, delta: number) => void;
  onOpenDay: (date: string) => void;
  /** A cell's "+N more" was pressed: open that day's view (on phones too, where a tap on a day only selects it). */
  onShowMore: (date: string) => void;
  /** The seam for the exception and note dialogs; for now the page opens the day view. */
  onPillClick: (pill: CalendarPill, date: string) => void;
  label: string;
  /** Writers: pills drag (move) and their edges resize; cells take drops (see CalendarDnd). */
  canEdit?: boolean;
}

const MOVES: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The month (6 × 7) or week (1 × 7) grid: ARIA grid with a roving tab stop. Clicks and keys are handled
 * once here and routed by data attributes, so a day with fifty pills adds no listeners.
 */
export function MonthGrid({
  days,
  variant,
  activeDate,
  onActiveDateChange,
  onMove,
  onOpenDay,
  onShowMore,
  onPillClick,
  label,
  canEdit = false,
}: MonthGridProps) {
  const gridRef = useRef<HTMLDivElement>(null);
  const drag = useRef<GridDragHandlers>(null);
  /** The day a keyboard move is heading for; focused once it is the tab stop (after a view change if need be). */
  const wantFocus = useRef<string | null>(null);
  const byDate = useMemo(() => new Map(days.map((d) => [d.date, d])), [days]);
  const rows = useMemo(() => {
    const out: Array<{ days: CalendarDay[]; layout: RowLayout | null }> = [];
    for (let i = 0; i < days.length; i += 7) {
      const week = days.slice(i, i + 7);
      out.push({ days: week, layout: variant === 'month' ? layoutRow(week.map((d) => d.pills)) : null });
    }
    return out;
  }, [days, variant]);
  const tabStop = byDate.has(activeDate) ? activeDate : days[0]?.date;

  // After a keyboard move (possibly into a new month), put focus on the new active day.
  useEffect(() => {
    if (!wantFocus.current || wantFocus.current !== tabStop) return;
    const cell = gridRef.current?.querySelector<HTMLElement>(`[data-date="${tabStop}"]`);
    if (cell) {
      wantFocus.current = null;
      cell.focus();
    }
  }, [tabStop, days]);

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    const cell = target.closest<HTMLElement>('[data-date]');
    if (!cell?.dataset.date) return;
    const date = cell.dataset.date;
    if (target.closest('[data-more]')) {
      onShowMore(date);
      return;
    }
    const pillEl = target.closest<HTMLElement>('[data-pill]');
    const pill = pillEl ? byDate.get(date)?.pills[Number(pillEl.dataset.pill)] : undefined;
    if (pill) onPillClick(pill, date);
    else onOpenDay(date);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (drag.current?.onKeyDown(e)) return;
    const target = e.target as HTMLElement;
    if (target.getAttribute('role') !== 'gridcell' || e.altKey || e.ctrlKey || e.metaKey) return;
    const date = target.dataset.date;
    if (!date) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onOpenDay(date);
      return;
    }
    // Home and End go to the start and end of the week row.
    const column = days.findIndex((d) => d.date === date) % 7;
    const delta = e.key === 'Home' ? -column : e.key === 'End' ? 6 - column : MOVES[e.key];
    if (delta === undefined) return;
    e.preventDefault();
    if (delta === 0) return;
    wantFocus.current = addDaysStr(date, delta);
    onMove(date, delta);
  };

  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    drag.current?.onReach(e.target);
    const date = (e.target as HTMLElement).closest<HTMLElement>('[data-date]')?.dataset.date;
    if (date && date !== wantFocus.current) wantFocus.current = null;
    if (date && date !== activeDate) onActiveDateChange(date);
  };

  return (
    <div
      ref={gridRef}
      role="grid"
      aria-label={label}
      aria-readonly="true"
      onClick={onClick}
      onKeyDown={onKeyDown}
      onPointerDown={canEdit ? (e) => drag.current?.onPointerDown(e) : undefined}
      onPointerOver={canEdit ? (e) => drag.current?.onReach(e.target) : undefined}
      onFocus={onFocus}
      className="flex flex-col gap-px overflow-hidden rounded-lg border border-border bg-border"
    >
      {canEdit ? <GridDragSource byDate={byDate} ref={drag} /> : null}
      <div role="row" className="grid grid-cols-7 gap-px">
        {WEEKDAY_NAMES.map((name) => (
          <div
            key={name}
            role="columnheader"
            className="bg-muted px-1 py-1.5 text-center text-xs font-medium text-muted-foreground sm:px-2"
          >
            <span className="hidden md:inline">{name}</span>
            <span className="md:hidden">
              <span aria-hidden>{name.slice(0, 3)}</span>
              <span className="sr-only">{name}</span>
            </span>
          </div>
        ))}
      </div>
      {rows.map((row) => (
        <div
          key={row.days[0].date}
          role="row"
          className="grid grid-cols-7 gap-px [contain-intrinsic-block-size:auto_var(--cell-h,8rem)] [content-visibility:auto]"
          style={row.layout ? rowStyle(row.layout.lines) : undefined}
        >
          {row.days.map((day, i) => (
            <DayCell
              key={day.date}
              day={day}
              variant={variant}
              isActive={day.date === tabStop}
              editable={canEdit}
              describedBy={canEdit ? DND_INSTRUCTIONS_ID : undefined}
              lines={row.layout?.days[i]}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
