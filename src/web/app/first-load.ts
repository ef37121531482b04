import type { QueryClient } from '@tanstack/react-query';
import { isAdminHost } from '../features/admin/host';
import { primeCalendar } from '../features/calendar/bundle';
import { localDay, parseDay } from '../features/calendar/dates';

/**
 * Opening the app at the calendar: one request (`/api/calendar?…&shell=1`) answers both the signed-in shell
 * and the month view (decision 032), started before React renders. Other pages load as before.
 */
export function startFirstLoad(qc: QueryClient): void {
  if (window.location.pathname !== '/' || isAdminHost(window.location.hostname)) return;
  const today = localDay(new Date());
  primeCalendar(qc, parseDay(new URLSearchParams(window.location.search).get('date'), today), today);
}
