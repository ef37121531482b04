import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { addDaysStr } from '../../../shared/domain/dates';
import { formatDayRange, formatHours } from '../../../shared/format';
import { api, ApiError, messageOf } from '../../lib/api';
import { balancesKey } from '../../lib/balances';
import { LEAVE_PATH } from '../../lib/leave-requests';
import { summaryText } from './time-off-summary';

/** How many upcoming absences the summary names. */
const NEXT_SHOWN = 3;

/**
 * The top of My time off (decision 113): the leave year's balance in the policy's unit, what is booked and
 * waiting, then the next few absences. The person's own figures only; nothing of the site's or anyone else's.
 */
export function TimeOffSummary({ employeeId, today }: { employeeId: number; today: string }) {
  return (
    <section aria-labelledby="time-off-balance" className="mb-6 grid gap-3 sm:grid-cols-2">
      <Balance employeeId={employeeId} />
      <NextAbsences employeeId={employeeId} today={today} />
    </section>
  );
}

function Balance({ employeeId }: { employeeId: number }) {
  const q = useQuery({
    // Under the balances' key, so whatever refreshes the balances (a request sent, decided or cancelled) refreshes it.
    queryKey: [...balancesKey, 'own', employeeId],
    queryFn: async () => {
      try {
        return await api('GET /api/balances', { query: { employeeId } });
      } catch (err) {
        // The server's 409: the site has no allowance policy.
        if (err instanceof ApiError && err.status === 409) return null;
        throw err;
      }
    },
  });
  const row = q.data?.rows.find((r) => r.employeeId === employeeId);
  const text = q.data && row ? summaryText(q.data.unit, row, q.data.yearStart, q.data.yearEnd) : null;
  return (
    <div className="rounded-lg border border-border bg-card p-4" data-testid="time-off-balance">
      <h2 id="time-off-balance" className="text-sm font-medium text-muted-foreground">
        Your allowance
      </h2>
      {q.isPending ? (
        <p className="mt-2 text-sm text-muted-foreground">Loading your balance...</p>
      ) : q.isError ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {messageOf(q.error, 'Your balance could not be loaded.')}
        </p>
      ) : q.data === null ? (
        <p className="mt-2 text-sm">
          No allowance is counted on this site yet, so there is no balance to show. You can still ask for time off.
        </p>
      ) : !text ? (
        <p className="mt-2 text-sm">Your balance shows here once your employment has started.</p>
      ) : (
        <>
          <p className={`mt-1 flex items-center gap-2 text-3xl font-semibold tracking-tight ${text.over ? 'text-destructive' : ''}`}>
            {text.over ? <AlertTriangle className="h-6 w-6 shrink-0" aria-hidden /> : null}
            {text.headline}
          </p>
          {text.hoursBeneath ? <p className="text-sm text-muted-foreground">{text.hoursBeneath}</p> : null}
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Booked</dt>
            <dd>{text.booked}</dd>
            <dt className="text-muted-foreground">Waiting for approval</dt>
            <dd>{text.pending}</dd>
          </dl>
          <p className="mt-2 text-xs text-muted-foreground">{text.year}</p>
        </>
      )}
    </div>
  );
}

function NextAbsences({ employeeId, today }: { employeeId: number; today: string }) {
  const to = addDaysStr(today, 365);
  const q = useQuery({
    queryKey: [LEAVE_PATH, 'next-absences', employeeId, today],
    queryFn: () => api('GET /api/exceptions', { query: { startDate: today, endDate: to, employeeId } }),
  });
  const next = (q.data ?? [])
    .filter((e) => e.employeeId === employeeId && !e.isAdditive && e.endDate >= today)
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id - b.id)
    .slice(0, NEXT_SHOWN);
  const year = Number(today.slice(0, 4));
  return (
    <div className="rounded-lg border border-border bg-card p-4">
      <h2 className="text-sm font-medium text-muted-foreground">Next time off</h2>
      {q.isPending ? (
        <p className="mt-2 text-sm text-muted-foreground">Loading...</p>
      ) : q.isError ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {messageOf(q.error, 'Your time off could not be loaded.')}
        </p>
      ) : next.length === 0 ? (
        <p className="mt-2 text-sm">Nothing booked yet.</p>
      ) : (
        <ul className="mt-2 space-y-1.5 text-sm" aria-label="Next time off">
          {next.map((e) => (
            <li key={e.id} className="flex items-start gap-2">
              <span className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full" style={{ backgroundColor: e.reasonColor }} aria-hidden />
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-medium">{formatDayRange(e.startDate, e.endDate, { omitYear: year })}</span>
                <span className="text-muted-foreground">
                  {' · '}
                  {e.reasonName}
                  {!e.isFullDay && e.hours !== null ? `, ${formatHours(e.hours)} a day` : ''}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
