/**
 * Internals of the available-hours engine: the per-request index of employees × days and the
 * exceptions covering them. Split from availability.ts only to keep each file readable.
 */
import { weekdayOfDayNumber } from './dates';
import type { EmployeeDayHours, EngineStaff } from './engine-types';
import { UNITS_PER_MILLI, milli, unitsToHours } from './hour-units';
import type { PreparedExceptions } from './prepared-exceptions';
import { weekdayFields } from './weekdays';

const EMPTY_IDS: readonly number[] = Object.freeze([]);

/** Monday first, the employee's hour fields: the same list the employee contract defines. */
export const WEEKDAY_FIELDS = weekdayFields;

/**
 * A prepared exception's `kind` when its own hours apply; otherwise `kind` is the sign (+1 / -1) of
 * the employee's raw weekday hours. Defined beside the hot loop that reads it, as a local binding.
 */
export const OWN_HOURS = 0;

/**
 * Employee id → position in the staff list, in two typed arrays (open addressing, linear probing). A Map of
 * a site's 300 employees, rebuilt for every computation, was a fifth of what a write allocated (decision
 * 059). As with Map.set, a repeated id keeps its last position.
 */
export class PositionById {
  private readonly keys: Float64Array;
  private readonly positions: Int32Array;
  private readonly mask: number;
  private readonly shift: number;

  constructor(employees: readonly EngineStaff[]) {
    let bits = 3;
    // At most 60 % full, so a probe ends after a step or two.
    while (1 << bits < employees.length / 0.6) bits++;
    this.keys = new Float64Array(1 << bits);
    this.positions = new Int32Array(1 << bits).fill(-1);
    this.mask = (1 << bits) - 1;
    this.shift = 32 - bits;
    for (let e = 0; e < employees.length; e++) {
      const id = employees[e].id;
      let slot = this.home(id);
      while (this.positions[slot] !== -1 && this.keys[slot] !== id) slot = (slot + 1) & this.mask;
      this.keys[slot] = id;
      this.positions[slot] = e;
    }
  }

  /** Fibonacci hashing: the top bits of id × 2^32/φ, so consecutive ids spread over the table. */
  private home(id: number): number {
    return Math.imul(id | 0, 0x9e3779b1) >>> this.shift;
  }

  /** The employee's position, or -1 when the list does not hold it. */
  get(id: number): number {
    for (let slot = this.home(id); this.positions[slot] !== -1; slot = (slot + 1) & this.mask) {
      if (this.keys[slot] === id) return this.positions[slot];
    }
    return -1;
  }
}

/*
 * Only per-day totals and per-employee rows of weekday hours are kept: a day's staff detail re-reads the
 * employee's own exceptions for that one day. Keeping a cell per employee and day (and a clipped range
 * per exception) for that cost more in allocation and garbage collection than the detail saves.
 */
export interface CellIndex {
  E: number;
  /** Base units per (employee, weekday), employee-major: e*7 + wd. */
  baseByWd: Float64Array;
  /** The employee's raw weekday hours in units (not scaled by efficiency), employee-major. */
  rawByWd: Float64Array;
  /** Per requested day: the site's units, each employee floored at 0; base counts only on working days. */
  totalUnits: Float64Array;
  /** Per requested day: the sum of base units on working days, else 0. */
  defaultUnits: Float64Array;
  /** Per employee index: its group in `exceptions` (see PreparedExceptions), or -1 without exceptions. */
  empGroup: Int32Array;
  employees: readonly EngineStaff[];
  exceptions: PreparedExceptions;
}

/**
 * Builds the index in O(E×D + X): each exception adds its amount at the first day it covers and
 * takes it off after the last (a difference array), and one pass per employee over the days turns
 * those into per-day sums. `dayNums` must be sorted and distinct; `working` says per day whether base
 * hours count (not a holiday, not a weekend with its flag off).
 */
