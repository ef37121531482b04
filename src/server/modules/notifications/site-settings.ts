import { and, eq } from 'drizzle-orm';
import type { ZUpdateNotificationSettingsRequest } from '../../../shared/contracts/notifications';
import {
  isValidEmail,
  MAX_DIGEST_RECIPIENTS,
  notificationMessages,
  splitRecipients,
  type TNotificationSettings,
} from '../../../shared/contracts/notifications';
import { AppError } from '../../../shared/errors';
import { inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { savedNotifications } from '../../db/schema';
import { checkSelectedSites, type NotificationRow } from './service';
import type { z } from 'zod';

/**
 * The older per-site "notification settings" record (spec 02 §3), kept for clients that still call
 * GET/PUT /api/notification-settings. It is stored as the site's one flagged saved notification, so the
 * same sender sends it; its schedule is in UTC because the older record had no time zone.
 */

export const SITE_RECORD_NAME = 'Site notification settings';

function toSettings(siteId: number, row: NotificationRow | undefined): TNotificationSettings {
  return {
    site_id: siteId,
    enabled: row?.enabled ?? false,
    upcoming_exceptions_enabled: row?.upcomingExceptionsEnabled ?? true,
    upcoming_exception_days: row?.upcomingExceptionDays ?? 7,
    recipient_emails: JSON.stringify(row?.recipientEmails ?? []),
    digest_frequency: (row?.digestFrequency ?? 'daily') as TNotificationSettings['digest_frequency'],
    send_time: row?.sendTime ?? '08:00',
    last_sent_at: row?.lastSentAt?.toISOString() ?? null,
    team_availability_enabled: row?.teamAvailabilityEnabled ?? false,
    team_availability_period: row?.teamAvailabilityPeriod ?? 7,
    team_availability_site_scope: (row?.teamAvailabilitySiteScope ?? 'current') as TNotificationSettings['team_availability_site_scope'],
    team_availability_selected_sites: row?.teamAvailabilitySelectedSites ?? [],
  };
}

async function siteRecord(db: Db, actor: Actor) {
  const [row] = await db
    .select()
    .from(savedNotifications)
    .where(and(inSite(actor, savedNotifications.siteId), eq(savedNotifications.siteSettingsRecord, true)));
  return row;
}

export async function readSiteNotificationSettings(db: Db, actor: Actor): Promise<TNotificationSettings> {
  return toSettings(actor.siteId, await siteRecord(db, actor));
}

function parseRecipientText(value: string | string[]): string[] {
  if (Array.isArray(value)) return value.map((s) => s.trim()).filter(Boolean);
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed.map((s) => String(s).trim()).filter(Boolean);
  } catch {
    // not JSON: comma-separated text
  }
  return splitRecipients(value);
}

export async function updateSiteNotificationSettings(
  db: Db,
  actor: Actor,
  body: z.output<typeof ZUpdateNotificationSettingsRequest>,
  now: Date,
): Promise<TNotificationSettings> {
  const recipients = [...new Set(parseRecipientText(body.recipient_emails))];
  for (const email of recipients) if (!isValidEmail(email)) throw new AppError('BAD_REQUEST', notificationMessages.invalidRecipient(email));
  if (body.enabled && recipients.length === 0) throw new AppError('BAD_REQUEST', notificationMessages.recipientsRequired);
  if (recipients.length > MAX_DIGEST_RECIPIENTS) throw new AppError('BAD_REQUEST', notificationMessages.tooManyRecipients);
  await checkSelectedSites(db, actor, {
    upcomingExceptionsSelectedSites: [],
    teamAvailabilitySelectedSites: body.team_availability_selected_sites,
  });

  const values = {
    enabled: body.enabled,
    upcomingExceptionsEnabled: body.upcoming_exceptions_enabled,
    upcomingExceptionDays: body.upcoming_exception_days,
    recipientEmails: recipients,
    digestFrequency: body.digest_frequency,
    sendTime: body.send_time,
    teamAvailabilityEnabled: body.team_availability_enabled,
    teamAvailabilityPeriod: body.team_availability_period,
    teamAvailabilitySiteScope: body.team_availability_site_scope,
    teamAvailabilitySelectedSites: [...new Set(body.team_availability_selected_sites)],
    // Whoever saved it last owns it: their permissions decide the sites at send time.
    userId: actor.userId,
    updatedAt: now,
  };
  const existing = await siteRecord(db, actor);
  const [row] = existing
    ? await db.update(savedNotifications).set(values).where(eq(savedNotifications.id, existing.id)).returning()
    : await db
        .insert(savedNotifications)
        .values({ ...values, siteId: actor.siteId, name: SITE_RECORD_NAME, siteSettingsRecord: true, userTimezone: 'UTC', createdAt: now })
        .onConflictDoUpdate({
          target: savedNotifications.siteId,
          targetWhere: eq(savedNotifications.siteSettingsRecord, true),
          set: values,
        })
        .returning();
  return toSettings(actor.siteId, row);
}
