import Stripe from 'stripe';
import type { StripeConfig } from '../../src/server/modules/subscriptions';
import type { TestApp } from './harness';
import { subscriptionObject, type StripeFake, type SubscriptionState } from './stripe-fake';

/** Stripe events as Stripe sends them, signed with the official SDK's test helper. */
export const WEBHOOK_SECRET = 'whsec_test_hoursight';
const signer = new Stripe('sk_test_signer_only');

export const fakeConfig = (fake: StripeFake): StripeConfig => ({
  secretKey: 'sk_test_fake_key',
  publishableKey: 'pk_test_fake_key',
  webhookSecret: WEBHOOK_SECRET,
  prices: { starter: 'price_starter_monthly', professional: 'price_pro_monthly' },
  apiBase: fake.url,
});

export interface SubRef {
  id: string;
  customer: string;
  siteId: number;
}

/** Sends an event the way Stripe does: the exact bytes, signed with the endpoint's secret. */
export function deliver(
  t: TestApp,
  event: object,
  opts: { secret?: string; timestamp?: number; signature?: string | null; tamper?: boolean } = {},
) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET, timestamp: opts.timestamp });
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (opts.signature !== null) headers['stripe-signature'] = opts.signature ?? header;
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers,
    payload: opts.tamper ? payload.replace('2900', '1') : payload,
  });
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export const invoiceEvent = (
  id: string,
  type: string,
  sub: SubRef,
  opts: { periodEnd?: number; created?: number; amountPaid?: number; planType?: string } = {},
) => {
  const periodEnd = opts.periodEnd ?? 1_900_000_000;
  return {
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: opts.created ?? nowSeconds(),
    data: {
      object: {
        id: `in_${id}`,
        object: 'invoice',
        customer: sub.customer,
        amount_paid: opts.amountPaid ?? (type === 'invoice.paid' ? 2900 : 0),
        attempt_count: 1,
        parent: {
          type: 'subscription_details',
          subscription_details: {
            subscription: sub.id,
            metadata: { siteId: String(sub.siteId), planType: opts.planType ?? 'professional' },
          },
        },
        lines: { object: 'list', data: [{ id: 'il_1', object: 'line_item', period: { start: periodEnd - 30 * 86400, end: periodEnd } }] },
      },
    },
  };
};

export const subscriptionEvent = (
  id: string,
  type: string,
  sub: Pick<SubRef, 'id' | 'customer'>,
  fields: Record<string, unknown>,
  created = nowSeconds(),
) => ({
  id,
  object: 'event',
  type,
  api_version: '2026-10-28.endive',
  created,
  data: {
    object: {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer,
      metadata: { planType: 'professional' },
      cancel_at: null,
      ended_at: null,
      items: {
        object: 'list',
        data: [{ id: 'si_1', object: 'subscription_item', current_period_end: 1_900_000_000, price: { id: 'price_pro_monthly' } }],
      },
      ...fields,
    },
  },
});

/** A `customer.subscription.*` event carrying the subscription as it was when Stripe created the event. */
export const stateEvent = (id: string, type: string, state: SubscriptionState, created: number) => ({
  id,
  object: 'event',
  type,
  api_version: '2026-10-28.endive',
  created,
  data: { object: subscriptionObject(state) },
});
