import { useQuery } from '@tanstack/react-query';
import type { TCalendarQuery } from '../../../shared/contracts/calendar-bundle';
import { decodeCalendar } from '../../../shared/contracts/calendar-decode';
import { MAX_WINDOW_DAYS } from '../../../shared/contracts/calendar';
import { addDaysStr, toDayNumber } from '../../../shared/domain/dates';
import { api } from '../../lib/api';
import { localDay } from '../../lib/day-label';

/**
 * The types a person may ask for (decision 113): those marked requestable, never one that adds hours. A reply
 * without the flag (an older server's) offers every absence type.
 */
export const requestableTypes = <R extends { isAdditive: boolean; isRequestable?: boolean }>(reasons: readonly R[]): R[] =>
  reasons.filter((r) => !r.isAdditive && r.isRequestable !== false);

/** The viewer's calendar day. */
export const localToday = localDay;

const validDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/**
 * The window the dialog reads for a span: whole months around it, so moving a date inside a month asks
 * nothing new. Null while the dates are not a readable span.
 */
export function requestWindow(startDate: string, endDate: string): Pick<TCalendarQuery, 'startDate' | 'endDate'> | null {
  if (!validDay(startDate)) return null;
  const end = validDay(endDate) && endDate >= startDate ? endDate : startDate;
  const first = `${startDate.slice(0, 8)}01`;
  const nextMonth = addDaysStr(`${end.slice(0, 8)}28`, 4);
  const last = addDaysStr(`${nextMonth.slice(0, 8)}01`, -1);
  if (toDayNumber(last) - toDayNumber(first) + 1 > MAX_WINDOW_DAYS) return null;
  return { startDate: first, endDate: last };
}

/**
 * What the request dialog reads: the exception types, the employee's contract, the weekend settings and
 * the holidays of the months asked for, all from the calendar's one read (`GET /api/calendar`), which Staff
 * may make. The hours are then the shared engine's, never a rule of this screen.
 */
export function useRequestData(employeeId: number | null, startDate: string, endDate: string) {
  const w = requestWindow(startDate, endDate);
  const today = localToday();
  const q = useQuery({
    queryKey: ['/api/calendar', 'time-off', w?.startDate, w?.endDate],
    queryFn: () =>
      // The day changes are not read here: the smallest window keeps that part of the reply empty.
      api('GET /api/calendar', { query: { ...w!, dayChangesStartDate: today, dayChangesEndDate: today } }).then((wire) =>
        decodeCalendar(wire, w!),
      ),
    enabled: w !== null,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
  return {
    reasons: q.data?.reasons,
    reasonsError: q.isError,
    employee: q.data?.employees.find((e) => e.id === employeeId) ?? null,
    settings: q.data?.settings,
    holidays: q.data && w && !q.isPlaceholderData ? q.data.holidays : null,
  };
}
