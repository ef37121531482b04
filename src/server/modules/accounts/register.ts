import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZRegisterRequest } from '../../../shared/contracts/accounts';
import { STARTER_EXCEPTION_TYPES, TRIAL_DAYS } from '../../../shared/domain/defaults';
import { subdomainMessages } from '../../../shared/domain/subdomain';
import { AppError } from '../../../shared/errors';
import { hashNewPassword } from '../../auth/password-policy';
import { identifierProblem } from '../../http/route-words';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { planLimits, requirePlan } from '../subscriptions';
import { businesses, dataManagementSettings, exceptionReasons, sites, siteSettings, siteUsers, subscriptionHistory } from '../../db/schema';

/** A new business starts on the Starter plan, with the limits and features the plans table gives it (decision 023). */
export const NEW_SITE_PLAN = 'starter';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The sign-in name: the e-mail's local part, at most 50 characters. */
export const usernameFromEmail = (email: string) => email.split('@')[0].slice(0, 50) || 'user';

async function assertSubdomainFree(db: Db, subdomain: string) {
  // The form's rules passed in the contract; the words of the server's own routes are checked here.
  const problem = identifierProblem(subdomain);
  if (problem) throw new AppError('BAD_REQUEST', problem);
  const [taken] = await db.select({ id: sites.id }).from(sites).where(eq(sites.subdomain, subdomain)).limit(1);
  if (taken) throw new AppError('CONFLICT', subdomainMessages.taken);
}

/**
 * Creates, in one transaction, the business, its first site (a 14-day Starter trial), the site's settings,
 * the admin user, the business-wide starter exception types and the trial's history row.
 */
export async function registerBusiness(db: Db, input: z.output<typeof ZRegisterRequest>, now: Date) {
  await assertSubdomainFree(db, input.siteSubdomain);
  const passwordHash = await hashNewPassword(input.password, {
    email: input.email,
    siteIdentifier: input.siteSubdomain,
    businessName: input.siteName,
  });
  try {
    return await db.transaction(async (tx) => {
      const plan = await requirePlan(tx, NEW_SITE_PLAN);
      const [business] = await tx.insert(businesses).values({ name: input.siteName }).returning();
      const [site] = await tx
        .insert(sites)
        .values({
          businessId: business.id,
          name: input.siteName,
          subdomain: input.siteSubdomain,
          ...planLimits(plan),
          subscriptionStatus: 'trial',
          trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
          createdAt: now,
        })
        .returning();
      await tx.insert(siteSettings).values({ siteId: site.id, siteName: input.siteName, businessName: input.siteName });
      await tx.insert(dataManagementSettings).values({ siteId: site.id });
      const [admin] = await tx
        .insert(siteUsers)
        .values({
          siteId: site.id,
          email: input.email,
          username: usernameFromEmail(input.email),
          passwordHash,
          isAdmin: true,
          createdAt: now,
        })
        .returning({ id: siteUsers.id });
      await tx.insert(exceptionReasons).values(STARTER_EXCEPTION_TYPES.map((t, i) => ({ ...t, businessId: business.id, sortOrder: i })));
      await tx.insert(subscriptionHistory).values({
        siteId: site.id,
        planId: plan.id,
        status: 'trial',
        metadata: { source: 'registration', trialDays: TRIAL_DAYS, trialEndsAt: site.trialEndsAt?.toISOString() },
        createdAt: now,
      });
      return { business, site, adminId: admin.id };
    });
  } catch (err) {
    // Two registrations racing for one identifier: the unique index decides, the loser gets the clear message.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', subdomainMessages.taken);
    throw err;
  }
}
