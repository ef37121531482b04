import { and, asc, eq, exists, gte, or, sql } from 'drizzle-orm';
import { addDaysStr } from '../../../shared/domain/dates';
import type { ShortfallStatus } from '../../../shared/domain/coverage-messages';
import { inSiteId, siteIdForJob, siteJoin, type ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { coverageOverrides, coverageRules, shortfallAlerts, sites } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { todayOf } from '../day-ledger';
import { currentApprovers } from '../leave-approvers';
import { renderShortfallAlert } from './alert-mail';
import { alertHorizonDays } from './rules';
import { shortDaysOf } from './shortfalls';

/**
 * The daily shortfall alert (issue 38, decisions 096 and 101). For each active site with rules it finds the short
 * days from today through the site's horizon, claims those never alerted (one `shortfall_alerts` row per site and
 * day, unique), and mails the site's approvers one mail listing them, written to the outbox in the claim's
 * transaction: either the claim and its mail both exist, or neither does.
 *
 * Bounded: a site is mailed at most once a (UTC) day whatever runs (the daily one, the one after start, several
 * instances), because the claim first takes the site's advisory lock and gives up when the site already has a row
 * alerted today; days found short later that day wait for the next day's run. Recipients are the approvers, users
 * of the site, never outside addresses. Safe to run on several instances at once, again, or as a retry.
 */

export const SHORTFALL_ALERT_JOB = 'coverage-shortfall-alerts';

/** Keys the advisory lock of a site's alert claim (the second key is the site). */
const LOCK_SHORTFALL_ALERTS = 1_752_101;

export interface ShortfallAlertDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  appUrl: string;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface ShortfallAlertResult {
  /** Sites mailed in this run. */
  mailed: number;
  /** Days claimed (and mailed) in this run. */
  days: number;
}

/** Every active site with a minimum version or a date override, for the daily alert (a job: no actor). */
export async function sitesWithRules(db: Db): Promise<Array<{ id: ActorSiteId; name: string }>> {
  const rows = await db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(
      and(
        eq(sites.isActive, true),
        or(
          exists(
            db
              .select({ one: sql`1` })
              .from(coverageRules)
              .where(siteJoin(coverageRules.siteId, sites.id)),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(coverageOverrides)
              .where(siteJoin(coverageOverrides.siteId, sites.id)),
          ),
        ),
      ),
    )
    .orderBy(asc(sites.id));
  return rows.map((r) => ({ id: siteIdForJob(r.id), name: r.name }));
}

async function alertSite(deps: ShortfallAlertDeps, site: { id: ActorSiteId; name: string }, now: Date): Promise<number> {
  const { db } = deps;
  const today = todayOf(now);
  const horizon = await alertHorizonDays(db, site.id);
  const short = await shortDaysOf(db, site.id, today, addDaysStr(today, horizon - 1));
  if (!short || short.length === 0) return 0;
  const approvers = await currentApprovers(db, { siteId: site.id });
  if (approvers.length === 0) {
    // Nobody to tell: nothing is claimed, so the days are mailed once the site has an approver again.
    deps.log.info({ siteId: site.id, days: short.length }, 'shortfall alert: the site has no approver to mail');
    return 0;
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SHORTFALL_ALERTS}::int, ${site.id}::int)`);
    const [already] = await tx
      .select({ id: shortfallAlerts.id })
      .from(shortfallAlerts)
      .where(and(inSiteId(site.id, shortfallAlerts.siteId), gte(shortfallAlerts.alertedAt, new Date(`${today}T00:00:00Z`))))
      .limit(1);
    if (already) return 0;
    const claimed = await tx
      .insert(shortfallAlerts)
      .values(
        short.map((d) => ({
          siteId: site.id,
          date: d.date,
          requiredHours: d.requiredHours,
          availableHours: d.availableHours,
          alertedAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ date: shortfallAlerts.date });
    if (claimed.length === 0) return 0;
    const fresh = new Set(claimed.map((c) => c.date));
    const days: ShortfallStatus[] = short.filter((d) => fresh.has(d.date));
    const mail = renderShortfallAlert(site, days, { appUrl: deps.appUrl, horizonDays: horizon });
    for (const a of approvers) await deps.mailer.enqueue(tx, { ...mail, to: a.email, siteId: site.id, outsideRecipients: 0 });
    deps.log.info({ siteId: site.id, days: days.length, recipients: approvers.length }, 'shortfall alert written');
    return days.length;
  });
}

export async function runShortfallAlerts(deps: ShortfallAlertDeps): Promise<ShortfallAlertResult> {
  const now = deps.now();
  let mailed = 0;
  let days = 0;
  for (const site of await sitesWithRules(deps.db)) {
    try {
      const n = await alertSite(deps, site, now);
      if (n > 0) {
        mailed += 1;
        days += n;
      }
    } catch (err) {
      // One site's failure must not hold up the others; its days stay unclaimed for the next run.
      deps.log.error({ siteId: site.id, err: String((err as Error)?.message ?? err) }, 'shortfall alert failed');
    }
  }
  if (mailed > 0) await deps.mailer.deliverPending();
  return { mailed, days };
}
