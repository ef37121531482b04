/** Spec §7: after any change the calendar is told to refresh, whichever screen made the change. */
export const CALENDAR_REFRESH_EVENT = 'calendar-refresh';

export interface CalendarRefreshDetail {
  /** The sender has already refetched the calendar lists; listeners need not fetch them again. */
  refetched?: boolean;
}

export function announceCalendarChange(detail: CalendarRefreshDetail = {}): void {
  window.dispatchEvent(new CustomEvent<CalendarRefreshDetail>(CALENDAR_REFRESH_EVENT, { detail }));
}
