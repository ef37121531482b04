import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { TLeaveApprovers } from '../../../shared/contracts/leave-requests';
import { AppError } from '../../../shared/errors';
import { inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { leaveApprovers, siteUsers, userSitePermissions } from '../../db/schema';

/**
 * Who decides a site's requests (decision 092): the users an admin named, or, while none are named, the site's
 * admins. Either way only active users of the site who may make changes (never read-only or Staff) decide.
 */

export const approverMessages = {
  invalid: 'Approvers must be active users of this site who can make changes (not read-only or Staff)',
} as const;

export interface Approver {
  id: number;
  username: string;
  email: string;
}

/** Users of the actor's site who may decide: home or granted, active, neither read-only nor Staff. */
function siteDeciders(actor: Pick<Actor, 'siteId'>) {
  const granted = (db: Db) =>
    db.select({ userId: userSitePermissions.userId }).from(userSitePermissions).where(inSite(actor, userSitePermissions.siteId));
  return (db: Db) =>
    and(
      or(inSite(actor, siteUsers.siteId), inArray(siteUsers.id, granted(db))),
      eq(siteUsers.isActive, true),
      eq(siteUsers.isReadOnly, false),
      eq(siteUsers.isStaff, false),
    );
}

/** The named approvers, whatever their state now (what an admin set). */
export async function namedApprovers(db: Db, actor: Pick<Actor, 'siteId'>): Promise<number[]> {
  const rows = await db
    .select({ userId: leaveApprovers.userId })
    .from(leaveApprovers)
    .where(inSite(actor, leaveApprovers.siteId))
    .orderBy(asc(leaveApprovers.userId));
  return rows.map((r) => r.userId);
}

/** The users who decide now: the named ones who still may, else the site's admins who may. */
export async function currentApprovers(db: Db, actor: Pick<Actor, 'siteId'>): Promise<Approver[]> {
  const named = await namedApprovers(db, actor);
  const who = named.length > 0 ? inArray(siteUsers.id, named) : eq(siteUsers.isAdmin, true);
  return db
    .select({ id: siteUsers.id, username: siteUsers.username, email: siteUsers.email })
    .from(siteUsers)
    .where(and(siteDeciders(actor)(db), who))
    .orderBy(asc(siteUsers.id));
}

export async function isApprover(db: Db, actor: Pick<Actor, 'siteId' | 'userId' | 'isReadOnly'>): Promise<boolean> {
  if (actor.isReadOnly) return false;
  return (await currentApprovers(db, actor)).some((a) => a.id === actor.userId);
}

export async function getApprovers(db: Db, actor: Actor): Promise<TLeaveApprovers> {
  return { userIds: await namedApprovers(db, actor) };
}

/** Replaces the named approvers; an empty list gives the decision back to the admins. */
export async function setApprovers(db: Db, actor: Actor, input: TLeaveApprovers): Promise<TLeaveApprovers> {
  const ids = [...new Set(input.userIds)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    if (ids.length > 0) {
      const valid = await tx
        .select({ id: siteUsers.id })
        .from(siteUsers)
        .where(and(siteDeciders(actor)(tx), inArray(siteUsers.id, ids)));
      if (valid.length !== ids.length) throw new AppError('BAD_REQUEST', approverMessages.invalid);
    }
    await tx.delete(leaveApprovers).where(inSite(actor, leaveApprovers.siteId));
    if (ids.length > 0) await tx.insert(leaveApprovers).values(ids.map((userId) => ({ siteId: actor.siteId, userId })));
    return { userIds: ids };
  });
}
