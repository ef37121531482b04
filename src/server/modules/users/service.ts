import { and, asc, eq, inArray, like, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { TSitePermissionsResponse, TSiteUser, ZCreateUserRequest, ZUpdateUserRequest } from '../../../shared/contracts/users';
import { userMessages } from '../../../shared/contracts/users';
import { AppError } from '../../../shared/errors';
import { inSite, manageableSites, siteJoin, type Actor, type ActorSiteId } from '../../auth/access';
import { hashNewPassword } from '../../auth/password-policy';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { businesses, employees, sites, siteUsers, userSessions, userSitePermissions } from '../../db/schema';
import { usernameFromEmail } from '../accounts';
import { setEmployeeLink } from './employee-link';
import { isInvited } from './invited';
import { roleFlags } from './roles';

/**
 * User management (spec §2, §6, §7). The list shows the current site's users; every other call addresses
 * a user by id whose home site the admin manages (their own home site or a site granted to them, decision
 * record 016). Anyone else, in this business or another, answers 404 like a missing user.
 */

type UserRow = typeof siteUsers.$inferSelect;
type LinkedEmployee = { id: number; name: string } | null;

const toView = (u: UserRow, employee: LinkedEmployee, actor: Actor): TSiteUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  isAdmin: u.isAdmin,
  isReadOnly: u.isReadOnly,
  isStaff: u.isStaff,
  isActive: u.isActive,
  employee,
  invited: isInvited(u.passwordHash),
  lastLoginAt: u.lastLoginAt ? u.lastLoginAt.toISOString() : null,
  createdAt: u.createdAt.toISOString(),
  isSelf: u.id === actor.userId,
});

/** Users with the employee each is on their home site (decision 091). */
function usersWithEmployee(db: Db) {
  return db
    .select({ user: siteUsers, employee: { id: employees.id, name: employees.name } })
    .from(siteUsers)
    .leftJoin(employees, and(eq(employees.userId, siteUsers.id), siteJoin(employees.siteId, siteUsers.siteId)));
}

export async function listSiteUsers(db: Db, actor: Actor): Promise<TSiteUser[]> {
  const rows = await usersWithEmployee(db).where(inSite(actor, siteUsers.siteId)).orderBy(asc(siteUsers.id));
  return rows.map((r) => toView(r.user, r.employee, actor));
}

