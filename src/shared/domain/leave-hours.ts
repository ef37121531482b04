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
  if (isAdditive) return 0;
  let tenths = 0;
  for (const date of eachDay(r.startDate, r.endDate)) {
    const day = days.get(date);
    const e = day?.employees.find((x) => x.employeeId === r.employeeId);
    const worth = day && e ? dayWorthHours(day, e) : 0;
    if (worth <= 0) continue;
    const h = r.isFullDay || r.hours === null ? worth : Math.min(Math.max(0, r.hours), worth);
    tenths += Math.round(h * 10);
  }
  return tenths / 10;
}