export function buildCellIndex(
  dayNums: Float64Array,
  working: Uint8Array,
  employees: readonly EngineStaff[],
  prepared: PreparedExceptions,
): CellIndex {
  const E = employees.length;
  const D = dayNums.length;
  const empIndex = new PositionById(employees);
  const baseByWd = new Float64Array(7 * E);
  const rawByWd = new Float64Array(7 * E);
  const totalUnits = new Float64Array(D);
  const defaultUnits = new Float64Array(D);
  const empGroup = new Int32Array(E).fill(-1);
  // Built before the loops, not after: V8 compiles this function while it is still in a loop (on-stack
  // replacement), and code after the loops without type feedback yet deoptimised it on most runs.
  const index: CellIndex = { E, baseByWd, rawByWd, totalUnits, defaultUnits, empGroup, employees, exceptions: prepared };
  const sumBaseByWd = new Float64Array(7);
  const setHours = (e: number, wd: number, hours: number, efficiency: number) => {
    const m = milli(hours);
    rawByWd[e * 7 + wd] = m * UNITS_PER_MILLI;
    const base = m * efficiency;
    baseByWd[e * 7 + wd] = base;
    sumBaseByWd[wd] += base;
  };
  for (let e = 0; e < E; e++) {
    const emp = employees[e];
    // Named reads rather than emp[WEEKDAY_FIELDS[wd]]: a keyed read per field and weekday was a
    // fifth of the index's time.
    const eff = emp.efficiency;
    setHours(e, 0, emp.mondayHours, eff);
    setHours(e, 1, emp.tuesdayHours, eff);
    setHours(e, 2, emp.wednesdayHours, eff);
    setHours(e, 3, emp.thursdayHours, eff);
    setHours(e, 4, emp.fridayHours, eff);
    setHours(e, 5, emp.saturdayHours, eff);
    setHours(e, 6, emp.sundayHours, eff);
  }
  const weekdays = new Int32Array(D);
  for (let d = 0; d < D; d++) {
    const wd = weekdayOfDayNumber(dayNums[d]);
    weekdays[d] = wd;
    if (working[d]) defaultUnits[d] = totalUnits[d] = sumBaseByWd[wd];
  }

  const { startDay, endDay, kind, units, groupEmployeeIds, groupStart } = prepared;
  // Difference arrays of one employee: own-hours units, and the count of raw-weekday-hours spans (signed).
  const ownDiff = new Float64Array(D + 1);
  const rawDiff = new Int32Array(D + 1);
  const first = D > 0 ? dayNums[0] : 0;
  const contiguous = D > 0 && dayNums[D - 1] - first + 1 === D;
  const locate = dayLocator(dayNums);
  for (let g = 0; g < groupEmployeeIds.length; g++) {
    const e = empIndex.get(groupEmployeeIds[g]);
    if (e < 0) continue;
    empGroup[e] = g;
    // The employee's exceptions touch only days [from, to); outside them the totals already hold its base.
    let from = D;
    let to = 0;
    for (let k = groupStart[g]; k < groupStart[g + 1]; k++) {
      let a: number;
      let b: number;
      if (contiguous) {
        // A run of consecutive days (every calendar view): clipping is plain arithmetic.
        a = startDay[k] - first;
        b = endDay[k] - first + 1;
        if (a < 0) a = 0;
        if (b > D) b = D;
      } else {
        a = locate(startDay[k]);
        b = locate(endDay[k] + 1);
      }
      if (b <= a) continue;
      if (a < from) from = a;
      if (b > to) to = b;
      const sign = kind[k];
      if (sign === OWN_HOURS) {
        ownDiff[a] += units[k];
        ownDiff[b] -= units[k];
      } else {
        rawDiff[a] += sign;
        rawDiff[b] -= sign;
      }
    }
    if (to <= from) continue;
    // Sums the differences (clearing them for the next employee) and swaps the plain base the
    // totals assumed for this employee's floored adjusted value. Units are integers, so exact.
    const wdRow = e * 7;
    let own = 0;
    let raw = 0;
    for (let d = from; d < to; d++) {
      own += ownDiff[d];
      raw += rawDiff[d];
      ownDiff[d] = 0;
      rawDiff[d] = 0;
      const wd = weekdays[d];
      const base = baseByWd[wdRow + wd] * working[d];
      const value = base + own + raw * rawByWd[wdRow + wd];
      totalUnits[d] += (value > 0 ? value : 0) - base;
    }
    ownDiff[to] = 0;
    rawDiff[to] = 0;
  }

  return index;
}

/** Per-employee rows for the day (day number `day`, weekday `wd`): employees with base > 0 or an exception that day. */
export function dayDetail(c: CellIndex, day: number, wd: number, working: boolean, isPublicHoliday: boolean): EmployeeDayHours[] {
  const out: EmployeeDayHours[] = [];
  const { groupStart, ids: exceptionIds, startDay, endDay, kind, units } = c.exceptions;
  for (let e = 0; e < c.E; e++) {
    const base = working ? c.baseByWd[e * 7 + wd] : 0;
    let ids: number[] | null = null;
    let cell = 0;
    const g = c.empGroup[e];
    if (g >= 0) {
      for (let k = groupStart[g]; k < groupStart[g + 1]; k++) {
        if (startDay[k] > day || day > endDay[k]) continue;
        (ids ??= []).push(exceptionIds[k]);
        // The index's own + raw × weekday hours, for one exception (see PreparedExceptions' encoding).
        cell += units[k] + kind[k] * c.rawByWd[e * 7 + wd];
      }
    }
    if (base === 0 && ids === null) continue;
    const value = isPublicHoliday ? 0 : Math.max(0, base + cell);
    out.push({
      employeeId: c.employees[e].id,
      baseHours: unitsToHours(base),
      adjustedHours: unitsToHours(value),
      exceptionIds: ids ?? EMPTY_IDS,
    });
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
