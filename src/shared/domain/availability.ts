/**
 * Available-hours engine (DOMAIN.md "Available hours", spec 01 §9). Pure: no I/O, no clock.
 *
 * Interpretations fixed here (the domain text leaves them open):
 * - A public holiday wins over everything, including stored hours before the cutoff, so a holiday
 *   always reads 0 available and 0 default hours. Its exceptions still appear in the detail.
 * - A full-day exception without its own hours uses the employee's raw hours field for that weekday
 *   (not scaled by efficiency), even on a weekend whose workday flag is off.
 * - Rule 4 ("0 base counts only through additive exceptions") is read as a consequence of the floor:
 *   every exception on the day applies, so a deduction can offset an addition on the same day, and an
 *   employee with 0 base and only deductions ends at 0.
 * - Negative exception hours are treated as 0 so a deduction can never add hours.
 * - A malformed or impossible date string anywhere in the input throws a RangeError rather than being
 *   silently shifted to a neighbouring day.
 */
import { toDayNumber, weekdayOfDayNumber } from './dates';
import { WEEKDAY_FIELDS, buildCellIndex, contractOnDay, dayDetail } from './availability-index';
import type { EmployeeDayHours, EngineContract, EngineException, EngineStaff } from './engine-types';
import { milli, unitsToHours, unitsToOneDecimal } from './hour-units';
import { asPrepared, type PreparedExceptions } from './prepared-exceptions';

export type { EmployeeDayHours, EngineContract, EngineException, EngineStaff } from './engine-types';
export { contractsOf } from './availability-index';
export { prepareExceptions, type PreparedExceptions } from './prepared-exceptions';

export const HOURS_CUTOFF = '2025-06-16';

export interface EngineEmployee extends EngineStaff {
  name: string;
}

export interface EngineSettings {
  saturdayWorkday: boolean;
  sundayWorkday: boolean;
}

export interface EngineHoliday {
  date: string;
  name: string;
}

export interface StoredDayHours {
  date: string;
  currentHours: number;
}

export interface DayAvailability {
  date: string;
  /** What the calendar shows: stored hours before the cutoff when present, else computed; 1 dp. */
  availableHours: number;
  /** Always the computed value (what a day-change row's current_hours should hold); 1 dp. */
  computedHours: number;
  /** Sum of base hours without exceptions; 1 dp. */
  defaultHours: number;
  source: 'computed' | 'stored';
  isPublicHoliday: boolean;
  publicHolidayName: string | null;
  isWeekend: boolean;
  isWorkingWeekend: boolean;
  /** Only employees with base > 0 or an exception that day, in input order. Built lazily on first read. */
  readonly employees: EmployeeDayHours[];
}

export interface AvailabilityInput {
  days: readonly string[];
  settings: EngineSettings;
  employees: readonly EngineStaff[];
  /** Plain, or prepared once with `prepareExceptions` when the list arrived (saves parsing per call). */
  exceptions: readonly EngineException[] | PreparedExceptions;
  holidays: readonly EngineHoliday[];
  storedDays?: readonly StoredDayHours[];
}

/** Round an hour value to one decimal, absorbing binary float noise first (1.15 → 1.2, not 1.1). */
export function roundHours(hours: number): number {
  return Math.round(Number((hours * 10).toPrecision(12))) / 10;
}

/** The contract version in force on the date (decision 076), or null when the employee is not employed then. */
export function contractOn(employee: EngineStaff, date: string): EngineContract | null {
  return contractOnDay(employee, toDayNumber(date));
}

/** The contract in force's own hours for the date's weekday, ignoring weekend flags and efficiency; 0 when not employed. */
export function weekdayHours(employee: EngineStaff, date: string): number {
  const contract = contractOn(employee, date);
  return contract ? contract[WEEKDAY_FIELDS[weekdayOfDayNumber(toDayNumber(date))]] : 0;
}

