/**
 * Internals of the available-hours engine: the per-request index of employees × days and the
 * exceptions covering them. Split from availability.ts only to keep each file readable.
 */
import { versionOnDay, versionPeriods } from './contract-periods';
import { weekdayOfDayNumber } from './dates';
import type { EmployeeDayHours, EngineContract, EngineStaff } from './engine-types';
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
 * Only per-day totals and per-segment rows of weekday hours are kept: a day's staff detail re-reads the
 * employee's own exceptions for that one day. Keeping a cell per employee and day (and a clipped range
 * per exception) for that cost more in allocation and garbage collection than the detail saves.
 *
 * A segment is one contract version of one employee, clipped to the requested days it is in force on
 * (decision 076): [segA, segB) in day indexes. An employee without contract versions or an end date has one
 * segment over every day, which is nearly every employee, so the totals still start from per-weekday sums.
 * A day outside all of an employee's segments is a day it is not employed: no base, and its exceptions
 * count for nothing.
 */
export interface CellIndex {
  E: number;
  /** Per employee: its segments are segStart[e] .. segStart[e+1], ascending. */
  segStart: Int32Array;
  segA: Int32Array;
  segB: Int32Array;
  /** Base units per (segment, weekday), segment-major: s*7 + wd. */
  baseByWd: Float64Array;
  /** The contract's raw weekday hours in units (not scaled by efficiency), segment-major. */
  rawByWd: Float64Array;
  /** The contract version each segment stands for: a version, or a flat-hours employee (one version from the beginning). */
  segContract: Array<EngineContract | EngineStaff>;
  /** Per requested day: the site's units, each employee floored at 0; base counts only on working days. */
  totalUnits: Float64Array;
  /** Per requested day: the sum of base units on working days, else 0. */
  defaultUnits: Float64Array;
  /** Per employee index: its group in `exceptions` (see PreparedExceptions), or -1 without exceptions. */
  empGroup: Int32Array;
  employees: readonly EngineStaff[];
  exceptions: PreparedExceptions;
}

const byValidFrom = (a: EngineContract, b: EngineContract) =>
  a.validFrom === b.validFrom ? 0 : a.validFrom === null ? -1 : b.validFrom === null ? 1 : a.validFrom < b.validFrom ? -1 : 1;

/** The employee's contract versions, ascending: its own list, or its flat hours as one version from the beginning. */
export function contractsOf(employee: EngineStaff): readonly EngineContract[] {
  const list = employee.contracts;
  if (!list) return [{ validFrom: null, ...flatHours(employee) }];
  for (let i = 1; i < list.length; i++) if (byValidFrom(list[i - 1], list[i]) > 0) return [...list].sort(byValidFrom);
  return list;
}

const flatHours = (e: EngineStaff) => ({
  efficiency: e.efficiency,
  mondayHours: e.mondayHours,
  tuesdayHours: e.tuesdayHours,
  wednesdayHours: e.wednesdayHours,
  thursdayHours: e.thursdayHours,
  fridayHours: e.fridayHours,
  saturdayHours: e.saturdayHours,
  sundayHours: e.sundayHours,
});

/** The version in force on day number `day`, or null when the employee is not employed then (contract-periods.ts). */
export function contractOnDay(employee: EngineStaff, day: number): EngineContract | null {
  return versionOnDay(contractsOf(employee), employee.endDate, day);
}

/**
 * The segments of every employee: one per contract version in force on some requested day, as day-index ranges.
 * Its own function: the index builder must reach its object before any loop runs (see buildCellIndex).
 */
