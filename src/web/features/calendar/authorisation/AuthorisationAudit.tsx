import type { CalendarDay } from '../model';
import { authorisedLead, formatStamp, hoursLine } from './audit';

/** Who authorised the day and when, and the hours signed off against the hours now; only for a day that changed. */
export function AuthorisationAudit({ day }: { day: Pick<CalendarDay, 'dayChange' | 'availableHours'> }) {
  const c = day.dayChange;
  if (!c) return null;
  const lead = authorisedLead(c);
  return (
    <section aria-labelledby="auth-audit-title" data-testid="auth-audit" className="mt-4 border-t border-border pt-3 text-sm">
      <h3 id="auth-audit-title" className="font-semibold">
        Authorisation
      </h3>
      <p className="mt-1" data-testid="auth-audit-by">
        {lead && c.authorisedAt ? (
          <>
            {lead} on <span className="whitespace-nowrap">{formatStamp(c.authorisedAt)}</span>
          </>
        ) : (
          'Not authorised yet'
        )}
      </p>
      <p data-testid="auth-audit-hours">{hoursLine(c.authorisedHours, day.availableHours ?? c.currentHours)}</p>
      <p className="text-muted-foreground">Last changed {formatStamp(c.lastModified)}</p>
    </section>
  );
}
