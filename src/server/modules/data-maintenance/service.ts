import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { DEFAULT_RETENTION_DAYS } from '../../../shared/domain/data-retention';
import { addDaysStr as addDays } from '../../../shared/domain/dates';
import { siteIdForJob, siteJoin, inSiteId, type ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { dataManagementSettings, mailOutbox, sites, siteSettings } from '../../db/schema';
import { refreshRecorded, todayOf } from '../day-ledger';
import { insertMissing } from '../holidays';
import { finishedMailBefore, missingHolidays, planFor, REMOVED_KINDS, removals, type MaintenancePlan, type RemovedKind } from './selection';

/**
 * Data maintenance (decisions 018 and 080). For one site, with retention R and future F days, today T (UTC):
 * cleaned = the site's exceptions and notes that ended before T−R, its day changes and public holidays
 * dated before T−R, its users' expired sessions, and its mail that was sent or logged before T−R;
 * extended = public holidays of the site's remembered region inserted for T..T+F that it lacked.
 * Every step deletes or inserts by a condition, so a second run right after the first changes nothing.
 */
export interface MaintenanceResult {
  cleaned: number;
  extended: number;
  lastDataCleanup: Date;
}

export interface MaintenancePreview {
  plan: MaintenancePlan;
  removes: Record<RemovedKind, number>;
  cleaned: number;
  extended: number;
  holidayRegion: { country: string; state: string | null } | null;
}

/** What a run with these inputs would remove and add now, read only: the same selection as the run. */
export async function previewSiteMaintenance(
  db: Db,
  siteId: ActorSiteId,
  input: { retentionDays?: unknown; futureDataDays?: unknown },
  now: Date,
): Promise<MaintenancePreview> {
  const plan = planFor(input, now);
  const selected = removals(siteId, plan);
  const removes = {} as Record<RemovedKind, number>;
  // One after another, like the run: a PGlite connection takes one statement at a time anyway.
  for (const kind of REMOVED_KINDS) {
    const [{ n }] = await db.select({ n: count() }).from(selected[kind].table).where(selected[kind].where);
    removes[kind] = n;
  }
  const { region, missing } = await missingHolidays(db, siteId, plan);
  const cleaned = REMOVED_KINDS.reduce((sum, kind) => sum + removes[kind], 0);
  return { plan, removes, cleaned, extended: missing.length, holidayRegion: region };
}

export async function runSiteMaintenance(
  db: Db,
  siteId: ActorSiteId,
  input: { retentionDays?: unknown; futureDataDays?: unknown },
  now: Date,
): Promise<MaintenanceResult> {
  const plan = planFor(input, now);
  const { retentionDays: retention, futureDataDays: future } = plan;
  // The daily job passes each active site in turn (siteIdForJob); POST /api/data-maintenance passes the
  // admin's current site. Either way, one site only.
  const here = inSiteId(siteId, dataManagementSettings.siteId);
  return db.transaction(async (tx) => {
    const selected = removals(siteId, plan);
    let cleaned = 0;
    // One after another: a transaction is one connection.
    for (const kind of REMOVED_KINDS) {
      cleaned += (
        await tx
          .delete(selected[kind].table)
          .where(selected[kind].where)
          .returning({ one: sql`1` })
      ).length;
    }

    const { missing } = await missingHolidays(tx, siteId, plan);
    const extended = await insertMissing(tx, siteId, missing);
    if (extended > 0) await refreshRecorded(tx, siteId, now);

    const [dm] = await tx.select({ id: dataManagementSettings.id }).from(dataManagementSettings).where(here);
    if (dm) {
      await tx
        .update(dataManagementSettings)
        .set({ dataRetentionDays: retention, futureDataDays: future, lastDataCleanup: now })
        .where(eq(dataManagementSettings.id, dm.id));
    } else {
      await tx
        .insert(dataManagementSettings)
        .values({ siteId, dataRetentionDays: retention, futureDataDays: future, lastDataCleanup: now });
    }
    await tx
      .update(siteSettings)
      .set({ dataRetentionDays: retention, futureDataDays: future })
      .where(inSiteId(siteId, siteSettings.siteId));
    return { cleaned, extended, lastDataCleanup: now };
  });
}

/**
 * Mail that belongs to no site (sign-in, password and account mail) is no site's to clean, so the daily job
 * removes it once delivered and older than the default retention. Cross-site on purpose: it selects only
 * rows without a site.
 */
export async function unsafeDeleteSitelessMail(db: Db, now: Date): Promise<number> {
  const before = addDays(todayOf(now), -DEFAULT_RETENTION_DAYS);
  const rows = await db
    .delete(mailOutbox)
    .where(and(isNull(mailOutbox.siteId), finishedMailBefore(before)))
    .returning({ id: mailOutbox.id });
  return rows.length;
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
  await unsafeDeleteSitelessMail(db, now);
  return due.length;
}
