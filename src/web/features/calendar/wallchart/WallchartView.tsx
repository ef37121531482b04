import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import type { TExceptionView } from '../../../../shared/contracts/calendar';
import type { TEmployee } from '../../../../shared/contracts/employees';
import { useListQuery } from '../../../lib/list-query';
import { NARROW_QUERY, useMediaQuery } from '../../../lib/media';
import { ActiveDragContext, DragSourcesContext, OverDayContext } from '../dnd/context';
import { previewSpan } from '../dnd/drop';
import { hasTravelled, type Point } from '../dnd/intent';
import type { CalendarDay } from '../model';
import { HANDLE_CSS, modeAt } from '../dnd/GridDragSource';
import { barDragStart, draggedEmployee, isDragging } from './drag';
import {
  dayAt,
  dayLeft,
  dayNear,
  daysOf,
  HEAD_H,
  NAME_W,
  NAME_W_NARROW,
  rowHeight,
  rowOffsets,
  scrollToShow,
  spanBetween,
  type DaySpan,
} from './geometry';
import { barAt, buildWallBars, buildWallRows, isPendingBar } from './rows';
import { DayColumns, HeaderRow } from './WallchartColumns';
import { EmployeeRow, NAME_COL, TeamRow } from './WallchartRows';

export interface WallchartViewProps {
  /** The month's days from the calendar model: the same hours the month view shows. */
  days: readonly CalendarDay[];
  employees: readonly TEmployee[];
  exceptions: readonly TExceptionView[];
  label: string;
  canEdit: boolean;
  onEditException: (exception: TExceptionView) => void;
  /** A writer chose days of one employee: a click or Enter on a day, or a drag or Shift+arrows across days. */
  onAddException: (employeeId: number, startDate: string, endDate: string) => void;
  onOpenDay: (date: string) => void;
}

/** The employees screen's wording for the same list (decision 085). */
const TEAMS_FAILED = 'Error loading teams';
/** Rows drawn beyond each edge of the box, so a fast scroll does not show blank space for a frame. */
const OVERSCAN = 8;
const PAGE_ROWS = 10;
/** The first draw's guess at the box (70 % of a laptop's height), so rows draw in the first pass. */
const INITIAL_RECT = { width: 1200, height: 630 };

/** A range being chosen in one row: from the day pressed (or where Shift+arrows began) to the day now under the pointer or focus. */
interface Selection {
  row: number;
  anchor: number;
  col: number;
}