function buildSegments(employees: readonly EngineStaff[], D: number, at: (n: number) => number) {
  const E = employees.length;
  // An employee of flat hours (no versions, no end date) is its own one segment over every day, read straight
  // from the employee: nothing allocated.
  let capacity = 0;
  for (let e = 0; e < E; e++) capacity += employees[e].contracts?.length ?? 1;
  const segStart = new Int32Array(E + 1);
  const segA = new Int32Array(capacity);
  const segB = new Int32Array(capacity);
  const segContract: Array<EngineContract | EngineStaff> = new Array<EngineContract | EngineStaff>(capacity);
  let S = 0;
  for (let e = 0; e < E; e++) {
    const emp = employees[e];
    if (!emp.contracts && !emp.endDate) {
      segA[S] = 0;
      segB[S] = D;
      segContract[S++] = emp;
    } else {
      for (const p of versionPeriods(contractsOf(emp), emp.endDate)) {
        const a = p.from === -Infinity ? 0 : at(p.from);
        const b = p.to === Infinity ? D : at(p.to + 1);
        if (b <= a) continue;
        segA[S] = a;
        segB[S] = b;
        segContract[S++] = p.version;
      }
    }
    segStart[e + 1] = S;
  }
  return { segStart, segA, segB, segContract, S };
}

/**
 * Builds the index in O(S×7 + X + the days of clipped segments and of each employee's exceptions): each
 * exception adds its amount at the first day it covers and takes it off after the last (a difference
 * array), and one pass per employee over those days turns them into per-day sums. `dayNums` must be sorted
 * and distinct; `working` says per day whether base hours count (not a holiday, not a weekend with its flag off).
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
  const first = D > 0 ? dayNums[0] : 0;
  const contiguous = D > 0 && dayNums[D - 1] - first + 1 === D;
  const locate = dayLocator(dayNums);
  /** Index of the first requested day on or after day number n. */
  const at = (n: number) => (contiguous ? (n <= first ? 0 : n - first >= D ? D : n - first) : locate(n));

  const { segStart, segA, segB, segContract, S } = buildSegments(employees, D, at);
  const baseByWd = new Float64Array(7 * S);
  const rawByWd = new Float64Array(7 * S);
  const totalUnits = new Float64Array(D);
  const defaultUnits = new Float64Array(D);
  const empGroup = new Int32Array(E).fill(-1);
  const index: CellIndex = {
    E,
    segStart,
    segA,
    segB,
    baseByWd,
    rawByWd,
    segContract,
    totalUnits,
    defaultUnits,
    empGroup,
    employees,
    exceptions: prepared,
  };
  const weekdays = new Int32Array(D);
  for (let d = 0; d < D; d++) weekdays[d] = weekdayOfDayNumber(dayNums[d]);
  // Segments over every day add into per-weekday sums; clipped ones add day by day.
  const sumBaseByWd = new Float64Array(7);
  const clipped = new Float64Array(D);
  const setHours = (s: number, wd: number, hours: number, efficiency: number) => {
    const m = milli(hours);
    rawByWd[s * 7 + wd] = m * UNITS_PER_MILLI;
    baseByWd[s * 7 + wd] = m * efficiency;
  };
  for (let s = 0; s < S; s++) {
    // Named reads rather than c[WEEKDAY_FIELDS[wd]]: a keyed read per field and weekday was a fifth of the index's time.
    const c = segContract[s];
    const eff = c.efficiency;
    setHours(s, 0, c.mondayHours, eff);
    setHours(s, 1, c.tuesdayHours, eff);
    setHours(s, 2, c.wednesdayHours, eff);
    setHours(s, 3, c.thursdayHours, eff);
    setHours(s, 4, c.fridayHours, eff);
    setHours(s, 5, c.saturdayHours, eff);
    setHours(s, 6, c.sundayHours, eff);
    const a = segA[s];
    const b = segB[s];
    if (a === 0 && b === D) {
      for (let wd = 0; wd < 7; wd++) sumBaseByWd[wd] += baseByWd[s * 7 + wd];
    } else {
      for (let d = a; d < b; d++) clipped[d] += baseByWd[s * 7 + weekdays[d]];
    }
  }
  for (let d = 0; d < D; d++) {
    if (working[d]) defaultUnits[d] = totalUnits[d] = sumBaseByWd[weekdays[d]] + clipped[d];
  }

  const { startDay, endDay, kind, units, groupEmployeeIds, groupStart } = prepared;
  // Difference arrays of one employee: own-hours units, and the count of raw-weekday-hours spans (signed).
  const ownDiff = new Float64Array(D + 1);
  const rawDiff = new Int32Array(D + 1);
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
    // Sums the differences (clearing them for the next employee) and swaps the plain base the totals
    // assumed for this employee's floored adjusted value. Units are integers, so exact.
    let own = 0;
    let raw = 0;
    let s = segStart[e];
    const segEnd = segStart[e + 1];
    if (segEnd - s === 1 && segA[s] === 0 && segB[s] === D) {
      // One version over every day (nearly every employee): no day to look up.
      const row = s * 7;
      for (let d = from; d < to; d++) {
        own += ownDiff[d];
        raw += rawDiff[d];
        ownDiff[d] = 0;
        rawDiff[d] = 0;
        const wd = weekdays[d];
        const base = baseByWd[row + wd] * working[d];
        const value = base + own + raw * rawByWd[row + wd];
        totalUnits[d] += (value > 0 ? value : 0) - base;
      }
      ownDiff[to] = 0;
      rawDiff[to] = 0;
      continue;
    }
    for (let d = from; d < to; d++) {
      own += ownDiff[d];
      raw += rawDiff[d];
      ownDiff[d] = 0;
      rawDiff[d] = 0;
      while (s < segEnd && segB[s] <= d) s++;
      // Not employed that day: nothing was assumed, and its exceptions count for nothing.
      if (s === segEnd || segA[s] > d) continue;
      const wd = weekdays[d];
      const base = baseByWd[s * 7 + wd] * working[d];
      const value = base + own + raw * rawByWd[s * 7 + wd];
      totalUnits[d] += (value > 0 ? value : 0) - base;
    }
    ownDiff[to] = 0;
    rawDiff[to] = 0;
  }

  return index;
}

