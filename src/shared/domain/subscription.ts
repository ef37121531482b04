import type { TSubscriptionStatus } from '../contracts/subscriptions';
import { subscriptionMessages } from './subscription-messages';

/** Pure subscription rules: "now" is always passed in, so tests pin it (DESIGN "Rules that hold everywhere"). */
export const DAY_MS = 24 * 60 * 60 * 1000;
export const BETA_PLAN = 'beta';
export const UNLIMITED = -1;
/**
 * Days a paid site keeps writing after its paid period ended unrenewed (decision 104): Stripe retries a
 * failed renewal for days, and a card expires on its own schedule; past them the site lapses (read-only, 402).
 */
export const PAID_PERIOD_GRACE_DAYS = 7;
export const LAPSED = 'lapsed';

export interface SiteSubscription {
  subscriptionStatus: string;
  planType: string;
  billingModel: string;
  trialEndsAt: Date | null;
  enterpriseContactEmail: string | null;
  /** The end of the paid period Stripe last confirmed; null for sites no Stripe payment keeps. */
  subscriptionEndsAt?: Date | null;
  /** Invoiced outside the app (decision 062): Stripe's periods do not bind it. */
  externalBillingReference?: string | null;
}

type StatusTerms = Pick<
  SiteSubscription,
  'subscriptionStatus' | 'planType' | 'trialEndsAt' | 'subscriptionEndsAt' | 'externalBillingReference'
>;

/** An active site whose paid period ended more than the grace period ago, without a renewal Stripe confirmed. */
export function paidPeriodLapsed(site: StatusTerms, now: Date): boolean {
  if (site.subscriptionStatus !== 'active' || !site.subscriptionEndsAt || site.externalBillingReference) return false;
  return site.subscriptionEndsAt.getTime() + PAID_PERIOD_GRACE_DAYS * DAY_MS <= now.getTime();
}

/**
 * A trial whose end has passed is expired on read: no job has to flip it. So is a lapsed paid period
 * (`lapsed`, never stored: a renewal Stripe confirms later makes the site active again).
 */
export function effectiveStatus(site: StatusTerms, now: Date): TSubscriptionStatus | string {
  if (paidPeriodLapsed(site, now)) return LAPSED;
  if (
    site.subscriptionStatus === 'trial' &&
    site.planType !== BETA_PLAN &&
    site.trialEndsAt &&
    site.trialEndsAt.getTime() <= now.getTime()
  ) {
    return 'trial_expired';
  }
  return site.subscriptionStatus;
}

/** Whole days left, counting a started day as one; -1 for the beta or a trial without an end; 0 otherwise. */
export function daysRemainingInTrial(site: Pick<SiteSubscription, 'subscriptionStatus' | 'planType' | 'trialEndsAt'>, now: Date): number {
  if (site.planType === BETA_PLAN && site.subscriptionStatus === 'trial') return UNLIMITED;
  if (effectiveStatus(site, now) !== 'trial') return 0;
  if (!site.trialEndsAt) return UNLIMITED;
  return Math.max(0, Math.ceil((site.trialEndsAt.getTime() - now.getTime()) / DAY_MS));
}

export const isEnterpriseManaged = (site: Pick<SiteSubscription, 'billingModel'>) => site.billingModel !== 'self_service';

/** Self-service sites may move up until they hold a paid plan above Starter. */
export function canUpgrade(site: StatusTerms & Pick<SiteSubscription, 'billingModel'>, now: Date): boolean {
  if (isEnterpriseManaged(site)) return false;
  return !(effectiveStatus(site, now) === 'active' && site.planType !== 'starter');
}

/** The one rule for changes to a site's data: the message to refuse them with, or null when they may go ahead. */
export function writeRefusal(site: StatusTerms, now: Date): string | null {
  const status = effectiveStatus(site, now);
  if (status === 'trial_expired') return subscriptionMessages.trialExpired;
  if (status === 'canceled') return subscriptionMessages.canceled;
  if (status === LAPSED) return subscriptionMessages.lapsed;
  return null;
}

export function enterpriseRefusal(contact: string | null): string {
  const who = contact ? `your enterprise contact at ${contact}` : 'your enterprise account manager';
  return `This subscription is managed under an enterprise agreement. Please contact ${who} to change it.`;
}

/** The site's stored list, or its plan's when the site stores none (older rows). Bad JSON counts as none. */
export function featuresOf(stored: string, planFeatures: readonly string[]): string[] {
  try {
    const list: unknown = JSON.parse(stored);
    if (Array.isArray(list) && list.length > 0) return list.filter((f): f is string => typeof f === 'string');
  } catch {
    // fall back to the plan's
  }
  return [...planFeatures];
}

/** "Up to N employees" with -1 read as unlimited. */
export const limitLabel = (n: number, noun: string) => (n < 0 ? `Unlimited ${noun}` : `Up to ${n} ${noun}`);
