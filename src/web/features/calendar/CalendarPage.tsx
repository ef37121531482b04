import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { addDaysStr } from '../../../shared/domain/dates';
import { Button } from '../../components/ui/button';
import { urlOf } from '../../lib/api';
import { focusHeading } from '../../lib/focus';
import { NARROW_QUERY, useMediaQuery } from '../../lib/media';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLive } from '../../lib/live';
import { useCanWrite, useMe } from '../../lib/session';
import { invalidateCalendar, useCalendarData, useCalendarRefreshListener, usePrefetchNeighbours } from './api';
import { AuthoriseViewButton } from './authorisation/AuthoriseViewButton';
import { dataWindow } from './calendar-window';
import { CalendarToolbar } from './CalendarToolbar';
import { CsvActions } from '../../components/import/CsvActions';
import { partsOf, stepDate, viewDays, viewTitle, type CalendarView } from './dates';
import { DayView } from './DayView';
import { CalendarFilterBar } from './filters/CalendarFilterBar';
import { useFilteredCalendar } from './filters/useFilteredCalendar';
import { useCalendarDialogs } from './dialogs/useCalendarDialogs';
import { CalendarDnd } from './dnd/CalendarDnd';
import { DayDropTarget } from './dnd/DayDropTarget';
import { SHORTCUT_SCOPE, useCalendarLocation, useShortcuts, useToday } from './hooks';
import type { CalendarPill } from './model';
import { MonthGrid } from './MonthGrid';
import { NarrowAgenda } from './NarrowAgenda';
import { usePendingExceptions } from './pending-requests';
import { SidePanel } from './SidePanel';
import { useCalendarModel } from './useCalendarModel';

/** The forms (react-hook-form, zod, the dialog primitives) load when a dialog first opens (decision 034). */
// The keyboard help loads on its first `?`, like the dialogs: it is rarely opened.
const KeyboardHelpDialog = lazy(() => import('./KeyboardHelpDialog').then((m) => ({ default: m.KeyboardHelpDialog })));
const CalendarDialogs = lazy(() => import('./dialogs/CalendarDialogs').then((m) => ({ default: m.CalendarDialogs })));

/** The wallchart loads when the view is first chosen (decision 089), keeping the calendar's first load small. */
const WallchartView = lazy(() => import('./wallchart/WallchartView').then((m) => ({ default: m.WallchartView })));

