import type Stripe from 'stripe';
import { PAID_PLANS, type TPaidPlan } from '../../../shared/contracts/subscriptions';

/** Stripe's view of one subscription, read from Stripe: what the app stores and decides from (decision 104). */
export interface StripeState {
  status: Stripe.Subscription.Status;
  priceId: string | null;
  /** The plan its price sells (else the plan named in its metadata); null when neither is known. */
  planType: TPaidPlan | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  cancelAt: Date | null;
  endedAt: Date | null;
}

/** What a site becomes from a state; `null` leaves the site as it is. */
export interface SiteTarget {
  status: 'active' | 'canceled';
  planType: string;
  /** The end of the period paid for: "Paid until", and where the grace before a lapse starts. */
  subscriptionEndsAt: Date | null;
}

export const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : v?.id);
const fromUnix = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);
const isPaidPlan = (p: string | null | undefined): p is TPaidPlan => !!p && (PAID_PLANS as readonly string[]).includes(p);
const earlier = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));

/** `planOfPrice`: the configured prices and the plans table's, so a plan changed in Stripe is the site's plan. */
export function stateOf(sub: Stripe.Subscription, planOfPrice: (priceId: string) => TPaidPlan | undefined): StripeState {
  // Since API 2025-03-31 the period lives on the items; the app sells one item per subscription.
  const item = sub.items.data[0];
  const priceId = item?.price?.id ?? null;
  const fromPrice = priceId ? planOfPrice(priceId) : undefined;
  const fromMetadata = sub.metadata?.planType;
  return {
    status: sub.status,
    priceId,
    planType: fromPrice ?? (isPaidPlan(fromMetadata) ? fromMetadata : null),
    periodStart: fromUnix(item?.current_period_start),
    periodEnd: fromUnix(item?.current_period_end),
    cancelAtPeriodEnd: !!sub.cancel_at_period_end,
    cancelAt: fromUnix(sub.cancel_at),
    endedAt: fromUnix(sub.ended_at),
  };
}

/**
 * The site Stripe's state calls for. `paid`: a real payment of this subscription was seen (decision 062: no
 * paid state without one).
 * - active: Stripe's word for "latest invoice paid": the plan, paid until the period's end (or an earlier
 *   scheduled cancellation).
 * - past_due: a renewal failed and Stripe retries; a subscription once paid keeps its plan, paid until the
 *   unpaid period's start, so the grace before a lapse runs from there.
 * - unpaid (Stripe stopped retrying; a later payment revives it), canceled, incomplete_expired: canceled,
 *   with the plan it was for.
 * - trialing (a card saved, nothing charged), incomplete, paused, and past_due never paid: the site as it is.
 */
export function siteTarget(state: StripeState, paid: boolean, currentPlan: string): SiteTarget | null {
  const planType = state.planType ?? (isPaidPlan(currentPlan) ? currentPlan : 'professional');
  switch (state.status) {
    case 'active':
      return { status: 'active', planType, subscriptionEndsAt: earlier(state.cancelAt, state.periodEnd) };
    case 'past_due':
      return paid ? { status: 'active', planType, subscriptionEndsAt: state.periodStart } : null;
    case 'unpaid':
      return { status: 'canceled', planType, subscriptionEndsAt: state.periodStart };
    case 'canceled':
    case 'incomplete_expired':
      return { status: 'canceled', planType, subscriptionEndsAt: state.endedAt ?? state.cancelAt ?? state.periodEnd };
    default:
      return null;
  }
}

/** Stripe ended it for good: a new subscription has a new id. */
export const hasEnded = (state: StripeState) => state.status === 'canceled' || state.status === 'incomplete_expired';
