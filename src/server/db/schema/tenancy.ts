import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const hours = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' });
/** A whole site's hours for a day (the sum over every employee): up to 9,999,999.99, for unlimited plans. */
const siteHours = (name: string) => numeric(name, { precision: 9, scale: 2, mode: 'number' });

export const businesses = pgTable(
  'businesses',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    domain: varchar('domain', { length: 100 }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  // The admin portal lists businesses by name, a page at a time.
  (t) => [index('businesses_name_idx').on(sql`lower(${t.name})`, t.id)],
);

export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    subdomain: varchar('subdomain', { length: 50 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    subscriptionStatus: varchar('subscription_status', { length: 20 }).notNull().default('trial'),
    planType: varchar('plan_type', { length: 20 }).notNull().default('starter'),
    billingModel: varchar('billing_model', { length: 30 }).notNull().default('self_service'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    subscriptionEndsAt: timestamp('subscription_ends_at', { withTimezone: true }),
    maxEmployees: integer('max_employees').notNull().default(10),
    maxSites: integer('max_sites').notNull().default(1),
    featuresEnabled: text('features_enabled').notNull().default('[]'),
    enterpriseContactEmail: varchar('enterprise_contact_email', { length: 255 }),
    hidePaymentControls: boolean('hide_payment_controls').notNull().default(false),
    externalBillingReference: text('external_billing_reference'),
    accountingNotes: text('accounting_notes'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sites_subdomain_unique').on(t.subdomain),
    index('sites_business_idx').on(t.businessId),
    // The admin portal lists every site by name, a page at a time.
    index('sites_name_idx').on(t.name, t.id),
  ],
);

export const siteSettings = pgTable('site_settings', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  siteName: text('site_name').notNull().default('Hoursight'),
  businessName: text('business_name'),
  saturdayWorkday: boolean('saturday_workday').notNull().default(false),
  saturdayHours: hours('saturday_hours').notNull().default(7.6),
  sundayWorkday: boolean('sunday_workday').notNull().default(false),
  sundayHours: hours('sunday_hours').notNull().default(7.6),
  defaultDailyHours: hours('default_daily_hours').notNull().default(7.6),
  defaultEfficiencyRate: numeric('default_efficiency_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(1),
  dataRetentionDays: integer('data_retention_days').notNull().default(365),
  futureDataDays: integer('future_data_days').notNull().default(730),
  sidebarCategoryOrder: jsonb('sidebar_category_order')
    .$type<Array<'employees' | 'notes' | 'exceptions'>>()
    .notNull()
    .default(sql`'["employees","notes","exceptions"]'::jsonb`),
  /** Staff see a colleague's absence type, never a sickness one, instead of "Away" (decision 106). */
  showAbsenceTypesToStaff: boolean('show_absence_types_to_staff').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const dataManagementSettings = pgTable('data_management_settings', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .unique()
    .references(() => sites.id, { onDelete: 'cascade' }),
  dataRetentionDays: integer('data_retention_days').notNull().default(365),
  futureDataDays: integer('future_data_days').notNull().default(730),
  lastDataCleanup: timestamp('last_data_cleanup', { withTimezone: true }),
  autoCleanupEnabled: boolean('auto_cleanup_enabled').notNull().default(true),
  /** The region holidays were last imported for (date-holidays codes), so maintenance can fill the years ahead. */
  holidayCountry: varchar('holiday_country', { length: 3 }),
  holidayState: varchar('holiday_state', { length: 10 }),
});

export const subscriptionPlans = pgTable('subscription_plans', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull().unique(),
  description: text('description'),
  priceMonthly: numeric('price_monthly', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  priceYearly: numeric('price_yearly', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  maxEmployees: integer('max_employees').notNull(),
  maxSites: integer('max_sites').notNull().default(1),
  features: jsonb('features')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  stripePriceIdMonthly: text('stripe_price_id_monthly'),
  stripePriceIdYearly: text('stripe_price_id_yearly'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

export const subscriptionHistory = pgTable(
  'subscription_history',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    planId: integer('plan_id').references(() => subscriptionPlans.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 30 }).notNull(),
    paymentEventId: text('payment_event_id'),
    metadata: jsonb('metadata'),
    createdAt: createdAt(),
  },
  // A payment event delivered twice writes one row: the webhook inserts with ON CONFLICT DO NOTHING.
  (t) => [index('subscription_history_site_idx').on(t.siteId), uniqueIndex('subscription_history_event_unique').on(t.paymentEventId)],
);

export { createdAt, hours, siteHours };
