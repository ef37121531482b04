import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZCreateSiteRequest, ZUpdateSiteRequest, ZUpdateUserRequest } from '../../../shared/contracts/super-admin';
import { superAdminMessages } from '../../../shared/contracts/super-admin';
import { FEATURES } from '../../../shared/contracts/subscriptions';
import { TRIAL_DAYS } from '../../../shared/domain/defaults';
import { BETA_PLAN, UNLIMITED } from '../../../shared/domain/subscription';
import { subdomainMessages } from '../../../shared/domain/subdomain';
import { AppError, notFound } from '../../../shared/errors';
import { inSiteId, siteIdForPlatformOperator, type ActorSiteId } from '../../auth/access';
import { hashNewPassword } from '../../auth/password-policy';
import { passwordOwnerOf } from '../accounts';
import { deleteUserSessions } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { isRouteWord } from '../../http/route-words';
import { businesses, dataManagementSettings, sites, siteSettings, siteUsers, userSessions } from '../../db/schema';
import { assertPlanFits, planLimits, requirePlan } from '../subscriptions';
import { assertSiteKeepsAnAdmin, managesSite, roleFlags } from '../users';
import { diff, recordAudit } from './audit';
import type { SuperAdminSession } from './sessions';

/** Super-admin changes. Each writes its row and its audit entry in one transaction. */

const DAY_MS = 24 * 60 * 60 * 1000;

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.cause?.code ?? e.code) === '23505';
};

/**
 * A suspended site's own users are signed out at once. Users of sister sites who had switched into it keep
 * their session: the session loader moves them back to their home site on their next request.
 */
async function endSiteSessions(db: Db, siteId: ActorSiteId) {
  const homeUsers = db.select({ id: siteUsers.id }).from(siteUsers).where(inSiteId(siteId, siteUsers.siteId));
  await db.delete(userSessions).where(inArray(userSessions.userId, homeUsers));
}

/** The contract applied the form's rules; a word of the server's own routes is refused here (decision 067). */
function refuseRouteWord(subdomain: string | undefined) {
  if (subdomain !== undefined && isRouteWord(subdomain)) throw new AppError('BAD_REQUEST', subdomainMessages.reserved);
}

async function loadSite(db: Db, id: ActorSiteId) {
  const [site] = await db.select().from(sites).where(inSiteId(id, sites.id));
  if (!site) throw notFound('Site');
  return { ...site, id };
}

/**
 * A new plan brings its limits and features, as a payment would (decision 062); limits the business already
 * exceeds refuse the change. Re-sending the current plan keeps the site's own limits (a longer trial's).
 */
async function planChange(tx: Db, before: typeof sites.$inferSelect & { id: ActorSiteId }, planType: string | undefined) {
  if (planType === undefined || planType === before.planType) return {};
  if (planType === BETA_PLAN) return { maxEmployees: UNLIMITED, maxSites: UNLIMITED, featuresEnabled: JSON.stringify(FEATURES) };
  const plan = await requirePlan(tx, planType);
  await assertPlanFits(tx, before, plan);
  return planLimits(plan);
}

