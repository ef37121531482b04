import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { userMessages } from '../../../shared/contracts/users';
import { AppError } from '../../../shared/errors';
import { inSiteId, type ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { siteUsers, userSitePermissions } from '../../db/schema';

/**
 * A site is never left without an admin who can manage it (decision 116): before `user` stops being an active,
 * writing admin, another one must remain whose home site it is or who was granted it. Read-only admins do not
 * count: they cannot change anything. Runs inside the caller's transaction.
 */
export async function assertSiteKeepsAnAdmin(
  tx: Db,
  site: { id: ActorSiteId; name: string },
  user: { id: number; email: string },
): Promise<void> {
  const granted = tx
    .select({ userId: userSitePermissions.userId })
    .from(userSitePermissions)
    .where(inSiteId(site.id, userSitePermissions.siteId));
  const [other] = await tx
    .select({ id: siteUsers.id })
    .from(siteUsers)
    .where(
      and(
        ne(siteUsers.id, user.id),
        eq(siteUsers.isAdmin, true),
        eq(siteUsers.isReadOnly, false),
        eq(siteUsers.isActive, true),
        or(inSiteId(site.id, siteUsers.siteId), inArray(siteUsers.id, granted)),
      ),
    )
    .limit(1);
  if (!other) throw new AppError('CONFLICT', userMessages.lastAdmin(user.email, site.name));
}

/** True while the flags make an active admin who may change things. */
export const managesSite = (u: { isAdmin: boolean; isReadOnly: boolean; isActive: boolean }) => u.isAdmin && !u.isReadOnly && u.isActive;
