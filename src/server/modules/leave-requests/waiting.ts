import { and, count, eq, isNull, ne, or } from 'drizzle-orm';
import { inSiteId, type SiteScope } from '../../auth/access';
import type { Db } from '../../db/client';
import { leaveRequests } from '../../db/schema';
import { currentApprovers } from '../leave-approvers';

/**
 * The digest's "requests waiting" line (decision 092): for each site of the scope where the user decides requests,
 * how many await a decision (new ones, and cancellations asked for), their own requests aside.
 */
export async function requestsWaitingFor(
  db: Db,
  userId: number,
  scope: SiteScope,
): Promise<Array<{ site: { id: number; name: string }; count: number }>> {
  const out: Array<{ site: { id: number; name: string }; count: number }> = [];
  for (const site of scope.sites) {
    const approvers = await currentApprovers(db, { siteId: site.id });
    if (!approvers.some((a) => a.id === userId)) continue;
    const [{ n }] = await db
      .select({ n: count() })
      .from(leaveRequests)
      .where(
        and(
          inSiteId(site.id, leaveRequests.siteId),
          or(eq(leaveRequests.status, 'pending'), eq(leaveRequests.cancellationPending, true)),
          or(isNull(leaveRequests.requesterUserId), ne(leaveRequests.requesterUserId, userId)),
        ),
      );
    if (n > 0) out.push({ site: { id: site.id, name: site.name }, count: n });
  }
  return out;
}
