import { and, eq, inArray, lt, or, sql, type Column } from 'drizzle-orm';
import { daysOrDefault, DEFAULT_FUTURE_DAYS, DEFAULT_RETENTION_DAYS } from '../../../shared/domain/data-retention';
import { addDaysStr as addDays } from '../../../shared/domain/dates';
import { siteIdForJob, siteJoin, inSiteId, type ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import {
  dataManagementSettings,
  dayChanges,
  exceptions,
  mailOutbox,
  notes,
  publicHolidays,
  sites,
  siteSettings,
  siteUsers,
  userSessions,
} from '../../db/schema';
import { refreshRecorded, todayOf } from '../day-ledger';
import { insertMissing, publicHolidaysBetween } from '../holidays/service';

/**
 * Data maintenance (decision 018). For one site, with retention R and future F days, today T (UTC):
 * cleaned = the site's exceptions and notes that ended before T−R, its day changes and public holidays
 * dated before T−R, its users' expired sessions, and mail that was sent or logged before T−R;
 * extended = public holidays of the site's remembered region inserted for T..T+F that it lacked.
 * Every step deletes or inserts by a condition, so a second run right after the first changes nothing.
 */
export interface MaintenanceResult {
  cleaned: number;
  extended: number;
  lastDataCleanup: Date;
}

export async function runSiteMaintenance(
  db: Db,
  siteId: ActorSiteId,
  input: { retentionDays?: unknown; futureDataDays?: unknown },
  now: Date,
): Promise<MaintenanceResult> {
  const retention = daysOrDefault(input.retentionDays, DEFAULT_RETENTION_DAYS);
  const future = daysOrDefault(input.futureDataDays, DEFAULT_FUTURE_DAYS);
  const today = todayOf(now);
  const cutoff = addDays(today, -retention);
  const horizon = addDays(today, future);
  // The daily job passes each active site in turn (siteIdForJob); POST /api/data-maintenance passes the
  // admin's current site. Either way, one site only.
  const here = (siteColumn: Column) => inSiteId(siteId, siteColumn);
  return db.transaction(async (tx) => {
    // One after another: a transaction is one connection.
    const counts = [
      () =>
        tx
          .delete(exceptions)
          .where(and(here(exceptions.siteId), lt(exceptions.endDate, cutoff)))
          .returning({ id: exceptions.id }),
      () =>
        tx
          .delete(notes)
          .where(and(here(notes.siteId), lt(notes.endDate, cutoff)))
          .returning({ id: notes.id }),
      () =>
        tx
          .delete(dayChanges)
          .where(and(here(dayChanges.siteId), lt(dayChanges.date, cutoff)))
          .returning({ date: dayChanges.date }),
      () =>
        tx
          .delete(publicHolidays)
          .where(and(here(publicHolidays.siteId), lt(publicHolidays.date, cutoff)))
          .returning({ id: publicHolidays.id }),
    ];
    let cleaned = 0;
    for (const del of counts) cleaned += (await del()).length;
    const siteUserIds = tx.select({ id: siteUsers.id }).from(siteUsers).where(here(siteUsers.siteId));
    const sessions = await tx
      .delete(userSessions)
      .where(and(inArray(userSessions.userId, siteUserIds), lt(userSessions.expiresAt, now)))
      .returning({ id: userSessions.id });
    const mail = await tx
      .delete(mailOutbox)
      .where(
        and(or(eq(mailOutbox.status, 'sent'), eq(mailOutbox.status, 'logged')), lt(mailOutbox.createdAt, new Date(`${cutoff}T00:00:00Z`))),
      )
      .returning({ id: mailOutbox.id });
    cleaned += sessions.length + mail.length;

    const [dm] = await tx.select().from(dataManagementSettings).where(here(dataManagementSettings.siteId));
    let extended = 0;
    if (dm?.holidayCountry) {
      extended = await insertMissing(tx, siteId, await publicHolidaysBetween(dm.holidayCountry, dm.holidayState, today, horizon));
      if (extended > 0) await refreshRecorded(tx, siteId, now);
    }
    if (dm) {
      await tx
        .update(dataManagementSettings)
        .set({ dataRetentionDays: retention, futureDataDays: future, lastDataCleanup: now })
        .where(here(dataManagementSettings.siteId));
    } else {
      await tx
        .insert(dataManagementSettings)
        .values({ siteId, dataRetentionDays: retention, futureDataDays: future, lastDataCleanup: now });
    }
    await tx.update(siteSettings).set({ dataRetentionDays: retention, futureDataDays: future }).where(here(siteSettings.siteId));
    return { cleaned, extended, lastDataCleanup: now };
  });
}

/** The daily job: every active site with auto cleanup on (a site without a record has the default, on), with its saved days. */
export async function runScheduledMaintenance(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({
      siteId: sites.id,
      retentionDays: dataManagementSettings.dataRetentionDays,
      futureDataDays: dataManagementSettings.futureDataDays,
    })
    .from(sites)
    .leftJoin(dataManagementSettings, siteJoin(dataManagementSettings.siteId, sites.id))
    .where(and(eq(sites.isActive, true), sql`coalesce(${dataManagementSettings.autoCleanupEnabled}, true)`));
  for (const site of due) await runSiteMaintenance(db, siteIdForJob(site.siteId), site, now);
  return due.length;
}