/** The employee's segment on day index d, or -1 when it is not employed that day. */
function segmentOn(c: CellIndex, e: number, d: number): number {
  const first = c.segStart[e];
  const end = c.segStart[e + 1];
  if (end - first === 1) return c.segA[first] <= d && d < c.segB[first] ? first : -1;
  for (let s = first; s < end; s++) if (c.segA[s] <= d && d < c.segB[s]) return s;
  return -1;
}

/**
 * Per-employee rows for requested day index `d` (day number `day`, weekday `wd`): employees with base > 0 or
 * an exception that day, each exception's signed amount beside it (the engine's amount rule, one place).
 */
export function dayDetail(
  c: CellIndex,
  d: number,
  day: number,
  wd: number,
  working: boolean,
  isPublicHoliday: boolean,
): EmployeeDayHours[] {
  const out: EmployeeDayHours[] = [];
  const { groupStart, ids: exceptionIds, startDay, endDay, kind, units } = c.exceptions;
  for (let e = 0; e < c.E; e++) {
    const s = segmentOn(c, e, d);
    const employed = s >= 0;
    const base = employed && working ? c.baseByWd[s * 7 + wd] : 0;
    const raw = employed ? c.rawByWd[s * 7 + wd] : 0;
    let ids: number[] | null = null;
    let amounts: number[] | null = null;
    let cell = 0;
    const g = c.empGroup[e];
    if (g >= 0) {
      for (let k = groupStart[g]; k < groupStart[g + 1]; k++) {
        if (startDay[k] > day || day > endDay[k]) continue;
        (ids ??= []).push(exceptionIds[k]);
        // One exception's amount: its own signed units, or its sign × the contract's raw weekday units.
        const amount = employed ? units[k] + kind[k] * raw : 0;
        (amounts ??= []).push(unitsToHours(amount));
        cell += amount;
      }
    }
    if (base === 0 && ids === null) continue;
    const value = isPublicHoliday || !employed ? 0 : Math.max(0, base + cell);
    out.push({
      employeeId: c.employees[e].id,
      baseHours: unitsToHours(base),
      adjustedHours: unitsToHours(value),
      exceptionIds: ids ?? EMPTY_IDS,
      amounts: amounts ?? EMPTY_IDS,
      weekdayHours: unitsToHours(raw),
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
