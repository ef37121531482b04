import { z } from 'zod';

/** Spec §9: every feature a plan or the beta can switch on. */
export const FEATURES = [
  'basic_calendar',
  'employee_management',
  'basic_reports',
  'email_notifications',
  'advanced_reports',
  'multi_site',
  'api_access',
] as const;
export const ZFeature = z.enum(FEATURES, { message: 'Unknown feature' });
export type TFeature = z.infer<typeof ZFeature>;

export const PAID_PLANS = ['starter', 'professional', 'enterprise'] as const;
export const ZPaidPlan = z.enum(PAID_PLANS, { message: 'Plan must be starter, professional or enterprise' });
export type TPaidPlan = z.infer<typeof ZPaidPlan>;

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'trial_expired', 'canceled'] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const ZPlan = z.object({
  name: z.string(),
  description: z.string().nullable(),
  priceMonthly: z.number(),
  priceYearly: z.number(),
  maxEmployees: z.number().int(),
  maxSites: z.number().int(),
  features: z.array(z.string()),
});
export type TPlan = z.infer<typeof ZPlan>;

/** Spec §3 "Subscription status (read model)", plus what the screens need to draw their controls. */
export const ZSubscriptionStatus = z.object({
  subscriptionStatus: z.string(),
  planType: z.string(),
  maxEmployees: z.number().int(),
  maxSites: z.number().int(),
  isTrialActive: z.boolean(),
  /** -1: the unlimited beta trial. */
  daysRemainingInTrial: z.number().int(),
  trialEndsAt: z.string().nullable(),
  subscriptionEndsAt: z.string().nullable(),
  featuresEnabled: z.array(z.string()),
  canUpgrade: z.boolean(),
  billingModel: z.string(),
  enterpriseContactEmail: z.string().nullable(),
  externalBillingReference: z.string().nullable(),
  isBeta: z.boolean(),
  hidePaymentControls: z.boolean(),
  /** False while the server has no Stripe keys: the payment controls say so. */
  paymentsConfigured: z.boolean(),
  /** Site admins may activate plans, beta mode and trial settings themselves (no card payments; decision 062). */
  selfServicePlans: z.boolean(),
  publishableKey: z.string().nullable(),
  plans: z.array(ZPlan),
});
export type TSubscriptionStatusResponse = z.infer<typeof ZSubscriptionStatus>;

export const ZActivateRequest = z.object({ planType: ZPaidPlan });
export type TActivateRequest = z.infer<typeof ZActivateRequest>;

/** -1 means unlimited, for days and employees alike. */
const unlimitedOr = (max: number, what: string) =>
  z
    .number({ message: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(-1, `${what} must be -1 (unlimited) or more`)
    .max(max, `${what} must be at most ${max}`);

export const ZTrialSettingsRequest = z.object({
  trialDays: unlimitedOr(365, 'Trial days').optional(),
  maxEmployees: unlimitedOr(100_000, 'Max employees').optional(),
  planType: z.enum([...PAID_PLANS, 'beta'], { message: 'Plan must be starter, professional, enterprise or beta' }).optional(),
  featuresEnabled: z.array(ZFeature).max(FEATURES.length).optional(),
});
export type TTrialSettingsRequest = z.infer<typeof ZTrialSettingsRequest>;

export const ZCreateSubscriptionRequest = z.object({ planType: ZPaidPlan.optional() });
/** `setup`: the subscription starts in a free trial, so the form saves the card (no charge until it ends). */
export const ZCreateSubscriptionResponse = z.object({ clientSecret: z.string(), intentType: z.enum(['payment', 'setup']) });
export type TCreateSubscriptionResponse = z.infer<typeof ZCreateSubscriptionResponse>;

export { subscriptionMessages } from '../domain/subscription-messages';
