import { AlertTriangle } from 'lucide-react';
import { useListQuery } from '../../lib/list-query';
import { useBalances } from '../../lib/balances';

const h = (n: number) => `${n.toFixed(1)} h`;

interface BalanceAfterProps {
  employeeId: number;
  /** The request's type: only a type that counts against the allowance shows a balance. */
  reasonId: number | null;
  /** The working hours the request takes; null while not known. */
  hours: number | null;
  /** Its first day: the balance shown is the current leave year's, so a request in another year shows none. */
  startDate: string;
  /** True for a request already sent: its hours are in the balance's pending figure. */
  sent: boolean;
}

/**
 * "After this request: N h left" (decision 095), beside a request being made or decided: this leave year's
 * remaining less the request's hours; pending requests are not deducted from the balance, so the others still
 * waiting are named beside it. Below zero it warns in words and with an icon, not by colour alone.
 */
export function BalanceAfter({ employeeId, reasonId, hours, startDate, sent }: BalanceAfterProps) {
  const reasons = useListQuery('GET /api/exception-reasons', 'Failed to load exception types');
  const counts = reasons.data?.find((r) => r.id === reasonId)?.countsAgainstAllowance === true;
  const balances = useBalances(counts);
  const b = balances.data;
  const row = b?.rows.find((r) => r.employeeId === employeeId);
  if (!counts || hours === null || !b || !row || startDate < b.yearStart || startDate > b.yearEnd) return null;
  const after = Math.round((row.remaining - hours) * 10) / 10;
  const otherPending = Math.round((row.pending - (sent ? hours : 0)) * 10) / 10;
  const others = otherPending > 0 ? ` (${h(otherPending)} of other requests still waiting)` : '';
  return (
    <p
      role="status"
      data-testid="balance-after"
      className={
        after < 0
          ? 'flex items-start gap-2 rounded-md border border-destructive px-3 py-2 text-sm text-destructive'
          : 'text-sm text-muted-foreground'
      }
    >
      {after < 0 ? <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> : null}
      <span>
        {after < 0
          ? `Over the allowance: after this request ${h(-after)} more than the ${h(row.remaining)} left this leave year${others}.`
          : `After this request: ${h(after)} left this leave year${others}.`}
      </span>
    </p>
  );
}
