import { and, eq, isNull, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import { AppError } from '../../../shared/errors';
import { siteIdForStripeEvent, type ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { sites, stripeSubscriptions } from '../../db/schema';
import { recordHistory } from './service';
import { idOf, invoiceChange, subscriptionChange, type Change } from './webhook-changes';

type SiteRow = typeof sites.$inferSelect & { id: ActorSiteId };
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | 'stale';

/**
 * The site an event is about: the one whose current subscription it names, else (the first payment can
 * arrive before the subscription id is stored) the customer's site that holds no subscription yet. An event
 * about any other subscription of the customer (an older, replaced one) finds no site and changes nothing.
 */
async function findSite(db: Db, subscriptionId: string, customerId: string | undefined): Promise<SiteRow | undefined> {
  const byCustomer = customerId ? and(eq(sites.stripeCustomerId, customerId), isNull(sites.stripeSubscriptionId)) : undefined;
  const rows = await db
    .select()
    .from(sites)
    .where(or(eq(sites.stripeSubscriptionId, subscriptionId), byCustomer));
  const row = rows.find((s) => s.stripeSubscriptionId === subscriptionId) ?? rows[0];
  return row && { ...row, id: siteIdForStripeEvent(row) };
}

interface Subject {
  subscriptionId: string;
  site: SiteRow;
  change: Change;
}

async function subjectOf(db: Db, event: Stripe.Event): Promise<Subject | undefined> {
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    const invoice = event.data.object;
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    const site = subscriptionId && (await findSite(db, subscriptionId, idOf(invoice.customer)));
    return site ? { subscriptionId, site, change: invoiceChange(event, invoice, site) } : undefined;
  }
  if (event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted') {
    const sub = event.data.object;
    const site = await findSite(db, sub.id, idOf(sub.customer));
    return site ? { subscriptionId: sub.id, site, change: subscriptionChange(event.type, sub, site) } : undefined;
  }
  return undefined;
}

/** The subscription's ordering row, created on its first event and locked for this one's transaction. */
async function lockOrdering(tx: Db, subscriptionId: string, siteId: number) {
  await tx
    .insert(stripeSubscriptions)
    .values({ id: subscriptionId, siteId, lastEventAt: new Date(0), lastEventId: '', state: 'new' })
    .onConflictDoNothing({ target: stripeSubscriptions.id });
  const [row] = await tx.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.id, subscriptionId)).for('update');
  return row;
}

/**
 * Applies one verified Stripe event, in order and once (decision 062). Stripe may deliver late, twice, or
 * out of order for days: an event that states the subscription's state applies only if it is newer
 * (`created`) than the last one applied; two different events of the same second ask Stripe for the
 * subscription as it is now; once Stripe ended a subscription nothing revives it. The history row carrying
 * the event id (unique) is written in the same transaction: a redelivery inserts nothing and changes nothing.
 */
export async function handleStripeEvent(db: Db, event: Stripe.Event, now: Date, stripe: Stripe): Promise<WebhookOutcome> {
  const subject = await subjectOf(db, event);
  if (!subject) return 'ignored';
  const { subscriptionId, site } = subject;
  const created = new Date(event.created * 1000);
  return db.transaction(async (tx) => {
    const order = await lockOrdering(tx, subscriptionId, site.id);
    let change = subject.change;
    let stale = false;
    if (change.ordered) {
      stale = order.ended || created.getTime() < order.lastEventAt.getTime();
      if (!stale && created.getTime() === order.lastEventAt.getTime() && order.lastEventId !== event.id) {
        change = subscriptionChange('customer.subscription.updated', await currentSubscription(stripe, subscriptionId), site);
        change = { ...change, metadata: { ...change.metadata, type: event.type, resolvedBy: 'stripe-read' } };
      }
    }
    const status = stale ? 'stale' : change.status;
    const metadata = stale ? { ...change.metadata, applied: false, lastApplied: order.lastEventId } : change.metadata;
    const planType = String(change.metadata.planType ?? site.planType);
    const first = await recordHistory(tx, { siteId: site.id, planType, status, paymentEventId: event.id, metadata, now });
    if (!first) return 'duplicate';
    if (stale) return 'stale';
    await change.apply(tx);
    if (change.ordered) {
      await tx
        .update(stripeSubscriptions)
        .set({ lastEventAt: created, lastEventId: event.id, state: change.status, ended: change.ends, paid: order.paid || change.paid })
        .where(eq(stripeSubscriptions.id, subscriptionId));
    }
    return 'processed';
  });
}

/** Stripe's own view; while Stripe cannot be reached the webhook answers 503 and Stripe delivers again. */
async function currentSubscription(stripe: Stripe, id: string): Promise<Stripe.Subscription> {
  try {
    return await stripe.subscriptions.retrieve(id);
  } catch {
    throw new AppError('UNAVAILABLE', 'Stripe could not be reached to order this event; it will be delivered again.');
  }
}
