import { count, eq } from 'drizzle-orm';
import { featuresOf } from '../../../shared/domain/subscription';
import { AppError } from '../../../shared/errors';
import { unsafeInSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { businesses, employees, sites, subscriptionPlans } from '../../db/schema';

/**
 * Plan limits, checked inside the creating transaction after locking the row that owns the count, so two
 * concurrent creations queue on the lock and the second one counts the first (decision 024).
 */

const planLabel = (planType: string) => planType.charAt(0).toUpperCase() + planType.slice(1);

/** Call inside the transaction that inserts the employee, before the insert. */
export async function assertCanAddEmployee(tx: Db, siteId: number): Promise<void> {
  const [site] = await tx
    .select({ maxEmployees: sites.maxEmployees, planType: sites.planType })
    .from(sites)
    .where(eq(sites.id, siteId))
    .for('update');
  if (!site || site.maxEmployees < 0) return;
  // siteId is the actor's current site (the employee service passes actor.siteId), just locked above.
  const [{ n }] = await tx.select({ n: count() }).from(employees).where(unsafeInSiteId(employees.siteId, siteId));
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
export async function assertCanAddSite(tx: Db, businessId: number, siteId: number): Promise<void> {
  await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for('update');
  const [site] = await tx
    .select({ planType: sites.planType, maxSites: sites.maxSites, featuresEnabled: sites.featuresEnabled, planFeatures: subscriptionPlans.features })
    .from(sites)
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.name, sites.planType))
    .where(eq(sites.id, siteId));
  if (!site) throw new AppError('NOT_FOUND', 'Site not found');
  const [{ n }] = await tx.select({ n: count() }).from(sites).where(eq(sites.businessId, businessId));
  const plan = planLabel(site.planType);
  if (n >= 1 && !featuresOf(site.featuresEnabled, site.planFeatures ?? []).includes('multi_site')) {
    throw new AppError('FORBIDDEN', `Your ${plan} plan does not include multiple sites. Upgrade to Professional to add sites or teams.`);
  }
  if (site.maxSites >= 0 && n >= site.maxSites) {
    throw new AppError('FORBIDDEN', `Your ${plan} plan allows up to ${site.maxSites} sites. Upgrade your subscription to add more.`);
  }
}
