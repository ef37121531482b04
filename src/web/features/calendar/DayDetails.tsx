import { AlertTriangle } from 'lucide-react';
import { AuthorisationAudit } from './authorisation/AuthorisationAudit';
import { formatHours, formatPartHours } from './dates';
import { weekendLabel, type CalendarDay, type ExceptionPill } from './model';

/** "Isla Green — Training (3.5h)": the hours only for part days; a colleague's, shown to Staff without hours, "(part day)". */
export function staffLine(p: ExceptionPill): string {
  const e = p.exception;
  const part = e.hours === null ? 'part day' : formatPartHours(e.hours);
  return `${e.employeeName} — ${e.reasonName}${e.isFullDay ? '' : ` (${part})`}`;
}

export function dayStatus(day: Pick<CalendarDay, 'isPublicHoliday' | 'isWeekend' | 'isWorkingWeekend'>): string {
  if (day.isPublicHoliday) return 'Public Holiday';
  return day.isWeekend ? weekendLabel(day) : 'Regular Workday';
}

/** The day view's side card: hours, status, who is off or working extra, and the unauthorised warning. */
export function DayDetails({ day }: { day: CalendarDay }) {
  const staff = day.pills.filter((p): p is ExceptionPill => p.kind === 'exception');
  return (
    <section aria-labelledby="day-details-title" className="rounded-lg border border-border bg-card p-4">
      <h2 id="day-details-title" className="text-base font-semibold">
        Day Details
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Available Hours</dt>
        <dd data-testid="details-hours" className="font-medium">
          {day.availableHours === null ? '…' : formatHours(day.availableHours)}
        </dd>
        {day.requiredHours !== null ? (
          <>
            <dt className="text-muted-foreground">Required Hours</dt>
            <dd data-testid="details-required" className="font-medium">
              {formatHours(day.requiredHours)}
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Status</dt>
        <dd data-testid="details-status" className="font-medium">
          {dayStatus(day)}
        </dd>
      </dl>
      <h3 className="mt-4 text-sm font-semibold">Staff On This Day</h3>
      {staff.length ? (
        <ul className="mt-2 space-y-1 text-sm" aria-label="Staff On This Day">
          {staff.map((p) => (
            <li key={p.key} className="flex min-w-0 items-center gap-2 [overflow-wrap:anywhere]">
              <span className="h-2 w-2 shrink-0 rounded-full" style={{ backgroundColor: p.color }} aria-hidden />
              {staffLine(p)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">No exceptions recorded</p>
      )}
      {day.isChanged ? (
        <p
          role="note"
          className="mt-4 flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
        >
          <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden />
          This day has unauthorised changes
        </p>
      ) : null}
      <AuthorisationAudit day={day} />
    </section>
  );
}
