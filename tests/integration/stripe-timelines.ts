import type { sites } from '../../src/server/db/schema';
import type { SubscriptionState } from './stripe-fake';

/**
 * Three subscription timelines as Stripe lives them: at each step Stripe's state changes and it creates one
 * event about it. The expected end states are written by hand (decision 104), never computed by the app.
 * Times are Unix seconds: P0 = 2030-01-01, P1 = 2030-01-31, P2 = 2030-03-02 (30-day periods).
 */
export const DAY = 86_400;
export const P0 = 1_893_456_000;
export const P1 = 1_896_048_000;
export const P2 = 1_898_640_000;

export interface Step {
  event: 'invoice.paid' | 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted';
  /** When Stripe created the event. */
  at: number;
  state: Omit<SubscriptionState, 'id' | 'customer'>;
}

export interface Timeline {
  name: string;
  site: Partial<typeof sites.$inferInsert>;
  steps: Step[];
  final: { status: string; plan: string; maxEmployees: number; endsAt: string | null; trialEnded: boolean };
  stored: { state: string; ended: boolean; paid: boolean; planType: string; cancelAtPeriodEnd: boolean };
}

const PRO = 'price_pro_monthly';
const STARTER = 'price_starter_monthly';
const expiredTrial = { subscriptionStatus: 'trial_expired', planType: 'starter', trialEndsAt: new Date('2029-12-18T00:00:00Z') };

export const timelines: Timeline[] = [
  {
    name: '(a) paid, updated to Starter, deleted',
    site: expiredTrial,
    steps: [
      { event: 'invoice.paid', at: P0 + 60, state: { status: 'active', price: PRO, periodStart: P0, periodEnd: P1 } },
      {
        event: 'customer.subscription.updated',
        at: P0 + 5 * DAY,
        state: { status: 'active', price: STARTER, periodStart: P0, periodEnd: P1 },
      },
      {
        event: 'customer.subscription.deleted',
        at: P0 + 10 * DAY,
        state: { status: 'canceled', price: STARTER, periodStart: P0, periodEnd: P1, endedAt: P0 + 10 * DAY },
      },
    ],
    final: { status: 'canceled', plan: 'starter', maxEmployees: 25, endsAt: '2030-01-11T00:00:00.000Z', trialEnded: true },
    stored: { state: 'canceled', ended: true, paid: true, planType: 'starter', cancelAtPeriodEnd: false },
  },
  {
    name: '(b) paid, renewal failed (past_due), paid',
    site: expiredTrial,
    steps: [
      { event: 'invoice.paid', at: P0 + 60, state: { status: 'active', price: PRO, periodStart: P0, periodEnd: P1 } },
      { event: 'customer.subscription.updated', at: P1 + 60, state: { status: 'past_due', price: PRO, periodStart: P1, periodEnd: P2 } },
      { event: 'invoice.paid', at: P1 + 3 * DAY, state: { status: 'active', price: PRO, periodStart: P1, periodEnd: P2 } },
    ],
    final: { status: 'active', plan: 'professional', maxEmployees: 100, endsAt: '2030-03-02T00:00:00.000Z', trialEnded: true },
    stored: { state: 'active', ended: false, paid: true, planType: 'professional', cancelAtPeriodEnd: false },
  },
  {
    name: '(c) trial, paid, canceled at period end',
    site: { subscriptionStatus: 'trial', planType: 'starter', trialEndsAt: new Date('2030-01-01T00:00:00Z') },
    steps: [
      {
        event: 'customer.subscription.created',
        at: P0 - 14 * DAY,
        state: { status: 'trialing', price: PRO, periodStart: P0 - 14 * DAY, periodEnd: P0 },
      },
      { event: 'invoice.paid', at: P0 + 60, state: { status: 'active', price: PRO, periodStart: P0, periodEnd: P1 } },
      {
        event: 'customer.subscription.updated',
        at: P0 + 20 * DAY,
        state: { status: 'active', price: PRO, periodStart: P0, periodEnd: P1, cancelAtPeriodEnd: true },
      },
    ],
    final: { status: 'active', plan: 'professional', maxEmployees: 100, endsAt: '2030-01-31T00:00:00.000Z', trialEnded: true },
    stored: { state: 'active', ended: false, paid: true, planType: 'professional', cancelAtPeriodEnd: true },
  },
];
