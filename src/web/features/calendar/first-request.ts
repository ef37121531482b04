import type { TCalendarWire } from '../../../shared/contracts/calendar-wire';
import { api, urlOf } from '../../lib/api';
import { bundleQuery, dataWindow, type DateWindow } from './calendar-window';
import { localDay, parseDay } from './dates';

/**
 * Opening the app at the calendar, its one request (decision 032) leaves from the entry, alongside the app's
 * code rather than after it (decision 050); `primeCalendar` takes it when the query cache exists. Taken
 * once, answered or not, so an answer that beat the code is not asked for again.
 */
let started: { url: string; reply: Promise<TCalendarWire> } | null = null;

/** The calendar read's address for window `w`: what tells one request from another. */
export const bundleUrl = (w: DateWindow, today: string, shell = false) =>
  urlOf('GET /api/calendar', { query: bundleQuery(w, today, shell) });

/** The day the calendar opens on (`?date=` when it is a showable day) and today, for the address's query string. */
export function firstDays(search: string, now: Date): { viewed: string; today: string } {
  const today = localDay(now);
  return { viewed: parseDay(new URLSearchParams(search).get('date'), today), today };
}

export function startFirstRequest(search: string, now = new Date()): void {
  const { viewed, today } = firstDays(search, now);
  const w = dataWindow(viewed);
  const url = bundleUrl(w, today, true);
  const reply = api('GET /api/calendar', { query: bundleQuery(w, today, true) });
  // Whoever takes it handles a failure; untaken (the app never reached the calendar) it is nobody's error.
  reply.catch(() => undefined);
  started = { url, reply };
}

/** The reply as it came (decision 077): the calendar's code decodes it, so the entry does not carry the decoder. */
export function takeFirstRequest(url: string): Promise<TCalendarWire> | undefined {
  if (started?.url !== url) return undefined;
  const { reply } = started;
  started = null;
  return reply;
}
