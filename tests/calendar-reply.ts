import { decodeCalendar } from '../src/shared/contracts/calendar-decode';
import type { TCalendarResponse } from '../src/shared/contracts/calendar-bundle';
import type { TCalendarWire } from '../src/shared/contracts/calendar-wire';

/**
 * A `GET /api/calendar` reply as the web app reads it (decision 077): the compact rows joined into the list
 * reads' shapes. `url` is the request's, whose window tells which spans start and end inside it.
 */
export function calendarLists(url: string, wire: unknown): TCalendarResponse {
  const q = new URL(url, 'http://localhost').searchParams;
  return decodeCalendar(wire as TCalendarWire, { startDate: q.get('startDate')!, endDate: q.get('endDate')! });
}
