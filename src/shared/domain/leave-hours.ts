/**
 * The working hours a time-off request takes from its employee (decision 092), read off the engine's days:
 * on each working day (base hours above 0, so not a holiday or a day off at the weekend) the contract's hours
 * for the weekday, or the request's hours when fewer. An additive type takes none. Pure; the server's
 * `totalHours` and the request dialog's "This takes N hours" both come from this rule over the same engine.
 */
import type { DayAvailability } from './availability';
import { eachDay } from './dates';

export interface LeaveSpan {
  employeeId: number;
  startDate: string;
  endDate: string;
  isFullDay: boolean;
  hours: number | null;
}

export function leaveHoursTaken(r: LeaveSpan, isAdditive: boolean, days: ReadonlyMap<string, DayAvailability>): number {
  if (isAdditive) return 0;
  let tenths = 0;
  for (const date of eachDay(r.startDate, r.endDate)) {
    const e = days.get(date)?.employees.find((x) => x.employeeId === r.employeeId);
    if (!e || e.baseHours <= 0) continue;
    const h = r.isFullDay || r.hours === null ? e.weekdayHours : Math.min(r.hours, e.weekdayHours);
    tenths += Math.round(h * 10);
  }
  return tenths / 10;
}
