import { boolean, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sites } from './tenancy';

/**
 * What the webhook last applied for each Stripe subscription (decision 062). Stripe neither orders its
 * deliveries nor stops retrying, so an event is applied only when it is newer (`created`) than the one
 * recorded here; `ended` is set once Stripe cancels the subscription, which never comes back (a new
 * subscription has a new id). `paid` says a non-zero invoice of it was paid: the portal's "Paid sites".
 */
export const stripeSubscriptions = pgTable('stripe_subscriptions', {
  id: text('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' }),
  lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
  lastEventId: text('last_event_id').notNull(),
  state: varchar('state', { length: 30 }).notNull(),
  ended: boolean('ended').notNull().default(false),
  paid: boolean('paid').notNull().default(false),
});
