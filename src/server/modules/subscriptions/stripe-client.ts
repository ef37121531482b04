import Stripe from 'stripe';
import type { TPaidPlan } from '../../../shared/contracts/subscriptions';

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Stripe price id of each plan's monthly price; a plan without one falls back to the plans table's. */
  prices: Partial<Record<TPaidPlan, string>>;
  /** Another API address (a local fake in tests, stripe-mock in development); unset: api.stripe.com. */
  apiBase?: string;
}

/** Reads the Stripe settings from the parsed environment: all three keys or nothing. */
export function stripeConfigFrom(env: {
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PRICE_STARTER?: string;
  STRIPE_PRICE_PROFESSIONAL?: string;
  STRIPE_PRICE_ENTERPRISE?: string;
  STRIPE_API_BASE?: string;
}): StripeConfig | undefined {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY || !env.STRIPE_WEBHOOK_SECRET) return undefined;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    prices: { starter: env.STRIPE_PRICE_STARTER, professional: env.STRIPE_PRICE_PROFESSIONAL, enterprise: env.STRIPE_PRICE_ENTERPRISE },
    apiBase: env.STRIPE_API_BASE,
  };
}

const clients = new WeakMap<StripeConfig, Stripe>();

/** One SDK client per configuration. */
export function stripeClient(config: StripeConfig): Stripe {
  let client = clients.get(config);
  if (!client) {
    const base = config.apiBase ? new URL(config.apiBase) : undefined;
    client = new Stripe(config.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === 'http:' ? 80 : 443),
        protocol: base.protocol === 'http:' ? 'http' : 'https',
      }),
    });
    clients.set(config, client);
  }
  return client;
}