/** Spec item "wallchart" (decisions 089, 090): employees by team down, the month's days across, exceptions as bars. */
export function WallchartView(p: WallchartViewProps) {
  const narrow = useMediaQuery(NARROW_QUERY);
  const nameW = narrow ? NAME_W_NARROW : NAME_W;
  const teams = useListQuery('GET /api/teams', TEAMS_FAILED);
  const sources = useContext(DragSourcesContext);
  const drag = useContext(ActiveDragContext);
  const overDay = useContext(OverDayContext);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const dates = useMemo(() => p.days.map((d) => d.date), [p.days]);
  const bars = useMemo(() => buildWallBars(dates, p.exceptions), [dates, p.exceptions]);
  const rows = useMemo(() => buildWallRows(p.employees, teams.data ?? [], bars, collapsed), [p.employees, teams.data, bars, collapsed]);
  const offsets = useMemo(() => rowOffsets(rows), [rows]);
  const rowOf = useMemo(() => new Map(rows.flatMap((r, i) => (r.kind === 'employee' ? [[r.employee.id, i] as const] : []))), [rows]);

  // Roving focus: one tabbable element, a day of a row, its name (NAME_COL), or a team's button.
  const todayIndex = p.days.findIndex((d) => d.isToday);
  const [active, setActive] = useState({ row: 0, col: Math.max(0, todayIndex) });
  const row = Math.min(active.row, Math.max(0, rows.length - 1));
  const col = Math.max(NAME_COL, Math.min(active.col, dates.length - 1));
  const [selection, setSelection] = useState<Selection | null>(null);
  /** The focused cell moved and focus should follow: by a key (drawn with its ring) or a press (without). */
  const focusWanted = useRef<'key' | 'pointer' | null>(null);
  /** A pointer selection just ended: the click that follows its release is not a click on what it was let go over. */
  const selectionEnded = useRef(false);
  /** Where the last press began: a press that travelled before its release was a drag, not a click. */
  const pressAt = useRef<Point | null>(null);
  /** A bar picked up with Space from the focused cell: focus follows it to the day it is dropped on. */
  const keyDrag = useRef<{ over?: string; dropped: boolean } | null>(null);

  const box = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  // The focused row is always drawn, so the grid never loses its tab stop however far it is scrolled away.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (row >= range.count || indexes.includes(row)) return indexes;
      return [...indexes, row].sort((a, b) => a - b);
    },
    [row],
  );
  const estimateSize = useCallback((i: number) => rowHeight(rows[i].kind), [rows]);
  const getItemKey = useCallback((i: number) => rows[i].key, [rows]);
  // The app is not built with React Compiler; the virtualiser's methods are only read while rendering.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => box.current,
    estimateSize,
    getItemKey,
    paddingStart: HEAD_H,
    overscan: OVERSCAN,
    rangeExtractor,
    initialRect: INITIAL_RECT,
  });

  const showCell = (r: number, c: number) => {
    const el = box.current;
    if (!el) return;
    el.scrollTop = scrollToShow(el.scrollTop, el.clientHeight, HEAD_H, HEAD_H + offsets[r], HEAD_H + offsets[r + 1]);
    if (c >= 0) el.scrollLeft = scrollToShow(el.scrollLeft, el.clientWidth, nameW, dayLeft(c, nameW), dayLeft(c + 1, nameW));
  };

  // A month is wider than most screens: opened on a window that holds today, the chart starts with the day
  // before today at its left edge (beside the names), unless today is already in view.
  const firstDay = dates[0];
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || todayIndex < 0 || dayLeft(todayIndex + 1, nameW) <= el.clientWidth) return;
    el.scrollLeft = dayLeft(Math.max(0, todayIndex - 1), nameW) - nameW;
  }, [firstDay, todayIndex, nameW]);

  const focusKey = rows[row]?.kind === 'team' ? `${row}:t` : col === NAME_COL ? `${row}:n` : `${row}:${col}`;
  useLayoutEffect(() => {
    const how = focusWanted.current;
    if (!how) return;
    focusWanted.current = null;
    // focusVisible is not in TypeScript's DOM types yet; Chromium and Firefox take it.
    const options = { preventScroll: true, focusVisible: how === 'key' } as FocusOptions;
    grid.current?.querySelector<HTMLElement>(`[data-cell="${focusKey}"]`)?.focus(options);
  });

  const moveTo = (r: number, c: number) => {
    const nr = Math.max(0, Math.min(rows.length - 1, r));
    const nc = Math.max(NAME_COL, Math.min(dates.length - 1, c));
    focusWanted.current = 'key';
    setActive({ row: nr, col: nc });
    showCell(nr, nc);
  };

  const toggleTeam = (key: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      const team = key.slice(1);
      if (next.has(team)) next.delete(team);
      else next.add(team);
      return next;
    });

  // Focus follows a bar moved by keyboard to the day it was dropped on (dnd-kit hands it back to the cell it left).
  const wasDragging = useRef(false);
  useEffect(() => {
    if (keyDrag.current && overDay) keyDrag.current.over = overDay;
  }, [overDay]);
  useEffect(() => {
    if (drag) wasDragging.current = true;
    else if (wasDragging.current) {
      wasDragging.current = false;
      const moved = keyDrag.current;
      keyDrag.current = null;
      const to = moved?.dropped && moved.over ? dates.indexOf(moved.over) : -1;
      if (to >= 0) setActive((a) => ({ ...a, col: to }));
    }
  }, [drag, dates]);

  const addRange = (r: number, span: DaySpan) => {
    const target = rows[r];
    if (target?.kind === 'employee') p.onAddException(target.employee.id, dates[span.from], dates[span.to]);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // While an item is dragged by keyboard the keys are the drag's (DayKeyboardSensor); only where it ends is noted here.
    if (keyDrag.current && (isDragging() || e.defaultPrevented)) {
      if (e.code === 'Space' || e.code === 'Enter') keyDrag.current.dropped = true;
      if (e.code === 'Escape' || e.code === 'Tab') keyDrag.current.dropped = false;
      return;
    }
    if (isDragging() || e.defaultPrevented) return;
    const target = rows[row];
    const onDay = target?.kind === 'employee' && col >= 0;
    if (onDay && e.code === 'Space' && sources && p.canEdit && e.target instanceof HTMLElement && e.target.dataset.date) {
      const bar = barAt(target.bars, col);
      if (bar && !isPendingBar(bar) && sources.keyDown(e, barDragStart(e.target, bar, dates[col], 'move'))) {
        keyDrag.current = { dropped: false };
        return;
      }
    }
    if (onDay && p.canEdit && e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      e.preventDefault();
      const next = Math.max(0, Math.min(dates.length - 1, col + (e.key === 'ArrowLeft' ? -1 : 1)));
      setSelection((s) => ({ row, anchor: s && s.row === row ? s.anchor : col, col: next }));
      moveTo(row, next);
      return;
    }
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
      setSelection(null);
      move();
      return;
    }
    if (e.key === 'Escape' && selection) {
      e.preventDefault();
      setSelection(null);
      return;
    }
    if (!target || (target.kind === 'employee' && col === NAME_COL)) return; // Enter on the name follows its link
    if (target.kind === 'team') {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        toggleTeam(target.key);
      }
      return;
    }
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const date = dates[col];
    if (!p.canEdit) return p.onOpenDay(date);
    if (selection && selection.row === row) {
      setSelection(null);
      return addRange(row, spanBetween(selection.anchor, selection.col));
    }
    const bar = barAt(target.bars, col);
    // A pending request is decided on Requests, not edited here: it opens its day, as its pill does.
    if (bar && isPendingBar(bar)) p.onOpenDay(date);
    else if (bar) p.onEditException(bar.exception);
    else addRange(row, { from: col, to: col });
  };

  /** The employee row and day under a pointer event, if it is over a day of an employee's row. */
  const hit = (e: { target: EventTarget; clientX: number }) => {
    // The names stay put over the days scrolled under them: a press there is on the name.
    if ((e.target as HTMLElement).closest('[role="rowheader"]')) return null;
    const rowEl = (e.target as HTMLElement).closest<HTMLElement>('[data-row]');
    const index = Number(rowEl?.dataset.row);
    const target = rows[index];
    const left = grid.current?.getBoundingClientRect().left ?? 0;
    const day = dayAt(e.clientX - left, nameW, dates.length);
    return target?.kind === 'employee' && day !== null ? { index, day, target } : null;
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    selectionEnded.current = false;
    pressAt.current = { x: e.clientX, y: e.clientY };
    if (e.button !== 0 || (e.target as HTMLElement).closest('a, button')) return;
    const at = hit(e);
    if (!at) return;
    // The pressed day becomes the focused cell (onMouseDown keeps the page from taking focus back).
    focusWanted.current = 'pointer';
    setActive({ row: at.index, col: at.day });
    if (!p.canEdit) return;
    const barEl = (e.target as HTMLElement).closest<HTMLElement>('[data-bar]');
    const bar = barEl ? at.target.bars.find((b) => String(b.exception.id) === barEl.dataset.bar) : undefined;
    if (barEl && bar) {
      if (sources && !isPendingBar(bar)) sources.pointerDown(e, barDragStart(barEl, bar, dates[at.day], modeAt(barEl, e.clientX)));
      return;
    }
    // An empty day: pressing and dragging along the row chooses the days of a new exception.
    e.currentTarget.setPointerCapture(e.pointerId);
    setSelection({ row: at.index, anchor: at.day, col: at.day });
  };

  // No text selection and no focus lost to the page when a day is pressed. Not on pointerdown: dnd-kit
  // ignores a pointerdown whose default was prevented.
  const onMouseDown = (e: MouseEvent<HTMLDivElement>) => {
    if (e.button === 0 && !(e.target as HTMLElement).closest('a, button') && hit(e)) e.preventDefault();
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!selection || !e.currentTarget.hasPointerCapture(e.pointerId)) return;
    const next = dayNear(e.clientX - e.currentTarget.getBoundingClientRect().left, nameW, dates.length);
    if (next !== selection.col) {
      setSelection({ ...selection, col: next });
      setActive({ row: selection.row, col: next });
    }
  };

  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!selection || !e.currentTarget.hasPointerCapture(e.pointerId)) return;
    selectionEnded.current = true;
    setSelection(null);
    addRange(selection.row, spanBetween(selection.anchor, selection.col));
  };

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const el = e.target as HTMLElement;
    const team = el.closest<HTMLElement>('[data-team]');
    if (team?.dataset.team) {
      setActive({ row: Number(team.closest<HTMLElement>('[data-row]')?.dataset.row), col });
      return toggleTeam(team.dataset.team);
    }
    if (selectionEnded.current || (pressAt.current && hasTravelled(pressAt.current, { x: e.clientX, y: e.clientY }))) {
      selectionEnded.current = false;
      return;
    }
    const at = hit(e);
    if (!at) return;
    const barEl = el.closest<HTMLElement>('[data-bar]');
    const bar = barEl ? at.target.bars.find((b) => String(b.exception.id) === barEl.dataset.bar) : undefined;
    if (!p.canEdit || (bar && isPendingBar(bar))) p.onOpenDay(dates[at.day]);
    else if (bar) p.onEditException(bar.exception);
  };

  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const [r, c] = ((e.target as HTMLElement).dataset.cell ?? '').split(':');
    if (r === undefined || c === undefined) return;
    const index = Number(r);
    const day = c === 'n' ? NAME_COL : c === 't' ? col : Number(c);
    if (index !== row || day !== col) setActive({ row: index, col: day });
    // A bar in the focused day: the drag code is fetched now, so Space picks it up at once (decision 051).
    const target = rows[index];
    if (sources && target?.kind === 'employee' && day >= 0 && barAt(target.bars, day)) sources.reach();
  };

  // What a drag or a selection would cover, in its employee's row and the header.
  let preview: { row: number; span: DaySpan } | null = null;
  if (selection) preview = { row: selection.row, span: spanBetween(selection.anchor, selection.col) };
  else if (drag && overDay) {
    const id = draggedEmployee(drag.item);
    const r = id === null ? undefined : rowOf.get(id);
    const span = daysOf(previewSpan(drag.item, overDay), dates);
    if (span) preview = { row: r ?? -1, span };
  }
  const selected = selection && selection.row === row ? spanBetween(selection.anchor, selection.col) : null;

  const width = dayLeft(dates.length, nameW);
  const height = virtualizer.getTotalSize();
  return (
    <div
      ref={box}
      className="relative h-[70vh] min-h-80 overflow-auto rounded-lg border border-border bg-card"
      style={{ scrollPaddingTop: HEAD_H, scrollPaddingLeft: nameW }}
      data-testid="wallchart"
      // A day's drop target runs the grid's whole height: it counts only where the box shows it (dnd/drop-area.ts).
      data-drop-area
      data-drop-inset-top={HEAD_H}
      data-drop-inset-left={nameW}
    >
      {p.canEdit ? <style>{HANDLE_CSS}</style> : null}
      <div
        ref={grid}
        role="grid"
        aria-label={`Wallchart, ${p.label}`}
        aria-rowcount={rows.length + 1}
        aria-colcount={dates.length + 1}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onMouseDown={onMouseDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setSelection(null)}
        onPointerOver={sources ? (e) => (e.target as HTMLElement).closest('[data-bar]') && sources.reach() : undefined}
        onClick={onClick}
        onFocus={onFocus}
        style={{ width, height }}
        className="relative text-sm"
      >
        <DayColumns days={p.days} nameW={nameW} height={height} droppable={p.canEdit && !!sources} />
        <HeaderRow days={p.days} nameW={nameW} preview={preview?.span ?? null} />
        {virtualizer.getVirtualItems().map((v) => {
          const r = rows[v.index];
          if (r.kind === 'team')
            return (
              <TeamRow
                key={r.key}
                row={r}
                index={v.index}
                top={v.start}
                width={width}
                colCount={dates.length + 1}
                tabStop={v.index === row}
              />
            );
          return (
            <EmployeeRow
              key={r.key}
              row={r}
              index={v.index}
              top={v.start}
              width={width}
              nameW={nameW}
              days={p.days}
              activeCol={v.index === row ? col : null}
              preview={preview?.row === v.index ? preview.span : null}
              selected={v.index === row ? selected : null}
              editable={p.canEdit && !!sources}
            />
          );
        })}
      </div>
    </div>
  );
}
