import { and, asc, eq, type SQL } from 'drizzle-orm';
import { feedMessages, type TCreateFeedRequest, type TFeed, type TFeedWithUrl } from '../../../shared/contracts/feeds';
import { AppError } from '../../../shared/errors';
import { found, inSite, type Actor } from '../../auth/access';
import { hashToken, newToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { calendarFeeds, employees, siteUsers, userSitePermissions } from '../../db/schema';
import { creatorColumns, creatorGrant, creatorMayServe } from './creator';

/**
 * Managing a site's secret calendar feed URLs (decision 041). The token is shown once, in the reply to
 * create or renew; the database keeps its SHA-256 only, so a leaked backup cannot subscribe to anything.
 */

export const feedUrl = (appUrl: string, token: string) => `${appUrl.replace(/\/$/, '')}/feeds/${token}.ics`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function feedRows(db: Db, actor: Actor, id?: number) {
  return db
    .select({ f: calendarFeeds, employeeName: employees.name, createdBy: siteUsers.username, ...creatorColumns })
    .from(calendarFeeds)
    .leftJoin(employees, eq(employees.id, calendarFeeds.employeeId))
    .leftJoin(siteUsers, eq(siteUsers.id, calendarFeeds.createdBy))
    .leftJoin(userSitePermissions, creatorGrant)
    .where(and(inSite(actor, calendarFeeds.siteId), id === undefined ? undefined : eq(calendarFeeds.id, id)))
    .orderBy(asc(calendarFeeds.id));
}

type FeedRow = Awaited<ReturnType<typeof feedRows>>[number];

const toFeed = (actor: Actor, { f, employeeName, createdBy, ...creator }: FeedRow): TFeed => ({
  id: f.id,
  employeeId: f.employeeId,
  employeeName: f.employeeId === null ? null : employeeName,
  includeNotes: f.includeNotes,
  createdAt: f.createdAt.toISOString(),
  createdBy,
  lastUsedAt: iso(f.lastUsedAt),
  active: creatorMayServe(f, creator),
  canManage: managesAll(actor) || f.createdBy === actor.userId,
});

/**
 * Who may renew and revoke a feed (decision 063): an admin every feed of the site, anyone else (a read-only
 * admin too: they may look, not change) the feeds they made. A feed outside that answers as a missing one.
 */
const managesAll = (actor: Actor) => actor.isAdmin && !actor.isReadOnly;
const mayManage = (actor: Actor): SQL | undefined => (managesAll(actor) ? undefined : eq(calendarFeeds.createdBy, actor.userId));

/** Admins see every feed of the site; anyone else the feeds they made. */
export async function listFeeds(db: Db, actor: Actor): Promise<TFeed[]> {
  const rows = await feedRows(db, actor);
  return rows.filter((r) => actor.isAdmin || r.f.createdBy === actor.userId).map((r) => toFeed(actor, r));
}

export async function createFeed(
  db: Db,
  actor: Actor,
  input: Required<TCreateFeedRequest>,
  appUrl: string,
  now: Date,
): Promise<TFeedWithUrl> {
  if (input.employeeId !== null) {
    if (!actor.isAdmin) throw new AppError('FORBIDDEN', feedMessages.employeeFeedAdminOnly);
    const [employee] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.id, input.employeeId), inSite(actor, employees.siteId)));
    found(employee, 'Employee');
  }
  const token = newToken();
  const [row] = await db
    .insert(calendarFeeds)
    .values({
      siteId: actor.siteId,
      employeeId: input.employeeId,
      includeNotes: input.includeNotes,
      tokenHash: hashToken(token),
      createdBy: actor.userId,
      createdAt: now,
    })
    .returning({ id: calendarFeeds.id });
  const [created] = await feedRows(db, actor, row.id);
  return { ...toFeed(actor, created), url: feedUrl(appUrl, token) };
}

/** A new token for the same feed: the old URL answers 404 from now on. */
export async function renewFeed(db: Db, actor: Actor, id: number, appUrl: string): Promise<TFeedWithUrl> {
  const token = newToken();
  const [row] = await db
    .update(calendarFeeds)
    .set({ tokenHash: hashToken(token), contentHash: null, contentChangedAt: null, lastUsedAt: null })
    .where(and(eq(calendarFeeds.id, id), inSite(actor, calendarFeeds.siteId), mayManage(actor)))
    .returning({ id: calendarFeeds.id });
  found(row, 'Calendar feed');
  const [renewed] = await feedRows(db, actor, id);
  return { ...toFeed(actor, renewed), url: feedUrl(appUrl, token) };
}

export async function revokeFeed(db: Db, actor: Actor, id: number): Promise<void> {
  const [row] = await db
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.id, id), inSite(actor, calendarFeeds.siteId), mayManage(actor)))
    .returning({ id: calendarFeeds.id });
  found(row, 'Calendar feed');
}
