import { integer, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { sites } from './tenancy';

/**
 * A site's calendar-data mark (decision 066): every change to what `GET /api/calendar` answers gives one of
 * the site's slots a new random value in the same transaction (triggers, migration 0016). The site's version
 * is all its slots read together, so a cached reply is served only while the version it was built with is
 * still the current one. Slots rather than one row per site: concurrent writers of one site (on different
 * connections) mostly update different rows and do not queue on one row lock until they commit.
 */
export const siteDataMarks = pgTable(
  'site_data_marks',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    mark: uuid('mark').notNull().defaultRandom(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.slot] })],
);
