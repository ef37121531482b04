import { and, isNull } from 'drizzle-orm';
import Stripe from 'stripe';
import {
  PAID_PLANS,
  subscriptionMessages,
  type TCreateSubscriptionResponse,
  type TPaidPlan,
} from '../../../shared/contracts/subscriptions';
import { effectiveStatus, enterpriseRefusal, isEnterpriseManaged } from '../../../shared/domain/subscription';
import { AppError } from '../../../shared/errors';
import { inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { sites } from '../../db/schema';
import { assertPlanFits } from './limits';
import { requirePlan } from './plans';
import { stripeClient, type StripeConfig } from './stripe-client';

const EXPAND = ['latest_invoice.confirmation_secret', 'pending_setup_intent'];
/** Stripe refuses a trial end closer than this; a trial about to end is simply charged now. */
const MIN_TRIAL_MS = 48 * 60 * 60 * 1000;

const isPaidPlan = (p: string): p is TPaidPlan => (PAID_PLANS as readonly string[]).includes(p);

/** The secret the Payment Element confirms: the first invoice's, or the card set-up's while Stripe's trial runs. */
function secretOf(sub: Stripe.Subscription): TCreateSubscriptionResponse | undefined {
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  const paymentSecret = invoice?.confirmation_secret?.client_secret;
  if (paymentSecret && invoice?.status === 'open') return { clientSecret: paymentSecret, intentType: 'payment' };
  const setup = typeof sub.pending_setup_intent === 'object' ? sub.pending_setup_intent : null;
  if (setup?.client_secret) return { clientSecret: setup.client_secret, intentType: 'setup' };
  return undefined;
}

/**
 * POST /api/get-or-create-subscription: the site's Stripe customer and one incomplete subscription for the
 * plan's monthly price, created once (stored ids, and idempotency keys for two clicks at once).
 */
export async function getOrCreateSubscription(
  db: Db,
  actor: Actor,
  config: StripeConfig | undefined,
  requested: TPaidPlan | undefined,
  now: Date,
): Promise<TCreateSubscriptionResponse> {
  if (!config) throw new AppError('UNAVAILABLE', subscriptionMessages.paymentsNotConfigured);
  const [site] = await db.select().from(sites).where(inSite(actor, sites.id));
  if (!site) throw new AppError('NOT_FOUND', 'Site not found');
  if (isEnterpriseManaged(site)) throw new AppError('FORBIDDEN', enterpriseRefusal(site.enterpriseContactEmail));
  if (site.hidePaymentControls) throw new AppError('FORBIDDEN', 'Payments for this site are handled outside the app.');
  const planType = requested ?? (isPaidPlan(site.planType) && site.planType !== 'starter' ? site.planType : 'professional');
  const plan = await requirePlan(db, planType);
  // Refused before Stripe is asked: a customer must not pay for a plan their sites or staff do not fit.
  await assertPlanFits(db, { id: actor.siteId, businessId: site.businessId }, plan);
  const price = config.prices[planType] ?? plan.stripePriceIdMonthly;
  if (!price) throw new AppError('UNAVAILABLE', `The ${planType} plan has no payment price configured.`);
  const stripe = stripeClient(config);

  try {
    let customerId = site.stripeCustomerId;
    if (!customerId) {
      const customer = await stripe.customers.create(
        { name: site.name, email: actor.email, metadata: { siteId: String(site.id) } },
        { idempotencyKey: `hoursight-site-${site.id}-customer` },
      );
      await db
        .update(sites)
        .set({ stripeCustomerId: customer.id })
        .where(and(inSite(actor, sites.id), isNull(sites.stripeCustomerId)));
      const [stored] = await db.select({ id: sites.stripeCustomerId }).from(sites).where(inSite(actor, sites.id));
      customerId = stored?.id ?? customer.id;
    }

    if (site.stripeSubscriptionId) {
      const existing = await stripe.subscriptions.retrieve(site.stripeSubscriptionId, { expand: EXPAND });
      if (existing.status === 'active') throw new AppError('CONFLICT', 'This site already has an active subscription.');
      const samePrice = existing.items.data.some((i) => i.price.id === price);
      const secret = samePrice && ['incomplete', 'trialing'].includes(existing.status) ? secretOf(existing) : undefined;
      if (secret) return secret;
    }

    // No charge until the app's own trial ends: Stripe's trial runs to the same moment.
    const trialLeft = site.trialEndsAt && effectiveStatus(site, now) === 'trial' ? site.trialEndsAt.getTime() - now.getTime() : 0;
    const created = await stripe.subscriptions.create(
      {
        customer: customerId,
        items: [{ price }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { siteId: String(site.id), planType },
        expand: EXPAND,
        ...(trialLeft > MIN_TRIAL_MS && site.trialEndsAt && { trial_end: Math.floor(site.trialEndsAt.getTime() / 1000) }),
      },
      { idempotencyKey: `hoursight-site-${site.id}-subscription-${price}-after-${site.stripeSubscriptionId ?? 'none'}` },
    );
    await db.update(sites).set({ stripeSubscriptionId: created.id }).where(inSite(actor, sites.id));
    const secret = secretOf(created);
    if (!secret) throw new AppError('UNAVAILABLE', subscriptionMessages.initFailed);
    return secret;
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) throw new AppError('UNAVAILABLE', subscriptionMessages.setupError);
    throw err;
  }
}
