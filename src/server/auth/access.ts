import { and, asc, eq, inArray, or, type Column, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors';
import type { Db } from '../db/client';
import { sites, userSitePermissions } from '../db/schema';
import type { SessionRecord } from './sessions';

/**
 * The one gate between a request and tenant data. Every route asks it for an Actor; every tenant query
 * filters with `inSite`. Deny by default: no session means 401, no right means 403, another site's row 404.
 */
export interface Actor extends SessionRecord {
  /** The session's current site: every tenant query is scoped to it. */
  siteId: number;
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
} as const;

export function requireUser(req: FastifyRequest): Actor {
  if (!req.session) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  return { ...req.session, siteId: req.session.currentSiteId };
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

/** The scoping condition for a table's site column. */
export function inSite(actor: Actor, siteColumn: Column): SQL {
  return eq(siteColumn, actor.siteId);
}

/** A row fetched by id under `inSite` that came back empty: answer as if it never existed. */
export function found<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw new AppError('NOT_FOUND', `${what} not found`);
  return row;
}

/** Sites this user may use: the home site plus granted sites of the same business, active only. */
export async function permittedSites(db: Db, actor: Pick<Actor, 'userId' | 'homeSiteId' | 'businessId'>) {
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
      ),
    )
    .orderBy(asc(sites.id));
}

export async function canUseSite(db: Db, actor: Pick<Actor, 'userId' | 'homeSiteId' | 'businessId'>, siteId: number) {
  const list = await permittedSites(db, actor);
  return list.some((s) => s.id === siteId);
}