/** Whether the date is a working day for the site's weekend flags (holidays are not considered). */
export function isWorkingWeekday(date: string, settings: EngineSettings): boolean {
  const wd = weekdayOfDayNumber(toDayNumber(date));
  return wd < 5 || (wd === 5 ? settings.saturdayWorkday : settings.sundayWorkday);
}

/** Base hours (the contract in force's weekday hours × efficiency / 100) for the date; 0 on a non-working weekend. Holidays are the caller's concern. */
export function dayBaseHours(employee: EngineStaff, date: string, settings: EngineSettings): number {
  const contract = contractOn(employee, date);
  if (!contract || !isWorkingWeekday(date, settings)) return 0;
  return unitsToHours(milli(contract[WEEKDAY_FIELDS[weekdayOfDayNumber(toDayNumber(date))]]) * contract.efficiency);
}

/** Computes one entry per distinct requested day, keyed by date, in the order the days were given. */
export function computeAvailability(input: AvailabilityInput): Map<string, DayAvailability> {
  const { settings } = input;

  // Distinct days sorted by day number, so each exception's span clips to a contiguous index range.
  const dayStrs = [...new Set(input.days)].sort();
  const D = dayStrs.length;
  const dayNums = new Float64Array(D);
  for (let d = 0; d < D; d++) dayNums[d] = toDayNumber(dayStrs[d]);

  const holidayNames = new Map<string, string>();
  for (const h of input.holidays) if (!holidayNames.has(h.date)) holidayNames.set(h.date, h.name);
  const stored = new Map<string, number>();
  for (const s of input.storedDays ?? []) stored.set(s.date, s.currentHours);

  const working = new Uint8Array(D);
  for (let d = 0; d < D; d++) {
    const wd = weekdayOfDayNumber(dayNums[d]);
    working[d] = !holidayNames.has(dayStrs[d]) && (wd < 5 || (wd === 5 ? settings.saturdayWorkday : settings.sundayWorkday)) ? 1 : 0;
  }
  const cells = buildCellIndex(dayNums, working, input.employees, asPrepared(input.exceptions));

  const byDate = new Map<string, DayAvailability>();
  for (let d = 0; d < D; d++) {
    const date = dayStrs[d];
    const wd = weekdayOfDayNumber(dayNums[d]);
    const isWeekend = wd >= 5;
    const isWorkingWeekend = isWeekend && (wd === 5 ? settings.saturdayWorkday : settings.sundayWorkday);
    const holidayName = holidayNames.get(date);
    const isPublicHoliday = holidayName !== undefined;
    const totalUnits = isPublicHoliday ? 0 : cells.totalUnits[d];
    const defaultUnits = cells.defaultUnits[d];
    const computedHours = unitsToOneDecimal(totalUnits);
    const storedHours = stored.get(date);
    const useStored = !isPublicHoliday && storedHours !== undefined && date < HOURS_CUTOFF;
    // Detail is built on first read: a month grid of a large site needs only the totals, and
    // materialising ~40k per-employee rows per request dominated the engine's time.
    let detail: EmployeeDayHours[] | undefined;
    byDate.set(date, {
      date,
      availableHours: useStored ? roundHours(storedHours) : computedHours,
      computedHours,
      defaultHours: unitsToOneDecimal(defaultUnits),
      source: useStored ? 'stored' : 'computed',
      isPublicHoliday,
      publicHolidayName: holidayName ?? null,
      isWeekend,
      isWorkingWeekend,
      get employees() {
        return (detail ??= dayDetail(cells, d, dayNums[d], wd, working[d] === 1, isPublicHoliday));
      },
    });
  }

  // Re-key in the caller's order (the Map keeps insertion order).
  const ordered = new Map<string, DayAvailability>();
  for (const day of input.days) {
    const entry = byDate.get(day);
    if (entry && !ordered.has(day)) ordered.set(day, entry);
  }
  return ordered;
}
