import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, sites } from './tenancy';
import { siteUsers } from './users';

/**
 * API tokens (decision 040). Only the SHA-256 of the token is kept, so a database leak reveals no usable
 * token; `prefix` (the first characters) lets an admin tell tokens apart. A token acts for the admin who
 * made it, on its one site: removing that user removes their tokens.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    /** 'read' or 'write'. */
    scope: varchar('scope', { length: 10 }).notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: varchar('prefix', { length: 12 }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_tokens_hash_unique').on(t.tokenHash), index('api_tokens_site_idx').on(t.siteId)],
);
