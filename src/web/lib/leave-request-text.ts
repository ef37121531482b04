/** How a request reads on screen: its status in words (never colour alone), its span and its history. Pure. */
import type { TLeaveRequest, TLeaveRequestEvent } from '../../shared/contracts/leave-requests';
import { dayMonthYear } from './day-label';

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

/** "3 Mar 2026" for one day, "3 Mar 2026 – 5 Mar 2026" for several. */
export function spanLabel(r: Pick<TLeaveRequest, 'startDate' | 'endDate'>): string {
  return r.startDate === r.endDate ? dayMonthYear(r.startDate) : `${dayMonthYear(r.startDate)} – ${dayMonthYear(r.endDate)}`;
}

/** One decimal, without a trailing ".0": 7.5 → "7.5", 16 → "16". */
export const hoursText = (hours: number) => String(Math.round(hours * 10) / 10);

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
  const time = Number.isNaN(at.getTime())
    ? e.at
    : `${dayMonthYear(localYmd(at, timeZone))}, ${at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone })}`;
  return `${ACTIONS[e.action]} by ${e.actorName} on ${time}`;
}

function localYmd(d: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
