import { CalendarPlus, Pencil, StickyNote, Trash2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { AuthoriseDayButton } from './authorisation/AuthoriseDayButton';
import { formatHours } from './dates';
import { DayDetails } from './DayDetails';
import { weekendLabel, type CalendarDay, type CalendarPill } from './model';
import { Pill } from './Pill';
import { ShortfallMarker } from './Shortfall';

// Only the day view shows it, so the month and week views do not carry it (bundle budget, decision 034).
const DayExplain = lazy(() => import('./DayExplain'));

export interface DayViewProps {
  day: CalendarDay;
  onPillClick: (pill: CalendarPill, date: string) => void;
  /** Seams for the exception and note dialogs (a later issue); without them no edit or delete icons show. */
  onEditPill?: (pill: CalendarPill) => void;
  onDeletePill?: (pill: CalendarPill) => void;
  /** The user may authorise: the Authorise button shows while the day has unauthorised changes. */
  canAuthorise?: boolean;
  /** Writers: the Add Exception and Add Note buttons. */
  onAddException?: () => void;
  onAddNote?: () => void;
}

/** One day: hours, authorisation state, holiday and weekend, its pills and the Day Details card. */
export function DayView({ day, onPillClick, onEditPill, onDeletePill, canAuthorise = false, onAddException, onAddNote }: DayViewProps) {
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_20rem]" data-testid="day-view">
      <section aria-label="Exceptions and notes" className="rounded-lg border border-border bg-card p-4">
        <div className="flex min-h-8 flex-wrap items-center gap-2">
          <p className="text-lg font-semibold" data-testid="day-hours">
            {day.availableHours === null ? '…' : `${formatHours(day.availableHours)}h available`}
          </p>
          {day.requiredHours !== null ? (
            <span className="text-sm text-muted-foreground" data-testid="day-required">
              {`Required ${formatHours(day.requiredHours)} h`}
            </span>
          ) : null}
          {day.shortHours > 0 ? <ShortfallMarker shortHours={day.shortHours} className="inline-flex text-sm" /> : null}
          <Badge tone={day.isChanged ? 'amber' : 'green'} data-testid="auth-status">
            {day.isChanged ? 'Needs Auth' : 'Authorised'}
          </Badge>
          {day.publicHolidayName !== null ? (
            <>
              <Badge tone="red">Holiday</Badge>
              <span className="text-sm font-medium">{day.publicHolidayName}</span>
            </>
          ) : null}
          {day.isWeekend && !day.isPublicHoliday ? <span className="text-sm text-muted-foreground">{weekendLabel(day)}</span> : null}
          {canAuthorise && day.isChanged ? (
            <div className="ml-auto">
              <AuthoriseDayButton date={day.date} />
            </div>
          ) : null}
        </div>
        {onAddException || onAddNote ? (
          <div className="mt-3 flex flex-wrap gap-2">
            {onAddException ? (
              <Button size="sm" onClick={onAddException}>
                <CalendarPlus className="h-4 w-4" aria-hidden />
                Add Exception
              </Button>
            ) : null}
            {onAddNote ? (
              <Button size="sm" variant="outline" onClick={onAddNote}>
                <StickyNote className="h-4 w-4" aria-hidden />
                Add Note
              </Button>
            ) : null}
          </div>
        ) : null}
        {day.pills.length ? (
          <ul className="mt-4 space-y-1.5" aria-label="Exceptions and notes for this day">
            {day.pills.map((p, i) => (
              <li key={p.key} className="flex items-center gap-1">
                <div className="min-w-0 flex-1" onClick={() => onPillClick(p, day.date)}>
                  <Pill pill={p} index={i} tabbable size="md" />
                </div>
                {onEditPill && !(p.kind === 'exception' && p.pending) ? (
                  <Button variant="ghost" size="icon" aria-label={`Edit ${p.text}`} onClick={() => onEditPill(p)}>
                    <Pencil className="h-4 w-4" aria-hidden />
                  </Button>
                ) : null}
                {onDeletePill && !(p.kind === 'exception' && p.pending) ? (
                  <Button variant="ghost" size="icon" aria-label={`Delete ${p.text}`} onClick={() => onDeletePill(p)}>
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 py-6 text-center text-sm text-muted-foreground">No exceptions or notes for this day</p>
        )}
      </section>
      <DayDetails day={day} />
      <Suspense fallback={null}>
        <DayExplain key={day.date} day={day} />
      </Suspense>
    </div>
  );
}