export async function updateSite(db: Db, who: SuperAdminSession, id: ActorSiteId, input: z.output<typeof ZUpdateSiteRequest>, now: Date) {
  try {
    await db.transaction(async (tx) => {
      const before = await loadSite(tx, id);
      if (input.subdomain !== before.subdomain) refuseRouteWord(input.subdomain);
      const limits = await planChange(tx, before, input.planType);
      const [after] = await tx
        .update(sites)
        .set({ ...input, ...limits })
        .where(inSiteId(id, sites.id))
        .returning();
      if (before.isActive && !after.isActive) await endSiteSessions(tx, id);
      if (input.name !== undefined) await tx.update(siteSettings).set({ siteName: input.name }).where(inSiteId(id, siteSettings.siteId));
      const change = diff(before, after);
      if (Object.keys(change.after).length > 0) {
        await recordAudit(tx, who, { businessId: before.businessId, entity: 'site', entityId: id, action: 'site.update', ...change }, now);
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', subdomainMessages.taken);
    throw err;
  }
}

export async function toggleSiteStatus(db: Db, who: SuperAdminSession, id: ActorSiteId, now: Date) {
  return db.transaction(async (tx) => {
    const before = await loadSite(tx, id);
    const isActive = !before.isActive;
    await tx.update(sites).set({ isActive }).where(inSiteId(id, sites.id));
    if (!isActive) await endSiteSessions(tx, id);
    await recordAudit(
      tx,
      who,
      {
        businessId: before.businessId,
        entity: 'site',
        entityId: id,
        action: isActive ? 'site.reactivate' : 'site.suspend',
        before: { isActive: before.isActive },
        after: { isActive },
      },
      now,
    );
    return { isActive };
  });
}

async function loadUser(db: Db, id: number) {
  const [row] = await db
    .select({ user: siteUsers, businessId: sites.businessId, siteName: sites.name })
    .from(siteUsers)
    .innerJoin(sites, eq(sites.id, siteUsers.siteId))
    .where(eq(siteUsers.id, id));
  if (!row) throw notFound('User');
  return row;
}

/**
 * A new password (or a deactivation) ends that user's sessions; the password itself never enters the log. The role
 * follows the site's own rules (decision 116): the role ladder of `roleFlags`, and a site keeps an admin who can
 * manage it, whether the change is a role or a deactivation.
 */
export async function updateUser(db: Db, who: SuperAdminSession, id: number, input: z.output<typeof ZUpdateUserRequest>, now: Date) {
  const { newPassword, isAdmin, isReadOnly, isStaff, ...rest } = input;
  try {
    await db.transaction(async (tx) => {
      const { user: before, businessId, siteName } = await loadUser(tx, id);
      const roleAsked = isAdmin !== undefined || isReadOnly !== undefined || isStaff !== undefined;
      const fields = roleAsked ? { ...rest, ...roleFlags({ isAdmin, isReadOnly, isStaff }, before) } : rest;
      if (managesSite(before) && !managesSite({ ...before, ...fields })) {
        await assertSiteKeepsAnAdmin(tx, { id: siteIdForPlatformOperator(who, before.siteId), name: siteName }, before);
      }
      const set: Partial<typeof siteUsers.$inferInsert> = { ...fields };
      if (newPassword !== undefined) set.passwordHash = await hashNewPassword(newPassword, (await passwordOwnerOf(tx, id, fields.email))!);
      const [after] = await tx.update(siteUsers).set(set).where(eq(siteUsers.id, id)).returning();
      if (newPassword !== undefined || (before.isActive && !after.isActive)) await deleteUserSessions(tx, id);
      const { passwordHash: _b, ...beforeFields } = before;
      const { passwordHash: _a, ...afterFields } = after;
      const change = diff(
        beforeFields,
        Object.fromEntries(Object.keys(fields).map((k) => [k, afterFields[k as keyof typeof afterFields]])),
      );
      if (newPassword !== undefined) {
        change.before.password = '(unchanged)';
        change.after.password = '(set by super-admin)';
      }
      if (Object.keys(change.after).length > 0) {
        await recordAudit(tx, who, { businessId, entity: 'user', entityId: id, action: 'user.update', ...change }, now);
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', superAdminMessages.duplicateUser);
    throw err;
  }
}

export async function resetUserPassword(db: Db, who: SuperAdminSession, id: number, newPassword: string, now: Date) {
  const owner = await passwordOwnerOf(db, id);
  if (!owner) throw notFound('User');
  const passwordHash = await hashNewPassword(newPassword, owner);
  await db.transaction(async (tx) => {
    const { businessId } = await loadUser(tx, id);
    await tx.update(siteUsers).set({ passwordHash, resetToken: null, resetTokenExpires: null }).where(eq(siteUsers.id, id));
    await deleteUserSessions(tx, id);
    await recordAudit(tx, who, { businessId, entity: 'user', entityId: id, action: 'user.reset_password', before: null, after: null }, now);
  });
}

/** A new site for an existing business: a 14-day Starter trial, like a registration's first site. */
export async function createSiteForBusiness(
  db: Db,
  who: SuperAdminSession,
  businessId: number,
  input: z.output<typeof ZCreateSiteRequest>,
  now: Date,
) {
  refuseRouteWord(input.subdomain);
  try {
    return await db.transaction(async (tx) => {
      const [business] = await tx.select().from(businesses).where(eq(businesses.id, businessId));
      if (!business) throw notFound('Business');
      const [site] = await tx
        .insert(sites)
        .values({
          businessId,
          name: input.name,
          subdomain: input.subdomain,
          trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
          maxEmployees: 25,
        })
        .returning();
      await tx.insert(siteSettings).values({ siteId: site.id, siteName: site.name, businessName: business.name });
      await tx.insert(dataManagementSettings).values({ siteId: site.id });
      await recordAudit(
        tx,
        who,
        {
          businessId,
          entity: 'site',
          entityId: site.id,
          action: 'site.create',
          before: null,
          after: { name: site.name, subdomain: site.subdomain },
        },
        now,
      );
      return { id: site.id, name: site.name };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', subdomainMessages.taken);
    throw err;
  }
}
