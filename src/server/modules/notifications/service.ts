import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { notificationMessages, type TNotificationFields, type TSavedNotification } from '../../../shared/contracts/notifications';
import { AppError } from '../../../shared/errors';
import { found, inSite, messages, permittedSites, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { savedNotifications, siteUsers } from '../../db/schema';
import { mailCapMessages, mailCaps, outsideAddresses } from '../../mail/quota';

export type NotificationRow = typeof savedNotifications.$inferSelect;

/**
 * Saved notifications (spec 02 §3). A user sees and changes only their own on the current site; an admin
 * sees all of the site's and changes them unless read-only (`mayChangeDigest`). The site's older notification-settings record lives in the same
 * table but is reached only through /api/notification-settings.
 */
function visibleTo(actor: Actor): SQL {
  const own = actor.isAdmin ? undefined : eq(savedNotifications.userId, actor.userId);
  return and(inSite(actor, savedNotifications.siteId), eq(savedNotifications.siteSettingsRecord, false), own)!;
}

export function toView(row: NotificationRow, ownerEmail: string | null): TSavedNotification {
  return {
    id: row.id,
    userId: row.userId,
    siteId: row.siteId,
    name: row.name,
    enabled: row.enabled,
    recipientEmails: row.recipientEmails,
    digestFrequency: row.digestFrequency as TSavedNotification['digestFrequency'],
    sendTime: row.sendTime,
    userTimezone: row.userTimezone,
    weeklyDay: row.weeklyDay,
    monthlyDate: row.monthlyDate,
    upcomingExceptionsEnabled: row.upcomingExceptionsEnabled,
    upcomingExceptionDays: row.upcomingExceptionDays,
    upcomingExceptionsSiteScope: row.upcomingExceptionsSiteScope as TSavedNotification['upcomingExceptionsSiteScope'],
    upcomingExceptionsSelectedSites: row.upcomingExceptionsSelectedSites,
    upcomingExceptionsIncludeNotes: row.upcomingExceptionsIncludeNotes,
    teamAvailabilityEnabled: row.teamAvailabilityEnabled,
    teamAvailabilityPeriod: row.teamAvailabilityPeriod,
    teamAvailabilitySiteScope: row.teamAvailabilitySiteScope as TSavedNotification['teamAvailabilitySiteScope'],
    teamAvailabilitySelectedSites: row.teamAvailabilitySelectedSites,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ownerEmail,
  };
}

export async function listNotifications(db: Db, actor: Actor): Promise<TSavedNotification[]> {
  const rows = await db
    .select({ n: savedNotifications, ownerEmail: siteUsers.email })
    .from(savedNotifications)
    .leftJoin(siteUsers, eq(siteUsers.id, savedNotifications.userId))
    .where(visibleTo(actor))
    .orderBy(asc(savedNotifications.name), asc(savedNotifications.id));
  return rows.map((r) => toView(r.n, r.ownerEmail));
}

async function getVisible(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .select({ n: savedNotifications, ownerEmail: siteUsers.email })
    .from(savedNotifications)
    .leftJoin(siteUsers, eq(siteUsers.id, savedNotifications.userId))
    .where(and(visibleTo(actor), eq(savedNotifications.id, id)));
  return found(row, 'Notification');
}

/**
 * Who may change a digest they see: its owner, or an admin who may change data. A read-only admin sees the
 * site's digests but changes only their own (decision 105).
 */
export const mayChangeDigest = (actor: Pick<Actor, 'userId' | 'isAdmin' | 'isReadOnly'>, row: Pick<NotificationRow, 'userId'>) =>
  row.userId === actor.userId || (actor.isAdmin && !actor.isReadOnly);

async function getChangeable(db: Db, actor: Actor, id: number) {
  const row = await getVisible(db, actor, id);
  if (!mayChangeDigest(actor, row.n)) throw new AppError('FORBIDDEN', messages.readOnly);
  return row;
}

/**
 * The same refusal before the body is read: the route guard of the edit, toggle and delete routes. Only a
 * read-only admin sees digests they may not change; a digest they do not see passes, for the route's 404.
 */
export async function refuseOthersDigestToReadOnly(db: Db, actor: Actor, id: number): Promise<void> {
  if (!actor.isAdmin || !actor.isReadOnly) return;
  const [row] = await db
    .select({ userId: savedNotifications.userId })
    .from(savedNotifications)
    .where(and(visibleTo(actor), eq(savedNotifications.id, id)));
  if (row && !mayChangeDigest(actor, row)) throw new AppError('FORBIDDEN', messages.readOnly);
}

/** Selected sites must be sites the user may use; anything else is refused rather than silently dropped. */
export async function checkSelectedSites(
  db: Db,
  actor: Actor,
  fields: Pick<TNotificationFields, 'upcomingExceptionsSelectedSites' | 'teamAvailabilitySelectedSites'>,
) {
  const allowed = new Set((await permittedSites(db, actor)).map((s) => s.id));
  for (const id of [...fields.upcomingExceptionsSelectedSites, ...fields.teamAvailabilitySelectedSites]) {
    if (!allowed.has(id)) throw new AppError('BAD_REQUEST', 'Selected sites must be sites you have access to');
  }
}

/** Decision 064: a read-only user's digests go only to users of the business. */
async function checkRecipients(db: Db, actor: Actor, recipients: readonly string[]) {
  if (actor.isReadOnly && (await outsideAddresses(db, actor.businessId, recipients)).length > 0) {
    throw new AppError('FORBIDDEN', mailCapMessages.readOnlyOutside);
  }
}

/** Saved digests of one user on every site (the sender skips any past the cap, oldest kept). */
async function assertDigestRoom(db: Db, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(savedNotifications)
    .where(and(eq(savedNotifications.userId, userId), eq(savedNotifications.siteSettingsRecord, false)));
  if ((row?.n ?? 0) >= mailCaps.digestsPerUser) throw new AppError('BAD_REQUEST', mailCapMessages.digestsPerUser);
}

const dedupe = <T>(list: readonly T[]) => [...new Set(list)];

function columns(fields: TNotificationFields) {
  return {
    ...fields,
    recipientEmails: dedupe(fields.recipientEmails),
    upcomingExceptionsSelectedSites: dedupe(fields.upcomingExceptionsSelectedSites),
    teamAvailabilitySelectedSites: dedupe(fields.teamAvailabilitySelectedSites),
  };
}

export async function createNotification(db: Db, actor: Actor, fields: TNotificationFields, now: Date): Promise<TSavedNotification> {
  await checkSelectedSites(db, actor, fields);
  await checkRecipients(db, actor, fields.recipientEmails);
  await assertDigestRoom(db, actor.userId);
  const [row] = await db
    .insert(savedNotifications)
    .values({ ...columns(fields), userId: actor.userId, siteId: actor.siteId, createdAt: now, updatedAt: now })
    .returning();
  return toView(row, actor.email);
}

export async function updateNotification(
  db: Db,
  actor: Actor,
  id: number,
  fields: TNotificationFields,
  now: Date,
): Promise<TSavedNotification> {
  const current = await getChangeable(db, actor, id);
  await checkSelectedSites(db, actor, fields);
  await checkRecipients(db, actor, fields.recipientEmails);
  // updated_at also marks from when slots are owed: a slot before an edit is not sent late because of it.
  const [row] = await db
    .update(savedNotifications)
    .set({ ...columns(fields), updatedAt: now })
    .where(eq(savedNotifications.id, id))
    .returning();
  return toView(row, current.ownerEmail);
}

export async function toggleNotification(db: Db, actor: Actor, id: number, enabled: boolean, now: Date): Promise<TSavedNotification> {
  const current = await getChangeable(db, actor, id);
  if (current.n.enabled === enabled) return toView(current.n, current.ownerEmail);
  // Every recipient may have turned it off from their mail (decision 064): on again needs someone to send to.
  if (enabled && current.n.recipientEmails.length === 0) throw new AppError('BAD_REQUEST', notificationMessages.recipientsRequired);
  const [row] = await db.update(savedNotifications).set({ enabled, updatedAt: now }).where(eq(savedNotifications.id, id)).returning();
  return toView(row, current.ownerEmail);
}

export async function deleteNotification(db: Db, actor: Actor, id: number): Promise<void> {
  await getChangeable(db, actor, id);
  await db.delete(savedNotifications).where(eq(savedNotifications.id, id));
}
