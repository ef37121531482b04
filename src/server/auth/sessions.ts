import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { employees, sites, siteUsers, userSessions, userSitePermissions } from '../db/schema';
import { siteJoin } from './access';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../shared/domain/session';
import { hashToken, newToken } from './tokens';
import type { SiteSubscription } from '../../shared/domain/subscription';

export const SESSION_COOKIE = 'hs_session';

/** What the trial gate needs of a site (spec §8). */
export type SiteWriteTerms = Pick<
  SiteSubscription,
  'subscriptionStatus' | 'planType' | 'trialEndsAt' | 'subscriptionEndsAt' | 'externalBillingReference'
>;
export { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS };
/** Sliding expiry (and the cookie with it) is renewed at most this often, so reads do not each cost a write. */
export const TOUCH_EVERY_MS = 60 * 1000;

/** Idle expiry from `now`, never past the absolute end of the session. */
const slideTo = (createdAt: Date, now: Date) =>
  new Date(Math.min(now.getTime() + SESSION_IDLE_MS, createdAt.getTime() + SESSION_ABSOLUTE_MS));

export interface SessionRecord {
  sessionId: string;
  userId: number;
  homeSiteId: number;
  currentSiteId: number;
  businessId: number;
  username: string;
  email: string;
  isAdmin: boolean;
  isReadOnly: boolean;
  /** The Staff role (decision 091): also read-only, and let through only routes of the `staff` access level. */
  isStaff: boolean;
  /** The employee linked to this user on the current site, whose time off they may request; else null. */
  employeeId: number | null;
  /**
   * Set only when the request carries an API token: the one site the token was made for. `permittedSites`
   * and every helper built on it narrow to this site, so no route can read another through a token
   * (decision 063).
   */
  tokenSiteId?: number;
  /**
   * The current site's subscription, for the trial gate of change requests (modules/subscriptions/gate.ts);
   * read with the session so a cached session's change costs no site query. Absent: the gate reads the site.
   */
  subscription?: SiteWriteTerms;
  /** Set when this request slid the session's expiry: the cookie is renewed to match (see http/session-cookie.ts). */
  renewedUntil?: Date;
}

export async function createSession(db: Db, userId: number, siteId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = slideTo(now, now);
  await db.insert(userSessions).values({ id: hashToken(token), userId, currentSiteId: siteId, expiresAt, lastSeenAt: now, createdAt: now });
  return { token, expiresAt };
}

/** What a cached lookup keeps: the session as answered, and the row times the cache path re-checks. */
export interface CachedSession<T> {
  record: T;
  expiresAt: Date;
  createdAt: Date;
  lastSeenAt: Date;
}

/** What the session cache keeps of a lookup (the renewal belongs to one request). */
type CachedRecord = Omit<SessionRecord, 'renewedUntil'>;

/**
 * The cache `loadSession` reads through: live/session-cache.ts makes it, kept honest by the live bus
 * (decision 048). Named here by the calls made on it, so auth does not import live (decision 072).
 */
export interface SessionLookupCache {
  begin(): number;
  get(key: string, now: Date): CachedSession<CachedRecord> | undefined;
  set(key: string, value: CachedSession<CachedRecord>, generation: number, now: Date): void;
  /** Empties it: app.ts calls this before the reply of every change (decision 048). */
  clear(): void;
}

function lookupQuery(db: Db) {
  const currentSite = alias(sites, 'current_site');
  return db
    .select({
      sessionId: userSessions.id,
      expiresAt: userSessions.expiresAt,
      lastSeenAt: userSessions.lastSeenAt,
      createdAt: userSessions.createdAt,
      currentSiteId: userSessions.currentSiteId,
      userId: siteUsers.id,
      homeSiteId: siteUsers.siteId,
      username: siteUsers.username,
      email: siteUsers.email,
      isAdmin: siteUsers.isAdmin,
      isReadOnly: siteUsers.isReadOnly,
      isStaff: siteUsers.isStaff,
      isActive: siteUsers.isActive,
      businessId: sites.businessId,
      homeStatus: sites.subscriptionStatus,
      homePlan: sites.planType,
      homeTrialEndsAt: sites.trialEndsAt,
      homeEndsAt: sites.subscriptionEndsAt,
      homeBilling: sites.externalBillingReference,
      currentBusinessId: currentSite.businessId,
      currentSiteActive: currentSite.isActive,
      currentStatus: currentSite.subscriptionStatus,
      currentPlan: currentSite.planType,
      currentTrialEndsAt: currentSite.trialEndsAt,
      currentEndsAt: currentSite.subscriptionEndsAt,
      currentBilling: currentSite.externalBillingReference,
      permissionId: userSitePermissions.id,
      employeeId: employees.id,
    })
    .from(userSessions)
    .innerJoin(siteUsers, eq(siteUsers.id, userSessions.userId))
    .innerJoin(sites, siteJoin(sites.id, siteUsers.siteId))
    .innerJoin(currentSite, eq(currentSite.id, userSessions.currentSiteId))
    .leftJoin(
      userSitePermissions,
      and(eq(userSitePermissions.userId, userSessions.userId), siteJoin(userSitePermissions.siteId, userSessions.currentSiteId)),
    )
    .leftJoin(employees, and(eq(employees.userId, userSessions.userId), siteJoin(employees.siteId, userSessions.currentSiteId)))
    .where(eq(userSessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_lookup');
}

/** The lookup is the hottest statement there is: prepared once per database (a named statement on PostgreSQL). */
const prepared = new WeakMap<Db, ReturnType<typeof lookupQuery>>();
function lookup(db: Db) {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = lookupQuery(db)));
  return query;
}

