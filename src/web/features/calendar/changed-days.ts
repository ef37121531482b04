/**
 * Day authorisation, the "changed" rule (spec §4, DOMAIN.md): a day is changed when its day-change row
 * is not authorised, its default hours are above 0, it is not a public holiday and it is not in the past.
 * A day without a row has nothing to authorise. Past days count as authorised. Pure: "today" is passed in.
 */
export interface DayChangeFlags {
  date: string;
  authorised: boolean;
  defaultHours: number;
}

export interface ChangedDayContext {
  isPublicHoliday: boolean;
  /** yyyy-MM-dd, the viewer's calendar day */
  today: string;
}

export function isDayChanged(date: string, change: DayChangeFlags | undefined, { isPublicHoliday, today }: ChangedDayContext): boolean {
  if (!change || change.date !== date) return false;
  if (change.authorised) return false;
  if (!(change.defaultHours > 0)) return false;
  if (isPublicHoliday) return false;
  return date >= today;
}

/** The yellow "awaiting authorisation" highlight: a changed day that still has hours available. */
export function awaitsAuthorisation(availableHours: number, changed: boolean): boolean {
  return changed && availableHours > 0;
}

/** Day-change rows by date, for repeated look-ups. */
export function indexDayChanges<T extends DayChangeFlags>(changes: readonly T[]): Map<string, T> {
  const byDate = new Map<string, T>();
  for (const c of changes) byDate.set(c.date, c);
  return byDate;
}

/** The dates among `days` that are changed. */
export function changedDates(
  days: ReadonlyArray<{ date: string; isPublicHoliday: boolean }>,
  changes: readonly DayChangeFlags[],
  today: string,
): string[] {
  const byDate = indexDayChanges(changes);
  return days.filter((d) => isDayChanged(d.date, byDate.get(d.date), { isPublicHoliday: d.isPublicHoliday, today })).map((d) => d.date);
}
