import { and, asc, eq, inArray, or, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors';
import type { Db } from '../db/client';
import type { ActorSiteId } from '../db/site-id';
import { sites, userSitePermissions } from '../db/schema';
import type { SessionRecord } from './sessions';

/**
 * The one gate between a request and tenant data. Every route asks it for an Actor; every tenant query
 * filters with `inSite`. Deny by default: no session means 401, no right means 403, another site's row 404.
 */
export interface Actor extends SessionRecord {
  /** The session's current site: every tenant query is scoped to it. */
  siteId: ActorSiteId;
}

export type { ActorSiteId };

/** Not exported: every id minted leaves through one of the named functions below, which say why it is safe. */
const mint = (siteId: number): ActorSiteId => siteId as ActorSiteId;

/*
 * The minting points for work that has no actor, or acts for one on other sites. Each takes the id where
 * it legitimately comes from and says so in its name, so a reviewer finds every such path by searching
 * for `siteIdFor` (decision 074).
 */

/**
 * Every site of the actor's business, for work a business-wide row changes in each of them (the hours of
 * every site a business-wide exception type touches). Never to read per-site data for the actor.
 */
export async function sitesOfActorBusiness(db: Db, actor: Pick<Actor, 'businessId'>): Promise<ActorSiteId[]> {
  const rows = await db.select({ id: sites.id }).from(sites).where(eq(sites.businessId, actor.businessId)).orderBy(asc(sites.id));
  return rows.map((r) => mint(r.id));
}

/**
 * A site a background job walks with no one signed in (data maintenance, digests, trial expiry): the job
 * read the id from the sites table itself, never from a request.
 */
export const siteIdForJob = (siteId: number): ActorSiteId => mint(siteId);

/**
 * The site of a calendar feed found by its secret token, once the feed's creator has been checked
 * (`creatorMayServe`, decision 063): the token was issued for this site and reads no other.
 */
export const siteIdForFeed = (feed: { siteId: number }): ActorSiteId => mint(feed.siteId);

/**
 * A site the test and bench factories or the demo seed have just created, outside any request: the code
 * holding the id inserted that site itself. Never used by the server's own request or job paths.
 */
export const siteIdForFixture = (siteId: number): ActorSiteId => mint(siteId);

/**
 * The site a Stripe webhook is about, found by the subscription or customer id of an event whose signature
 * was verified: Stripe, not a user, names it (decision 062).
 */
export const siteIdForStripeEvent = (site: { id: number }): ActorSiteId => mint(site.id);

/**
 * The site of a time-off request named by a mailed decision link (decision 092), once the link's MAC was
 * checked: the server signed that request id for that approver, and the link acts on that request's site only.
 */
export const siteIdForSignedLink = (request: { siteId: number }): ActorSiteId => mint(request.siteId);

/**
 * A site the platform operator works on from the super-admin portal, behind its own bearer-token gate and
 * across every business by design (decision 021); the portal still answers 404 for an id with no site.
 */
export const siteIdForPlatformOperator = (_operator: PlatformOperator, siteId: number): ActorSiteId => mint(siteId);

/** The portal's signed-in operator (its `SuperAdminSession`), asked for as a witness: an `Actor` has no `id`. */
interface PlatformOperator {
  readonly id: number;
  readonly sessionId: string;
  readonly username: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRecord | null;
  }
}

export const messages = {
  unauthenticated: 'Not authenticated',
  readOnly: 'Read-only users cannot make changes.',
  adminOnly: 'Admin access required',
  staffOnly: 'Staff accounts can see the calendar and their own time off only.',
} as const;

export function requireUser(req: FastifyRequest): Actor {
  if (!req.session) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  // The session loader has checked, on this request, that the user may still use this site (decision 002).
  return { ...req.session, siteId: mint(req.session.currentSiteId) };
}

/** Any change to tenant data: refused for read-only users. */
export function requireWriter(req: FastifyRequest): Actor {
  const actor = requireUser(req);
  if (actor.isReadOnly) throw new AppError('FORBIDDEN', messages.readOnly);
  return actor;
}

export function requireAdmin(req: FastifyRequest): Actor {
  const actor = requireUser(req);
  if (!actor.isAdmin) throw new AppError('FORBIDDEN', messages.adminOnly);
  return actor;
}

