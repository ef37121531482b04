import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { employees } from './calendar';
import { createdAt, sites } from './tenancy';
import { siteUsers } from './users';

/**
 * Secret iCalendar feed URLs (decision 041): one row per feed, for a whole site or one employee of it.
 * Only the SHA-256 of the token is kept; renewing replaces it, revoking deletes the row.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Null: the whole site's feed. */
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    includeNotes: boolean('include_notes').notNull().default(false),
    createdBy: integer('created_by').references(() => siteUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** SHA-256 of the last body served and when it first differed: the feed's ETag and Last-Modified. */
    contentHash: text('content_hash'),
    contentChangedAt: timestamp('content_changed_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('calendar_feeds_token_unique').on(t.tokenHash), index('calendar_feeds_site_idx').on(t.siteId)],
);
