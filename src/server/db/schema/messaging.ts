import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, sites } from './tenancy';
import { siteUsers } from './users';
import { updatedAt } from './calendar';

export const savedNotifications = pgTable(
  'saved_notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => siteUsers.id, { onDelete: 'set null' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    recipientEmails: jsonb('recipient_emails')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    digestFrequency: varchar('digest_frequency', { length: 10 }).notNull().default('daily'),
    sendTime: varchar('send_time', { length: 5 }).notNull().default('08:00'),
    userTimezone: varchar('user_timezone', { length: 64 }).notNull().default('UTC'),
    weeklyDay: smallint('weekly_day').notNull().default(1),
    monthlyDate: smallint('monthly_date').notNull().default(1),
    upcomingExceptionsEnabled: boolean('upcoming_exceptions_enabled').notNull().default(true),
    upcomingExceptionDays: smallint('upcoming_exception_days').notNull().default(7),
    upcomingExceptionsSiteScope: varchar('upcoming_exceptions_site_scope', { length: 10 }).notNull().default('current'),
    upcomingExceptionsSelectedSites: jsonb('upcoming_exceptions_selected_sites')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    upcomingExceptionsIncludeNotes: boolean('upcoming_exceptions_include_notes').notNull().default(false),
    teamAvailabilityEnabled: boolean('team_availability_enabled').notNull().default(false),
    teamAvailabilityPeriod: smallint('team_availability_period').notNull().default(7),
    teamAvailabilitySiteScope: varchar('team_availability_site_scope', { length: 10 }).notNull().default('current'),
    teamAvailabilitySelectedSites: jsonb('team_availability_selected_sites')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    /** The site's older per-site "notification settings" record (GET/PUT /api/notification-settings), kept as one row per site. */
    siteSettingsRecord: boolean('site_settings_record').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('saved_notifications_site_idx').on(t.siteId),
    uniqueIndex('saved_notifications_site_record_unique')
      .on(t.siteId)
      .where(sql`${t.siteSettingsRecord}`),
  ],
);

/**
 * One row per notification and due slot, written in the same transaction as the slot's mail: the unique
 * key is what keeps two instances, a restart or a retry from sending one slot twice.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => savedNotifications.id, { onDelete: 'cascade' }),
    slotAt: timestamp('slot_at', { withTimezone: true }).notNull(),
    /** sent: mail queued in the outbox; skipped: the slot was found too late (over 6 hours old). */
    status: varchar('status', { length: 10 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('notification_deliveries_slot_unique').on(t.notificationId, t.slotAt)],
);

export const bugReports = pgTable('bug_reports', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
  userId: integer('user_id').references(() => siteUsers.id, { onDelete: 'set null' }),
  subject: varchar('subject', { length: 200 }).notNull(),
  details: text('details').notNull(),
  /** open, in_progress or closed: set by a super-admin in the portal. */
  status: varchar('status', { length: 20 }).notNull().default('open'),
  createdAt: createdAt(),
});

/** Every outgoing e-mail is written here first, so a failed or unconfigured transport loses nothing. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Files sent with the mail (a report's PDF), base64 so the row alone can be delivered again. */
    attachments: jsonb('attachments').$type<Array<{ filename: string; contentType: string; contentBase64: string }>>(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The x-request-id of the request that wrote the mail, so its delivery log lines join the request's. */
    requestId: varchar('request_id', { length: 100 }),
    /** The site whose user made the mail (report, digest, test mail); its daily outside budget counts it (decision 064). */
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    /** How many of `to` are outside the business: summed per site over 24 hours against the daily cap. */
    outsideRecipients: integer('outside_recipients').notNull().default(0),
    /** Extra headers delivered with the mail (a digest's List-Unsubscribe pair, RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt), index('mail_outbox_site_created_idx').on(t.siteId, t.createdAt)],
);

/**
 * Secrets the app makes for itself when the operator sets none (APP_SECRET), shared by every instance
 * through the database: today the key that signs the one-click "turn off this notification" links.
 */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 50 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
