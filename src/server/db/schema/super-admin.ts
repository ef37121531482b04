import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './tenancy';
import { superAdmins } from './users';

/**
 * A super-admin's bearer token, stored only as its SHA-256 (like site sessions), so a database leak
 * reveals no usable token. Kept apart from `user_sessions`: the two kinds of sign-in never mix.
 */
export const superAdminSessions = pgTable(
  'super_admin_sessions',
  {
    id: text('id').primaryKey(),
    superAdminId: integer('super_admin_id')
      .notNull()
      .references(() => superAdmins.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('super_admin_sessions_admin_idx').on(t.superAdminId)],
);

/**
 * Every change a super-admin makes: who, when, what, and the fields before and after. Business and site
 * ids are plain numbers, not foreign keys, so the trail outlives what it describes.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: serial('id').primaryKey(),
    superAdminId: integer('super_admin_id').references(() => superAdmins.id, { onDelete: 'set null' }),
    /** Kept as text so the entry still names its author after the account is gone. */
    superAdminEmail: varchar('super_admin_email', { length: 255 }).notNull(),
    businessId: integer('business_id'),
    entity: varchar('entity', { length: 20 }).notNull(),
    entityId: integer('entity_id').notNull(),
    action: varchar('action', { length: 40 }).notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_log_business_idx').on(t.businessId, t.createdAt.desc()),
    index('admin_audit_log_created_idx').on(sql`${t.createdAt} desc`),
  ],
);
