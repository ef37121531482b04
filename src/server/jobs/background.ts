import { purgeExpiredSessions } from '../auth/sessions';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { purgeOldKnownAddresses } from '../rate-limit/login-limit';
import { purgeExpiredRateLimits } from '../rate-limit/limiters';
import { purgeExpiredSuperAdminSessions } from '../modules/super-admin';
import { purgeExpiredChallenges } from '../modules/two-factor';
import { runScheduledMaintenance } from '../modules/data-maintenance';
import { DIGEST_JOB, runDueDigests } from '../modules/notifications';
import { runShortfallAlerts, SHORTFALL_ALERT_JOB } from '../modules/coverage';
import { reconcileStripeSubscriptions, STRIPE_RECONCILE_JOB, type StripeConfig } from '../modules/subscriptions';
import { repairStoredDays, STORED_DAYS_REPAIR_JOB } from '../modules/day-ledger';
import type { JobLog, JobRunner } from './runner';

/** Names of the scheduled jobs, so tests and logs agree on them. */
export const JOBS = {
  mailDelivery: 'mail-delivery',
  purges: 'purge-sessions-and-limits',
  dataMaintenance: 'data-maintenance',
  digests: DIGEST_JOB,
  shortfallAlerts: SHORTFALL_ALERT_JOB,
  stripeReconcile: STRIPE_RECONCILE_JOB,
  storedDaysRepair: STORED_DAYS_REPAIR_JOB,
} as const;

/** The daily shortfall alert's default time, UTC (COVERAGE_ALERT_TIME). */
export const DEFAULT_COVERAGE_ALERT_TIME = '06:00';
/** The alert also runs this long after each start, so a restart (or a first start) need not wait for the next day. */
export const COVERAGE_ALERT_START_DELAY_S = 30;
/** The one-off repair of stale stored day rows runs this long after each start (it finds nothing once done). */
export const STORED_DAYS_REPAIR_START_DELAY_S = 10;

/** "HH:MM" to the cron of that minute every day. */
export function dailyCron(time: string): string {
  const [h, m] = time.split(':').map(Number);
  return `${m} ${h} * * *`;
}

interface BackgroundDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  /** For the digests' links. */
  appUrl: string;
  secret?: string;
  log: JobLog;
  /** "HH:MM", UTC: when the daily shortfall alert runs (decision 101). */
  coverageAlertTime?: string;
  /** Card payments' settings; unset, the daily Stripe reconciliation is not scheduled. */
  stripe?: StripeConfig;
}

/**
 * The app's recurring work. Every handler is idempotent: running it twice, or again after a run that
 * failed halfway, leaves the same result (deliverPending claims rows; purges and maintenance delete by age).
 */
export async function scheduleBackgroundJobs(jobs: JobRunner, deps: BackgroundDeps): Promise<void> {
  await jobs.schedule(JOBS.mailDelivery, '* * * * *', 'UTC', async () => {
    await deps.mailer.deliverPending();
  });
  // Every minute: each saved notification whose slot has come is sent once (decision 027).
  await jobs.schedule(JOBS.digests, '* * * * *', 'UTC', async () => {
    await runDueDigests({ db: deps.db, mailer: deps.mailer, now: deps.now, appUrl: deps.appUrl, secret: deps.secret, log: deps.log });
  });
  // Daily (and once soon after start): new shortfalls are mailed to each site's approvers, once each (decision 101).
  await jobs.schedule(JOBS.shortfallAlerts, dailyCron(deps.coverageAlertTime ?? DEFAULT_COVERAGE_ALERT_TIME), 'UTC', async () => {
    await runShortfallAlerts({ db: deps.db, mailer: deps.mailer, now: deps.now, appUrl: deps.appUrl, log: deps.log });
  });
  await jobs.send(JOBS.shortfallAlerts, undefined, { startAfterSeconds: COVERAGE_ALERT_START_DELAY_S });
  // Once soon after each start: the sites an upgrade listed in day_row_checks get their stored day rows brought to
  // the engine's hours (decision 111); once every site is checked the run finds nothing to do.
  await jobs.work(JOBS.storedDaysRepair, async () => {
    await repairStoredDays({ db: deps.db, now: deps.now, log: deps.log });
  });
  await jobs.send(JOBS.storedDaysRepair, undefined, { startAfterSeconds: STORED_DAYS_REPAIR_START_DELAY_S });
  await jobs.schedule(JOBS.purges, '17 * * * *', 'UTC', async () => {
    const now = deps.now();
    await purgeExpiredSessions(deps.db, now);
    await purgeOldKnownAddresses(deps.db, now);
    await purgeExpiredRateLimits(deps.db, now);
    await purgeExpiredSuperAdminSessions(deps.db, now);
    await purgeExpiredChallenges(deps.db, now);
  });
  // Daily, at a quiet hour: each site with auto cleanup on gets the same run as the manual button.
  await jobs.schedule(JOBS.dataMaintenance, '30 3 * * *', 'UTC', async () => {
    await runScheduledMaintenance(deps.db, deps.now());
  });
  // Daily: every site with a Stripe subscription follows Stripe's current state (decision 104).
  const stripe = deps.stripe;
  if (stripe)
    await jobs.schedule(JOBS.stripeReconcile, '45 4 * * *', 'UTC', async () => {
      await reconcileStripeSubscriptions({ db: deps.db, stripe, now: deps.now, log: deps.log });
    });
}
