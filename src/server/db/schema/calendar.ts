import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { BAND_SQL } from '../site-days';
import { businesses, createdAt, hours, sites, siteHours } from './tenancy';
import { siteUsers } from './users';

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A team (department) within a site (decision 085): a name unique in its site whatever the case, and a
 * position in the site's list. An employee is in at most one team (`employees.team_id`).
 */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('teams_site_name_unique').on(t.siteId, sql`lower(${t.name})`),
    index('teams_site_order_idx').on(t.siteId, t.sortOrder),
  ],
);

/**
 * An employee: name and order. Hours and efficiency are in `employee_contracts` (decision 076), by date;
 * `end_date` is the last day employed (no hours after it).
 */
export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    endDate: date('end_date', { mode: 'string' }),
    /** First day employed (decision 095); null: the first contract version's start counts. */
    startDate: date('start_date', { mode: 'string' }),
    /** Deleting a team leaves its employees without one (decision 085). */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** The sign-in of this person, a user of the employee's own site: at most one each way (decision 091). */
    userId: integer('user_id').references(() => siteUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('employees_site_order_idx').on(t.siteId, t.sortOrder),
    index('employees_team_idx').on(t.teamId),
    uniqueIndex('employees_user_unique').on(t.userId),
  ],
);

/**
 * One version of an employee's contract: the weekday hours and efficiency in force from `valid_from` until the
 * next version's (decision 076). `valid_from` null: from the beginning of time, only ever the first version.
 * The site is kept beside the employee so every read is filtered by site like the other tables.
 */
export const employeeContracts = pgTable(
  'employee_contracts',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    validFrom: date('valid_from', { mode: 'string' }),
    efficiency: integer('efficiency').notNull().default(100),
    mondayHours: hours('monday_hours').notNull().default(7.6),
    tuesdayHours: hours('tuesday_hours').notNull().default(7.6),
    wednesdayHours: hours('wednesday_hours').notNull().default(7.6),
    thursdayHours: hours('thursday_hours').notNull().default(7.6),
    fridayHours: hours('friday_hours').notNull().default(7.6),
    saturdayHours: hours('saturday_hours').notNull().default(0),
    sundayHours: hours('sunday_hours').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('employee_contracts_employee_from_unique').on(t.employeeId, t.validFrom).nullsNotDistinct(),
    index('employee_contracts_site_idx').on(t.siteId, t.employeeId, t.validFrom),
    check('employee_contracts_efficiency_range', sql`${t.efficiency} between 1 and 200`),
  ],
);

/** Exception types: business-wide (business_id) or site-only (site_id); exactly one owner is set. */
/**
 * A value that changes with every change to a site's employees (triggers, migration 0012), naming the staff
 * list the server may keep between requests (decision 054). No row: not known, the list is always read.
 */
export const siteStaffVersions = pgTable('site_staff_versions', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  version: uuid('version').notNull().defaultRandom(),
});

export const exceptionReasons = pgTable(
  'exception_reasons',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: varchar('color', { length: 20 }).notNull().default('#3b82f6'),
    isAdditive: boolean('is_additive').notNull().default(false),
    /** Requests of this type need two different approvers (decision 092). */
    needsTwoApprovals: boolean('needs_two_approvals').notNull().default(false),
    /** Absences of this type take leave allowance (decisions 094, 095); never on an additive type. */
    countsAgainstAllowance: boolean('counts_against_allowance').notNull().default(false),
    /** Sickness: never named to Staff on a colleague's absence (decision 106); a sickness name counts without it. */
    isSickness: boolean('is_sickness').notNull().default(false),
    /** Staff may ask for it as time off (decision 113); never an additive type. */
    isRequestable: boolean('is_requestable').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('exception_reasons_business_idx').on(t.businessId),
    index('exception_reasons_site_idx').on(t.siteId),
    check('exception_reasons_one_owner', sql`(${t.businessId} is null) <> (${t.siteId} is null)`),
    check('exception_reasons_allowance_not_additive', sql`not (${t.isAdditive} and ${t.countsAgainstAllowance})`),
    check('exception_reasons_requestable_not_additive', sql`not (${t.isAdditive} and ${t.isRequestable})`),
  ],
);

export const exceptions = pgTable(
  'exceptions',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    reasonId: integer('reason_id')
      .notNull()
      .references(() => exceptionReasons.id, { onDelete: 'restrict' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isFullDay: boolean('is_full_day').notNull().default(true),
    hours: hours('hours'),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('exceptions_site_window_idx').on(t.siteId, t.startDate, t.endDate),
    index('exceptions_site_days_gist').using('gist', sql.raw(BAND_SQL('site_id', 'start_date', 'end_date'))),
    index('exceptions_employee_idx').on(t.employeeId),
    index('exceptions_reason_idx').on(t.reasonId),
    check('exceptions_span_order', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    description: text('description'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    color: varchar('color', { length: 7 }).notNull().default('#3b82f6'),
    isFullDay: boolean('is_full_day').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notes_site_window_idx').on(t.siteId, t.startDate, t.endDate),
    index('notes_site_days_gist').using('gist', sql.raw(BAND_SQL('site_id', 'start_date', 'end_date'))),
    check('notes_span_order', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export const publicHolidays = pgTable(
  'public_holidays',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('public_holidays_site_date_name_unique').on(t.siteId, t.date, t.name)],
);

/** One row per site and day whose hours changed: the day-authorisation record. */
export const dayChanges = pgTable(
  'day_changes',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    defaultHours: siteHours('default_hours').notNull().default(0),
    currentHours: siteHours('current_hours').notNull().default(0),
    authorisedHours: siteHours('authorised_hours'),
    isAuthorised: boolean('is_authorised').notNull().default(false),
    lastModified: timestamp('last_modified', { withTimezone: true }).notNull().defaultNow(),
    authorisedBy: integer('authorised_by').references(() => siteUsers.id, { onDelete: 'set null' }),
    authorisedAt: timestamp('authorised_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.date] })],
);

export { updatedAt };
