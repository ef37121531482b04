import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { siteTarget, stateOf, type StripeState } from './stripe-state';

const plans: Record<string, 'starter' | 'professional'> = { price_s: 'starter', price_p: 'professional' };
const sub = (fields: Record<string, unknown>, item: Record<string, unknown> = {}) =>
  ({
    id: 'sub_1',
    status: 'active',
    metadata: { planType: 'enterprise' },
    cancel_at: null,
    cancel_at_period_end: false,
    ended_at: null,
    items: { data: [{ price: { id: 'price_p' }, current_period_start: 1_893_456_000, current_period_end: 1_896_048_000, ...item }] },
    ...fields,
  }) as unknown as Stripe.Subscription;

const state = (fields: Partial<StripeState>): StripeState => ({
  status: 'active',
  priceId: 'price_p',
  planType: 'professional',
  periodStart: new Date('2030-01-01T00:00:00Z'),
  periodEnd: new Date('2030-01-31T00:00:00Z'),
  cancelAtPeriodEnd: false,
  cancelAt: null,
  endedAt: null,
  ...fields,
});

describe("Stripe's state of a subscription", () => {
  it('reads the plan from the price before the metadata, and the period from the item', () => {
    expect(stateOf(sub({}), (p) => plans[p])).toEqual(state({}));
    expect(stateOf(sub({}, { price: { id: 'price_unknown' } }), (p) => plans[p])).toMatchObject({ planType: 'enterprise' });
    expect(stateOf(sub({ cancel_at_period_end: true, cancel_at: 1_896_048_000 }), (p) => plans[p])).toMatchObject({
      cancelAtPeriodEnd: true,
      cancelAt: new Date('2030-01-31T00:00:00Z'),
    });
  });

  it('makes the site active only for a paid subscription, and says until when', () => {
    const jan31 = new Date('2030-01-31T00:00:00Z');
    const jan01 = new Date('2030-01-01T00:00:00Z');
    expect(siteTarget(state({}), false, 'starter')).toEqual({ status: 'active', planType: 'professional', subscriptionEndsAt: jan31 });
    expect(siteTarget(state({ cancelAt: new Date('2030-01-20T00:00:00Z') }), true, 'starter')).toMatchObject({
      subscriptionEndsAt: new Date('2030-01-20T00:00:00Z'),
    });
    expect(siteTarget(state({ status: 'past_due' }), true, 'starter')).toEqual({
      status: 'active',
      planType: 'professional',
      subscriptionEndsAt: jan01,
    });
    expect(siteTarget(state({ status: 'past_due' }), false, 'starter')).toBeNull();
    expect(siteTarget(state({ status: 'trialing' }), false, 'starter')).toBeNull();
    expect(siteTarget(state({ status: 'incomplete' }), false, 'starter')).toBeNull();
    expect(siteTarget(state({ status: 'unpaid' }), true, 'starter')).toEqual({
      status: 'canceled',
      planType: 'professional',
      subscriptionEndsAt: jan01,
    });
    const ended = new Date('2030-01-11T00:00:00Z');
    expect(siteTarget(state({ status: 'canceled', endedAt: ended, planType: null }), true, 'starter')).toEqual({
      status: 'canceled',
      planType: 'starter',
      subscriptionEndsAt: ended,
    });
  });
});
