import { AlertTriangle } from 'lucide-react';
import { useListQuery } from '../../lib/list-query';
import { useBalancePreview } from '../../lib/balances';
import { balanceAfterLine } from './balance-after-text';

interface BalanceAfterProps {
  employeeId: number;
  /** The request's type: only a type that counts against the allowance shows a balance. */
  reasonId: number | null;
  /** The request's days as asked; null while they are not known (the form does not check out yet). */
  span: { startDate: string; endDate: string; isFullDay: boolean; hours: number | null } | null;
  /** The working hours the request takes over its days (the dialog's "This takes" line, a card's total). */
  workingHours: number | null;
  /** A request already sent: the server leaves it out of what is waiting and counts it once, as approved. */
  requestId?: number;
}

/**
 * "After this request: N h left" (decisions 095, 112), beside a request being made or decided: the balance of the
 * leave year today is in once the request is approved, as the server's balance engine counts it
 * (`GET /api/balances/preview`), so a day an absence already took is not taken twice. Other requests still waiting
 * are not deducted and are named beside it. Below zero it warns in words and with an icon, not by colour alone.
 * Nothing shows for a type that does not count, a request starting in another leave year, or a site without a policy.
 */
export function BalanceAfter({ employeeId, reasonId, span, workingHours, requestId }: BalanceAfterProps) {
  const reasons = useListQuery('GET /api/exception-reasons', 'Failed to load exception types');
  const counts = reasons.data?.find((r) => r.id === reasonId)?.countsAgainstAllowance === true;
  const asked =
    counts && span && reasonId !== null
      ? { employeeId, reasonId, startDate: span.startDate, endDate: span.endDate, isFullDay: span.isFullDay, hours: span.hours, requestId }
      : null;
  const preview = useBalancePreview(asked);
  const p = preview.data;
  if (!counts || !span || !p || !p.currentYear) return null;
  const line = balanceAfterLine(p, workingHours, span.endDate);
  return (
    <p
      role="status"
      data-testid="balance-after"
      aria-busy={preview.isPlaceholderData || undefined}
      className={
        line.over
          ? 'flex items-start gap-2 rounded-md border border-destructive px-3 py-2 text-sm text-destructive'
          : 'text-sm text-muted-foreground'
      }
    >
      {line.over ? <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> : null}
      <span>{line.text}</span>
    </p>
  );
}
