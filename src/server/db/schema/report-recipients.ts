import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, sites } from './tenancy';
import { siteUsers } from './users';

/**
 * The Reports screen's saved recipient lists (decision 082): one user's, on one site. A row without a
 * name is that user's last used recipients on the site (at most one, written when a report e-mail is
 * queued); named rows are the lists the user saved, names unique per user and site in any case.
 */
export const reportRecipientLists = pgTable(
  'report_recipient_lists',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }),
    addresses: jsonb('addresses').$type<string[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_recipient_lists_owner_idx').on(t.siteId, t.userId),
    uniqueIndex('report_recipient_lists_name_unique')
      .on(t.siteId, t.userId, sql`lower(${t.name})`)
      .where(sql`${t.name} is not null`),
    uniqueIndex('report_recipient_lists_last_used_unique')
      .on(t.siteId, t.userId)
      .where(sql`${t.name} is null`),
  ],
);
