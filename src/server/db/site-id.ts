declare const actorSiteBrand: unique symbol;

/**
 * A site id the gate vouches for: the only kind of id that scopes a tenant query (`inSite`, `inSiteId`
 * and every service helper that takes a site). Declared here, below the layers that use it, so the database
 * helpers can require it without importing the gate; only `auth/access.ts` makes one, in a function whose
 * name says where the id came from. The lint rule `hoursight/site-id-mint` refuses a cast to it anywhere
 * else, so a bare number from a request, a row or a URL cannot scope a query (decision 074).
 */
export type ActorSiteId = number & { readonly [actorSiteBrand]: true };