/**
 * Finds a live session for an active user; slides its expiry unless `touch` is false (the live socket's
 * re-checks must not keep an idle session alive). Expired rows are deleted on sight. With `cache`, a
 * recent answer is reused while the session needs neither expiring nor sliding (decision 048).
 */
export async function loadSession(
  db: Db,
  token: string,
  now: Date,
  { touch = true, cache }: { touch?: boolean; cache?: SessionLookupCache } = {},
): Promise<SessionRecord | null> {
  const id = hashToken(token);
  const hit = cache?.get(id, now);
  const ms = now.getTime();
  if (
    hit &&
    hit.expiresAt > now &&
    ms < hit.createdAt.getTime() + SESSION_ABSOLUTE_MS &&
    !(touch && ms - hit.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
  ) {
    return { ...hit.record };
  }
  const generation = cache?.begin() ?? 0;
  const row = (await lookup(db).execute({ id }))[0];
  if (!row) return null;
  if (row.expiresAt <= now || ms >= row.createdAt.getTime() + SESSION_ABSOLUTE_MS || !row.isActive) {
    await db.delete(userSessions).where(eq(userSessions.id, id));
    return null;
  }
  let renewedUntil: Date | undefined;
  if (touch && ms - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    renewedUntil = slideTo(row.createdAt, now);
    await db.update(userSessions).set({ lastSeenAt: now, expiresAt: renewedUntil }).where(eq(userSessions.id, id));
  }
  // A site taken away (or suspended) ends access to it at once: fall back to the home site.
  const stillPermitted =
    row.currentSiteId === row.homeSiteId ||
    (row.permissionId !== null && row.currentBusinessId === row.businessId && row.currentSiteActive);
  const record: CachedRecord = {
    sessionId: row.sessionId,
    userId: row.userId,
    homeSiteId: row.homeSiteId,
    currentSiteId: stillPermitted ? row.currentSiteId : row.homeSiteId,
    businessId: row.businessId,
    username: row.username,
    email: row.email,
    isAdmin: row.isAdmin,
    isReadOnly: row.isReadOnly,
    isStaff: row.isStaff,
    employeeId: stillPermitted ? row.employeeId : null,
    subscription: stillPermitted
      ? {
          subscriptionStatus: row.currentStatus,
          planType: row.currentPlan,
          trialEndsAt: row.currentTrialEndsAt,
          subscriptionEndsAt: row.currentEndsAt,
          externalBillingReference: row.currentBilling,
        }
      : {
          subscriptionStatus: row.homeStatus,
          planType: row.homePlan,
          trialEndsAt: row.homeTrialEndsAt,
          subscriptionEndsAt: row.homeEndsAt,
          externalBillingReference: row.homeBilling,
        },
  };
  if (!stillPermitted) await setSessionSite(db, id, record.currentSiteId);
  else
    cache?.set(
      id,
      { record, createdAt: row.createdAt, expiresAt: renewedUntil ?? row.expiresAt, lastSeenAt: renewedUntil ? now : row.lastSeenAt },
      generation,
      now,
    );
  return { ...record, renewedUntil };
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.id, sessionId));
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.userId, userId));
}

export async function setSessionSite(db: Db, sessionId: string, siteId: number): Promise<void> {
  await db.update(userSessions).set({ currentSiteId: siteId }).where(eq(userSessions.id, sessionId));
}

export async function purgeExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(userSessions).where(lt(userSessions.expiresAt, now));
}
