import type { QueryClient } from '@tanstack/react-query';
import { isAdminHost } from '../features/admin/host';
import { primeCalendar } from '../features/calendar/bundle';
import { firstDays } from '../features/calendar/first-request';

/**
 * Opening the app at the calendar: one request (`/api/calendar?…&shell=1`) answers both the signed-in shell
 * and the month view (decision 032), started by the entry before the app's code arrives (decision 050) and
 * put in the query cache here, before React renders. Other pages load as before.
 */
export function startFirstLoad(qc: QueryClient): void {
  if (window.location.pathname !== '/' || isAdminHost(window.location.hostname)) return;
  const { viewed, today } = firstDays(window.location.search, new Date());
  primeCalendar(qc, viewed, today);
}
