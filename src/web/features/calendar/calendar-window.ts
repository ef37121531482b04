/** Spec §7: which dates the calendar asks the server for. Pure: "today" and the viewed date are passed in. */
import { partsOf, shiftMonth, ymd } from './dates';

export interface DateWindow {
  startDate: string;
  endDate: string;
}

/** Exceptions, notes and public holidays: the 15th of the previous month to the 15th two months ahead of the viewed month. */
export function dataWindow(viewedDate: string): DateWindow {
  const { year, month } = partsOf(viewedDate);
  const before = shiftMonth(year, month, -1);
  const after = shiftMonth(year, month, 2);
  return { startDate: ymd(before.year, before.month, 15), endDate: ymd(after.year, after.month, 15) };
}

/** Day changes: today to two years ahead (29 February becomes 28 February). */
export function dayChangesWindow(today: string): DateWindow {
  const { year, month, day } = partsOf(today);
  const endDay = month === 2 && day === 29 ? 28 : day;
  return { startDate: today, endDate: ymd(year + 2, month, endDay) };
}

/** The one calendar read for window `w` (decision 032); `shell` adds the signed-in shell (user, sites, subscription). */
export function bundleQuery(w: DateWindow, today: string, shell = false) {
  const dc = dayChangesWindow(today);
  return {
    startDate: w.startDate,
    endDate: w.endDate,
    dayChangesStartDate: dc.startDate,
    dayChangesEndDate: dc.endDate,
    shell: shell ? ('1' as const) : undefined,
  };
}
