import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
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
    recipientEmails: jsonb('recipient_emails').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    digestFrequency: varchar('digest_frequency', { length: 10 }).notNull().default('daily'),
    sendTime: varchar('send_time', { length: 5 }).notNull().default('08:00'),
    userTimezone: varchar('user_timezone', { length: 64 }).notNull().default('UTC'),
    weeklyDay: smallint('weekly_day').notNull().default(1),
    monthlyDate: smallint('monthly_date').notNull().default(1),
    upcomingExceptionsEnabled: boolean('upcoming_exceptions_enabled').notNull().default(true),
    upcomingExceptionDays: smallint('upcoming_exception_days').notNull().default(7),
    upcomingExceptionsSiteScope: varchar('upcoming_exceptions_site_scope', { length: 10 }).notNull().default('current'),
    upcomingExceptionsSelectedSites: jsonb('upcoming_exceptions_selected_sites').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    upcomingExceptionsIncludeNotes: boolean('upcoming_exceptions_include_notes').notNull().default(false),
    teamAvailabilityEnabled: boolean('team_availability_enabled').notNull().default(false),
    teamAvailabilityPeriod: smallint('team_availability_period').notNull().default(7),
    teamAvailabilitySiteScope: varchar('team_availability_site_scope', { length: 10 }).notNull().default('current'),
    teamAvailabilitySelectedSites: jsonb('team_availability_selected_sites').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('saved_notifications_site_idx').on(t.siteId)],
);

export const bugReports = pgTable('bug_reports', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
  userId: integer('user_id').references(() => siteUsers.id, { onDelete: 'set null' }),
  subject: varchar('subject', { length: 200 }).notNull(),
  details: text('details').notNull(),
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
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);
