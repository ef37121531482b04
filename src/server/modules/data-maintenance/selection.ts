import { and, between, inArray, lt, type Column, type SQL } from 'drizzle-orm';
import { QueryBuilder, type PgTable } from 'drizzle-orm/pg-core';
import { daysOrDefault, DEFAULT_FUTURE_DAYS, DEFAULT_RETENTION_DAYS } from '../../../shared/domain/data-retention';
import { addDaysStr as addDays } from '../../../shared/domain/dates';
import { inSiteId, type ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import {
  dataManagementSettings,
  dayChanges,
  exceptions,
  mailOutbox,
  notes,
  publicHolidays,
  siteUsers,
  userSessions,
} from '../../db/schema';
import { todayOf } from '../day-ledger';
import { publicHolidaysBetween } from '../holidays';

/**
 * What a maintenance run selects, written once so the preview counts exactly what the run deletes and
 * inserts (decision 080): the days after the fallback, the cut-off, the horizon, one condition per kind of
 * row removed, and the holidays that would be added.
 */
export interface MaintenancePlan {
  retentionDays: number;
  futureDataDays: number;
  today: string;
  /** T−R: rows dated or ending on this day or later are kept. */
  keepFrom: string;
  /** T+F: the last day public holidays are filled up to. */
  extendTo: string;
  now: Date;
}

export function planFor(input: { retentionDays?: unknown; futureDataDays?: unknown }, now: Date): MaintenancePlan {
  const retentionDays = daysOrDefault(input.retentionDays, DEFAULT_RETENTION_DAYS);
  const futureDataDays = daysOrDefault(input.futureDataDays, DEFAULT_FUTURE_DAYS);
  const today = todayOf(now);
  return { retentionDays, futureDataDays, today, keepFrom: addDays(today, -retentionDays), extendTo: addDays(today, futureDataDays), now };
}

/** The kinds of row a run removes, in the order the preview lists them. */
export const REMOVED_KINDS = ['exceptions', 'notes', 'dayChanges', 'publicHolidays', 'expiredSessions', 'sentMail'] as const;
export type RemovedKind = (typeof REMOVED_KINDS)[number];

export interface Removal {
  table: PgTable;
  where: SQL;
}

/** One site's rows of each kind that a run with this plan deletes. */
export function removals(siteId: ActorSiteId, plan: MaintenancePlan): Record<RemovedKind, Removal> {
  const here = (siteColumn: Column) => inSiteId(siteId, siteColumn);
  const { keepFrom, now } = plan;
  const siteUserIds = new QueryBuilder().select({ id: siteUsers.id }).from(siteUsers).where(here(siteUsers.siteId));
  return {
    exceptions: { table: exceptions, where: and(here(exceptions.siteId), lt(exceptions.endDate, keepFrom))! },
    notes: { table: notes, where: and(here(notes.siteId), lt(notes.endDate, keepFrom))! },
    dayChanges: { table: dayChanges, where: and(here(dayChanges.siteId), lt(dayChanges.date, keepFrom))! },
    publicHolidays: { table: publicHolidays, where: and(here(publicHolidays.siteId), lt(publicHolidays.date, keepFrom))! },
    expiredSessions: { table: userSessions, where: and(inArray(userSessions.userId, siteUserIds), lt(userSessions.expiresAt, now))! },
    // Only the site's own mail: mail without a site (sign-in and account mail) is the daily job's (runScheduledMaintenance).
    sentMail: { table: mailOutbox, where: and(here(mailOutbox.siteId), finishedMailBefore(keepFrom))! },
  };
}

/** Mail delivered or logged before a day; pending and failed mail is never removed. */
export const finishedMailBefore = (day: string): SQL =>
  and(inArray(mailOutbox.status, ['sent', 'logged']), lt(mailOutbox.createdAt, new Date(`${day}T00:00:00Z`)))!;

/**
 * The public holidays of the site's remembered region dated T..T+F that it does not hold yet (same date and
 * name); none when no region was ever imported. The run inserts exactly these.
 */
export async function missingHolidays(
  db: Db,
  siteId: ActorSiteId,
  plan: MaintenancePlan,
): Promise<{
  region: { country: string; state: string | null } | null;
  missing: Array<{ date: string; name: string }>;
}> {
  const [dm] = await db
    .select({ country: dataManagementSettings.holidayCountry, state: dataManagementSettings.holidayState })
    .from(dataManagementSettings)
    .where(inSiteId(siteId, dataManagementSettings.siteId));
  if (!dm?.country) return { region: null, missing: [] };
  const wanted = await publicHolidaysBetween(dm.country, dm.state, plan.today, plan.extendTo);
  const held = await db
    .select({ date: publicHolidays.date, name: publicHolidays.name })
    .from(publicHolidays)
    .where(and(inSiteId(siteId, publicHolidays.siteId), between(publicHolidays.date, plan.today, plan.extendTo)));
  const seen = new Set(held.map((h) => `${h.date}|${h.name}`));
  const missing: Array<{ date: string; name: string }> = [];
  for (const h of wanted) {
    const key = `${h.date}|${h.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    missing.push({ date: h.date, name: h.name });
  }
  return { region: { country: dm.country, state: dm.state }, missing };
}
