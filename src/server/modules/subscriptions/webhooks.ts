import { and, eq, isNull, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import { siteIdForStripeEvent, type ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { sites, subscriptionHistory } from '../../db/schema';
import type { StripeConfig } from './stripe-client';
import { idOf } from './stripe-state';
import { priceLookup, syncSubscription } from './stripe-sync';

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/** The events that say something may have changed about a subscription, and the subscription each names. */
interface Signal {
  subscriptionId: string;
  customerId: string | undefined;
  paymentSeen: boolean;
}

const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed']);

function signalOf(event: Stripe.Event): Signal | undefined {
  if (event.type.startsWith('customer.subscription.')) {
    const sub = event.data.object as Stripe.Subscription;
    return { subscriptionId: sub.id, customerId: idOf(sub.customer), paymentSeen: false };
  }
  if (INVOICE_EVENTS.has(event.type)) {
    const invoice = event.data.object as Stripe.Invoice;
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    // A paid invoice for more than 0 is a payment; a trial's first invoice is "paid" at 0 and is not.
    const paymentSeen = event.type !== 'invoice.payment_failed' && invoice.amount_paid > 0;
    return subscriptionId ? { subscriptionId, customerId: idOf(invoice.customer), paymentSeen } : undefined;
  }
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object;
    const subscriptionId = session.mode === 'subscription' ? idOf(session.subscription) : undefined;
    return subscriptionId ? { subscriptionId, customerId: idOf(session.customer), paymentSeen: false } : undefined;
  }
  return undefined;
}

/**
 * The site an event is about: the one whose current subscription it names, else (the first payment can
 * arrive before the subscription id is stored) the customer's site that holds no subscription yet. An event
 * about any other subscription of the customer (an older, replaced one) finds no site and changes nothing.
 */
async function findSite(db: Db, subscriptionId: string, customerId: string | undefined): Promise<ActorSiteId | undefined> {
  const byCustomer = customerId ? and(eq(sites.stripeCustomerId, customerId), isNull(sites.stripeSubscriptionId)) : undefined;
  const rows = await db
    .select({ id: sites.id, stripeSubscriptionId: sites.stripeSubscriptionId })
    .from(sites)
    .where(or(eq(sites.stripeSubscriptionId, subscriptionId), byCustomer));
  const row = rows.find((s) => s.stripeSubscriptionId === subscriptionId) ?? rows[0];
  return row && siteIdForStripeEvent(row);
}

/**
 * Handles one verified Stripe event (decision 104, amending 062). An event is a signal, not a statement:
 * Stripe delivers late, twice and out of order for days, so the subscription is read from Stripe as it is
 * now and the site follows that, whatever the order. Each event id is processed once (its history row).
 */
export async function handleStripeEvent(
  db: Db,
  event: Stripe.Event,
  now: Date,
  stripe: Stripe,
  config: StripeConfig,
): Promise<WebhookOutcome> {
  const signal = signalOf(event);
  if (!signal) return 'ignored';
  const siteId = await findSite(db, signal.subscriptionId, signal.customerId);
  if (!siteId) return 'ignored';
  // A redelivery is answered without asking Stripe; the unique history row still decides a race.
  const [seen] = await db
    .select({ id: subscriptionHistory.id })
    .from(subscriptionHistory)
    .where(eq(subscriptionHistory.paymentEventId, event.id));
  if (seen) return 'duplicate';
  const result = await syncSubscription(
    db,
    stripe,
    await priceLookup(db, config),
    signal.subscriptionId,
    siteId,
    {
      source: 'webhook',
      event: { id: event.id, type: event.type, created: new Date(event.created * 1000) },
      paymentSeen: signal.paymentSeen,
    },
    now,
  );
  return result.outcome;
}