/**
 * What a route may declare in `config: { access }`; see decision records 015 and 091. A ladder: `staff` lets in
 * every signed-in user, Staff included; `user` every signed-in user but Staff; `writer` those who may change
 * data; `admin` admins. A route that says nothing is `user`, so a new route is closed to Staff by default.
 */
export type AccessLevel = 'public' | 'staff' | 'user' | 'writer' | 'admin';

/** The methods that change data: read-only users, expired trials, the origin check and the caches key on them. */
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const isChange = (method: string): boolean => MUTATING.has(method);

/**
 * The one rule behind every route's declared level, applied by the onRequest hook before the body is
 * parsed or validated: signed out 401; Staff on any level but `staff` 403; not an admin on an admin route 403; read-only on a writer route, or
 * on a change through an admin route (a read-only admin may look, not change), 403.
 */
export function enforceAccess(req: FastifyRequest, level: AccessLevel): void {
  if (level === 'public') return;
  if (!req.session) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  if (req.session.isStaff && level !== 'staff') throw new AppError('FORBIDDEN', messages.staffOnly);
  if (level === 'admin' && !req.session.isAdmin) throw new AppError('FORBIDDEN', messages.adminOnly);
  const changes = level === 'writer' || (level === 'admin' && isChange(req.method));
  if (changes && req.session.isReadOnly) throw new AppError('FORBIDDEN', messages.readOnly);
}

/** The scoping condition for a table's site column. */
export function inSite(actor: Pick<Actor, 'siteId'>, siteColumn: Column): SQL {
  return eq(siteColumn, actor.siteId);
}

/**
 * The site condition of a statement built once and run many times (prepared per connection: pipelined.ts).
 * Such a statement cannot hold the actor's site as a value, so it names a parameter, and each execution
 * binds that parameter from the actor with `actorParams`: the site still comes from the session only.
 */
export function inActorSite(siteColumn: Column): SQL {
  return eq(siteColumn, sql.placeholder(ACTOR_SITE));
}

/** The actor's business as a prepared statement's parameter (bound by `actorParams`, like the site). */
export const actorBusiness = (): Placeholder => sql.placeholder(ACTOR_BUSINESS);

/** The actor's site as a prepared statement's parameter, for a function call rather than a condition. */
export const actorSite = (): Placeholder => sql.placeholder(ACTOR_SITE);

const ACTOR_SITE = 'actorSiteId';
const ACTOR_BUSINESS = 'actorBusinessId';

/** The values of `inActorSite`, `actorSite` and `actorBusiness`, taken from the actor at each execution. */
export function actorParams(actor: Pick<Actor, 'siteId' | 'businessId'>): Record<typeof ACTOR_SITE | typeof ACTOR_BUSINESS, number> {
  return { [ACTOR_SITE]: actor.siteId, [ACTOR_BUSINESS]: actor.businessId };
}

/**
 * Joins two site columns (a row to its site, or two rows of one site). A join, never a filter: both sides
 * are columns, so a number such as `actor.siteId` cannot be passed here.
 */
export function siteJoin(a: Column, b: Column): SQL {
  return eq(a, b);
}

/**
 * The scoping condition for a site column (or `sites.id`) on a site id the gate minted: the actor's own
 * (`actor.siteId`, handed to a helper that takes the site alone) or one of the named minting points below.
 * A number from anywhere else does not type-check (decision 074).
 */
export function inSiteId(siteId: ActorSiteId | Placeholder, siteColumn: Column): SQL {
  return eq(siteColumn, siteId);
}

/** The scoping condition for a site column over several site ids the gate minted (a scope's, read at once). */
export function inSiteIds(siteIds: readonly ActorSiteId[], siteColumn: Column): SQL {
  return inArray(siteColumn, [...siteIds]);
}

/**
 * A site column on any site of the actor's business, for data the business shares and every one of its
 * sites keeps a copy of (the company name in each site's settings). Never for per-site tenant data.
 */
export function inBusinessSites(actor: Pick<Actor, 'businessId'>, siteColumn: Column): SQL {
  const ofBusiness = new QueryBuilder().select({ id: sites.id }).from(sites).where(eq(sites.businessId, actor.businessId));
  return inArray(siteColumn, ofBusiness);
}

/**
 * A site id checked against the sites the actor may use (`permittedSite`), which need not be the current
 * one: an admin renames or deletes another site of theirs from the Settings screen. Only `permittedSite`
 * makes one, so a bare number from a request cannot reach `inPermittedSite` unchecked.
 */
