import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { exceptions } from './calendar';
import { leaveRequests } from './leave-requests';
import { createdAt, sites } from './tenancy';
import { siteUsers } from './users';

const minimum = (name: string) => numeric(name, { precision: 6, scale: 1, mode: 'number' });

/**
 * A site's minimum available hours per weekday from a date on (decision 096), versioned like contracts: the
 * version with the latest `valid_from` on or before a day holds. A null weekday has no minimum.
 */
export const coverageRules = pgTable(
  'coverage_rules',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    mondayHours: minimum('monday_hours'),
    tuesdayHours: minimum('tuesday_hours'),
    wednesdayHours: minimum('wednesday_hours'),
    thursdayHours: minimum('thursday_hours'),
    fridayHours: minimum('friday_hours'),
    saturdayHours: minimum('saturday_hours'),
    sundayHours: minimum('sunday_hours'),
    updatedByUserId: integer('updated_by_user_id').references(() => siteUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coverage_rules_site_from_unique').on(t.siteId, t.validFrom)],
);

/** One day's minimum that beats the weekday rules (a busy day, a closed day). */
export const coverageOverrides = pgTable(
  'coverage_overrides',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    hours: minimum('hours').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coverage_overrides_site_date_unique').on(t.siteId, t.date), check('coverage_overrides_hours', sql`${t.hours} >= 0`)],
);

/** Per site: how far ahead the daily alert looks for new shortfalls. A site without a row uses 14 days. */
export const coverageSettings = pgTable(
  'coverage_settings',
  {
    siteId: integer('site_id')
      .primaryKey()
      .references(() => sites.id, { onDelete: 'cascade' }),
    alertHorizonDays: smallint('alert_horizon_days').notNull().default(14),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('coverage_settings_horizon', sql`${t.alertHorizonDays} between 1 and 90`)],
);

/**
 * A change saved although it creates or deepens a shortfall: who confirmed it, why, and the days as the 409
 * named them. Kept when the exception, request or user goes (the reason is the record).
 */
export const coverageAcknowledgements = pgTable(
  'coverage_acknowledgements',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** 'exception.create' | 'exception.update' | 'request.create' | 'request.approve' */
    action: varchar('action', { length: 24 }).notNull(),
    exceptionId: integer('exception_id').references(() => exceptions.id, { onDelete: 'set null' }),
    leaveRequestId: integer('leave_request_id').references(() => leaveRequests.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    shortfalls: jsonb('shortfalls').notNull(),
    userId: integer('user_id').references(() => siteUsers.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('coverage_acknowledgements_site_idx').on(t.siteId, t.createdAt)],
);

/** A shortfall the daily alert has told the approvers about: one row per site and day, so each is told once. */
export const shortfallAlerts = pgTable(
  'shortfall_alerts',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    requiredHours: minimum('required_hours').notNull(),
    availableHours: minimum('available_hours').notNull(),
    alertedAt: timestamp('alerted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shortfall_alerts_site_date_unique').on(t.siteId, t.date)],
);
