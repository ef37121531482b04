import { AlertTriangle } from 'lucide-react';
import { memo } from 'react';
import { shortLabel } from '../../../../shared/domain/coverage-messages';
import { weekdayIndex } from '../../../../shared/domain/dates';
import { cn } from '../../../lib/cn';
import { WEEKDAY_NAMES } from '../../../lib/weekdays';
import { formatHours, partsOf, spokenDate } from '../dates';
import { DayDropTarget } from '../dnd/DayDropTarget';
import { weekendLabel, type CalendarDay } from '../model';
import { SHORT_TONE } from '../Shortfall';
import { COL_W, dayLeft, HEAD_H, type DaySpan } from './geometry';

/** Shaded days carry a stripe pattern as well as a tint, and the header names why (not colour alone). */
const OFF_DAY = 'bg-[repeating-linear-gradient(135deg,var(--color-muted)_0_6px,transparent_6px_12px)]';
const TODAY = 'bg-blue-50 dark:bg-blue-950/40';
/** A line at each day's right edge, one background for all the days. */
const LINES = `repeating-linear-gradient(to right, transparent 0 ${COL_W - 1}px, color-mix(in srgb, var(--color-border) 60%, transparent) ${COL_W - 1}px ${COL_W}px)`;

const isOff = (d: CalendarDay) => d.isPublicHoliday || (d.isWeekend && !d.isWorkingWeekend);

interface DayColumnsProps {
  days: readonly CalendarDay[];
  nameW: number;
  height: number;
  /** Writers: each column is the day's drop target (decision 090). */
  droppable: boolean;
}

/**
 * The days' columns behind every row, drawn once for the whole grid: the lines between days, the stripes of
 * days off and today's tint, and (for writers) each day's drop target, so a row needs no element per day.
 */
export const DayColumns = memo(function DayColumns({ days, nameW, height, droppable }: DayColumnsProps) {
  return (
    <div aria-hidden className="pointer-events-none absolute top-0 left-0" style={{ height, width: dayLeft(days.length, nameW) }}>
      <div className="absolute inset-y-0 right-0" style={{ left: nameW, backgroundImage: LINES }} />
      {days.map((d, c) => (
        <div
          key={d.date}
          className={cn('absolute inset-y-0', isOff(d) && OFF_DAY, d.isToday && TODAY)}
          style={{ left: dayLeft(c, nameW), width: COL_W }}
        >
          {droppable ? <DayDropTarget date={d.date} outline={false} /> : null}
        </div>
      ))}
    </div>
  );
});

interface HeaderRowProps {
  days: readonly CalendarDay[];
  nameW: number;
  /** The days a drag or selection would cover, outlined here too. */
  preview: DaySpan | null;
}

export const HeaderRow = memo(function HeaderRow({ days, nameW, preview }: HeaderRowProps) {
  return (
    <div role="row" aria-rowindex={1} className="sticky top-0 z-20 flex border-b border-border bg-card" style={{ height: HEAD_H }}>
      <div
        role="columnheader"
        aria-colindex={1}
        className="sticky left-0 z-10 flex items-end border-r border-border bg-card px-2 pb-1 text-xs font-medium text-muted-foreground"
        style={{ width: nameW, minWidth: nameW }}
      >
        Employee
      </div>
      {days.map((d, c) => (
        <DayHeader key={d.date} day={d} col={c} covered={!!preview && c >= preview.from && c <= preview.to} />
      ))}
    </div>
  );
});

function DayHeader({ day, col, covered }: { day: CalendarDay; col: number; covered: boolean }) {
  const off = day.isPublicHoliday ? 'Hol' : isOff(day) ? 'Wknd' : null;
  return (
    <div
      role="columnheader"
      aria-colindex={col + 2}
      data-day={day.date}
      aria-label={`${spokenDate(day.date)}${day.availableHours !== null ? `, ${formatHours(day.availableHours)} hours available` : ''}${
        day.shortHours > 0 ? `, ${shortLabel(day.shortHours)}` : ''
      }${day.publicHolidayName ? `, Holiday: ${day.publicHolidayName}` : day.isWeekend ? `, ${weekendLabel(day)}` : ''}`}
      title={[day.publicHolidayName, day.shortHours > 0 ? shortLabel(day.shortHours) : null].filter(Boolean).join(' · ') || undefined}
      className={cn(
        'flex shrink-0 flex-col items-center justify-center border-r border-border/60 text-[11px] leading-tight',
        off && OFF_DAY,
        day.isToday && `${TODAY} font-semibold`,
        covered && 'ring-2 ring-primary ring-inset',
      )}
      style={{ width: COL_W }}
    >
      <span aria-hidden>
        {WEEKDAY_NAMES[weekdayIndex(day.date)].slice(0, 2)} {partsOf(day.date).day}
      </span>
      {/* A day under the minimum (decision 099): the icon beside the hours, the words in the header's name and title. */}
      <span aria-hidden className={cn('inline-flex items-center font-medium tabular-nums', day.shortHours > 0 && SHORT_TONE)}>
        {day.shortHours > 0 ? <AlertTriangle className="h-3 w-3 shrink-0" data-testid="wallchart-shortfall" /> : null}
        {day.availableHours !== null ? `${formatHours(day.availableHours)}h` : '…'}
      </span>
      {off ? (
        <span aria-hidden className="text-[10px] text-muted-foreground">
          {off}
        </span>
      ) : null}
    </div>
  );
}
