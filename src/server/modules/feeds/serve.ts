import { createHash } from 'node:crypto';
import { and, asc, eq, gte, lte, type Column } from 'drizzle-orm';
import { feedMessages } from '../../../shared/contracts/feeds';
import { addDaysStr } from '../../../shared/domain/dates';
import { AppError } from '../../../shared/errors';
import { siteIdForFeed, siteJoin, inSiteId } from '../../auth/access';
import { hashToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import {
  calendarFeeds,
  employees,
  exceptionReasons,
  exceptions,
  leaveRequests,
  notes,
  publicHolidays,
  sites,
  siteUsers,
  userSitePermissions,
} from '../../db/schema';
import { shortDaysOf } from '../coverage';
import { todayOf } from '../day-ledger';
import { creatorColumns, creatorGrant, creatorMayServe } from './creator';
import { asCreatorSees } from './creator-view';
import { renderFeed, type FeedContent } from './ical';

/**
 * GET /feeds/<token>.ics, outside the session gate: the token alone names the site (decision 041). Every
 * query below is confined to that one site, taken from the feed row the token's hash found.
 */

/** A year back and two ahead: enough for a phone calendar, bounded for a site with years of history. */
export const FEED_DAYS_BACK = 366;
export const FEED_DAYS_AHEAD = 731;
/** Writing "last used" on every poll would cost a write per refresh; once in a while is enough to show. */
const LAST_USED_EVERY_MS = 10 * 60 * 1000;

type FeedRow = typeof calendarFeeds.$inferSelect;

/** The feed of a token, while its site is active and its creator may still serve it (decision 063); else 404 as revoked. */
async function feedByToken(db: Db, token: string) {
  const [row] = await db
    .select({ feed: calendarFeeds, siteName: sites.name, businessId: sites.businessId, ...creatorColumns })
    .from(calendarFeeds)
    .innerJoin(sites, siteJoin(sites.id, calendarFeeds.siteId))
    .leftJoin(siteUsers, eq(siteUsers.id, calendarFeeds.createdBy))
    .leftJoin(userSitePermissions, creatorGrant)
    .where(and(eq(calendarFeeds.tokenHash, hashToken(token)), eq(sites.isActive, true)));
  if (!row || !creatorMayServe(row.feed, row)) throw new AppError('NOT_FOUND', feedMessages.notFound);
  return row;
}

/** What `?pending=1` and `?shortfalls=1` add to a feed. */
export interface FeedExtras {
  pending?: boolean;
  shortfalls?: boolean;
}

async function loadContent(db: Db, feed: FeedRow, siteName: string, now: Date, extras: FeedExtras): Promise<FeedContent> {
  const withPending = !!extras.pending;
  const today = todayOf(now);
  const from = addDaysStr(today, -FEED_DAYS_BACK);
  const to = addDaysStr(today, FEED_DAYS_AHEAD);
  const feedSite = siteIdForFeed(feed);
  const site = (column: Column) => inSiteId(feedSite, column);
  const exceptionRows = await db
    .select({
      id: exceptions.id,
      employeeId: exceptions.employeeId,
      reasonId: exceptions.reasonId,
      isAdditive: exceptionReasons.isAdditive,
      employeeName: employees.name,
      reasonName: exceptionReasons.name,
      startDate: exceptions.startDate,
      endDate: exceptions.endDate,
      isFullDay: exceptions.isFullDay,
      hours: exceptions.hours,
      notes: exceptions.notes,
      updatedAt: exceptions.updatedAt,
    })
    .from(exceptions)
    .innerJoin(employees, and(eq(employees.id, exceptions.employeeId), siteJoin(employees.siteId, exceptions.siteId)))
    .innerJoin(exceptionReasons, eq(exceptionReasons.id, exceptions.reasonId))
    .where(
      and(
        site(exceptions.siteId),
        feed.employeeId === null ? undefined : eq(exceptions.employeeId, feed.employeeId),
        lte(exceptions.startDate, to),
        gte(exceptions.endDate, from),
      ),
    )
    .orderBy(asc(exceptions.startDate), asc(exceptions.id));
  const holidays = await db
    .select({ id: publicHolidays.id, name: publicHolidays.name, date: publicHolidays.date, createdAt: publicHolidays.createdAt })
    .from(publicHolidays)
    .where(and(site(publicHolidays.siteId), gte(publicHolidays.date, from), lte(publicHolidays.date, to)))
    .orderBy(asc(publicHolidays.date), asc(publicHolidays.id));
  const noteRows = feed.includeNotes
    ? await db
        .select({
          id: notes.id,
          title: notes.title,
          description: notes.description,
          startDate: notes.startDate,
          endDate: notes.endDate,
          updatedAt: notes.updatedAt,
        })
        .from(notes)
        .where(and(site(notes.siteId), lte(notes.startDate, to), gte(notes.endDate, from)))
        .orderBy(asc(notes.startDate), asc(notes.id))
    : null;
  const pending = withPending
    ? await db
        .select({
          id: leaveRequests.id,
          employeeId: leaveRequests.employeeId,
          employeeName: employees.name,
          reasonName: exceptionReasons.name,
          startDate: leaveRequests.startDate,
          endDate: leaveRequests.endDate,
          isFullDay: leaveRequests.isFullDay,
          hours: leaveRequests.hours,
          updatedAt: leaveRequests.updatedAt,
        })
        .from(leaveRequests)
        .innerJoin(employees, and(eq(employees.id, leaveRequests.employeeId), siteJoin(employees.siteId, leaveRequests.siteId)))
        .innerJoin(exceptionReasons, eq(exceptionReasons.id, leaveRequests.reasonId))
        .where(
          and(
            site(leaveRequests.siteId),
            eq(leaveRequests.status, 'pending'),
            feed.employeeId === null ? undefined : eq(leaveRequests.employeeId, feed.employeeId),
            lte(leaveRequests.startDate, to),
            gte(leaveRequests.endDate, from),
          ),
        )
        .orderBy(asc(leaveRequests.startDate), asc(leaveRequests.id))
    : undefined;
  let calendarName = `${siteName} — Hoursight`;
  if (feed.employeeId !== null) {
    const [employee] = await db
      .select({ name: employees.name })
      .from(employees)
      .where(and(eq(employees.id, feed.employeeId), site(employees.siteId)));
    calendarName = `${employee?.name ?? 'Employee'} (${siteName}) — Hoursight`;
  }
  // From today only: a feed is for what is coming; past shortfalls are history the hours report keeps.
  const shortfalls = extras.shortfalls ? ((await shortDaysOf(db, feedSite, today, to)) ?? []) : undefined;
  return { calendarName, exceptions: exceptionRows, pending, holidays, notes: noteRows, shortfalls };
}

export interface FeedReply {
  body: string;
  etag: string;
  lastModified: Date;
}

/**
 * The feed's body with validators. The ETag is the body's hash; Last-Modified is when that hash last
 * changed, kept on the feed row, so a deleted exception (which leaves no timestamp behind) still moves it.
 */
export async function serveFeed(db: Db, token: string, now: Date, extras: FeedExtras = {}): Promise<FeedReply> {
  const row = await feedByToken(db, token);
  const { feed, siteName } = row;
  const body = renderFeed(await asCreatorSees(db, row, await loadContent(db, feed, siteName, now, extras)));
  const hash = createHash('sha256').update(body).digest('hex');
  const changed = hash !== feed.contentHash || !feed.contentChangedAt;
  // HTTP dates have whole seconds: store what is sent, so If-Modified-Since compares equal.
  const lastModified = changed ? new Date(Math.floor(now.getTime() / 1000) * 1000) : feed.contentChangedAt!;
  const stale = !feed.lastUsedAt || now.getTime() - feed.lastUsedAt.getTime() > LAST_USED_EVERY_MS;
  if (changed || stale) {
    await db
      .update(calendarFeeds)
      .set({ contentHash: hash, contentChangedAt: lastModified, lastUsedAt: now })
      .where(eq(calendarFeeds.id, feed.id));
  }
  return { body, etag: `"${hash.slice(0, 32)}"`, lastModified };
}

/** RFC 9110 §13.1: If-None-Match wins over If-Modified-Since when both are sent. */
export function notModified(
  headers: { 'if-none-match'?: string; 'if-modified-since'?: string },
  reply: Pick<FeedReply, 'etag' | 'lastModified'>,
): boolean {
  const inm = headers['if-none-match'];
  if (inm !== undefined) {
    return inm
      .split(',')
      .map((t) => t.trim().replace(/^W\//, ''))
      .some((t) => t === '*' || t === reply.etag);
  }
  const ims = headers['if-modified-since'];
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return !Number.isNaN(since) && reply.lastModified.getTime() <= since;
}
