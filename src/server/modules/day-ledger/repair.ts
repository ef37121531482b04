import { asc } from 'drizzle-orm';
import { inSiteId, siteIdForJob, type ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { dayChanges, dayRowChecks } from '../../db/schema';
import { refreshRecorded } from './ledger';
import { lock } from './locks';

/** The pg-boss queue of the one-off repair; it runs shortly after each start and finds nothing once done. */
export const STORED_DAYS_REPAIR_JOB = 'stored-days-repair';

export interface RepairDeps {
  db: Db;
  now: () => Date;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface RepairCounts {
  /** Sites checked by this run (a site another instance holds or has done is not counted). */
  sites: number;
  /** Their stored day rows, and how many of them took new figures, and how many of those await authorisation again. */
  rows: number;
  changed: number;
  reopened: number;
  failed: number;
}

/**
 * The one-off repair of day rows that versions before decision 111 left stale (a past holiday added, a weekend
 * switch, a default that moved under an authorised day). Migration 0033 listed every site of that time in
 * `day_row_checks`; for each, in its own transaction, the site's check row is claimed (`for update skip locked`:
 * a second instance running the job passes over a site the first holds, and finds it gone afterwards), every
 * stored row is brought to the engine's hours by `refreshRecorded(…, null)` with its rules (a past day, or an
 * authorised day whose authorised hours still hold, keeps its authorisation; any other changed day awaits it
 * again), and the check row is deleted. Idempotent: a site is checked once, and checking it again would change
 * nothing. A site that fails is logged, the others go on, and the run throws at the end so the runner retries it.
 */
export async function repairStoredDays(deps: RepairDeps): Promise<RepairCounts> {
  // The ids come from day_row_checks, whose site_id references sites: the job read them from the sites it lists.
  const pending = await deps.db.select({ siteId: dayRowChecks.siteId }).from(dayRowChecks).orderBy(asc(dayRowChecks.siteId));
  const counts: RepairCounts = { sites: 0, rows: 0, changed: 0, reopened: 0, failed: 0 };
  for (const { siteId } of pending) {
    const site = siteIdForJob(siteId);
    try {
      const result = await deps.db.transaction(async (tx) => {
        const [claimed] = await tx
          .select({ siteId: dayRowChecks.siteId })
          .from(dayRowChecks)
          .where(inSiteId(site, dayRowChecks.siteId))
          .for('update', { skipLocked: true });
        if (!claimed) return null;
        const checked = await refreshCounted(tx, site, deps.now());
        await tx.delete(dayRowChecks).where(inSiteId(site, dayRowChecks.siteId));
        return checked;
      });
      if (!result) continue;
      counts.sites++;
      counts.rows += result.rows;
      counts.changed += result.changed;
      counts.reopened += result.reopened;
      deps.log.info({ job: STORED_DAYS_REPAIR_JOB, siteId, ...result }, 'stored day rows checked');
    } catch (err) {
      counts.failed++;
      deps.log.error({ job: STORED_DAYS_REPAIR_JOB, siteId, err: String((err as Error)?.message ?? err) }, 'stored day rows check failed');
    }
  }
  if (pending.length > 0) deps.log.info({ job: STORED_DAYS_REPAIR_JOB, ...counts }, 'stored day rows repair done');
  if (counts.failed > 0) throw new Error(`stored day rows repair: ${counts.failed} of ${pending.length} sites could not be checked`);
  return counts;
}

/**
 * `refreshRecorded` over every stored row of the site, counting what it changed: it tells nothing itself, so the
 * rows are read before and after under the site's lock (taken first, so no other change of hours comes between).
 */
async function refreshCounted(tx: Db, site: ActorSiteId, now: Date): Promise<{ rows: number; changed: number; reopened: number }> {
  await lock(tx, site, 'site');
  const before = await storedRows(tx, site);
  await refreshRecorded(tx, site, now, null);
  const after = await storedRows(tx, site);
  let changed = 0;
  let reopened = 0;
  for (const [date, was] of before) {
    const is = after.get(date);
    if (!is || is.key === was.key) continue;
    changed++;
    if (was.isAuthorised && !is.isAuthorised) reopened++;
  }
  return { rows: before.size, changed, reopened };
}

async function storedRows(tx: Db, site: ActorSiteId): Promise<Map<string, { key: string; isAuthorised: boolean }>> {
  const rows = await tx
    .select({
      date: dayChanges.date,
      defaultHours: dayChanges.defaultHours,
      currentHours: dayChanges.currentHours,
      isAuthorised: dayChanges.isAuthorised,
    })
    .from(dayChanges)
    .where(inSiteId(site, dayChanges.siteId));
  return new Map(rows.map((r) => [r.date, { key: `${r.defaultHours}/${r.currentHours}/${r.isAuthorised}`, isAuthorised: r.isAuthorised }]));
}
