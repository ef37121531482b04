/** How a request reads on screen: its status in words (never colour alone), its span and its history. Pure. */
import type { TLeaveRequest, TLeaveRequestEvent } from '../../shared/contracts/leave-requests';
import { formatDateTime, formatDayRange, oneDecimal } from '../../shared/format';

export type StatusTone = 'amber' | 'green' | 'red' | 'neutral';

type StatusFields = Pick<TLeaveRequest, 'status' | 'cancellationPending' | 'approvalsNeeded' | 'approvalsGiven'>;

/** "Pending", "Pending (1 of 2 approvals)", "Approved", "Cancellation pending", "Declined" or "Cancelled". */
export function statusLabel(r: StatusFields): string {
  if (r.status === 'approved') return r.cancellationPending ? 'Cancellation pending' : 'Approved';
  if (r.status === 'pending') return r.approvalsNeeded > 1 ? `Pending (${r.approvalsGiven} of ${r.approvalsNeeded} approvals)` : 'Pending';
  return r.status === 'declined' ? 'Declined' : 'Cancelled';
}

export function statusTone(r: StatusFields): StatusTone {
  if (r.status === 'approved') return r.cancellationPending ? 'amber' : 'green';
  if (r.status === 'pending') return 'amber';
  return r.status === 'declined' ? 'red' : 'neutral';
}

/** "Tue 3 Mar 2026" for one day, "Tue 3 – Thu 5 Mar 2026" for several (decision 114). */
export function spanLabel(r: Pick<TLeaveRequest, 'startDate' | 'endDate'>): string {
  return formatDayRange(r.startDate, r.endDate);
}

/** Always one decimal (decision 114): 7.5 → "7.5", 16 → "16.0". */
export const hoursText = (hours: number) => oneDecimal(hours);

/** "Full day, 15 hours" or "3 hours a day, 6 hours". */
export function amountLabel(r: Pick<TLeaveRequest, 'isFullDay' | 'hours' | 'totalHours'>): string {
  const total = `${hoursText(r.totalHours)} ${r.totalHours === 1 ? 'hour' : 'hours'} in all`;
  if (r.isFullDay || r.hours === null) return `Full days, ${total}`;
  return `${hoursText(r.hours)} ${r.hours === 1 ? 'hour' : 'hours'} a day, ${total}`;
}

const ACTIONS: Record<TLeaveRequestEvent['action'], string> = {
  requested: 'Requested',
  approved: 'Approved',
  'first-approval': 'First approval',
  declined: 'Declined',
  cancelled: 'Cancelled',
  'cancellation-requested': 'Cancellation asked for',
  'cancellation-declined': 'Cancellation declined',
};

/** "Approved by Alice Admin on 3 Mar 2026, 14:05" (the time in the viewer's own zone). */
export function eventLabel(e: Pick<TLeaveRequestEvent, 'action' | 'actorName' | 'at'>, timeZone?: string): string {
  const at = new Date(e.at);
  const time = Number.isNaN(at.getTime()) ? e.at : formatDateTime(at, timeZone);
  return `${ACTIONS[e.action]} by ${e.actorName} on ${time}`;
}
