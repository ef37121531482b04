/**
 * The calendar's people filter (decision 087): by team, employee name, exception type and "only people away".
 * It lives in the URL (?team=3&q=ann&type=5&away=1) so a link shares it; it narrows what is listed (pills,
 * employees), never the hours, which stay the whole site's. Pure, so every view (the wallchart too) reuses it.
 */
import type { TExceptionView } from '../../../../shared/contracts/calendar';
import type { TEmployee } from '../../../../shared/contracts/employees';

export interface CalendarFilter {
  /** A team's id, 'none' for employees in no team, or null for every team. */
  team: number | 'none' | null;
  /** Part of an employee's name as typed (matched trimmed, in any case); blank matches everyone. */
  q: string;
  /** An exception type's id, or null for every type. */
  type: number | null;
  /** Only employees with an absence (a non-additive exception) on a shown day. */
  away: boolean;
}

export const NO_FILTER: CalendarFilter = Object.freeze({ team: null, q: '', type: null, away: false });
export const FILTER_PARAMS = ['team', 'q', 'type', 'away'] as const;

/** Longest name search kept from a URL; a longer one is cut, not refused. */
const MAX_QUERY = 100;

const positiveId = (raw: string | null): number | null => (raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

/** The filter a URL asks for; a value it cannot read counts as not set, so an old or edited link still opens. */
export function parseCalendarFilter(params: URLSearchParams): CalendarFilter {
  const team = params.get('team');
  return {
    team: team === 'none' ? 'none' : positiveId(team),
    q: (params.get('q') ?? '').slice(0, MAX_QUERY),
    type: positiveId(params.get('type')),
    away: params.get('away') === '1',
  };
}

/** The key naming the site a filter was made on (decision 115): team and type ids mean nothing on another site. */
export const SITE_PARAM = 'site';

/** The site a link's filter was made on, or null (an older link, or no filter). */
export function linkSiteOf(params: URLSearchParams): number | null {
  return positiveId(params.get(SITE_PARAM));
}

/**
 * A link made on another site (decision 115): its site's id when it is not the current one, else null. The
 * calendar then applies none of its filter and says whose link it is.
 */
export function foreignLinkSite(params: URLSearchParams, currentSiteId: number | undefined): number | null {
  const linked = linkSiteOf(params);
  return linked !== null && currentSiteId !== undefined && linked !== currentSiteId ? linked : null;
}

/**
 * `params` with the filter's keys replaced: set ones written, unset ones removed; other keys (view, date) kept.
 * A set filter carries `siteId` as `site=`, so a shared link says which site it was made on.
 */
export function writeCalendarFilter(params: URLSearchParams, filter: CalendarFilter, siteId?: number | null): URLSearchParams {
  const out = new URLSearchParams(params);
  for (const key of FILTER_PARAMS) out.delete(key);
  out.delete(SITE_PARAM);
  if (filter.team !== null) out.set('team', String(filter.team));
  if (filter.q.trim()) out.set('q', filter.q.slice(0, MAX_QUERY));
  if (filter.type !== null) out.set('type', String(filter.type));
  if (filter.away) out.set('away', '1');
  if (siteId != null && activeFilterCount(filter) > 0) out.set(SITE_PARAM, String(siteId));
  return out;
}

/** How many of the four filters are set (the "Filters (2)" toggle on phones). */
export function activeFilterCount(filter: CalendarFilter): number {
  return (filter.team !== null ? 1 : 0) + (filter.q.trim() ? 1 : 0) + (filter.type !== null ? 1 : 0) + (filter.away ? 1 : 0);
}

export interface FilterableData {
  employees: readonly TEmployee[];
  exceptions: readonly TExceptionView[];
}

export interface FilteredData {
  employees: TEmployee[];
  exceptions: TExceptionView[];
  /** Whether any filter is set: the views say so next to the hours, which it does not change. */
  active: boolean;
}

/** An inclusive range of shown days (yyyy-mm-dd), for "on a shown day". */
export interface ShownRange {
  startDate: string;
  endDate: string;
}

const overlaps = (e: TExceptionView, r: ShownRange) => e.startDate <= r.endDate && e.endDate >= r.startDate;

/**
 * The employees and exceptions the filter keeps. An employee stays when in the team, the name holds the
 * search (any case), and, with "away" or a type set, when they have a matching exception on a shown day.
 * An exception stays when its employee stays and it matches the type and, with "away", is an absence.
 * Exceptions of employees not in the list (deleted ones) stay only while no filter is set.
 */
export function applyCalendarFilter(data: FilterableData, filter: CalendarFilter, shown: ShownRange): FilteredData {
  const active = activeFilterCount(filter) > 0;
  if (!active) return { employees: [...data.employees], exceptions: [...data.exceptions], active };
  const needle = filter.q.trim().toLocaleLowerCase();
  const matches = (e: TExceptionView) => (filter.type === null || e.reasonId === filter.type) && (!filter.away || !e.isAdditive);
  const withMatch = new Set<number>();
  if (filter.type !== null || filter.away)
    for (const e of data.exceptions) if (matches(e) && overlaps(e, shown)) withMatch.add(e.employeeId);
  const employees = data.employees.filter(
    (emp) =>
      (filter.team === null || (filter.team === 'none' ? emp.teamId == null : emp.teamId === filter.team)) &&
      (!needle || emp.name.toLocaleLowerCase().includes(needle)) &&
      (filter.type === null && !filter.away ? true : withMatch.has(emp.id)),
  );
  const kept = new Set(employees.map((e) => e.id));
  return { employees, exceptions: data.exceptions.filter((e) => kept.has(e.employeeId) && matches(e)), active };
}

/**
 * The filter with a team or type the site does not have (a stale or edited link) dropped, so it shows everyone
 * rather than no one. Lists not loaded yet leave the filter as it is.
 */
export function knownCalendarFilter(
  filter: CalendarFilter,
  teams: ReadonlyArray<{ id: number }> | undefined,
  reasons: ReadonlyArray<{ id: number }> | undefined,
): CalendarFilter {
  const team = typeof filter.team === 'number' && teams && !teams.some((t) => t.id === filter.team) ? null : filter.team;
  const type = filter.type !== null && reasons && !reasons.some((r) => r.id === filter.type) ? null : filter.type;
  return team === filter.team && type === filter.type ? filter : { ...filter, team, type };
}

/** The line beside the views while a filter is set: the hours shown are not narrowed by it. */
export const filterSummary = (shown: number, total: number) =>
  `Filtered: showing ${shown} of ${total} ${total === 1 ? 'employee' : 'employees'} · hours are the whole site's`;
