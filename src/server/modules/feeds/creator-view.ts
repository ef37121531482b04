import { and, eq } from 'drizzle-orm';
import { inSiteId, siteIdForFeed } from '../../auth/access';
import type { Db } from '../../db/client';
import { employees } from '../../db/schema';
import { staffFeedExceptions, staffViewOf } from '../privacy';
import type { FeedContent } from './ical';

/** What the feed reply knows of its feed and creator (serve.ts `feedByToken`). */
interface FeedFacts {
  feed: { siteId: number; createdBy: number | null };
  businessId: number;
  creatorStaff: boolean | null;
}

/**
 * A feed lives on its creator's right to it (decision 063), so a feed made by someone who is now Staff shows what
 * they see (decision 106): colleagues' absences as "Away" (or a type the site shows) without notes or hours, none
 * of their extra hours or requests; their own in full. Day notes and holidays are the site's and stay.
 */
export async function asCreatorSees(db: Db, facts: FeedFacts, content: FeedContent): Promise<FeedContent> {
  const creator = facts.feed.createdBy;
  if (!facts.creatorStaff || creator === null) return content;
  const siteId = siteIdForFeed(facts.feed);
  const [own] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.userId, creator), inSiteId(siteId, employees.siteId)));
  const view = await staffViewOf(db, { siteId, businessId: facts.businessId, employeeId: own?.id ?? null });
  const exceptions = staffFeedExceptions(content.exceptions, view);
  const pending = content.pending?.filter((r) => r.employeeId === view.ownEmployeeId);
  return { ...content, exceptions, pending };
}
