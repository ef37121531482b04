import type { DayAvailability } from '../../../shared/domain/availability';
import type { SpanChange } from '../../../shared/domain/prepared-exceptions';
import type { ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { readDays, readOneSite, siteHours, spanDays } from '../day-ledger';

/**
 * A request's days as the day ledger computes them (decision 076): the same engine and input the calendar's
 * available hours come from, now and with the request's exception added or its approved exception removed.
 * No second formula: only the span change differs.
 */

export interface RequestSpan {
  id: number;
  employeeId: number;
  reasonId: number;
  startDate: string;
  endDate: string;
  isFullDay: boolean;
  hours: number | null;
}

export type DayHours = { date: string; before: number; after: number };

/** The engine's days with a change applied to the data as stored now. */
async function daysWith(db: Db, siteId: ActorSiteId, days: string[], change: SpanChange): Promise<Map<string, DayAvailability>> {
  return siteHours(await readOneSite(db, siteId, days[0], days[days.length - 1]), days, { change });
}

/** The exception an approval would create, as the engine takes it (its id is never a stored one). */
export const asException = (r: RequestSpan, isAdditive: boolean) => ({
  id: -r.id,
  employeeId: r.employeeId,
  reasonId: r.reasonId,
  startDate: r.startDate,
  endDate: r.endDate,
  isFullDay: r.isFullDay,
  hours: r.hours,
  isAdditive,
});

export function pairDays(days: string[], before: Map<string, DayAvailability>, after: Map<string, DayAvailability>): DayHours[] {
  return days.map((date) => ({ date, before: before.get(date)?.computedHours ?? 0, after: after.get(date)?.computedHours ?? 0 }));
}

/** Each day of the request: the site's hours now and if it were approved. */
export async function hoursIfApproved(db: Db, siteId: ActorSiteId, r: RequestSpan, isAdditive: boolean) {
  const days = spanDays(r);
  const [now, approved] = await Promise.all([readDays(db, siteId, days), daysWith(db, siteId, days, { add: asException(r, isAdditive) })]);
  return { days, now, approved, pairs: pairDays(days, now, approved) };
}

/** Each day of an approved request: the site's hours now and once its exception is removed. */
export async function hoursIfRemoved(db: Db, siteId: ActorSiteId, r: RequestSpan, exceptionId: number | null): Promise<DayHours[]> {
  const days = spanDays(r);
  const now = await readDays(db, siteId, days);
  if (exceptionId === null) return pairDays(days, now, now);
  return pairDays(days, now, await daysWith(db, siteId, days, { removeId: exceptionId }));
}

/** The days as they stand, before and after alike: a step that changed no hours. */
export async function hoursUnchanged(db: Db, siteId: ActorSiteId, r: RequestSpan): Promise<DayHours[]> {
  const days = spanDays(r);
  const now = await readDays(db, siteId, days);
  return pairDays(days, now, now);
}
