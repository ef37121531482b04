import { and, eq, lte } from 'drizzle-orm';
import {
  FEATURES,
  type TSubscriptionStatusResponse,
  type TTrialSettingsRequest,
  type TPaidPlan,
} from '../../../shared/contracts/subscriptions';
import {
  BETA_PLAN,
  canUpgrade,
  DAY_MS,
  daysRemainingInTrial,
  effectiveStatus,
  enterpriseRefusal,
  featuresOf,
  isEnterpriseManaged,
  UNLIMITED,
} from '../../../shared/domain/subscription';
import { subscribeToActivate, subscriptionMessages } from '../../../shared/domain/subscription-messages';
import { AppError } from '../../../shared/errors';
import { inSiteId, type Actor, type ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { sites, subscriptionHistory } from '../../db/schema';
import { assertPlanFits } from './limits';
import { findPlan, listPlans, planLabel, planLimits, requirePlan, toPlan } from './plans';
import type { StripeConfig } from './stripe-client';

/**
 * Who may pick a plan without paying (decision 062): with card payments on, nobody but a payment or the
 * super-admin portal; without them, site admins when the operator allows it (SELF_SERVICE_PLANS).
 */
export interface PlanControls {
  payments: boolean;
  selfService: boolean;
}
export interface PaymentSettings {
  stripe?: StripeConfig;
  selfServicePlans?: boolean;
}
export const planControls = (config: PaymentSettings): PlanControls => ({
  payments: !!config.stripe,
  selfService: !config.stripe && config.selfServicePlans !== false,
});

/** A site row whose id keeps the gate's brand, so the changes below scope by it. */
type SiteRow = typeof sites.$inferSelect & { id: ActorSiteId };

async function loadSite(db: Db, siteId: ActorSiteId, lock = false): Promise<SiteRow> {
  const query = db.select().from(sites).where(inSiteId(siteId, sites.id));
  const [site] = lock ? await query.for('update') : await query;
  if (!site) throw new AppError('NOT_FOUND', 'Site not found');
  return { ...site, id: siteId };
}

/** Every transition writes one history row: who or what moved the site, and from where. */
export async function recordHistory(
  tx: Db,
  row: { siteId: number; planType: string; status: string; paymentEventId?: string; metadata: Record<string, unknown>; now: Date },
): Promise<boolean> {
  const plan = await findPlan(tx, row.planType);
  const inserted = await tx
    .insert(subscriptionHistory)
    .values({
      siteId: row.siteId,
      planId: plan?.id ?? null,
      status: row.status,
      paymentEventId: row.paymentEventId,
      metadata: row.metadata,
      createdAt: row.now,
    })
    .onConflictDoNothing({ target: subscriptionHistory.paymentEventId })
    .returning({ id: subscriptionHistory.id });
  return inserted.length > 0;
}

/** `config`: the app's, whose Stripe keys and SELF_SERVICE_PLANS decide what the screens offer. */
export async function getStatus(db: Db, siteId: ActorSiteId, now: Date, config: PaymentSettings): Promise<TSubscriptionStatusResponse> {
  const payments = config.stripe;
  const controls = planControls(config);
  let site = await loadSite(db, siteId);
  const status = effectiveStatus(site, now);
  if (status !== site.subscriptionStatus) {
    // The trial ran out since the last look: store it, so every other reader (admin portal, reports) agrees.
    const [updated] = await db
      .update(sites)
      .set({ subscriptionStatus: status })
      .where(and(inSiteId(siteId, sites.id), eq(sites.subscriptionStatus, 'trial'), lte(sites.trialEndsAt, now)))
      .returning();
    site = updated ? { ...updated, id: siteId } : site;
  }
  const plans = await listPlans(db);
  const plan = plans.find((p) => p.name === site.planType);
  return {
    subscriptionStatus: status,
    planType: site.planType,
    maxEmployees: site.maxEmployees,
    maxSites: site.maxSites,
    isTrialActive: status === 'trial',
    daysRemainingInTrial: daysRemainingInTrial(site, now),
    trialEndsAt: site.trialEndsAt?.toISOString() ?? null,
    subscriptionEndsAt: site.subscriptionEndsAt?.toISOString() ?? null,
    featuresEnabled: featuresOf(site.featuresEnabled, plan?.features ?? []),
    canUpgrade: canUpgrade(site, now),
    billingModel: site.billingModel,
    enterpriseContactEmail: site.enterpriseContactEmail,
    externalBillingReference: site.externalBillingReference,
    isBeta: site.planType === BETA_PLAN && status === 'trial',
    hidePaymentControls: site.hidePaymentControls,
    paymentsConfigured: !!payments,
    selfServicePlans: controls.selfService,
    publishableKey: payments?.publishableKey ?? null,
    plans: plans.map(toPlan),
  };
}

/** Enterprise-managed sites change their subscription through their contact, never here (spec §6). */
function assertSelfService(site: SiteRow) {
  if (isEnterpriseManaged(site)) throw new AppError('FORBIDDEN', enterpriseRefusal(site.enterpriseContactEmail));
}

const by = (actor: Actor, source: string) => ({ source, userId: actor.userId });

export async function endTrial(db: Db, actor: Actor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const site = await loadSite(tx, actor.siteId, true);
    assertSelfService(site);
    if (effectiveStatus(site, now) !== 'trial') throw new AppError('CONFLICT', 'There is no trial to end.');
    await tx.update(sites).set({ subscriptionStatus: 'trial_expired', trialEndsAt: now }).where(inSiteId(site.id, sites.id));
    await recordHistory(tx, { siteId: site.id, planType: site.planType, status: 'trial_expired', metadata: by(actor, 'end-trial'), now });
  });
}

