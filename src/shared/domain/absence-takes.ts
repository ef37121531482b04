/**
 * What a day is worth and what each absence on it takes (issue 47, DOMAIN.md "Employment, counting and
 * balances"): the one rule the exceptions report, the employee's page, a request's hours and the balance read,
 * applied to the engine's own day detail (availability.ts) so no page has a formula of its own. Pure.
 *
 * - A day's worth is the contract in force's hours for its weekday, on a working day while employed; 0 on a
 *   public holiday, on a weekend day the site does not work, and outside employment. Efficiency does not
 *   scale it: an absence is counted in the hours it covers, as the balance books them.
 * - The absences of a day (non-additive exceptions) take from its worth in their order, each at most what
 *   is left: a full-day one its own hours or the whole day, a part-day one its hours. Overlapping absences
 *   therefore never count a day twice, and nothing is taken from a day worth 0.
 * - "Days away": each absence counts the share of the day it took (a full day 1, half the hours 0.5), so a
 *   day counts at most once however many absences it holds.
 * - Additive exceptions (extra hours) take nothing; their hours count as extra on any day but a holiday or a
 *   day outside employment.
 *
 * Amounts are in the engine's units (1e-5 h) while summing; hours and days are rounded once, by the caller.
 */
import type { DayAvailability, EmployeeDayHours } from './availability';
import { toUnits, unitsToOneDecimal } from './hour-units';

export { HOUR_UNITS, toUnits } from './hour-units';

/** One exception's part of one employee-day. */
export interface ExceptionTake {
  exceptionId: number;
  /** Hours of absence it took from the day's worth, in units. */
  awayUnits: number;
  /** The share of the day it took: 0 to 1. */
  dayShare: number;
  /** Extra hours it added, in units (additive types only). */
  extraUnits: number;
}

export interface EmployeeDayTakes {
  /** The day's worth in units (contract hours of a working day while employed; else 0). */
  worthUnits: number;
  takes: ExceptionTake[];
}

/** Whether the day is one the site works (a public holiday is not). */
export const isWorkingDay = (day: Pick<DayAvailability, 'isPublicHoliday' | 'isWeekend' | 'isWorkingWeekend'>): boolean =>
  !day.isPublicHoliday && (!day.isWeekend || day.isWorkingWeekend);

/** What a day is worth to one employee, in hours (the engine's raw weekday hours on a working day). */
export const dayWorthHours = (day: DayAvailability, e: Pick<EmployeeDayHours, 'weekdayHours'>): number =>
  isWorkingDay(day) ? e.weekdayHours : 0;

/**
 * The takes of one employee's exceptions on one day, in the engine's order. `counts` picks the exceptions that
 * take from the day (default: every deduction); a balance passes "counts against the allowance", so sickness
 * on the same day does not shrink what leave takes. Additive exceptions are recognised by their positive amount.
 */
export function employeeDayTakes(
  day: DayAvailability,
  e: EmployeeDayHours,
  counts: (exceptionId: number) => boolean = () => true,
): EmployeeDayTakes {
  const worthUnits = toUnits(dayWorthHours(day, e));
  let left = worthUnits;
  const takes: ExceptionTake[] = [];
  for (let i = 0; i < e.exceptionIds.length; i++) {
    const exceptionId = e.exceptionIds[i];
    const amount = toUnits(e.amounts[i]);
    if (amount > 0) {
      takes.push({ exceptionId, awayUnits: 0, dayShare: 0, extraUnits: day.isPublicHoliday ? 0 : amount });
      continue;
    }
    const take = counts(exceptionId) ? Math.min(-amount, left) : 0;
    left -= take;
    takes.push({ exceptionId, awayUnits: take, dayShare: worthUnits > 0 ? take / worthUnits : 0, extraUnits: 0 });
  }
  return { worthUnits, takes };
}

/** Days away rounded as every page shows them: to a tenth of a day. */
export const roundDays = (days: number): number => Math.round(Number((days * 10).toPrecision(12))) / 10;

/** Units to hours with one decimal, rounded once. */
export const unitsToHoursOneDp = unitsToOneDecimal;
