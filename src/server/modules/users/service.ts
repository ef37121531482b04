import { and, asc, eq, like, notInArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { TSitePermissionsResponse, TSiteUser, ZCreateUserRequest } from '../../../shared/contracts/users';
import { userMessages } from '../../../shared/contracts/users';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../auth/access';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { sites, siteUsers, userSessions, userSitePermissions } from '../../db/schema';
import { usernameFromEmail } from '../accounts/register';

/**
 * User management (spec §2, §6, §7). The list shows the current site's users; every other call addresses
 * any user of the admin's business by id, and a user of another business answers 404 like a missing one.
 */

type UserRow = typeof siteUsers.$inferSelect;

const toView = (u: UserRow, actor: Actor): TSiteUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  isAdmin: u.isAdmin,
  isReadOnly: u.isReadOnly,
  isActive: u.isActive,
  lastLoginAt: u.lastLoginAt ? u.lastLoginAt.toISOString() : null,
  createdAt: u.createdAt.toISOString(),
  isSelf: u.id === actor.userId,
});

export async function listSiteUsers(db: Db, actor: Actor): Promise<TSiteUser[]> {
  const rows = await db.select().from(siteUsers).where(eq(siteUsers.siteId, actor.siteId)).orderBy(asc(siteUsers.id));
  return rows.map((u) => toView(u, actor));
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.cause?.code ?? e.code) === '23505';
};

/** The e-mail's local part, or with `-2`, `-3`… when that name is taken in the site; at most 50 characters. */
async function freeUsername(db: Db, siteId: number, email: string): Promise<string> {
  const base = usernameFromEmail(email);
  const stem = base.slice(0, 44);
  const rows = await db
    .select({ username: siteUsers.username })
    .from(siteUsers)
    .where(and(eq(siteUsers.siteId, siteId), or(eq(siteUsers.username, base), like(siteUsers.username, `${stem.replace(/[\\%_]/g, '\\$&')}-%`))));
  const taken = new Set(rows.map((r) => r.username));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${stem}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Creates a user in the admin's current site. */
export async function createSiteUser(db: Db, actor: Actor, input: z.output<typeof ZCreateUserRequest>): Promise<TSiteUser> {
  const duplicate = () => new AppError('CONFLICT', userMessages.duplicateEmail);
  const [existing] = await db
    .select({ id: siteUsers.id })
    .from(siteUsers)
    .where(and(eq(siteUsers.siteId, actor.siteId), eq(siteUsers.email, input.email)))
    .limit(1);
  if (existing) throw duplicate();
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(siteUsers)
      .values({
        siteId: actor.siteId,
        email: input.email,
        username: await freeUsername(db, actor.siteId, input.email),
        passwordHash,
        isAdmin: input.isAdmin,
        isReadOnly: input.isReadOnly,
      })
      .returning();
    return toView(row, actor);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/** A user whose home site belongs to the admin's business; anyone else is "not found". */
async function businessUser(db: Db, actor: Actor, userId: number): Promise<UserRow> {
  const [row] = await db
    .select({ user: siteUsers })
    .from(siteUsers)
    .innerJoin(sites, eq(sites.id, siteUsers.siteId))
    .where(and(eq(siteUsers.id, userId), eq(sites.businessId, actor.businessId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', userMessages.userNotFound);
  return row.user;
}

/** Flips a user between active and inactive; deactivating ends the user's sessions at once. */
export async function toggleUserStatus(db: Db, actor: Actor, userId: number): Promise<{ isActive: boolean }> {
  const user = await businessUser(db, actor, userId);
  if (user.id === actor.userId) throw new AppError('BAD_REQUEST', userMessages.toggleSelf);
  const isActive = !user.isActive;
  await db.transaction(async (tx) => {
    await tx.update(siteUsers).set({ isActive }).where(eq(siteUsers.id, user.id));
    if (!isActive) await tx.delete(userSessions).where(eq(userSessions.userId, user.id));
  });
  return { isActive };
}

async function businessSites(db: Db, actor: Actor) {
  return db
    .select({ id: sites.id, name: sites.name, subdomain: sites.subdomain, isActive: sites.isActive })
    .from(sites)
    .where(eq(sites.businessId, actor.businessId))
    .orderBy(asc(sites.id));
}

async function permissionsOf(db: Db, actor: Actor, user: UserRow): Promise<TSitePermissionsResponse> {
  const all = await businessSites(db, actor);
  const grants = await db
    .select({ siteId: userSitePermissions.siteId })
    .from(userSitePermissions)
    .where(eq(userSitePermissions.userId, user.id))
    .orderBy(asc(userSitePermissions.siteId));
  const inBusiness = new Set(all.map((s) => s.id));
  return {
    siteIds: grants.map((g) => g.siteId).filter((id) => id !== user.siteId && inBusiness.has(id)),
    homeSiteId: user.siteId,
    sites: all,
  };
}

export async function getSitePermissions(db: Db, actor: Actor, userId: number): Promise<TSitePermissionsResponse> {
  return permissionsOf(db, actor, await businessUser(db, actor, userId));
}

/**
 * Replaces the user's granted sites with `siteIds` (the home site, always usable, is ignored). Every id
 * must be a site of the admin's business, else nothing changes and the answer is 404 "Site not found".
 */
export async function setSitePermissions(db: Db, actor: Actor, userId: number, siteIds: number[]): Promise<TSitePermissionsResponse> {
  const user = await businessUser(db, actor, userId);
  if (user.id === actor.userId) throw new AppError('BAD_REQUEST', userMessages.manageSelf);
  const all = new Set((await businessSites(db, actor)).map((s) => s.id));
  const wanted = [...new Set(siteIds)].filter((id) => id !== user.siteId);
  if (wanted.some((id) => !all.has(id))) throw new AppError('NOT_FOUND', userMessages.siteNotFound);
  await db.transaction(async (tx) => {
    await tx
      .delete(userSitePermissions)
      .where(and(eq(userSitePermissions.userId, user.id), wanted.length ? notInArray(userSitePermissions.siteId, wanted) : undefined));
    if (wanted.length) {
      await tx
        .insert(userSitePermissions)
        .values(wanted.map((siteId) => ({ userId: user.id, siteId, grantedBy: actor.userId })))
        .onConflictDoNothing({ target: [userSitePermissions.userId, userSitePermissions.siteId] });
    }
  });
  return permissionsOf(db, actor, user);
}
