import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';
import { formatHours, formatPartHours, fullDateLabel } from './dates';
import { weekendLabel, type CalendarDay, type CalendarPill } from './model';
import { SHORT_TONE, ShortfallMarker } from './Shortfall';

interface NarrowAgendaProps {
  /** The days to list: the selected day's week (month view) or the whole week (week view). */
  days: readonly CalendarDay[];
  activeDate: string;
  onOpenDay: (date: string) => void;
  onPillClick: (pill: CalendarPill, date: string) => void;
}

/** "Isla Green — Training · 3.5h" or "… · full day": who, what and how long, in words. */
function itemText(p: CalendarPill): string {
  if (p.kind === 'note') return p.text;
  const e = p.exception;
  // A colleague's part day comes to Staff without its hours (decision 106).
  const span = e.isFullDay ? 'full day' : e.hours === null ? 'part day' : formatPartHours(e.hours);
  return `${p.pending ? 'Pending: ' : ''}${e.employeeName} — ${e.reasonName} · ${span}`;
}

/**
 * Phones only (hidden from 640 px): the grid above shows coloured dots, so the days are written out
 * beneath it: date, hours, holiday name, weekend, and each exception or note. Tapping an item opens it as
 * a pill would; tapping the date opens the day.
 */
export function NarrowAgenda({ days, activeDate, onOpenDay, onPillClick }: NarrowAgendaProps) {
  return (
    <section aria-label="Days in detail" data-testid="narrow-agenda" className="mt-3 space-y-2 sm:hidden">
      {days.map((day) => (
        <article
          key={day.date}
          data-agenda-day={day.date}
          aria-labelledby={`agenda-${day.date}`}
          className={cn(
            'rounded-lg border border-border p-3',
            day.awaitingAuth ? 'bg-day-awaiting' : 'bg-card',
            day.date === activeDate && 'ring-2 ring-blue-500',
          )}
        >
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 id={`agenda-${day.date}`} className="text-sm font-semibold">
              <button type="button" className="text-left hover:underline" onClick={() => onOpenDay(day.date)}>
                {fullDateLabel(day.date)}
              </button>
            </h3>
            {day.availableHours !== null ? (
              <span className={cn('text-xs font-semibold', day.shortHours > 0 ? SHORT_TONE : 'text-day-hours')}>
                {formatHours(day.availableHours)}h available
              </span>
            ) : null}
            {day.shortHours > 0 ? <ShortfallMarker shortHours={day.shortHours} className="inline-flex text-xs" /> : null}
            {day.awaitingAuth ? <Badge tone="amber">Needs Auth</Badge> : null}
          </div>
          {day.publicHolidayName !== null ? (
            <p className="mt-1 text-xs font-medium text-red-700 dark:text-red-300">Holiday: {day.publicHolidayName}</p>
          ) : null}
          {day.isWeekend && !day.isPublicHoliday ? <p className="mt-1 text-xs text-muted-foreground italic">{weekendLabel(day)}</p> : null}
          {day.pills.length ? (
            <ul className="mt-2 space-y-1" aria-label={`Exceptions and notes on ${fullDateLabel(day.date)}`}>
              {day.pills.map((p) => (
                <li key={p.key}>
                  <button
                    type="button"
                    onClick={() => onPillClick(p, day.date)}
                    className={cn(
                      'flex w-full min-w-0 items-start gap-2 rounded-sm px-1 py-0.5 text-left text-sm break-words hover:bg-muted',
                      p.kind === 'note' && 'italic',
                    )}
                  >
                    <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full" style={{ backgroundColor: p.color }} aria-hidden />
                    <span className="min-w-0">
                      {p.kind === 'note' ? 'Note: ' : null}
                      {itemText(p)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-xs text-muted-foreground">No exceptions or notes</p>
          )}
        </article>
      ))}
    </section>
  );
}
