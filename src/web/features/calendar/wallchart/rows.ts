/**
 * The wallchart's rows and bars (decision 089). Pure: employees grouped by team in the site's team order,
 * the ones without a team last under "No team"; each exception clipped to the shown days.
 */
import type { TExceptionView } from '../../../../shared/contracts/calendar';
import type { TEmployee } from '../../../../shared/contracts/employees';
import { toDayNumber } from '../../../../shared/domain/dates';

export const NO_TEAM_KEY = 'none';
export const NO_TEAM_NAME = 'No team';

export interface TeamRef {
  id: number;
  name: string;
  sortOrder: number;
}

export interface WallBar {
  exception: TExceptionView;
  /** Index of the first and last shown day the exception covers. */
  from: number;
  to: number;
  /** Overlapping exceptions of one employee share the row in lanes. */
  lane: number;
}

export type WallRow =
  | { kind: 'team'; key: string; name: string; count: number; collapsed: boolean }
  | { kind: 'employee'; key: string; employee: TEmployee; bars: readonly WallBar[]; lanes: number };

/** Groups in team order, then "No team"; empty teams are left out; collapsed teams keep only their header. */
export function buildWallRows(
  employees: readonly TEmployee[],
  teams: readonly TeamRef[],
  barsByEmployee: ReadonlyMap<number, { bars: WallBar[]; lanes: number }>,
  collapsed: ReadonlySet<string>,
): WallRow[] {
  const groups = new Map<string, TEmployee[]>();
  const known = new Set(teams.map((t) => t.id));
  for (const e of employees) {
    const key = e.teamId !== null && e.teamId !== undefined && known.has(e.teamId) ? String(e.teamId) : NO_TEAM_KEY;
    const list = groups.get(key);
    if (list) list.push(e);
    else groups.set(key, [e]);
  }
  const order = [...teams].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
  const heads: Array<{ key: string; name: string }> = [
    ...order.map((t) => ({ key: String(t.id), name: t.name })),
    { key: NO_TEAM_KEY, name: NO_TEAM_NAME },
  ];
  const rows: WallRow[] = [];
  for (const head of heads) {
    const members = groups.get(head.key);
    if (!members) continue;
    const isCollapsed = collapsed.has(head.key);
    rows.push({ kind: 'team', key: `t${head.key}`, name: head.name, count: members.length, collapsed: isCollapsed });
    if (isCollapsed) continue;
    for (const employee of members) {
      const b = barsByEmployee.get(employee.id);
      rows.push({ kind: 'employee', key: `e${employee.id}`, employee, bars: b?.bars ?? [], lanes: b?.lanes ?? 1 });
    }
  }
  return rows;
}

/** Each employee's exceptions over `days` (consecutive `yyyy-MM-dd`), in start order, packed into lanes. */
export function buildWallBars(
  days: readonly string[],
  exceptions: readonly TExceptionView[],
): Map<number, { bars: WallBar[]; lanes: number }> {
  const out = new Map<number, { bars: WallBar[]; lanes: number }>();
  if (days.length === 0) return out;
  const first = toDayNumber(days[0]);
  const last = toDayNumber(days[days.length - 1]);
  const byEmployee = new Map<number, WallBar[]>();
  for (const e of exceptions) {
    const lo = Math.max(toDayNumber(e.startDate), first);
    const hi = Math.min(toDayNumber(e.endDate), last);
    if (lo > hi) continue;
    const bar: WallBar = { exception: e, from: lo - first, to: hi - first, lane: 0 };
    const list = byEmployee.get(e.employeeId);
    if (list) list.push(bar);
    else byEmployee.set(e.employeeId, [bar]);
  }
  for (const [id, bars] of byEmployee) {
    bars.sort((a, b) => a.from - b.from || b.to - a.to);
    const laneEnds: number[] = [];
    for (const bar of bars) {
      let lane = laneEnds.findIndex((end) => end < bar.from);
      if (lane === -1) lane = laneEnds.length;
      laneEnds[lane] = bar.to;
      bar.lane = lane;
    }
    out.set(id, { bars, lanes: laneEnds.length });
  }
  return out;
}

/** The exception drawn on day index `day` of a row (the top lane's first), or null. */
/** A pending time-off request drawn as the exception it would become (its id negated, ../pending-requests.ts): shown, never moved. */
export const isPendingBar = (bar: WallBar): boolean => bar.exception.id < 0;

export const barAt = (bars: readonly WallBar[], day: number): WallBar | null => {
  let best: WallBar | null = null;
  for (const b of bars) if (b.from <= day && day <= b.to && (!best || b.lane < best.lane)) best = b;
  return best;
};
