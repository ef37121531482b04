/**
 * The calendar's lists come from one request, `GET /api/calendar` (decision 032), while each list keeps its
 * own react-query key (so mutations, optimistic patches and the Employee Management screen work unchanged):
 * every list's fetcher asks `loadBundle`, and lists asked for in the same moment share one request.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TCalendarResponse } from '../../../shared/contracts/calendar-bundle';
import { decodeCalendar } from '../../../shared/contracts/calendar-decode';
import { ApiError, api } from '../../lib/api';
import {
  API_PATHS as PATHS,
  employeesKey,
  meKey,
  reasonsKey,
  settingsKey,
  sitesKey,
  subscriptionStatusKey,
  teamsKey,
  windowKey,
} from '../../lib/query-keys';
import { bundleQuery, dataWindow, dayChangesWindow, type DateWindow } from './calendar-window';
import { bundleUrl, takeFirstRequest } from './first-request';
import { pendingRequestsKey } from './pending-requests';

/**
 * The calendar's settings (without the Settings screen's data-management block) under their own key, which
 * still starts with the settings path so a calendar refresh reaches it.
 */
export const calendarSettingsKey = [settingsKey[0], 'calendar'] as const;
/** The calendar's teams (no employee counts): apart from Employee Management's list, under the same path so its edits refresh both. */
export const calendarTeamsKey = [teamsKey[0], 'calendar'] as const;

/**
 * A fetch shared by the asks of one moment (one task): a refresh asks for all seven lists at once, and they
 * get one request. An ask in a later task fetches anew even while that request is still out: it may follow a
 * change the earlier request started too soon to see (a refresh right after a save joined the request a live
 * update had started before the save committed, and the screen kept the old hours until the next change).
 */
export function sharedPerTask<A, T>(fetch: (arg: A) => Promise<T>, keyOf: (arg: A) => string = String): (arg: A) => Promise<T> {
  const current = new Map<string, Promise<T>>();
  return (arg) => {
    const key = keyOf(arg);
    let pending = current.get(key);
    if (!pending) {
      pending = fetch(arg);
      current.set(key, pending);
      setTimeout(() => current.delete(key), 0);
    }
    return pending;
  };
}

type Ask = { w: DateWindow; today: string; shell: boolean };
const fetchBundle = sharedPerTask(
  ({ w, today, shell }: Ask) => api('GET /api/calendar', { query: bundleQuery(w, today, shell) }).then((wire) => decodeCalendar(wire, w)),
  ({ w, today, shell }) => bundleUrl(w, today, shell),
);

/** The window's reply: one request for every list asked for in the same moment. */
export function loadBundle(w: DateWindow, today: string, shell = false): Promise<TCalendarResponse> {
  return fetchBundle({ w, today, shell });
}

/** The key and bundle-backed fetcher of each calendar list for window `w`; `load` gives the reply they share. */
export function calendarQueries(w: DateWindow, today: string, shell = false, load = () => loadBundle(w, today, shell)) {
  // A reply missing a list fails that list alone (its hook toasts), never the others.
  const part =
    <K extends keyof TCalendarResponse>(k: K) =>
    () =>
      load().then((b) => {
        if (b[k] === undefined) throw new Error(`The calendar reply has no ${String(k)}`);
        return b[k] as NonNullable<TCalendarResponse[K]>;
      });
  return {
    exceptions: { queryKey: windowKey(PATHS.exceptions, w), queryFn: part('exceptions') },
    notes: { queryKey: windowKey(PATHS.notes, w), queryFn: part('notes') },
    holidays: { queryKey: windowKey(PATHS.holidays, w), queryFn: part('holidays') },
    dayChanges: { queryKey: windowKey(PATHS.dayChanges, dayChangesWindow(today)), queryFn: part('dayChanges') },
    employees: { queryKey: employeesKey, queryFn: part('employees') },
    reasons: { queryKey: reasonsKey, queryFn: part('reasons') },
    settings: { queryKey: calendarSettingsKey, queryFn: part('settings') },
    teams: { queryKey: calendarTeamsKey, queryFn: part('teams') },
    coverage: { queryKey: windowKey(PATHS.coverageRules, w), queryFn: part('coverage') },
    // Only a Staff user's reply has it (decision 106); null says the hours need nothing added.
    othersHours: { queryKey: windowKey(PATHS.calendar, w), queryFn: () => load().then((b) => b.othersHours ?? null) },
  };
}

/**
 * First load at the calendar: one request answers the signed-in shell (user, sites, subscription) and the
 * viewed window, so the month view draws after it alone. The entry usually started it already
 * (first-request.ts); every hook that mounts finds its query in flight or answered. Signed out (401) the
 * user is null and the lists are dropped.
 */
export function primeCalendar(qc: QueryClient, viewedDate: string, today: string): void {
  const w = dataWindow(viewedDate);
  const first = takeFirstRequest(bundleUrl(w, today, true));
  const reply = first ? first.then((wire) => decodeCalendar(wire, w)) : loadBundle(w, today, true);
  const shell = () => reply.then((b) => b.shell);
  const signedOut = (err: unknown) => err instanceof ApiError && err.status === 401;
  void qc.prefetchQuery({
    queryKey: meKey,
    queryFn: () =>
      shell().then(
        (s) => s?.me ?? null,
        (err: unknown) => (signedOut(err) ? null : Promise.reject(err)),
      ),
  });
  void qc.prefetchQuery({ queryKey: sitesKey, queryFn: () => shell().then((s) => s?.sites) });
  void qc.prefetchQuery({ queryKey: subscriptionStatusKey, queryFn: () => shell().then((s) => s?.subscription) });
  const pendingKey = pendingRequestsKey(w);
  void qc.prefetchQuery({ queryKey: pendingKey, queryFn: () => shell().then((s) => s?.pendingRequests ?? []) });
  const lists = Object.values(calendarQueries(w, today, true, () => reply)) as Array<{
    queryKey: readonly unknown[];
    queryFn: () => Promise<unknown>;
  }>;
  for (const q of lists) void qc.prefetchQuery(q);
  void reply.catch(() => {
    // Nothing was drawn from these yet: the calendar fetches them itself once signed in, without a failure toast.
    for (const q of [...lists.map((l) => l.queryKey), sitesKey, subscriptionStatusKey, pendingKey])
      qc.removeQueries({ queryKey: q, exact: true });
  });
}