export type PermittedSiteId = ActorSiteId & { readonly __permittedSite: true };

/** Another business's site, or one of this business the actor was never given, answers 404 like no site. */
export async function permittedSite(db: Db, actor: SiteUser, siteId: number, notFound = 'Site not found'): Promise<PermittedSiteId> {
  if (!(await canUseSite(db, actor, siteId))) throw new AppError('NOT_FOUND', notFound);
  return siteId as PermittedSiteId;
}

/** The condition for a site column (or `sites.id`) on a site `permittedSite` has checked. */
export function inPermittedSite(siteId: PermittedSiteId, siteColumn: Column): SQL {
  return eq(siteColumn, siteId);
}

/** A row fetched by id under `inSite` that came back empty: answer as if it never existed. */
export function found<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw new AppError('NOT_FOUND', `${what} not found`);
  return row;
}

/**
 * Who asks for sites: a user, and for a request made with an API token the token's one site. Every actor
 * carries `tokenSiteId` from its session, so every helper below narrows a token to its site by itself.
 */
export type SiteUser = Pick<Actor, 'userId' | 'homeSiteId' | 'businessId' | 'tokenSiteId'>;

/** A token reaches its own site only; a session is not narrowed. */
const tokenSite = (actor: SiteUser): SQL | undefined => (actor.tokenSiteId === undefined ? undefined : eq(sites.id, actor.tokenSiteId));

/** Sites this user may use: the home site plus granted sites of the same business, active only; a token's site only. */
export async function permittedSites(db: Db, actor: SiteUser) {
  const granted = db
    .select({ siteId: userSitePermissions.siteId })
    .from(userSitePermissions)
    .where(eq(userSitePermissions.userId, actor.userId));
  return db
    .select({ id: sites.id, name: sites.name, subdomain: sites.subdomain })
    .from(sites)
    .where(
      and(
        eq(sites.businessId, actor.businessId),
        or(eq(sites.id, actor.homeSiteId), and(eq(sites.isActive, true), inArray(sites.id, granted))),
        tokenSite(actor),
      ),
    )
    .orderBy(asc(sites.id));
}

/**
 * Sites whose users and grants this admin manages (decision record 016): their home site and every site
 * granted to them, active or not, within their business. A site admin of one site cannot reach the others.
 * Their ids are minted: this query is the check.
 */
export async function manageableSites(db: Db, actor: SiteUser) {
  const granted = db
    .select({ siteId: userSitePermissions.siteId })
    .from(userSitePermissions)
    .where(eq(userSitePermissions.userId, actor.userId));
  const rows = await db
    .select({ id: sites.id, name: sites.name, subdomain: sites.subdomain, isActive: sites.isActive })
    .from(sites)
    .where(and(eq(sites.businessId, actor.businessId), or(eq(sites.id, actor.homeSiteId), inArray(sites.id, granted)), tokenSite(actor)))
    .orderBy(asc(sites.id));
  return rows.map((s) => ({ ...s, id: mint(s.id) }));
}

const scopeBrand: unique symbol = Symbol('permitted site scope');

/**
 * Several sites the actor may use, as only `permittedScope` makes them: the one way to read more than the
 * current site at once (reports, digests). A list of ids from anywhere else does not type-check.
 */
export interface SiteScope {
  readonly sites: ReadonlyArray<{ id: ActorSiteId; name: string }>;
  readonly [scopeBrand]: true;
}

/**
 * The sites this user may use now, narrowed by `keep` (for example to the current site, or to a saved
 * selection): a choice can only take sites away, never add one of another site or business.
 */
export async function permittedScope(
  db: Db,
  who: SiteUser,
  keep: (siteId: number) => boolean = () => true,
): Promise<SiteScope & { permittedCount: number }> {
  const permitted = await permittedSites(db, who);
  const chosen = permitted.filter((s) => keep(s.id));
  return { sites: chosen.map(({ id, name }) => ({ id: mint(id), name })), permittedCount: permitted.length, [scopeBrand]: true };
}

/** The scoping condition for a table's site column over a permitted scope. */
export function inSiteScope(scope: SiteScope, siteColumn: Column): SQL {
  return inArray(
    siteColumn,
    scope.sites.map((s) => s.id),
  );
}

export async function canUseSite(db: Db, actor: SiteUser, siteId: number) {
  const list = await permittedSites(db, actor);
  return list.some((s) => s.id === siteId);
}
