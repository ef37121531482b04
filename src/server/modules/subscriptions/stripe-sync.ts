import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { PAID_PLANS, type TPaidPlan } from '../../../shared/contracts/subscriptions';
import { AppError } from '../../../shared/errors';
import { inSiteId, type ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { sites, stripeSubscriptions, subscriptionPlans } from '../../db/schema';
import { applyPlan, recordHistory } from './service';
import type { StripeConfig } from './stripe-client';
import { hasEnded, siteTarget, stateOf, type SiteTarget, type StripeState } from './stripe-state';

/** What prompted a read: a verified event (its id guards once-only processing), or the daily reconciliation. */
export interface SyncReason {
  event?: { id: string; type: string; created: Date };
  /** The event itself confirms a real payment of this subscription (an invoice paid for more than 0). */
  paymentSeen?: boolean;
  source: 'webhook' | 'reconciliation';
}

export interface SyncResult {
  outcome: 'processed' | 'duplicate';
  /** The site's subscription differed from Stripe's and was changed. */
  corrected: boolean;
  from?: SiteView;
  to?: SiteView;
}

type SiteView = { status: string; planType: string; subscriptionEndsAt: string | null };
const view = (s: { subscriptionStatus: string; planType: string; subscriptionEndsAt: Date | null }): SiteView => ({
  status: s.subscriptionStatus,
  planType: s.planType,
  subscriptionEndsAt: s.subscriptionEndsAt?.toISOString() ?? null,
});

/** Stripe price id -> the plan it sells: the configured prices first, then the plans table's. */
export async function priceLookup(db: Db, config: StripeConfig): Promise<(priceId: string) => TPaidPlan | undefined> {
  const byPrice = new Map<string, TPaidPlan>();
  const isPaid = (p: string): p is TPaidPlan => (PAID_PLANS as readonly string[]).includes(p);
  for (const plan of await db.select().from(subscriptionPlans)) {
    if (!isPaid(plan.name)) continue;
    if (plan.stripePriceIdMonthly) byPrice.set(plan.stripePriceIdMonthly, plan.name);
    if (plan.stripePriceIdYearly) byPrice.set(plan.stripePriceIdYearly, plan.name);
  }
  for (const [plan, price] of Object.entries(config.prices)) if (price && isPaid(plan)) byPrice.set(price, plan);
  return (priceId) => byPrice.get(priceId);
}

/** Stripe's current view; null when Stripe has no such subscription. Unreachable: 503, and Stripe delivers again. */
async function readSubscription(stripe: Stripe, id: string): Promise<Stripe.Subscription | null> {
  try {
    return await stripe.subscriptions.retrieve(id);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError && err.statusCode === 404) return null;
    throw new AppError('UNAVAILABLE', 'Stripe could not be reached to read this subscription; it will be delivered again.');
  }
}

/**
 * Reads are numbered when they start: a read applies only when it started after the one applied last, so
 * of two reads racing (two events at once, or an event and the reconciliation) the older answer never
 * overwrites the newer, without holding a lock while Stripe answers.
 */
async function takeTicket(db: Db, subscriptionId: string, siteId: number): Promise<number> {
  const [row] = await db
    .insert(stripeSubscriptions)
    .values({ id: subscriptionId, siteId, lastEventAt: new Date(0), lastEventId: '', state: 'new', readsStarted: 1 })
    .onConflictDoUpdate({ target: stripeSubscriptions.id, set: { readsStarted: sql`${stripeSubscriptions.readsStarted} + 1` } })
    .returning({ ticket: stripeSubscriptions.readsStarted });
  return row.ticket;
}

function differs(site: typeof sites.$inferSelect, target: SiteTarget, subscriptionId: string): boolean {
  return (
    site.subscriptionStatus !== target.status ||
    site.planType !== target.planType ||
    (site.subscriptionEndsAt?.getTime() ?? null) !== (target.subscriptionEndsAt?.getTime() ?? null) ||
    site.stripeSubscriptionId !== subscriptionId ||
    site.trialEndsAt !== null
  );
}

const stored = (state: StripeState) => ({
  state: state.status,
  ended: hasEnded(state),
  priceId: state.priceId,
  planType: state.planType,
  currentPeriodStart: state.periodStart,
  currentPeriodEnd: state.periodEnd,
  cancelAtPeriodEnd: state.cancelAtPeriodEnd,
  cancelAt: state.cancelAt,
  endedAt: state.endedAt,
});

/**
 * Reads one subscription from Stripe and makes the site follow it (decision 104). With an event, the
 * history row carrying the event id (unique) is written in the same transaction as the change: a
 * redelivery inserts nothing and changes nothing. A reconciliation writes history only when it corrects.
 */
export async function syncSubscription(
  db: Db,
  stripe: Stripe,
  planOfPrice: (priceId: string) => TPaidPlan | undefined,
  subscriptionId: string,
  siteId: ActorSiteId,
  reason: SyncReason,
  now: Date,
): Promise<SyncResult> {
  const ticket = await takeTicket(db, subscriptionId, siteId);
  const sub = await readSubscription(stripe, subscriptionId);
  const state = sub && stateOf(sub, planOfPrice);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.id, subscriptionId)).for('update');
    const [site] = await tx.select().from(sites).where(inSiteId(siteId, sites.id)).for('update');
    if (!row || !site) return { outcome: 'processed', corrected: false };
    const fresh = ticket > row.readApplied;
    const paid = row.paid || !!reason.paymentSeen || state?.status === 'active';
    const target = state && fresh ? siteTarget(state, paid, site.planType) : null;
    const correct = !!target && differs(site, target, subscriptionId);
    const status = !state ? 'stripe_missing' : !fresh ? 'superseded' : (target?.status ?? state.status);
    const metadata = {
      source: reason.source,
      type: reason.event?.type,
      subscription: subscriptionId,
      stripeStatus: state?.status ?? null,
      planType: target?.planType ?? state?.planType ?? site.planType,
      periodEnd: state?.periodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: state?.cancelAtPeriodEnd ?? null,
      applied: correct,
      ...(correct && { from: view(site) }),
    };
    if (reason.event || correct) {
      const first = await recordHistory(tx, {
        siteId,
        planType: String(metadata.planType),
        status,
        paymentEventId: reason.event?.id,
        metadata,
        now,
      });
      if (!first) return { outcome: 'duplicate', corrected: false };
    }
    const event = reason.event && { lastEventAt: reason.event.created, lastEventId: reason.event.id };
    await tx
      .update(stripeSubscriptions)
      .set({ paid, ...event, ...(state && fresh && { ...stored(state), syncedAt: now, readApplied: ticket }) })
      .where(eq(stripeSubscriptions.id, subscriptionId));
    if (!target || !correct) return { outcome: 'processed', corrected: false };
    // Once Stripe states the subscription (paid, or ended), the app's own trial is over, in any order.
    const patch = {
      subscriptionStatus: target.status,
      subscriptionEndsAt: target.subscriptionEndsAt,
      stripeSubscriptionId: subscriptionId,
      trialEndsAt: null,
    };
    // A new plan (or a site coming back to one) brings its limits; the same plan keeps the site's own.
    if (target.planType !== site.planType || target.status !== site.subscriptionStatus) await applyPlan(tx, siteId, target.planType, patch);
    else await tx.update(sites).set(patch).where(inSiteId(siteId, sites.id));
    return { outcome: 'processed', corrected: true, from: view(site), to: view({ ...site, ...patch, planType: target.planType }) };
  });
}
