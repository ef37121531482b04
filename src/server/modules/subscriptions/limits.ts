import { count, eq } from 'drizzle-orm';
import { featuresOf } from '../../../shared/domain/subscription';
import { AppError } from '../../../shared/errors';
import { inSiteId, type ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { businesses, employees, sites, subscriptionPlans } from '../../db/schema';
import { planLabel } from './plans';

/**
 * Plan limits, checked inside the creating transaction after locking the row that owns the count, so two
 * concurrent creations queue on the lock and the second one counts the first (decision 024).
 */

/** The site's employees. */
async function employeeCount(tx: Db, siteId: ActorSiteId): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(employees).where(inSiteId(siteId, employees.siteId));
  return n;
}

const siteCount = async (tx: Db, businessId: number): Promise<number> =>
  (await tx.select({ n: count() }).from(sites).where(eq(sites.businessId, businessId)))[0].n;

/** Call inside the transaction that inserts the employee, before the insert. */
export async function assertCanAddEmployee(tx: Db, siteId: ActorSiteId): Promise<void> {
  const [site] = await tx
    .select({ maxEmployees: sites.maxEmployees, planType: sites.planType })
    .from(sites)
    .where(inSiteId(siteId, sites.id))
    .for('update');
  if (!site || site.maxEmployees < 0) return;
  const n = await employeeCount(tx, siteId);
  if (n >= site.maxEmployees) {
    throw new AppError(
      'FORBIDDEN',
      `Your ${site.planType} plan allows up to ${site.maxEmployees} employees. Upgrade your subscription to add more.`,
    );
  }
}

/**
 * Call inside the transaction that inserts a site into `businessId`, before the insert (POST /api/sites).
 * `siteId` is the site the request is made from: its plan decides. Locks the business row.
 */
export async function assertCanAddSite(tx: Db, businessId: number, siteId: ActorSiteId): Promise<void> {
  await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for('update');
  const [site] = await tx
    .select({
      planType: sites.planType,
      maxSites: sites.maxSites,
      featuresEnabled: sites.featuresEnabled,
      planFeatures: subscriptionPlans.features,
    })
    .from(sites)
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.name, sites.planType))
    .where(inSiteId(siteId, sites.id));
  if (!site) throw new AppError('NOT_FOUND', 'Site not found');
  const n = await siteCount(tx, businessId);
  const plan = planLabel(site.planType);
  if (n >= 1 && !featuresOf(site.featuresEnabled, site.planFeatures ?? []).includes('multi_site')) {
    throw new AppError('FORBIDDEN', `Your ${plan} plan does not include multiple sites. Upgrade to Professional to add sites or teams.`);
  }
  if (site.maxSites >= 0 && n >= site.maxSites) {
    throw new AppError('FORBIDDEN', `Your ${plan} plan allows up to ${site.maxSites} sites. Upgrade your subscription to add more.`);
  }
}

interface PlanShape {
  name: string;
  maxEmployees: number;
  maxSites: number;
  features: string[];
}

/**
 * A site may move onto a plan only if what it already holds fits (decision 062): its employees, and its
 * business's sites. Refused with the limit named; nothing is made read-only behind the customer's back.
 * Call inside the changing transaction; `plan` is the plans table's row (beta and -1 are unlimited).
 */
export async function assertPlanFits(tx: Db, site: { id: ActorSiteId; businessId: number }, plan: PlanShape): Promise<void> {
  const label = planLabel(plan.name);
  if (plan.maxEmployees >= 0) {
    const n = await employeeCount(tx, site.id);
    if (n > plan.maxEmployees) {
      throw new AppError(
        'CONFLICT',
        `This site has ${n} employees and the ${label} plan allows up to ${plan.maxEmployees}. Remove ${n - plan.maxEmployees} ${n - plan.maxEmployees === 1 ? 'employee' : 'employees'} before changing to ${label}.`,
      );
    }
  }
  const allowedSites = plan.features.includes('multi_site') ? plan.maxSites : 1;
  if (allowedSites >= 0) {
    const n = await siteCount(tx, site.businessId);
    if (n > allowedSites) {
      const word = (k: number) => (k === 1 ? 'site' : 'sites');
      throw new AppError(
        'CONFLICT',
        `Your business has ${n} sites and the ${label} plan allows ${allowedSites} ${word(allowedSites)}. Delete ${n - allowedSites} ${word(n - allowedSites)} before changing to ${label}.`,
      );
    }
  }
}
