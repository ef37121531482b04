import { eq, or } from 'drizzle-orm';
import { actorBusiness, inActorSite, inSite, type Actor } from '../../auth/access';
import { exceptionReasons } from '../../db/schema';

/** Exception types visible in a site: the business's shared ones and the site's own. */
export function reasonsVisibleTo(actor: Actor) {
  return or(eq(exceptionReasons.businessId, actor.businessId), inSite(actor, exceptionReasons.siteId));
}

/** The same, in a prepared statement: the business and site are bound from the actor at each execution (`actorParams`). */
export function reasonsVisibleToBoundActor() {
  return or(eq(exceptionReasons.businessId, actorBusiness()), inActorSite(exceptionReasons.siteId));
}
