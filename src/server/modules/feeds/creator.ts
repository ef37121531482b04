import { and, eq } from 'drizzle-orm';
import { siteJoin } from '../../auth/access';
import { calendarFeeds, siteUsers, userSitePermissions } from '../../db/schema';

/**
 * A feed lives on its creator's right to it (decision 063): what the feed reply and the feed list read of
 * the person who made it, and the rule both apply.
 */

/** Join (left) of the creator's grant on the feed's site; the creator is joined on `calendarFeeds.createdBy`. */
export const creatorGrant = and(eq(userSitePermissions.userId, siteUsers.id), siteJoin(userSitePermissions.siteId, calendarFeeds.siteId));

export const creatorColumns = {
  creatorActive: siteUsers.isActive,
  creatorAdmin: siteUsers.isAdmin,
  /** A Staff creator's feed shows what they see of colleagues (decision 106). */
  creatorStaff: siteUsers.isStaff,
  creatorHome: siteUsers.siteId,
  creatorGrant: userSitePermissions.id,
};

interface CreatorFacts {
  creatorActive: boolean | null;
  creatorAdmin: boolean | null;
  creatorHome: number | null;
  creatorGrant: number | null;
}

/**
 * Whether the feed may still be served: its creator exists, is active and may still use the feed's site
 * (their home site or a grant on it), and a single employee's feed, which only admins may make, was made
 * by someone who is still an admin. Losing the right stops the feed; getting it back restarts it.
 */
export function creatorMayServe(feed: { siteId: number; employeeId: number | null }, c: CreatorFacts): boolean {
  if (!c.creatorActive) return false;
  if (c.creatorHome !== feed.siteId && c.creatorGrant === null) return false;
  return feed.employeeId === null || c.creatorAdmin === true;
}
