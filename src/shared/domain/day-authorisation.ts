/**
 * Day authorisation (DOMAIN.md "Day authorisation", spec 01 §4). Pure: "today" is an argument.
 *
 * A day is "changed" — it needs someone to authorise it — when its default hours are above 0, it is
 * not a public holiday, it is today or later, and it is not authorised. Past days count as authorised.
 */

export interface DayAuthState {
  /** yyyy-MM-dd */
  date: string;
  /** Sum of the employees' base hours that day, without exceptions. */
  defaultHours: number;
  authorised: boolean;
  isPublicHoliday: boolean;
}

/** Whether `date` is before `today` (both yyyy-MM-dd, so string order is date order). */
export const isPastDay = (date: string, today: string): boolean => date < today;

export function isChangedDay(day: DayAuthState, today: string): boolean {
  return day.defaultHours > 0 && !day.isPublicHoliday && !isPastDay(day.date, today) && !day.authorised;
}

/** What the calendar shows as the day's status: past days count as authorised. */
export function isEffectivelyAuthorised(day: Pick<DayAuthState, 'date' | 'authorised'>, today: string): boolean {
  return day.authorised || isPastDay(day.date, today);
}

/** The days among `days` that authorise-multiple takes: changed and unauthorised, each date once. */
export function changedDays<T extends DayAuthState>(days: readonly T[], today: string): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const day of days) {
    if (seen.has(day.date) || !isChangedDay(day, today)) continue;
    seen.add(day.date);
    out.push(day);
  }
  return out;
}

/** The flags of a day-change row that the rule reads. */
export type DayChangeFlags = Pick<DayAuthState, 'authorised' | 'defaultHours'>;

/**
 * A calendar day with its day-change row, if it has one. A day without a row never changed: there is
 * nothing to authorise.
 */
export function isDayChanged(date: string, row: DayChangeFlags | null | undefined, isPublicHoliday: boolean, today: string): boolean {
  return !!row && isChangedDay({ date, defaultHours: row.defaultHours, authorised: row.authorised, isPublicHoliday }, today);
}

/** The calendar's yellow "awaiting authorisation" highlight: a changed day that still has hours available. */
export function awaitsAuthorisation(availableHours: number, changed: boolean): boolean {
  return changed && availableHours > 0;
}
