import { asc, eq } from 'drizzle-orm';
import type { TPlan } from '../../../shared/contracts/subscriptions';
import { AppError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { subscriptionPlans } from '../../db/schema';

/** The plans table is the one source of prices, limits and features (decision 023). */
export type PlanRow = typeof subscriptionPlans.$inferSelect;

export const planLabel = (planType: string) => planType.charAt(0).toUpperCase() + planType.slice(1);

export async function listPlans(db: Db): Promise<PlanRow[]> {
  return db.select().from(subscriptionPlans).where(eq(subscriptionPlans.isActive, true)).orderBy(asc(subscriptionPlans.priceMonthly));
}

export async function findPlan(db: Db, name: string): Promise<PlanRow | undefined> {
  const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, name));
  return plan;
}

export async function requirePlan(db: Db, name: string): Promise<PlanRow> {
  const plan = await findPlan(db, name);
  if (!plan || !plan.isActive) throw new AppError('BAD_REQUEST', `The ${name} plan is not available.`);
  return plan;
}

export const toPlan = (p: PlanRow): TPlan => ({
  name: p.name,
  description: p.description,
  priceMonthly: p.priceMonthly,
  priceYearly: p.priceYearly,
  maxEmployees: p.maxEmployees,
  maxSites: p.maxSites,
  features: p.features,
});

/** What a site row takes from a plan when it moves onto it. */
export const planLimits = (p: PlanRow) => ({
  planType: p.name,
  maxEmployees: p.maxEmployees,
  maxSites: p.maxSites,
  featuresEnabled: JSON.stringify(p.features),
});
