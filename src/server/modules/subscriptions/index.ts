/**
 * Plans, trials, Stripe and the gate that refuses changes without an active subscription.
 * The front door (decision 109): other code imports this module only from here.
 */
export { assertSiteAcceptsChanges, needsActiveSubscription, subscriptionGate } from './gate';
export { assertCanAddEmployee, assertCanAddSite, assertPlanFits } from './limits';
export { planLimits, requirePlan } from './plans';
export { reconcileStripeSubscriptions, STRIPE_RECONCILE_JOB } from './reconcile';
export { registerSubscriptionRoutes } from './routes';
export { getStatus } from './service';
export { stripeConfigFrom, type StripeConfig } from './stripe-client';
export { registerStripeWebhookRoute } from './webhook-route';
