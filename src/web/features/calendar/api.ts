/**
 * The calendar's data (spec §7): windowed lists keyed by their path and window, the site's employees,
 * exception types and settings. Failures toast the spec's messages (§8); day changes fail to empty.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TDayChange, TExceptionView, THoliday, TNoteView, TReason } from '../../../shared/contracts/calendar';
import type { TEmployee } from '../../../shared/contracts/employees';
import type { TSettings, TSidebarCategory } from '../../../shared/contracts/settings';
import { toastError } from '../../components/ui/toast';
import { get, post } from '../../lib/api';
import { dataWindow, dayChangesWindow, type DateWindow } from './calendar-window';
import { CALENDAR_REFRESH_EVENT, type CalendarRefreshDetail } from '../../lib/calendar-events';

import { API_PATHS as PATHS, CALENDAR_PATHS, employeesKey, reasonsKey, settingsKey, windowKey } from '../../lib/query-keys';
import { MESSAGES } from '../../lib/messages';

const windowUrl = (path: string, w: DateWindow) => `${path}?startDate=${w.startDate}&endDate=${w.endDate}`;

/** The event other screens fire after a change (spec §7); the calendar refetches on it. */

function useFailureToast(failed: boolean, message: string) {
  useEffect(() => {
    if (failed) toastError(message);
  }, [failed, message]);
}

const windowedQuery = <T>(path: string, w: DateWindow) => ({ queryKey: windowKey(path, w), queryFn: () => get<T[]>(windowUrl(path, w)) });

export function useExceptions(w: DateWindow) {
  const q = useQuery(windowedQuery<TExceptionView>(PATHS.exceptions, w));
  useFailureToast(q.isError, MESSAGES.lists.exceptions);
  return q;
}

export function useNotes(w: DateWindow) {
  const q = useQuery(windowedQuery<TNoteView>(PATHS.notes, w));
  useFailureToast(q.isError, MESSAGES.lists.notes);
  return q;
}

export function useHolidays(w: DateWindow) {
  const q = useQuery(windowedQuery<THoliday>(PATHS.holidays, w));
  useFailureToast(q.isError, MESSAGES.lists.holidays);
  return q;
}

/** Today to two years ahead. A failure toasts and yields an empty list, so the calendar still draws. */
export function useDayChanges(today: string) {
  const w = dayChangesWindow(today);
  return useQuery({
    queryKey: windowKey(PATHS.dayChanges, w),
    queryFn: async () => {
      try {
        return await get<TDayChange[]>(windowUrl(PATHS.dayChanges, w));
      } catch {
        toastError(MESSAGES.lists.dayChanges);
        return [] as TDayChange[];
      }
    },
  });
}

/** Same key and fetcher as the Employee Management screen, so both share one cache entry. */
export function useCalendarEmployees() {
  const q = useQuery({ queryKey: employeesKey, queryFn: () => get<TEmployee[]>(PATHS.employees) });
  useFailureToast(q.isError, MESSAGES.lists.employees);
  return q;
}

export function useReasons() {
  const q = useQuery({ queryKey: reasonsKey, queryFn: () => get<TReason[]>(PATHS.reasons) });
  useFailureToast(q.isError, MESSAGES.lists.exceptionTypes);
  return q;
}

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => get<TSettings>(PATHS.settings) });
}

/** Everything the calendar reads, for the window around `viewedDate`. */
export function useCalendarData(viewedDate: string, today: string) {
  const w = dataWindow(viewedDate);
  const exceptions = useExceptions(w);
  const notes = useNotes(w);
  const holidays = useHolidays(w);
  const dayChanges = useDayChanges(today);
  const employees = useCalendarEmployees();
  const reasons = useReasons();
  const settings = useSettings();
  const all = [exceptions, notes, holidays, dayChanges, employees, reasons, settings];
  // Hours need the lists the engine reads; a failed list counts as loaded (it has toasted) and reads as empty.
  const ready = [exceptions, holidays, employees, settings].every((q) => !q.isPending || q.isError) && !!settings.data;
  return {
    exceptions: exceptions.data,
    notes: notes.data,
    holidays: holidays.data,
    dayChanges: dayChanges.data,
    employees: employees.data,
    reasons: reasons.data,
    settings: settings.data,
    ready,
    loading: all.some((q) => q.isPending && !q.isError) || [exceptions, notes, holidays].some((q) => q.isFetching),
  };
}

/** Refetches every calendar list (the Refresh button and the calendar-refresh event). */
export function invalidateCalendar(qc: QueryClient) {
  return qc.invalidateQueries({ predicate: (q) => CALENDAR_PATHS.includes(String(q.queryKey[0])) });
}

export function useCalendarRefreshListener() {
  const qc = useQueryClient();
  useEffect(() => {
    const onRefresh = (e: Event) => {
      if (!(e as CustomEvent<CalendarRefreshDetail>).detail?.refetched) void invalidateCalendar(qc);
    };
    window.addEventListener(CALENDAR_REFRESH_EVENT, onRefresh);
    return () => window.removeEventListener(CALENDAR_REFRESH_EVENT, onRefresh);
  }, [qc]);
}

/** Loads the neighbouring months' windows in the background so Previous and Next draw at once. */
export function usePrefetchNeighbours(windows: readonly DateWindow[], enabled: boolean) {
  const qc = useQueryClient();
  const signature = windows.map((w) => w.startDate).join(',');
  useEffect(() => {
    if (!enabled) return;
    const id = window.setTimeout(() => {
      for (const w of windows) {
        void qc.prefetchQuery(windowedQuery<TExceptionView>(PATHS.exceptions, w));
        void qc.prefetchQuery(windowedQuery<TNoteView>(PATHS.notes, w));
        void qc.prefetchQuery(windowedQuery<THoliday>(PATHS.holidays, w));
      }
    }, 300);
    return () => window.clearTimeout(id);
    // The windows are identified by their start dates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [qc, signature, enabled]);
}

/** Moves a side-panel section; the reply is the updated settings, written straight into the cache. */
export function useReorderCategories() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { categoryType: TSidebarCategory; direction: 'up' | 'down' }) => post<TSettings>('/api/settings/reorder-categories', body),
    onSuccess: (settings) => qc.setQueryData(settingsKey, settings),
    onError: () => toastError(MESSAGES.employee.categoriesReorderFailed),
  });
}
