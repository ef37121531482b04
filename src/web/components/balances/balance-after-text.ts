import type { TBalancePreview } from '../../../shared/contracts/balances';
import { hoursText } from '../../lib/leave-request-text';

const h = (n: number) => `${n.toFixed(1)} h`;
const d = (n: number) => `${n.toFixed(1)} ${n === 1 ? 'day' : 'days'}`;

export interface BalanceAfterLine {
  over: boolean;
  text: string;
}

/**
 * The words of "After this request" (decisions 095, 112), from the server's preview: the remaining if approved is
 * the balance engine's own figure, never the browser's subtraction. `workingHours` is the request's own total over
 * its days (the dialog's "This takes" line, a card's total); when the allowance loses less, the line says why.
 * `endDate` tells a request running into the next leave year from one whose days other absences already took.
 */
export function balanceAfterLine(p: TBalancePreview, workingHours: number | null, endDate: string): BalanceAfterLine {
  const after = p.remainingIfApproved;
  const over = after < 0;
  const parts: string[] = [];
  if (p.days) parts.push(over ? `${d(-p.days.remainingIfApproved)} over` : d(p.days.remainingIfApproved));
  if (p.otherPending > 0) parts.push(`${h(p.otherPending)} of other requests still waiting`);
  const aside = parts.length ? ` (${parts.join('; ')})` : '';
  const text = over
    ? `Over the allowance: after this request ${h(-after)} more than the ${h(p.remaining)} left this leave year${aside}.`
    : `After this request: ${h(after)} left this leave year${aside}.`;
  if (workingHours === null || Math.round((workingHours - p.takes) * 10) <= 0) return { over, text };
  const why = endDate > p.yearEnd ? 'the rest falls in the next leave year' : 'absences already on those days take the rest';
  return { over, text: `${text} Of its ${hoursText(workingHours)} working hours, ${h(p.takes)} come off the allowance: ${why}.` };
}
