import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { employees } from './calendar';
import { createdAt, sites } from './tenancy';
import { siteUsers } from './users';

/**
 * A site's leave allowance policy (decisions 094, 095): at most one per site. The columns are the engine's
 * `LeavePolicy`; the unit says which entitlement pair is read (the other pair is kept, so switching back
 * restores it).
 */
export const allowancePolicies = pgTable(
  'allowance_policies',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    unit: varchar('unit', { length: 5 }).notNull(),
    entitlementHours: numeric('entitlement_hours', { precision: 7, scale: 2, mode: 'number' }).notNull().default(0),
    fullTimeWeeklyHours: numeric('full_time_weekly_hours', { precision: 5, scale: 2, mode: 'number' }).notNull().default(38),
    entitlementDays: numeric('entitlement_days', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    fullWeekDays: smallint('full_week_days').notNull().default(5),
    yearStartMonth: smallint('year_start_month').notNull().default(1),
    accrual: varchar('accrual', { length: 7 }).notNull().default('upfront'),
    /** Null: no cap. */
    carryOverCapHours: numeric('carry_over_cap_hours', { precision: 7, scale: 2, mode: 'number' }),
    /** Both null: carried hours last the whole year. */
    carryOverExpiryMonth: smallint('carry_over_expiry_month'),
    carryOverExpiryDay: smallint('carry_over_expiry_day'),
    firstLeaveYear: integer('first_leave_year').notNull(),
    /** On: a request that would leave less than nothing once every waiting request is approved is refused. */
    refuseBelowZero: boolean('refuse_below_zero').notNull().default(false),
    updatedByUserId: integer('updated_by_user_id').references(() => siteUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('allowance_policies_site_unique').on(t.siteId),
    check('allowance_policies_unit', sql`${t.unit} in ('hours', 'days')`),
    check('allowance_policies_accrual', sql`${t.accrual} in ('upfront', 'monthly')`),
    check('allowance_policies_month', sql`${t.yearStartMonth} between 1 and 12`),
    check('allowance_policies_expiry', sql`(${t.carryOverExpiryMonth} is null) = (${t.carryOverExpiryDay} is null)`),
  ],
);

/**
 * A manual change to one employee's balance: signed hours on a date (counted in that date's leave year), with
 * the reason and who recorded it when. Kept when that user is deleted (their name stays).
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    hours: numeric('hours', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => siteUsers.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('balance_adjustments_employee_idx').on(t.siteId, t.employeeId, t.date)],
);
