import { ShieldAlert } from 'lucide-react';
import { memo, type CSSProperties } from 'react';
import { cn } from '../../lib/cn';
import { compactHours } from './compact-hours';
import { formatHours } from './dates';
import { weekendLabel, type CalendarDay } from './model';
import { DayDropTarget } from './dnd/DayDropTarget';
import { MonthCellPills } from './MonthCellPills';
import type { DayLines } from './month-layout';
import { Pill, PillDots } from './Pill';
import { SHORT_TONE, ShortfallMarker } from './Shortfall';

export type GridVariant = 'month' | 'week';

interface DayCellProps {
  day: CalendarDay;
  variant: GridVariant;
  /** The roving tab stop of the grid; its pills are tabbable too. */
  isActive: boolean;
  /** Writers: pills drag and resize, the cell takes drops. */
  editable?: boolean;
  /** The drag instructions' id, for the pills' accessible description. */
  describedBy?: string;
  /** Month view: the line of each pill and what goes behind "+N more" (decision 086). The week view draws every pill. */
  lines?: DayLines;
}

/** One day of the month or week grid. Memoised: moving focus re-renders two cells, not 42. */
export const DayCell = memo(function DayCell({ day, variant, isActive, editable, describedBy, lines }: DayCellProps) {
  const hours = day.availableHours;
  const showWeekend = day.isWeekend && !day.isPublicHoliday && day.pills.length === 0;
  return (
    <div
      role="gridcell"
      data-date={day.date}
      tabIndex={isActive ? 0 : -1}
      aria-label={day.ariaLabel}
      aria-current={day.isToday ? 'date' : undefined}
      data-awaiting-auth={day.awaitingAuth || undefined}
      className={cn(
        // outline-none set the style to none, so focus-visible:outline-2 drew nothing: the style is set again, and
        // the foreground colour keeps the ring apart from today's blue ring on every background.
        'relative flex min-w-0 cursor-pointer flex-col gap-0.5 p-1 outline-none focus-visible:outline-solid focus-visible:outline-[3px] focus-visible:-outline-offset-[3px] focus-visible:outline-foreground sm:p-1.5',
        variant === 'week' ? 'min-h-16 sm:min-h-64' : 'min-h-16 sm:min-h-(--cell-h)',
        background(day),
        !day.isCurrentMonth && 'text-muted-foreground',
        day.isToday && 'ring-2 ring-blue-500 ring-inset',
      )}
    >
      <div className="flex min-w-0 items-center justify-between gap-1">
        <span
          className={cn(
            'shrink-0 text-[11px] leading-5 font-medium sm:text-xs',
            day.isToday && 'rounded-full bg-blue-600 px-1 text-white sm:px-1.5',
          )}
        >
          {/* Narrow screens show the day number alone (the month is in the title), except on the 1st. */}
          <span className={day.label.startsWith('1 ') ? undefined : 'hidden sm:inline'}>{day.label}</span>
          {day.label.startsWith('1 ') ? null : (
            <span className="sm:hidden" aria-hidden>
              {day.label.split(' ')[0]}
            </span>
          )}
        </span>
        {day.awaitingAuth ? (
          // Not colour alone (WCAG 1.4.1): the yellow is backed by a marker; the cell's name already says it.
          <span
            title="Needs authorisation"
            data-testid="needs-auth-marker"
            className="ml-auto shrink-0 text-amber-800 dark:text-amber-300"
            aria-hidden
          >
            <ShieldAlert className="h-3.5 w-3.5" />
          </span>
        ) : null}
        {day.publicHolidayName !== null ? (
          <>
            <span
              title={`Holiday: ${day.publicHolidayName}`}
              data-testid="holiday-badge"
              className="hidden min-w-0 truncate rounded-full bg-red-100 px-1.5 text-[11px] leading-5 font-medium text-red-800 sm:inline dark:bg-red-900/60 dark:text-red-100"
            >
              Holiday: {day.publicHolidayName}
            </span>
            <span className="h-2 w-2 shrink-0 rounded-full bg-red-500 sm:hidden" aria-hidden />
          </>
        ) : null}
      </div>
      {hours !== null ? (
        <>
          {/* One line in the month view whatever it holds, so the pills' lines stay level across the week (decision 086). */}
          <div className={cn('flex min-w-0 items-center gap-x-1.5 text-[11px] leading-4 sm:text-xs', variant === 'week' && 'flex-wrap')}>
            {/* A short day's hours are never green beside "Short" (decision 115). */}
            <span
              data-testid="day-hours-figure"
              className={cn(
                // The week's figure may wrap after the number ("2316.5h / available"); the month's stays one line.
                variant === 'week' ? 'min-w-0' : 'shrink-0',
                'font-semibold',
                hours === 0 ? 'text-muted-foreground' : day.shortHours > 0 ? SHORT_TONE : 'text-day-hours',
              )}
            >
              {variant === 'month' ? (
                <>
                  <span data-testid="day-hours" className="hidden md:inline">
                    {formatHours(hours)} hours
                  </span>
                  {/* 640–767 px: a four-digit total and " hours" do not fit a month cell; "2316.5h" does (decision 115). */}
                  <span className="hidden sm:inline md:hidden" aria-hidden>
                    {formatHours(hours)}h
                  </span>
                </>
              ) : (
                <span data-testid="day-hours" className="hidden sm:inline">
                  {formatHours(hours)}h available
                </span>
              )}
              {/* Seven days share a phone's width: a shorter figure, the full one in the title and the cell's name. */}
              <span className="sm:hidden" aria-hidden title={`${formatHours(hours)} hours`}>
                {compactHours(hours)}
              </span>
            </span>
            {day.shortHours > 0 ? <ShortfallMarker shortHours={day.shortHours} className="hidden sm:inline-flex" /> : null}
          </div>
          {/* A phone's cell has no room beside the hours: the icon takes a line of its own, the list under the grid the words. */}
          {day.shortHours > 0 ? <ShortfallMarker shortHours={day.shortHours} iconOnly className="flex sm:hidden" /> : null}
        </>
      ) : (
        <div className="h-4" aria-hidden />
      )}
      {day.pills.length > 0 ? (
        <>
          <div className="hidden min-w-0 flex-col gap-0.5 sm:flex">
            {lines ? (
              <MonthCellPills
                date={day.date}
                pills={day.pills}
                layout={lines}
                tabbable={isActive}
                editable={editable}
                describedBy={describedBy}
              />
            ) : (
              day.pills.map((p, i) => (
                <Pill
                  key={p.key}
                  pill={p}
                  index={i}
                  tabbable={isActive}
                  size={variant === 'week' ? 'md' : 'sm'}
                  date={day.date}
                  editable={editable}
                  describedBy={describedBy}
                />
              ))
            )}
          </div>
          <div className="sm:hidden">
            <PillDots pills={day.pills} />
          </div>
        </>
      ) : null}
      {showWeekend ? (
        <span className="mt-auto hidden text-xs text-muted-foreground italic select-none sm:block">{weekendLabel(day)}</span>
      ) : null}
      {editable ? <DayDropTarget date={day.date} /> : null}
    </div>
  );
});

/** One background per cell: awaiting authorisation (yellow) wins, then today (blue), then outside the month. */
function background(day: CalendarDay): string {
  if (day.awaitingAuth) return 'bg-day-awaiting';
  if (day.isToday) return 'bg-day-today';
  if (!day.isCurrentMonth) return 'bg-day-outside';
  return 'bg-day';
}

/**
 * A month row's height: the header (padding, date, hours: 50 px) plus one 22 px line per slot, the lines from
 * layoutRow (at least four, at most eight). The 50 px is what the header takes, so a row is as tall with four
 * pills in a cell as with none.
 */
export function rowStyle(lines: number): CSSProperties {
  return { '--cell-h': `calc(3.125rem + ${lines} * 22px)` } as CSSProperties;
}
