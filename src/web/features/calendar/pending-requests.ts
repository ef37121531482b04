/**
 * Pending time-off requests on the calendar (decision 093): read for the data window and turned into the
 * exceptions they would become, so the pills and "Show pending as approved" use the calendar's own model
 * and engine, never a second formula.
 */
import { useQuery } from '@tanstack/react-query';
import type { TExceptionView, TReason } from '../../../shared/contracts/calendar';
import type { TLeaveRequest } from '../../../shared/contracts/leave-requests';
import { api } from '../../lib/api';
import type { DateWindow } from './calendar-window';

/** Each pending request overlapping `w` as an exception; ids are the requests' negated so they never meet a stored exception's. */
export function pendingAsExceptions(
  requests: readonly TLeaveRequest[],
  reasons: readonly TReason[] | undefined,
  w: DateWindow,
): TExceptionView[] {
  const additive = new Set((reasons ?? []).filter((r) => r.isAdditive).map((r) => r.id));
  return requests
    .filter((r) => r.status === 'pending' && r.startDate <= w.endDate && r.endDate >= w.startDate)
    .map((r) => ({
      id: -r.id,
      siteId: 0,
      employeeId: r.employeeId,
      reasonId: r.reasonId,
      startDate: r.startDate,
      endDate: r.endDate,
      isFullDay: r.isFullDay,
      hours: r.hours,
      notes: r.note,
      version: 0,
      employeeName: r.employeeName,
      reasonName: r.reasonName,
      reasonColor: r.reasonColor,
      isAdditive: additive.has(r.reasonId),
      isRangeStart: r.startDate >= w.startDate,
      isRangeEnd: r.endDate <= w.endDate,
    }));
}

/**
 * How a pending request is drawn wherever the calendar shows one (pills, wallchart bars): hatched and dashed in its
 * type's colour, besides the word "Pending" in its text, so colour is never the only cue. Uses the `--pill` colour.
 */
export const PENDING_HATCH =
  'border-dashed bg-[repeating-linear-gradient(135deg,color-mix(in_srgb,var(--pill)_28%,var(--color-card))_0_4px,var(--color-card)_4px_8px)]';

const NONE: readonly never[] = [];

/**
 * Under the requests' path, so a request sent or decided anywhere refetches it (lib/leave-requests.ts); the
 * first load seeds it from the calendar's shell (bundle.ts), so the month view draws after one request.
 */
export const pendingRequestsKey = (w: DateWindow) => ['/api/leave-requests', 'calendar', w.startDate, w.endDate] as const;

/** The window's pending requests as exceptions; empty while loading or when the read fails (the calendar draws without them). */
export function usePendingExceptions(w: DateWindow, reasons: readonly TReason[] | undefined): readonly TExceptionView[] {
  const q = useQuery({
    queryKey: pendingRequestsKey(w),
    queryFn: () => api('GET /api/leave-requests', { query: { status: 'pending', from: w.startDate, to: w.endDate } }),
    retry: false,
  });
  const data = q.data;
  return data ? pendingAsExceptions(data, reasons, w) : NONE;
}
