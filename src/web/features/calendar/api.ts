/**
 * The calendar's data (spec §7): windowed lists keyed by their path and window, the site's employees,
 * exception types and settings. Failures toast the spec's messages (§8); day changes fail to empty.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TDayChange, TExceptionView, THoliday, TNoteView, TReason } from '../../../shared/contracts/calendar';
import type { TEmployee } from '../../../shared/contracts/employees';
import type { TSettings, TSidebarCategory } from '../../../shared/contracts/settings';
import type { TCalendarTeam } from '../../../shared/contracts/teams';
import type { CoverageRules } from '../../../shared/domain/coverage';
import { toastError } from '../../components/ui/toast';
import { api } from '../../lib/api';
import { dataWindow, type DateWindow } from './calendar-window';
import { calendarQueries, calendarSettingsKey } from './bundle';
import { CALENDAR_REFRESH_EVENT, type CalendarRefreshDetail } from '../../lib/calendar-events';

import { CALENDAR_PATHS, employeesKey, reasonsKey, settingsKey } from '../../lib/query-keys';
import { MESSAGES } from '../../lib/messages';

/** The event other screens fire after a change (spec §7); the calendar refetches on it. */

function useFailureToast(failed: boolean, message: string) {
  useEffect(() => {
    if (failed) toastError(message);
  }, [failed, message]);
}

function useList<T>(q: { queryKey: readonly unknown[]; queryFn: () => Promise<T> }, failure: string) {
  const result = useQuery(q);
  useFailureToast(result.isError, failure);
  return result;
}

/** Today to two years ahead. A failure toasts and yields an empty list, so the calendar still draws. */
function useDayChanges(q: { queryKey: readonly unknown[]; queryFn: () => Promise<TDayChange[]> }) {
  return useQuery({
    queryKey: q.queryKey,
    queryFn: async () => {
      try {
        return await q.queryFn();
      } catch {
        toastError(MESSAGES.lists.dayChanges);
        return [] as TDayChange[];
      }
    },
  });
}

/**
 * Everything the calendar reads, for the window around `viewedDate`: seven cached lists filled by one
 * `GET /api/calendar` (see bundle.ts). Employees share their key with the Employee Management screen.
 */
export function useCalendarData(viewedDate: string, today: string) {
  const queries = calendarQueries(dataWindow(viewedDate), today);
  const exceptions = useList<TExceptionView[]>(queries.exceptions, MESSAGES.lists.exceptions);
  const notes = useList<TNoteView[]>(queries.notes, MESSAGES.lists.notes);
  const holidays = useList<THoliday[]>(queries.holidays, MESSAGES.lists.holidays);
  const dayChanges = useDayChanges(queries.dayChanges);
  const employees = useList<TEmployee[]>(queries.employees, MESSAGES.lists.employees);
  const reasons = useList<TReason[]>(queries.reasons, MESSAGES.lists.exceptionTypes);
  const settings = useQuery<TSettings>(queries.settings);
  // Only the filter bar reads teams: a failed list leaves the team choice empty, without a toast of its own.
  const teams = useQuery<TCalendarTeam[]>(queries.teams);
  // The site's minimum hours (decision 099): shortfalls show once they arrive, the hours never wait for them.
  const coverage = useQuery<CoverageRules>(queries.coverage);
  // A Staff reply's colleagues come without hours: the site's hours are the user's own plus these (decision 106).
  const othersHours = useQuery<Record<string, number> | null>(queries.othersHours);
  const all = [exceptions, notes, holidays, dayChanges, employees, reasons, settings];
  // Hours need the lists the engine reads; a failed list counts as loaded (it has toasted) and reads as empty.
  const ready = [exceptions, holidays, employees, settings, othersHours].every((q) => !q.isPending || q.isError) && !!settings.data;
  return {
    exceptions: exceptions.data,
    notes: notes.data,
    holidays: holidays.data,
    dayChanges: dayChanges.data,
    employees: employees.data,
    reasons: reasons.data,
    settings: settings.data,
    teams: teams.data,
    coverage: coverage.data,
    othersHours: othersHours.data,
    ready,
    loading: all.some((q) => q.isPending && !q.isError) || [exceptions, notes, holidays].some((q) => q.isFetching),
  };
}

/**
 * The side panel's and the dialogs' views of lists `useCalendarData` (always mounted beside them) keeps
 * loaded: they only observe the cache, so a refresh still costs one request. They carry no queryFn on
 * purpose: the query keeps the options of the observer mounted last, and a refetch without a queryFn
 * borrows the one of `useCalendarData`; a stand-in that rejects would fail every refetch once a lazily
 * loaded dialog mounted after the calendar ("Error loading exception types" after each save).
 */
const observe = (queryKey: readonly unknown[]) => ({ queryKey, enabled: false });
export const useCalendarEmployees = () => useQuery<TEmployee[]>(observe(employeesKey));
export const useReasons = () => useQuery<TReason[]>(observe(reasonsKey));
export const useSettings = () => useQuery<TSettings>(observe(calendarSettingsKey));

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
export function usePrefetchNeighbours(windows: readonly DateWindow[], today: string, enabled: boolean) {
  const qc = useQueryClient();
  const signature = windows.map((w) => w.startDate).join(',');
  useEffect(() => {
    if (!enabled) return;
    const prefetch = () => {
      for (const w of windows) {
        const q = calendarQueries(w, today);
        // One request per neighbouring window answers all three lists.
        void qc.prefetchQuery(q.exceptions);
        void qc.prefetchQuery(q.notes);
        void qc.prefetchQuery(q.holidays);
        void qc.prefetchQuery(q.othersHours);
      }
    };
    // A second after the data, once the browser is idle, so the month on screen is drawn first: on a large
    // site the first draw (its code arriving beside the data at first load) took longer than 300 ms, and the
    // neighbours' reads competed with it.
    let idle: number | undefined;
    const id = window.setTimeout(() => {
      idle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(prefetch, { timeout: 2000 })
          : window.setTimeout(prefetch, 0);
    }, 1000);
    return () => {
      window.clearTimeout(id);
      if (idle !== undefined) (typeof window.cancelIdleCallback === 'function' ? window.cancelIdleCallback : window.clearTimeout)(idle);
    };
    // The windows are identified by their start dates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [qc, signature, today, enabled]);
}

/** Moves a side-panel section; the reply is the updated settings, written straight into the cache. */
export function useReorderCategories() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { categoryType: TSidebarCategory; direction: 'up' | 'down' }) =>
      api('POST /api/settings/reorder-categories', { body }),
    onSuccess: (settings) => {
      qc.setQueryData(calendarSettingsKey, settings);
      qc.setQueryData(settingsKey, settings);
    },
    onError: () => toastError(MESSAGES.employee.categoriesReorderFailed),
  });
}
