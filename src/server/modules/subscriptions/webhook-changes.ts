import type Stripe from 'stripe';
import { PAID_PLANS } from '../../../shared/contracts/subscriptions';
import type { ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import type { sites } from '../../db/schema';
import { applyPlan } from './service';

/** What one Stripe event (or Stripe's current view of a subscription) does to a site. */
type SiteRow = typeof sites.$inferSelect & { id: ActorSiteId };

export interface Change {
  /** The history row's status. */
  status: string;
  apply: (tx: Db) => Promise<void>;
  metadata: Record<string, unknown>;
  /**
   * The event states the subscription's state, so it takes part in the ordering (decision 062). A failed
   * payment or a zero invoice states nothing: Stripe follows both with a subscription update that does.
   */
  ordered: boolean;
  /** Stripe ended the subscription for good: a new one has a new id. */
  ends: boolean;
  /** A real (non-zero) payment was confirmed. */
  paid: boolean;
}

export const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : v?.id);
const fromUnix = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);
const paidPlan = (...candidates: Array<string | null | undefined>) =>
  candidates.find((c): c is string => !!c && (PAID_PLANS as readonly string[]).includes(c)) ?? 'professional';
const nothing = async () => undefined;

export function invoiceChange(event: Stripe.Event, invoice: Stripe.Invoice, site: SiteRow): Change {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  const metadata = { type: event.type, invoice: invoice.id, subscription: subscriptionId };
  const recorded = { apply: nothing, ordered: false, ends: false, paid: false };
  if (event.type === 'invoice.payment_failed') {
    // Stripe retries a failed payment; the site keeps its status until the subscription itself changes.
    return { ...recorded, status: 'payment_failed', metadata: { ...metadata, attempt: invoice.attempt_count } };
  }
  if (!(invoice.amount_paid > 0)) {
    // A trial's first invoice is "paid" at 0: a saved card is not a payment, the plan starts when one is made.
    return { ...recorded, status: 'paid_no_charge', metadata: { ...metadata, amountPaid: invoice.amount_paid } };
  }
  const periodEnd = Math.max(0, ...invoice.lines.data.map((l) => l.period?.end ?? 0));
  const planType = paidPlan(details?.metadata?.planType, site.planType);
  return {
    status: 'active',
    metadata: { ...metadata, planType, amountPaid: invoice.amount_paid },
    ordered: true,
    ends: false,
    paid: true,
    apply: (tx) =>
      applyPlan(tx, site.id, planType, {
        trialEndsAt: null,
        subscriptionEndsAt: fromUnix(periodEnd),
        ...(subscriptionId && { stripeSubscriptionId: subscriptionId }),
      }),
  };
}

/** `deleted`: the event says Stripe deleted it (its object may still read `canceled` or, in tests, anything). */
export function subscriptionChange(type: string, sub: Stripe.Subscription, site: SiteRow): Change {
  const planType = paidPlan(sub.metadata?.planType, site.planType);
  const metadata = { type, subscription: sub.id, stripeStatus: sub.status, planType };
  const ends = fromUnix(sub.cancel_at ?? sub.items.data[0]?.current_period_end);
  const cancel = (at: Date | null, final: boolean): Change => ({
    status: 'canceled',
    metadata,
    ordered: true,
    ends: final,
    paid: false,
    // The plan it was for comes along, so the end state depends on the newest event alone, not on the order.
    apply: (tx: Db) => applyPlan(tx, site.id, planType, { subscriptionStatus: 'canceled', subscriptionEndsAt: at }),
  });
  if (type === 'customer.subscription.deleted') return cancel(fromUnix(sub.ended_at) ?? ends, true);
  if (sub.status === 'active') {
    return {
      status: 'active',
      metadata,
      ordered: true,
      ends: false,
      // Stripe calls a subscription active once its latest invoice is paid.
      paid: true,
      apply: (tx) => applyPlan(tx, site.id, planType, { trialEndsAt: null, subscriptionEndsAt: ends, stripeSubscriptionId: sub.id }),
    };
  }
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return cancel(ends, true);
  // Unpaid: Stripe stopped retrying, but a later payment makes the same subscription active again.
  if (sub.status === 'unpaid') return cancel(ends, false);
  // trialing (a card saved, nothing paid yet), incomplete, past_due, paused: recorded, the site unchanged.
  return { status: sub.status, metadata, apply: nothing, ordered: true, ends: false, paid: false };
}
