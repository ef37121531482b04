import { count, eq } from 'drizzle-orm';
import type { TCreateSiteRequest } from '../../../shared/contracts/sites';
import { siteMessages } from '../../../shared/contracts/sites';
import { STARTER_EXCEPTION_TYPES } from '../../../shared/domain/defaults';
import { normaliseSubdomain, subdomainFromName, subdomainMessages } from '../../../shared/domain/subdomain';
import { AppError } from '../../../shared/errors';
import { inPermittedSite, inSite, permittedSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { identifierProblem } from '../../http/route-words';
import {
  businesses,
  dataManagementSettings,
  exceptionReasons,
  exceptions,
  sites,
  siteSettings,
  userSitePermissions,
} from '../../db/schema';
import { assertCanAddSite } from '../subscriptions';

/**
 * POST /api/sites: a new site of the admin's business with default settings, its data management record
 * and the admin permitted on it at once. Starter exception types are business-wide, so the new site has
 * them already; a business that somehow has none gets them here.
 */
export async function createSite(db: Db, actor: Actor, req: TCreateSiteRequest, now: Date) {
  const subdomain = req.subdomain ? normaliseSubdomain(req.subdomain) : subdomainFromName(req.name, now.getTime());
  const problem = identifierProblem(subdomain);
  if (problem) throw new AppError('BAD_REQUEST', problem);
  const [taken] = await db.select({ id: sites.id }).from(sites).where(eq(sites.subdomain, subdomain)).limit(1);
  if (taken) throw new AppError('CONFLICT', subdomainMessages.taken);
  try {
    return await db.transaction(async (tx) => {
      // The plan of the site the admin is in decides (decision record 023); it locks the business row so
      // two additions at once count each other.
      await assertCanAddSite(tx, actor.businessId, actor.siteId);
      const [business] = await tx.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, actor.businessId));
      // A new site joins the plan the admin's site is on (status, trial end, limits and features), so it
      // never starts on the column defaults, which name no plan of the plans table (decision record 023).
      const [plan] = await tx
        .select({
          subscriptionStatus: sites.subscriptionStatus,
          planType: sites.planType,
          billingModel: sites.billingModel,
          trialEndsAt: sites.trialEndsAt,
          subscriptionEndsAt: sites.subscriptionEndsAt,
          maxEmployees: sites.maxEmployees,
          maxSites: sites.maxSites,
          featuresEnabled: sites.featuresEnabled,
        })
        .from(sites)
        .where(inSite(actor, sites.id));
      const [site] = await tx
        .insert(sites)
        .values({ ...plan, businessId: actor.businessId, name: req.name, subdomain, createdAt: now })
        .returning({ id: sites.id, name: sites.name, subdomain: sites.subdomain });
      await tx.insert(siteSettings).values({ siteId: site.id, siteName: req.name, businessName: business?.name ?? null });
      await tx.insert(dataManagementSettings).values({ siteId: site.id });
      await tx.insert(userSitePermissions).values({ userId: actor.userId, siteId: site.id, grantedBy: actor.userId, createdAt: now });
      const [types] = await tx.select({ n: count() }).from(exceptionReasons).where(eq(exceptionReasons.businessId, actor.businessId));
      if ((types?.n ?? 0) === 0) {
        await tx
          .insert(exceptionReasons)
          .values(STARTER_EXCEPTION_TYPES.map((t, i) => ({ ...t, businessId: actor.businessId, sortOrder: i })));
      }
      return site;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', subdomainMessages.taken);
    throw err;
  }
}

export async function renameSite(db: Db, actor: Actor, siteId: number, name: string) {
  const site = await permittedSite(db, actor, siteId);
  const [row] = await db
    .update(sites)
    .set({ name })
    .where(inPermittedSite(site, sites.id))
    .returning({ id: sites.id, name: sites.name, subdomain: sites.subdomain });
  return row;
}

/** Permanent: the site's users, employees, calendar and settings go with it (foreign keys cascade). */
export async function deleteSite(db: Db, actor: Actor, siteId: number): Promise<void> {
  const site = await permittedSite(db, actor, siteId);
  if (siteId === actor.siteId) throw new AppError('BAD_REQUEST', siteMessages.deleteCurrent);
  const [{ n }] = await db.select({ n: count() }).from(sites).where(eq(sites.businessId, actor.businessId));
  if (n <= 1) throw new AppError('BAD_REQUEST', siteMessages.deleteLast);
  await db.transaction(async (tx) => {
    // Exceptions refer to site-only exception types with ON DELETE RESTRICT: remove them first.
    await tx.delete(exceptions).where(inPermittedSite(site, exceptions.siteId));
    await tx.delete(sites).where(inPermittedSite(site, sites.id));
  });
}
