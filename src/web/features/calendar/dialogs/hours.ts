/**
 * Exception hours rules of spec §4, §5 and §9, pure: the employee's regular hours for the start date's
 * weekday decide the hours input's maximum, its default and whether manual hours are required.
 */
import { maxExceptionHours } from '../../../../shared/contracts/exceptions';
import { weekdayHours, type EngineEmployee } from '../../../../shared/domain/availability';
import { isValidDay } from '../dates';

/** The default when nothing better is known (spec §9 "fallback 8"). */
export const FALLBACK_HOURS = 8;

type Employee = EngineEmployee & { defaultHours?: number };

/** The employee's hours for the date's weekday; 0 without an employee or a valid date. */
export function regularHours(employee: EngineEmployee | undefined, date: string | undefined): number {
  return employee && isValidDay(date) ? weekdayHours(employee, date) : 0;
}

/** The hours input's maximum: twice the regular hours, or 16 when they are 0. */
export const maxHoursFor = (employee: EngineEmployee | undefined, date: string | undefined) =>
  maxExceptionHours(regularHours(employee, date));

/** An additive type on the employee's zero-hour weekday: full day is forced off and hours must be typed. */
export function manualHoursRequired(
  employee: EngineEmployee | undefined,
  date: string | undefined,
  isAdditive: boolean | undefined,
): boolean {
  return !!employee && isValidDay(date) && !!isAdditive && regularHours(employee, date) === 0;
}

export interface DefaultHoursInput {
  employee: Employee | undefined;
  date: string | undefined;
  isAdditive: boolean | undefined;
  /** A new exception from dropping an employee on a day: the employee's default hours (spec §5). */
  fromDrop?: boolean;
}

/**
 * The hours prefilled in the form: the weekday's regular hours, else 8; 8 for an additive type on a
 * non-working day; after a drop, the employee's default hours, else 8. Never above the maximum.
 */
export function defaultExceptionHours({ employee, date, isAdditive, fromDrop }: DefaultHoursInput): number {
  const regular = regularHours(employee, date);
  if (isAdditive && regular === 0) return FALLBACK_HOURS;
  const base = fromDrop ? (employee?.defaultHours ?? 0) : regular;
  return Math.min(base > 0 ? base : FALLBACK_HOURS, maxExceptionHours(regular));
}
