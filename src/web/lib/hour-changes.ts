import type { QueryClient } from '@tanstack/react-query';
import { CALENDAR_REFRESH_EVENT, type CalendarRefreshDetail } from './calendar-events';
import { balancesKey } from './query-keys';

/**
 * Every change that moves hours announces itself with the calendar-refresh event (spec §7): absences, contracts,
 * employees, exception types, holidays, settings, requests. Balances follow every one of them, whatever screen
 * is open; a sender that has refetched the calendar lists already (`refetched`) refetched these with them.
 * Answers the unsubscribe.
 */
export function followHourChanges(qc: QueryClient): () => void {
  const onChange = (e: Event) => {
    if (!(e as CustomEvent<CalendarRefreshDetail>).detail?.refetched) void qc.invalidateQueries({ queryKey: balancesKey });
  };
  window.addEventListener(CALENDAR_REFRESH_EVENT, onChange);
  return () => window.removeEventListener(CALENDAR_REFRESH_EVENT, onChange);
}
