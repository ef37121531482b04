import { boolean, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sites } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Stripe's view of each subscription, as last read from Stripe (decision 104, amending 062). An event is
 * only a signal to read the subscription again, so delivery order cannot matter; the daily reconciliation
 * reads every paid site's too. `reads_started` / `read_applied` order concurrent reads: a read applies only
 * if it started after the one applied last, so a slow, older answer never overwrites a newer one.
 * `ended` is set once Stripe cancels the subscription, which never comes back (a new one has a new id);
 * `paid` says a real payment of it was seen: the portal's "Paid sites". `last_event_*` name the event
 * that prompted the last read (empty for a reconciliation's first read).
 */
export const stripeSubscriptions = pgTable('stripe_subscriptions', {
  id: text('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' }),
  lastEventAt: at('last_event_at').notNull(),
  lastEventId: text('last_event_id').notNull(),
  /** Stripe's status word (active, past_due, canceled, …). */
  state: varchar('state', { length: 30 }).notNull(),
  ended: boolean('ended').notNull().default(false),
  paid: boolean('paid').notNull().default(false),
  priceId: text('price_id'),
  planType: varchar('plan_type', { length: 20 }),
  currentPeriodStart: at('current_period_start'),
  currentPeriodEnd: at('current_period_end'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  cancelAt: at('cancel_at'),
  endedAt: at('ended_at'),
  syncedAt: at('synced_at'),
  readsStarted: integer('reads_started').notNull().default(0),
  readApplied: integer('read_applied').notNull().default(0),
});