/** One user as the list shows it. */
export async function siteUserView(db: Db, actor: Actor, userId: number): Promise<TSiteUser> {
  const [row] = await usersWithEmployee(db).where(eq(siteUsers.id, userId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', userMessages.userNotFound);
  return toView(row.user, row.employee, actor);
}

/** The e-mail's local part, or with `-2`, `-3`… when that name is taken in the site; at most 50 characters. */
export async function freeUsername(db: Db, actor: Actor, email: string): Promise<string> {
  const base = usernameFromEmail(email);
  const stem = base.slice(0, 44);
  const rows = await db
    .select({ username: siteUsers.username })
    .from(siteUsers)
    .where(
      and(
        inSite(actor, siteUsers.siteId),
        or(eq(siteUsers.username, base), like(siteUsers.username, `${stem.replace(/[\\%_]/g, '\\$&')}-%`)),
      ),
    );
  const taken = new Set(rows.map((r) => r.username));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${stem}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Creates a user in the admin's current site, with their role and, if given, the employee they are. */
export async function createSiteUser(db: Db, actor: Actor, input: z.output<typeof ZCreateUserRequest>): Promise<TSiteUser> {
  const role = roleFlags(input);
  const duplicate = () => new AppError('CONFLICT', userMessages.duplicateEmail);
  const [existing] = await db
    .select({ id: siteUsers.id })
    .from(siteUsers)
    .where(and(inSite(actor, siteUsers.siteId), eq(siteUsers.email, input.email)))
    .limit(1);
  if (existing) throw duplicate();
  const [site] = await db
    .select({ siteIdentifier: sites.subdomain, siteName: sites.name, businessName: businesses.name })
    .from(sites)
    .innerJoin(businesses, eq(businesses.id, sites.businessId))
    .where(inSite(actor, sites.id));
  const passwordHash = await hashNewPassword(input.password, { ...site, email: input.email });
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(siteUsers)
        .values({ siteId: actor.siteId, email: input.email, username: await freeUsername(tx, actor, input.email), passwordHash, ...role })
        .returning({ id: siteUsers.id, siteId: siteUsers.siteId });
      if (input.employeeId != null) await setEmployeeLink(tx, actor, row, input.employeeId);
      return row.id;
    });
    return siteUserView(db, actor, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/** A user whose home site the admin manages; anyone else is "not found". */
async function managedUser(db: Db, actor: Actor, userId: number): Promise<UserRow> {
  const [row] = await db
    .select({ user: siteUsers })
    .from(siteUsers)
    .innerJoin(sites, siteJoin(sites.id, siteUsers.siteId))
    .where(and(eq(siteUsers.id, userId), eq(sites.businessId, actor.businessId)))
    .limit(1);
  const manageable = new Set<number>((await manageableSites(db, actor)).map((s) => s.id));
  if (!row || !manageable.has(row.user.siteId)) throw new AppError('NOT_FOUND', userMessages.userNotFound);
  return row.user;
}

/**
 * Changes a user's role and, when `employeeId` is given, the employee they are (null unlinks). An admin keeps
 * their own role: changing it could leave the site with no admin, or themselves locked out mid-change.
 */
export async function updateSiteUser(db: Db, actor: Actor, userId: number, input: z.output<typeof ZUpdateUserRequest>): Promise<TSiteUser> {
  const user = await managedUser(db, actor, userId);
  const role = roleFlags(input, user);
  const sameRole = role.isAdmin === user.isAdmin && role.isReadOnly === user.isReadOnly && role.isStaff === user.isStaff;
  if (user.id === actor.userId && !sameRole) throw new AppError('BAD_REQUEST', userMessages.changeOwnRole);
  await db.transaction(async (tx) => {
    if (!sameRole) await tx.update(siteUsers).set(role).where(eq(siteUsers.id, user.id));
    if (input.employeeId !== undefined) await setEmployeeLink(tx, actor, user, input.employeeId);
  });
  return siteUserView(db, actor, user.id);
}

/** Deliberately cross-site: a user's grants on the given sites, which `manageableSites` vouched for. */
function unsafeGrantsOn(userId: number, siteIds: readonly ActorSiteId[]) {
  return and(eq(userSitePermissions.userId, userId), inArray(userSitePermissions.siteId, siteIds));
}

/** Flips a user between active and inactive; deactivating ends the user's sessions at once. */
export async function toggleUserStatus(db: Db, actor: Actor, userId: number): Promise<{ isActive: boolean }> {
  const user = await managedUser(db, actor, userId);
  if (user.id === actor.userId) throw new AppError('BAD_REQUEST', userMessages.toggleSelf);
  const isActive = !user.isActive;
  await db.transaction(async (tx) => {
    await tx.update(siteUsers).set({ isActive }).where(eq(siteUsers.id, user.id));
    if (!isActive) await tx.delete(userSessions).where(eq(userSessions.userId, user.id));
  });
  return { isActive };
}

async function permissionsOf(db: Db, actor: Actor, user: UserRow): Promise<TSitePermissionsResponse> {
  const all = await manageableSites(db, actor);
  const grants = await db
    .select({ siteId: userSitePermissions.siteId })
    .from(userSitePermissions)
    .where(eq(userSitePermissions.userId, user.id))
    .orderBy(asc(userSitePermissions.siteId));
  const manageable = new Set<number>(all.map((s) => s.id));
  return {
    siteIds: grants.map((g) => g.siteId).filter((id) => id !== user.siteId && manageable.has(id)),
    homeSiteId: user.siteId,
    sites: all,
  };
}

export async function getSitePermissions(db: Db, actor: Actor, userId: number): Promise<TSitePermissionsResponse> {
  return permissionsOf(db, actor, await managedUser(db, actor, userId));
}

/**
 * Replaces the user's grants on the sites the admin manages with `siteIds` (the home site, always usable,
 * is ignored; grants on sites the admin does not manage stay). Every id must be a site the admin manages,
 * else nothing changes and the answer is 404 "Site not found".
 */
export async function setSitePermissions(db: Db, actor: Actor, userId: number, siteIds: number[]): Promise<TSitePermissionsResponse> {
  const user = await managedUser(db, actor, userId);
  if (user.id === actor.userId) throw new AppError('BAD_REQUEST', userMessages.manageSelf);
  const manageable = (await manageableSites(db, actor)).map((s) => s.id);
  const wanted = [...new Set(siteIds)].filter((id) => id !== user.siteId);
  const isManageable = new Set<number>(manageable);
  if (wanted.some((id) => !isManageable.has(id))) throw new AppError('NOT_FOUND', userMessages.siteNotFound);
  const revoked = manageable.filter((id) => !wanted.includes(id));
  await db.transaction(async (tx) => {
    if (revoked.length) await tx.delete(userSitePermissions).where(unsafeGrantsOn(user.id, revoked));
    if (wanted.length) {
      await tx
        .insert(userSitePermissions)
        .values(wanted.map((siteId) => ({ userId: user.id, siteId, grantedBy: actor.userId })))
        .onConflictDoNothing({ target: [userSitePermissions.userId, userSitePermissions.siteId] });
    }
  });
  return permissionsOf(db, actor, user);
}
