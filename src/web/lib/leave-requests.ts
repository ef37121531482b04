/**
 * Time-off requests as the web app reads and changes them (decision 092's routes). Every list lives under
 * the one path key, so a change anywhere (sent, decided, cancelled) refetches My time off, Requests and the
 * calendar's pending pills together.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { balancesKey } from './balances';
import type { TLeaveRequestCreate, TLeaveRequestStatus } from '../../shared/contracts/leave-requests';
import { api } from './api';
import { announceCalendarChange } from './calendar-events';

export const LEAVE_PATH = '/api/leave-requests';
export const leaveKey = (filter: { mine?: boolean; status?: TLeaveRequestStatus }) => [LEAVE_PATH, 'list', filter] as const;
export const impactKey = (id: number) => [LEAVE_PATH, 'impact', id] as const;

/** The signed-in user's own requests, newest first as the server sends them. */
export const useMyRequests = () =>
  useQuery({ queryKey: leaveKey({ mine: true }), queryFn: () => api('GET /api/leave-requests', { query: { mine: 'true' } }) });

/** The site's requests an approver sees, narrowed by status on the server. */
export const useSiteRequests = (status: TLeaveRequestStatus | undefined) =>
  useQuery({ queryKey: leaveKey({ status }), queryFn: () => api('GET /api/leave-requests', { query: { status } }) });

export const useImpact = (id: number, enabled: boolean) =>
  useQuery({ queryKey: impactKey(id), queryFn: () => api('GET /api/leave-requests/:id/impact', { params: { id } }), enabled });

/** After any change: every request list and impact, the balances, and the calendar (an approval or cancellation moves hours). */
export function useAfterLeaveChange() {
  const qc = useQueryClient();
  return async () => {
    announceCalendarChange();
    // Balances too: a request's hours move between pending, booked and nothing (decision 095).
    await Promise.all([qc.invalidateQueries({ queryKey: [LEAVE_PATH] }), qc.invalidateQueries({ queryKey: balancesKey })]);
  };
}

export function useCreateRequest() {
  const after = useAfterLeaveChange();
  return useMutation({
    mutationFn: (body: TLeaveRequestCreate) => api('POST /api/leave-requests', { body }),
    onSuccess: after,
  });
}

export type LeaveAction = 'approve' | 'decline' | 'cancel';

export function useDecide() {
  const after = useAfterLeaveChange();
  return useMutation({
    mutationFn: ({ id, action, comment, reason }: { id: number; action: LeaveAction; comment?: string; reason?: string }) =>
      action === 'decline'
        ? api('POST /api/leave-requests/:id/decline', { params: { id }, body: { comment: comment ?? '' } })
        : api(`POST /api/leave-requests/:id/${action}`, {
            params: { id },
            // `reason`: an approval confirmed past a coverage warning (decision 098).
            body: { ...(comment ? { comment } : {}), ...(reason ? { coverageConfirmation: { reason } } : {}) },
          }),
    onSuccess: after,
  });
}
