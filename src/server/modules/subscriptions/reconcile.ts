import { isNotNull } from 'drizzle-orm';
import { siteIdForJob } from '../../auth/access';
import type { Db } from '../../db/client';
import { sites } from '../../db/schema';
import { stripeClient, type StripeConfig } from './stripe-client';
import { priceLookup, syncSubscription } from './stripe-sync';

export const STRIPE_RECONCILE_JOB = 'stripe-reconcile';

export interface ReconcileDeps {
  db: Db;
  stripe: StripeConfig;
  now: () => Date;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface ReconcileCounts {
  checked: number;
  corrected: number;
  failed: number;
}

/**
 * The daily reconciliation (decision 104): every site holding a Stripe subscription is compared with
 * Stripe's current view and made to follow it, so an event Stripe gave up delivering (or a bug of ours)
 * does not leave a site paid, or blocked, for good. Idempotent: a second run finds nothing to correct.
 * Throws when Stripe could not be read for some site, so the job runner retries the run.
 */
export async function reconcileStripeSubscriptions(deps: ReconcileDeps): Promise<ReconcileCounts> {
  const stripe = stripeClient(deps.stripe);
  const planOfPrice = await priceLookup(deps.db, deps.stripe);
  const paid = await deps.db
    .select({ id: sites.id, subscriptionId: sites.stripeSubscriptionId })
    .from(sites)
    .where(isNotNull(sites.stripeSubscriptionId))
    .orderBy(sites.id);
  const counts: ReconcileCounts = { checked: 0, corrected: 0, failed: 0 };
  for (const site of paid) {
    if (!site.subscriptionId) continue;
    counts.checked++;
    try {
      const result = await syncSubscription(
        deps.db,
        stripe,
        planOfPrice,
        site.subscriptionId,
        siteIdForJob(site.id),
        { source: 'reconciliation' },
        deps.now(),
      );
      if (!result.corrected) continue;
      counts.corrected++;
      deps.log.info(
        { job: STRIPE_RECONCILE_JOB, siteId: site.id, subscription: site.subscriptionId, from: result.from, to: result.to },
        'stripe reconciliation corrected a site',
      );
    } catch (err) {
      counts.failed++;
      deps.log.error(
        { job: STRIPE_RECONCILE_JOB, siteId: site.id, subscription: site.subscriptionId, err: String((err as Error)?.message ?? err) },
        'stripe reconciliation could not check a site',
      );
    }
  }
  deps.log.info({ job: STRIPE_RECONCILE_JOB, ...counts }, 'stripe reconciliation done');
  if (counts.failed > 0) throw new Error(`stripe reconciliation: ${counts.failed} of ${counts.checked} sites could not be checked`);
  return counts;
}
