import { and, eq } from 'drizzle-orm';
import { inSite, requireUser, type Actor } from '../../auth/access';
import { pathId } from '../../auth/path-id';
import type { Db } from '../../db/client';
import { leaveRequests } from '../../db/schema';
import type { RouteGuard } from '../../http/route-flags';
import { assertDecider, assertLinked, assertOwnIfReadOnly } from './rules';
import { visibleTo } from './views';

/**
 * The route guards of the time-off changes (decision 105): the refusals of rules.ts, made before the body is
 * read. A request the caller does not see (another site's, another's to Staff) passes, for the route's 404.
 */

async function requesterOf(db: Db, actor: Actor, id: number | null) {
  if (id === null) return undefined;
  const [row] = await db
    .select({ requesterUserId: leaveRequests.requesterUserId })
    .from(leaveRequests)
    .where(and(eq(leaveRequests.id, id), inSite(actor, leaveRequests.siteId), visibleTo(actor)));
  return row;
}

export function leaveRequestGuards(db: Db): Record<'ask' | 'decide' | 'cancel', RouteGuard> {
  return {
    ask: async (req) => void assertLinked(requireUser(req)),
    decide: async (req) => {
      const actor = requireUser(req);
      await assertDecider(db, actor, (await requesterOf(db, actor, pathId(req)))?.requesterUserId);
    },
    cancel: async (req) => {
      const actor = requireUser(req);
      // Only a read-only user can be refused here, so a manager's request costs no lookup.
      if (!actor.isReadOnly) return;
      const row = await requesterOf(db, actor, pathId(req));
      if (row) assertOwnIfReadOnly(actor, row);
    },
  };
}
