import { eq, or, type SQL } from 'drizzle-orm';
import type Stripe from 'stripe';
import { PAID_PLANS } from '../../../shared/contracts/subscriptions';
import type { Db } from '../../db/client';
import { sites } from '../../db/schema';
import { recordHistory, applyPlan } from './service';

type SiteRow = typeof sites.$inferSelect;
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : v?.id);
const fromUnix = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);
const paidPlan = (...candidates: Array<string | null | undefined>) =>
  candidates.find((c): c is string => !!c && (PAID_PLANS as readonly string[]).includes(c)) ?? 'professional';

/** The site an event is about: the subscription it holds, else the customer (first payment before the id was stored). */
async function findSite(db: Db, subscriptionId: string | undefined, customerId: string | undefined): Promise<SiteRow | undefined> {
  const conditions: SQL[] = [];
  if (subscriptionId) conditions.push(eq(sites.stripeSubscriptionId, subscriptionId));
  if (customerId) conditions.push(eq(sites.stripeCustomerId, customerId));
  if (!conditions.length) return undefined;
  const rows = await db.select().from(sites).where(or(...conditions));
  return rows.find((s) => subscriptionId && s.stripeSubscriptionId === subscriptionId) ?? rows[0];
}

interface Change {
  site: SiteRow;
  status: string;
  apply: (tx: Db) => Promise<void>;
  metadata: Record<string, unknown>;
}

function invoiceChange(event: Stripe.Event, invoice: Stripe.Invoice, site: SiteRow): Change {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  const metadata = { type: event.type, invoice: invoice.id, subscription: subscriptionId };
  if (event.type === 'invoice.payment_failed') {
    // Stripe retries a failed payment; the site keeps its status until the subscription itself changes.
    return { site, status: 'payment_failed', apply: async () => undefined, metadata: { ...metadata, attempt: invoice.attempt_count } };
  }
  const periodEnd = Math.max(0, ...invoice.lines.data.map((l) => l.period?.end ?? 0));
  const planType = paidPlan(details?.metadata?.planType, site.planType);
  return {
    site,
    status: 'active',
    metadata: { ...metadata, planType, amountPaid: invoice.amount_paid },
    apply: (tx) =>
      applyPlan(tx, site.id, planType, {
        trialEndsAt: null,
        subscriptionEndsAt: fromUnix(periodEnd),
        ...(subscriptionId && { stripeSubscriptionId: subscriptionId }),
      }),
  };
}

function subscriptionChange(event: Stripe.Event, sub: Stripe.Subscription, site: SiteRow): Change | undefined {
  const planType = paidPlan(sub.metadata?.planType, site.planType);
  const metadata = { type: event.type, subscription: sub.id, stripeStatus: sub.status, planType };
  const ends = fromUnix(sub.cancel_at ?? sub.items.data[0]?.current_period_end);
  const cancel = (at: Date | null) => ({
    site,
    status: 'canceled',
    metadata,
    apply: async (tx: Db) => {
      await tx.update(sites).set({ subscriptionStatus: 'canceled', subscriptionEndsAt: at }).where(eq(sites.id, site.id));
    },
  });
  if (event.type === 'customer.subscription.deleted') return cancel(fromUnix(sub.ended_at) ?? ends);
  if (sub.status === 'active' || sub.status === 'trialing') {
    return { site, status: 'active', metadata, apply: (tx) => applyPlan(tx, site.id, planType, { trialEndsAt: null, subscriptionEndsAt: ends, stripeSubscriptionId: sub.id }) };
  }
  if (sub.status === 'canceled' || sub.status === 'unpaid' || sub.status === 'incomplete_expired') return cancel(ends);
  // incomplete, past_due, paused: recorded, the site unchanged while Stripe works on it.
  return { site, status: sub.status, metadata, apply: async () => undefined };
}

/**
 * Applies one verified Stripe event. The history row carries the event id under a unique index and is
 * written first in the same transaction: a second delivery inserts nothing and changes nothing.
 */
export async function handleStripeEvent(db: Db, event: Stripe.Event, now: Date): Promise<WebhookOutcome> {
  let change: Change | undefined;
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    const invoice = event.data.object;
    const site = await findSite(db, idOf(invoice.parent?.subscription_details?.subscription), idOf(invoice.customer));
    change = site && invoiceChange(event, invoice, site);
  } else if (event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted') {
    const sub = event.data.object;
    const site = await findSite(db, sub.id, idOf(sub.customer));
    change = site && subscriptionChange(event, sub, site);
  }
  if (!change) return 'ignored';
  const { site, status, apply, metadata } = change;
  return db.transaction(async (tx) => {
    const first = await recordHistory(tx, { siteId: site.id, planType: String(metadata.planType ?? site.planType), status, paymentEventId: event.id, metadata, now });
    if (!first) return 'duplicate';
    await apply(tx);
    return 'processed';
  });
}
