/** The approvers' list: narrowed by employee name and type, pending (and cancellations to decide) first. Pure. */
import type { TShortfallConflict } from '../../../shared/contracts/coverage';
import type { TLeaveRequest } from '../../../shared/contracts/leave-requests';
import { shortfallConflictOf } from '../../lib/coverage-conflict';

export interface RequestFilter {
  search: string;
  /** '' for every type. */
  reasonId: string;
}

/** Waiting for a decision: a pending request, or an approved one whose requester asked to cancel it. */
export const awaitsDecision = (r: Pick<TLeaveRequest, 'status' | 'cancellationPending'>) =>
  r.status === 'pending' || (r.status === 'approved' && r.cancellationPending);

export function filterRequests(list: readonly TLeaveRequest[], f: RequestFilter): TLeaveRequest[] {
  const term = f.search.trim().toLowerCase();
  const shown = list.filter(
    (r) => (!term || r.employeeName.toLowerCase().includes(term)) && (f.reasonId === '' || String(r.reasonId) === f.reasonId),
  );
  // Stable: within each group the server's order (newest first) stays; waiting ones by their first day.
  const waiting = shown.filter(awaitsDecision).sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0));
  return [...waiting, ...shown.filter((r) => !awaitsDecision(r))];
}

/** The types the list holds, once each, by name: the type filter offers only what can match. */
export function typesOf(list: readonly TLeaveRequest[]): Array<{ id: number; name: string }> {
  const byId = new Map<number, string>();
  for (const r of list) byId.set(r.reasonId, r.reasonName);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

export interface BulkOutcome {
  approved: number[];
  /** `shortfall`: refused because approving leaves the site short; it can be approved anyway, with a reason. */
  failed: Array<{ id: number; label: string; message: string; shortfall?: TShortfallConflict }>;
}

/** Approves each in turn (one refusal never stops the others) and says what happened to each. */
export async function approveEach(
  requests: ReadonlyArray<{ id: number; label: string }>,
  approve: (id: number) => Promise<unknown>,
): Promise<BulkOutcome> {
  const out: BulkOutcome = { approved: [], failed: [] };
  for (const r of requests) {
    try {
      await approve(r.id);
      out.approved.push(r.id);
    } catch (err) {
      const shortfall = shortfallConflictOf(err);
      const message = err instanceof Error && err.message ? err.message : 'Failed';
      out.failed.push({ id: r.id, label: r.label, message, ...(shortfall ? { shortfall } : {}) });
    }
  }
  return out;
}