/** Spec §2 Calendar screen: month, week and day views over the shared hours engine, with the side panel. */
export default function CalendarPage() {
  const today = useToday();
  const me = useMe();
  const live = useLive();
  const qc = useQueryClient();
  const { view, date, go } = useCalendarLocation(today);
  const [panelOpen, setPanelOpen] = useState(false);
  const [focused, setFocused] = useState(date);
  const [refreshing, setRefreshing] = useState(false);

  const days = useMemo(() => viewDays(view, date), [view, date]);
  const viewMonth = view === 'month' || view === 'wallchart' ? partsOf(date).month : undefined;
  const data = useCalendarData(date, today);
  // Filters narrow the pills and lists, never the hours (decision 087).
  const filtering = useFilteredCalendar(data, days);
  const pendingWindow = useMemo(() => dataWindow(date), [date]);
  const allPending = usePendingExceptions(pendingWindow, data.reasons);
  const [countPending, setCountPending] = useState(false);
  // The filter narrows the pending pills as it does the others.
  const pending = useMemo(
    () => (filtering.employees ? allPending.filter((e) => filtering.employees!.some((x) => x.id === e.employeeId)) : allPending),
    [allPending, filtering.employees],
  );
  const model = useCalendarModel(days, viewMonth, today, { ...data, pillExceptions: filtering.exceptions, pending, countPending });
  // The wallchart draws pending requests as hatched bars beside the exceptions, as the month view's pills.
  const wallExceptions = useMemo(
    () => [...(filtering.exceptions ?? data.exceptions ?? []), ...pending],
    [filtering.exceptions, data.exceptions, pending],
  );
  useCalendarRefreshListener();
  const neighbours = useMemo(() => [dataWindow(stepDate('month', date, -1)), dataWindow(stepDate('month', date, 1))], [date]);
  usePrefetchNeighbours(neighbours, today, data.ready);

  const activeDate = days.includes(focused)
    ? focused
    : days.includes(date)
      ? date
      : days.includes(today)
        ? today
        : days[Math.min(7, days.length - 1)];
  const openDay = useCallback((d: string) => go({ view: 'day', date: d }), [go]);
  // "+N more" opens its day; coming back from that day to a grid holding it puts focus on the control again.
  const moreOrigin = useRef<string | null>(null);
  const showMore = useCallback(
    (d: string) => {
      moreOrigin.current = d;
      setFocused(d);
      openDay(d);
    },
    [openDay],
  );
  // Phones: tapping a day selects it and the list under the grid writes its week out; the list opens days.
  const narrow = useMediaQuery(NARROW_QUERY);
  const agendaDays = useMemo(() => {
    if (view === 'week') return model;
    const row = Math.floor(
      Math.max(
        0,
        model.findIndex((d) => d.date === activeDate),
      ) / 7,
    );
    return model.slice(row * 7, row * 7 + 7);
  }, [view, model, activeDate]);
  const dialogs = useCalendarDialogs();
  const [dialogsLoaded, setDialogsLoaded] = useState(false);
  if (dialogs.state && !dialogsLoaded) setDialogsLoaded(true);
  const { editPill, pickReason, addNote } = dialogs;
  const canEdit = useCanWrite();
  // Writers open the exception or note dialog; read-only users open the pill's day (decision 011).
  // A pending request is decided on Requests, not edited here: its pill opens its day.
  const onPillClick = useCallback(
    (pill: CalendarPill, d: string) => (canEdit && !(pill.kind === 'exception' && pill.pending) ? editPill(pill) : openDay(d)),
    [canEdit, editPill, openDay],
  );
  const onTemplateDrop = useCallback((color: string, d: string) => addNote(d, color), [addNote]);
  const onMove = useCallback(
    (from: string, delta: number) => {
      const target = addDaysStr(from, delta);
      setFocused(target);
      if (!days.includes(target)) go({ date: target });
    },
    [days, go],
  );
  const setView = useCallback((v: CalendarView) => go({ view: v, date: v === view ? date : activeDate }), [go, view, date, activeDate]);
  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await invalidateCalendar(qc);
    } finally {
      setRefreshing(false);
    }
  }, [qc]);

  const [helpOpen, setHelpOpen] = useState(false);
  const [helpLoaded, setHelpLoaded] = useState(false);
  if (helpOpen && !helpLoaded) setHelpLoaded(true);
  const shortcuts = useMemo(
    () => ({
      t: () => go({ date: today }),
      m: () => setView('month'),
      w: () => setView('week'),
      d: () => setView('day'),
      c: () => setView('wallchart'),
      '?': () => setHelpOpen(true),
    }),
    [go, today, setView],
  );
  useShortcuts(shortcuts);

  // Opening a day or changing the view removes the focused cell: focus goes to the view's heading, not the page,
  // or back to the "+N more" (or the day) it was on when returning from the day it opened.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const origin = moreOrigin.current;
    if (view === 'day') {
      if (origin !== date) moreOrigin.current = null;
    } else moreOrigin.current = null;
    const id = requestAnimationFrame(() => {
      if (view !== 'day' && origin !== null && focusMoreOrigin(origin)) return;
      const a = document.activeElement;
      if (!a || a === document.body || !a.isConnected) focusHeading();
    });
    return () => cancelAnimationFrame(id);
  }, [view, date]);

  const title = viewTitle(view, date);
  useDocumentTitle(title);
  return (
    <CalendarDnd className="flex items-start gap-4" onEmployeeDrop={pickReason} onTemplateDrop={onTemplateDrop}>
      <div className="min-w-0 flex-1" {...{ [SHORTCUT_SCOPE]: '' }}>
        <CalendarToolbar
          title={title}
          view={view}
          onViewChange={setView}
          onPrevious={() => go({ date: stepDate(view, date, -1) })}
          onNext={() => go({ date: stepDate(view, date, 1) })}
          onToday={() => go({ date: today })}
          onRefresh={() => void refresh()}
          refreshing={refreshing}
          loading={data.loading}
          onlineUsers={live.users}
          currentUserId={me.data?.user.id}
          panelOpen={panelOpen}
          onTogglePanel={() => setPanelOpen((o) => !o)}
          actions={
            <>
              {canEdit && (view === 'month' || view === 'week') ? <AuthoriseViewButton view={view} date={date} days={model} /> : null}
              {/* The export is not a Staff route (decision 091): Staff see the calendar, they do not take its data away. */}
              {me.data?.user.isStaff ? null : (
                <CsvActions
                  kind="exceptions"
                  exportHref={urlOf('GET /api/export/exceptions.csv', { query: { startDate: days[0], endDate: days[days.length - 1] } })}
                  canImport={canEdit}
                />
              )}
            </>
          }
        />
        <CalendarFilterBar {...filtering.bar} />
        {allPending.length ? (
          <label className="mb-2 flex w-fit items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-primary"
              checked={countPending}
              onChange={(e) => setCountPending(e.target.checked)}
            />
            Show pending as approved ({allPending.length} pending {allPending.length === 1 ? 'request' : 'requests'})
          </label>
        ) : null}
        {view === 'wallchart' ? (
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading the wallchart...</p>}>
            <WallchartView
              days={model}
              employees={filtering.employees ?? data.employees ?? []}
              exceptions={wallExceptions}
              label={title}
              canEdit={canEdit}
              onEditException={(exception) => dialogs.set({ kind: 'exception', target: { mode: 'edit', exception } })}
              onAddException={(employeeId, d, endDate) =>
                dialogs.set({ kind: 'exception', target: { mode: 'new', date: d, endDate, employeeId } })
              }
              onOpenDay={openDay}
            />
          </Suspense>
        ) : view === 'day' ? (
          <div className="relative">
            <DayView
              day={model[0]}
              onPillClick={onPillClick}
              canAuthorise={canEdit}
              onEditPill={canEdit ? editPill : undefined}
              onDeletePill={canEdit ? dialogs.deletePill : undefined}
              onAddException={canEdit ? () => dialogs.addException(model[0].date) : undefined}
              onAddNote={canEdit ? () => addNote(model[0].date) : undefined}
            />
            {canEdit ? <DayDropTarget date={model[0].date} className="rounded-lg" /> : null}
          </div>
        ) : (
          <MonthGrid
            days={model}
            variant={view}
            label={title}
            activeDate={activeDate}
            onActiveDateChange={setFocused}
            onMove={onMove}
            onOpenDay={narrow ? setFocused : openDay}
            onShowMore={showMore}
            onPillClick={onPillClick}
            canEdit={canEdit}
          />
        )}
        {(view === 'month' || view === 'week') && narrow ? (
          <NarrowAgenda days={agendaDays} activeDate={activeDate} onOpenDay={openDay} onPillClick={onPillClick} />
        ) : null}
        <p className="mt-2 hidden items-center gap-2 text-xs text-muted-foreground sm:flex">
          <span>
            Keyboard shortcuts (with focus in the calendar): <kbd>T</kbd> today · <kbd>M</kbd> month · <kbd>W</kbd> week · <kbd>D</kbd> day
            · <kbd>C</kbd> wallchart
            {view === 'day' ? null : (
              <>
                {' '}
                · arrow keys move between days · <kbd>Enter</kbd> opens a day
              </>
            )}
          </span>
          <Button variant="ghost" size="sm" className="h-6 px-2 text-xs underline" aria-keyshortcuts="?" onClick={() => setHelpOpen(true)}>
            All shortcuts (?)
          </Button>
        </p>
      </div>
      {panelOpen ? (
        <>
          {/* Narrow screens: the panel is a drawer over the calendar; tapping outside closes it. */}
          <div className="fixed inset-0 z-30 bg-black/30 lg:hidden" aria-hidden onClick={() => setPanelOpen(false)} />
          <SidePanel canEdit={canEdit} employees={filtering.employees} onClose={() => setPanelOpen(false)} />
        </>
      ) : null}
      {/* Mounted from the first opening on, so a closing dialog can hand focus back to its opener. */}
      {dialogsLoaded && (
        <Suspense fallback={null}>
          <CalendarDialogs dialogs={dialogs} />
        </Suspense>
      )}
      {helpLoaded && (
        <Suspense fallback={null}>
          <KeyboardHelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
        </Suspense>
      )}
    </CalendarDnd>
  );
}

/** Focuses the day's "+N more" in the grid, or the day itself where the control is not drawn; false when neither is on screen. */
function focusMoreOrigin(date: string): boolean {
  const cell = document.querySelector<HTMLElement>(`[role="grid"] [data-date="${date}"]`);
  if (!cell) return false;
  const more = cell.querySelector<HTMLElement>('[data-more]');
  (more && more.getClientRects().length > 0 ? more : cell).focus();
  return true;
}
