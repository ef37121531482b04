import { eq, or } from 'drizzle-orm';
import { typeShownToStaff, type StaffView } from '../../../shared/domain/staff-view';
import { inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { exceptionReasons, siteSettings } from '../../db/schema';

/** Whose view: a Staff actor, or a Staff user's calendar feed on its site (`siteIdForFeed`). */
export type StaffViewer = Pick<Actor, 'siteId' | 'businessId' | 'employeeId'>;

/**
 * The Staff view of the actor's site: their own employee, and the types the site lets them see on a colleague's
 * absence. Read per request (two short reads, Staff requests only), never cached apart from the data it governs:
 * the settings and types are in the calendar's reply, whose cache derives the same view from that reply itself.
 */
export async function staffViewOf(db: Db, actor: StaffViewer): Promise<StaffView> {
  const ownEmployeeId = actor.employeeId;
  const [settings] = await db
    .select({ show: siteSettings.showAbsenceTypesToStaff })
    .from(siteSettings)
    .where(inSite(actor, siteSettings.siteId));
  if (!settings?.show) return { ownEmployeeId, shownTypes: new Set() };
  const types = await db
    .select({ id: exceptionReasons.id, name: exceptionReasons.name, isSickness: exceptionReasons.isSickness })
    .from(exceptionReasons)
    // The site's types: its own and its business's shared ones.
    .where(or(eq(exceptionReasons.businessId, actor.businessId), inSite(actor, exceptionReasons.siteId)));
  return { ownEmployeeId, shownTypes: new Set(types.filter((t) => typeShownToStaff(t, true)).map((t) => t.id)) };
}

/** A view built from a reply that carries the site's settings and types (the calendar's): the same rule, no read. */
export function staffViewFrom(
  ownEmployeeId: number | null,
  showTypes: boolean,
  types: ReadonlyArray<{ id: number; name: string; isSickness?: boolean }>,
): StaffView {
  return { ownEmployeeId, shownTypes: new Set(types.filter((t) => typeShownToStaff(t, showTypes)).map((t) => t.id)) };
}

/** Whether the employee is the caller's own. */
export const isOwn = (view: StaffView, employeeId: number) => view.ownEmployeeId !== null && view.ownEmployeeId === employeeId;
