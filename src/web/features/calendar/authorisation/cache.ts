/**
 * The optimistic side of authorising: the day-changes query cache (api.ts keys it by path and window)
 * shows the days authorised at once; a refusal puts back exactly the rows it changed.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TDayChange } from '../../../../shared/contracts/calendar';
import { API_PATHS as PATHS } from '../../../lib/query-keys';

/** Every day-changes window in the cache. */
export const dayChangesFilter = { queryKey: [PATHS.dayChanges] };

/** The rows of `dates` that are unauthorised, authorised by `by` at `at` with their current hours. */
export function withAuthorised(rows: readonly TDayChange[], dates: ReadonlySet<string>, by: string | null, at: string): TDayChange[] {
  return rows.map((r) =>
    dates.has(r.date) && !r.authorised
      ? { ...r, authorised: true, authorisedHours: r.currentHours, authorisedBy: by, authorisedAt: at }
      : r,
  );
}

/** The rows with those in `previous` put back; rows of other dates keep whatever they are now. */
export function withRestored(rows: readonly TDayChange[], previous: ReadonlyMap<string, TDayChange>): TDayChange[] {
  return rows.map((r) => previous.get(r.date) ?? r);
}

/** The rows with the server's row for its date. */
export function withRow(rows: readonly TDayChange[], row: TDayChange): TDayChange[] {
  return rows.map((r) => (r.date === row.date ? row : r));
}

/** Marks `dates` authorised in every cached window; answers the function that undoes it. */
export async function authoriseInCache(qc: QueryClient, dates: readonly string[], by: string | null): Promise<() => void> {
  // A refetch landing after this would overwrite the optimistic rows with the old ones.
  await qc.cancelQueries(dayChangesFilter);
  const wanted = new Set(dates);
  const previous = new Map<string, TDayChange>();
  const at = new Date().toISOString();
  for (const [key, rows] of qc.getQueriesData<TDayChange[]>(dayChangesFilter)) {
    if (!rows) continue;
    for (const r of rows) if (wanted.has(r.date) && !r.authorised) previous.set(r.date, r);
    qc.setQueryData<TDayChange[]>(key, withAuthorised(rows, wanted, by, at));
  }
  return () => qc.setQueriesData<TDayChange[]>(dayChangesFilter, (rows) => rows && withRestored(rows, previous));
}

/** Writes the server's answer for one day into every cached window. */
export function putRow(qc: QueryClient, row: TDayChange): void {
  qc.setQueriesData<TDayChange[]>(dayChangesFilter, (rows) => rows && withRow(rows, row));
}