/** Moves a site onto a paid plan with that plan's limits; shared by the admin call and the Stripe webhooks. */
export async function applyPlan(tx: Db, siteId: ActorSiteId, planType: string, patch: Partial<typeof sites.$inferInsert>) {
  const plan = await requirePlan(tx, planType);
  await tx
    .update(sites)
    .set({ ...planLimits(plan), subscriptionStatus: 'active', ...patch })
    .where(inSiteId(siteId, sites.id));
}

export async function activatePlan(db: Db, actor: Actor, planType: TPaidPlan, now: Date, controls: PlanControls): Promise<void> {
  await db.transaction(async (tx) => {
    const site = await loadSite(tx, actor.siteId, true);
    assertSelfService(site);
    if (controls.payments) throw new AppError('PAYMENT_REQUIRED', subscribeToActivate(planLabel(planType)));
    if (!controls.selfService) throw new AppError('FORBIDDEN', subscriptionMessages.operatorPlans);
    await assertPlanFits(tx, site, await requirePlan(tx, planType));
    await applyPlan(tx, site.id, planType, { trialEndsAt: null });
    await recordHistory(tx, {
      siteId: site.id,
      planType,
      status: 'active',
      metadata: { ...by(actor, 'activate'), from: site.subscriptionStatus },
      now,
    });
  });
}

export async function updateTrialSettings(
  db: Db,
  actor: Actor,
  input: TTrialSettingsRequest,
  now: Date,
  controls: PlanControls,
): Promise<void> {
  await db.transaction(async (tx) => {
    const site = await loadSite(tx, actor.siteId, true);
    assertSelfService(site);
    if (!controls.selfService) throw new AppError('FORBIDDEN', subscriptionMessages.operatorTrial);
    const planType = input.planType ?? site.planType;
    const plan = planType === BETA_PLAN ? undefined : await requirePlan(tx, planType);
    if (input.planType && plan) await assertPlanFits(tx, site, plan);
    const patch: Partial<typeof sites.$inferInsert> = { subscriptionStatus: 'trial', planType };
    if (input.trialDays !== undefined)
      patch.trialEndsAt = input.trialDays === UNLIMITED ? null : new Date(now.getTime() + input.trialDays * DAY_MS);
    patch.maxEmployees = input.maxEmployees ?? (input.planType && plan ? plan.maxEmployees : site.maxEmployees);
    if (input.featuresEnabled) patch.featuresEnabled = JSON.stringify(input.featuresEnabled);
    else if (input.planType && plan) patch.featuresEnabled = JSON.stringify(plan.features);
    if (input.planType && plan) patch.maxSites = plan.maxSites;
    await tx.update(sites).set(patch).where(inSiteId(site.id, sites.id));
    await recordHistory(tx, {
      siteId: site.id,
      planType,
      status: 'trial',
      metadata: { ...by(actor, 'update-trial-settings'), ...input },
      now,
    });
  });
}

/** Spec §4: an unlimited trial with every beta feature of §9. */
export async function enableBetaMode(db: Db, actor: Actor, now: Date, controls: PlanControls): Promise<void> {
  await db.transaction(async (tx) => {
    const site = await loadSite(tx, actor.siteId, true);
    assertSelfService(site);
    if (!controls.selfService) throw new AppError('FORBIDDEN', subscriptionMessages.operatorTrial);
    await tx
      .update(sites)
      .set({
        subscriptionStatus: 'trial',
        planType: BETA_PLAN,
        trialEndsAt: null,
        maxEmployees: UNLIMITED,
        maxSites: UNLIMITED,
        featuresEnabled: JSON.stringify(FEATURES),
      })
      .where(inSiteId(site.id, sites.id));
    await recordHistory(tx, {
      siteId: site.id,
      planType: BETA_PLAN,
      status: 'trial',
      metadata: { ...by(actor, 'enable-beta-mode'), from: site.subscriptionStatus },
      now,
    });
  });
}
