import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { addDaysStr, monthGrid } from '../../../../shared/domain/dates';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { WEEKDAY_NAMES } from '../../../lib/weekdays';
import { localDay, MONTH_NAMES, partsOf, shiftMonth, spokenDate, ymd } from '../dates';
import { inRange, type DayRange } from './range';

interface RangeCalendarProps {
  range: DayRange;
  /** A day was clicked (or chosen with Enter or Space); the caller applies the range rule. */
  onPick: (day: string) => void;
  /** The accessible name of the grid, e.g. "Exception dates". */
  label: string;
}

const KEY_DAYS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * A small month calendar for picking a range: an ARIA grid of day buttons with one tab stop, arrow keys
 * between days, Home/End for the week, Page Up/Down for months, and Previous/Next month buttons.
 */
export function RangeCalendar({ range, onPick, label }: RangeCalendarProps) {
  const first = range.from ?? range.to;
  const [focusDay, setFocusDay] = useState(() => first ?? localDay(new Date()));
  const { year, month } = partsOf(focusDay);
  const gridRef = useRef<HTMLDivElement>(null);
  const keyboardMove = useRef(false);
  const days = monthGrid(year, month);
  const title = `${MONTH_NAMES[month - 1]} ${year}`;
  // Dates set from outside (the coverage assistant's suggestion, decision 098) bring their month into view.
  const [shownFirst, setShownFirst] = useState(first);
  if (first !== shownFirst) {
    setShownFirst(first);
    if (first && !days.includes(first)) setFocusDay(first);
  }

  useEffect(() => {
    if (!keyboardMove.current) return;
    keyboardMove.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay]);

  const showMonth = (delta: number) => {
    const next = shiftMonth(year, month, delta);
    const day = Math.min(partsOf(focusDay).day, 28);
    setFocusDay(ymd(next.year, next.month, day));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const day = (e.target as HTMLElement).dataset.day;
    if (!day) return;
    let next: string | undefined;
    if (e.key in KEY_DAYS) next = addDaysStr(day, KEY_DAYS[e.key]);
    else if (e.key === 'Home' || e.key === 'End') {
      const column = (days.indexOf(day) + 7) % 7;
      next = addDaysStr(day, e.key === 'Home' ? -column : 6 - column);
    } else if (e.key === 'PageUp' || e.key === 'PageDown') {
      const { day: d } = partsOf(day);
      const m = shiftMonth(year, month, e.key === 'PageUp' ? -1 : 1);
      next = ymd(m.year, m.month, Math.min(d, 28));
    }
    if (!next) return;
    e.preventDefault();
    keyboardMove.current = true;
    setFocusDay(next);
  };

  return (
    <div className="w-full max-w-[19rem] rounded-md border border-border p-2">
      <div className="mb-1 flex items-center justify-between">
        <Button variant="ghost" size="icon" aria-label="Previous month" onClick={() => showMonth(-1)}>
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </Button>
        <p className="text-sm font-semibold" aria-live="polite">
          {title}
        </p>
        <Button variant="ghost" size="icon" aria-label="Next month" onClick={() => showMonth(1)}>
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <div ref={gridRef} role="grid" aria-label={`${label}, ${title}`} onKeyDown={onKeyDown} className="grid gap-0.5">
        <div role="row" className="grid grid-cols-7">
          {WEEKDAY_NAMES.map((name) => (
            <span
              key={name}
              role="columnheader"
              aria-label={name}
              className="py-1 text-center text-[11px] font-medium text-muted-foreground"
            >
              {name.slice(0, 2)}
            </span>
          ))}
        </div>
        {[0, 1, 2, 3, 4, 5].map((row) => (
          <div key={row} role="row" className="grid grid-cols-7 gap-y-0.5">
            {days.slice(row * 7, row * 7 + 7).map((day) => {
              const selected = inRange(range, day);
              const edge = day === range.from || day === range.to;
              const outside = partsOf(day).month !== month;
              return (
                <div key={day} role="gridcell" aria-selected={selected} className="flex justify-center">
                  <button
                    type="button"
                    data-day={day}
                    tabIndex={day === focusDay ? 0 : -1}
                    aria-label={spokenDate(day)}
                    onClick={() => {
                      setFocusDay(day);
                      onPick(day);
                    }}
                    className={cn(
                      'h-9 w-9 rounded-md text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                      edge
                        ? 'bg-primary font-semibold text-primary-foreground hover:bg-primary-hover'
                        : selected
                          ? 'bg-primary/15 text-foreground hover:bg-primary/25 dark:bg-primary/30'
                          : 'hover:bg-muted',
                      outside && !selected && 'text-muted-foreground',
                    )}
                  >
                    {partsOf(day).day}
                  </button>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
