/**
 * Internals of the available-hours engine: the per-request index of employees × days and the
 * exceptions covering them. Split from availability.ts only to keep each file readable.
 */
import type { EmployeeDayHours, EngineEmployee, EngineException } from './availability';
import { toDayNumber, weekdayOfDayNumber } from './dates';
import { weekdayFields } from './weekdays';

/*
 * Hours are handled as integers in units of 1e-5 h: weekday hours have 0.1 steps and efficiency is a
 * whole percent, so hours×1000×efficiency is exact. Summing integers avoids float drift (7.6×3 must
 * read 22.8), and rounding happens once, at the end.
 */
const UNITS = 100_000;
const EMPTY_IDS: readonly number[] = Object.freeze([]);

/** Monday first, the employee's hour fields: the same list the employee contract defines. */
export const WEEKDAY_FIELDS = weekdayFields;

export const milli = (hours: number): number => Math.round(hours * 1000);
export const unitsToHours = (units: number): number => units / UNITS;
export const unitsToOneDecimal = (units: number): number => Math.round(units / (UNITS / 10)) / 10;

export interface CellIndex {
  E: number;
  /** Base units per (weekday, employee), laid out weekday-major: wd*E + e. */
  baseByWd: Float64Array;
  /** Net exception units per cell, day-major: d*E + e. */
  adj: Float64Array;
  /** Each exception's clipped day-index range [lo, hi); empty when it misses the window. */
  lo: Int32Array;
  hi: Int32Array;
  /** Exception indexes grouped by employee (input order): byEmp[empStart[e] .. empStart[e+1]). */
  empStart: Int32Array;
  byEmp: Int32Array;
  employees: readonly EngineEmployee[];
  exceptions: readonly EngineException[];
}

/**
 * Builds the index in O(E + X + exception-days): each exception is clipped to the requested days
 * once and only the days it covers are touched. `dayNums` must be sorted and distinct.
 */
export function buildCellIndex(dayNums: Float64Array, employees: readonly EngineEmployee[], exceptions: readonly EngineException[]): CellIndex {
  const E = employees.length;
  const D = dayNums.length;
  const X = exceptions.length;
  const empIndex = new Map<number, number>();
  const baseByWd = new Float64Array(7 * E);
  const rawByWd = new Float64Array(7 * E);
  for (let e = 0; e < E; e++) {
    const emp = employees[e];
    empIndex.set(emp.id, e);
    for (let wd = 0; wd < 7; wd++) {
      const m = milli(emp[WEEKDAY_FIELDS[wd]]);
      rawByWd[wd * E + e] = m * 100;
      baseByWd[wd * E + e] = m * emp.efficiency;
    }
  }
  const weekdays = new Int32Array(D);
  for (let d = 0; d < D; d++) weekdays[d] = weekdayOfDayNumber(dayNums[d]);

  const lo = new Int32Array(X);
  const hi = new Int32Array(X);
  const exEmp = new Int32Array(X).fill(-1);
  const empStart = new Int32Array(E + 1);
  const adj = new Float64Array(D * E);
  const locate = dayLocator(dayNums);
  for (let x = 0; x < X; x++) {
    const ex = exceptions[x];
    const e = empIndex.get(ex.employeeId);
    if (e === undefined) continue;
    const a = locate(toDayNumber(ex.startDate));
    const b = locate(toDayNumber(ex.endDate) + 1);
    if (b <= a) continue;
    lo[x] = a;
    hi[x] = b;
    exEmp[x] = e;
    empStart[e + 1]++;
    const sign = ex.isAdditive ? 1 : -1;
    const own = ex.isFullDay ? ex.hours : (ex.hours ?? 0);
    if (own !== null) {
      const amount = sign * Math.max(0, milli(own)) * 100;
      for (let d = a; d < b; d++) adj[d * E + e] += amount;
    } else {
      for (let d = a; d < b; d++) adj[d * E + e] += sign * rawByWd[weekdays[d] * E + e];
    }
  }

  // Counting sort keeps each employee's exceptions in input order for the staff detail; the detail
  // scans these short lists instead of the hot path maintaining per-cell lists nobody may read.
  for (let e = 0; e < E; e++) empStart[e + 1] += empStart[e];
  const byEmp = new Int32Array(empStart[E]);
  const fill = empStart.slice(0, E);
  for (let x = 0; x < X; x++) if (exEmp[x] >= 0) byEmp[fill[exEmp[x]]++] = x;

  return { E, baseByWd, adj, lo, hi, empStart, byEmp, employees, exceptions };
}

/** Per-employee rows for day index d: employees with base > 0 or an exception that day. */
export function dayDetail(c: CellIndex, d: number, wd: number, working: boolean, isPublicHoliday: boolean): EmployeeDayHours[] {
  const out: EmployeeDayHours[] = [];
  for (let e = 0; e < c.E; e++) {
    const base = working ? c.baseByWd[wd * c.E + e] : 0;
    let ids: number[] | null = null;
    for (let k = c.empStart[e]; k < c.empStart[e + 1]; k++) {
      const x = c.byEmp[k];
      if (c.lo[x] <= d && d < c.hi[x]) (ids ??= []).push(c.exceptions[x].id);
    }
    if (base === 0 && ids === null) continue;
    const value = isPublicHoliday ? 0 : Math.max(0, base + c.adj[d * c.E + e]);
    out.push({ employeeId: c.employees[e].id, baseHours: unitsToHours(base), adjustedHours: unitsToHours(value), exceptionIds: ids ?? EMPTY_IDS });
  }
  return out;
}

/**
 * Returns n → index of the first requested day on or after day number n. A dense table over the
 * window makes that one array read per exception boundary; a binary search covers absurdly wide,
 * sparse day lists where the table would be too big.
 */
function dayLocator(sorted: Float64Array): (n: number) => number {
  const D = sorted.length;
  if (D === 0) return () => 0;
  const first = sorted[0];
  const span = sorted[D - 1] - first + 1;
  if (span > 100_000) {
    return (n) => {
      let a = 0;
      let b = D;
      while (a < b) {
        const mid = (a + b) >>> 1;
        if (sorted[mid] < n) a = mid + 1;
        else b = mid;
      }
      return a;
    };
  }
  const table = new Int32Array(span + 1);
  for (let o = 0, i = 0; o <= span; o++) {
    while (i < D && sorted[i] < first + o) i++;
    table[o] = i;
  }
  return (n) => (n <= first ? 0 : n - first >= span ? D : table[n - first]);
}
