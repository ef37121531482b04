/**
 * The working hours a time-off request takes from its employee (decision 092), read off the engine's days by
 * the one rule of what a day is worth (absence-takes.ts, decision 108): on each day worth anything (a working
 * day while employed, not a holiday) the whole day's worth, or the request's hours when fewer. An additive type
 * takes none. Pure; the server's `totalHours` and the request dialog's "This takes N hours" both come from here.
 */
import { dayWorthHours } from './absence-takes';
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
  return isAdditive ? 0 : leaveTaken(r, days).hours;
}

/**
 * What a request takes, as its mails say it ("2 days, 15.2 h", decision 114): the working days of its span (days
 * worth anything, by the same rule) and the hours `leaveHoursTaken` counts on them.
 */
export function leaveTaken(r: LeaveSpan, days: ReadonlyMap<string, DayAvailability>): { days: number; hours: number } {
  let tenths = 0;
  let workingDays = 0;
  for (const date of eachDay(r.startDate, r.endDate)) {
    const day = days.get(date);
    const e = day?.employees.find((x) => x.employeeId === r.employeeId);
    const worth = day && e ? dayWorthHours(day, e) : 0;
    if (worth <= 0) continue;
    workingDays += 1;
    const h = r.isFullDay || r.hours === null ? worth : Math.min(Math.max(0, r.hours), worth);
    tenths += Math.round(h * 10);
  }
  return { days: workingDays, hours: tenths / 10 };
}
