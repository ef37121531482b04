import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, sites } from './tenancy';

export const siteUsers = pgTable(
  'site_users',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    username: varchar('username', { length: 50 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    isReadOnly: boolean('is_read_only').notNull().default(false),
    /**
     * The Staff role (decision 091): read-only everywhere, and only the routes that declare the
     * `staff` access level; they request time off for the employee linked to them (`employees.user_id`).
     */
    isStaff: boolean('is_staff').notNull().default(false),
    resetToken: text('reset_token'),
    resetTokenExpires: timestamp('reset_token_expires', { withTimezone: true }),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('site_users_site_username_unique').on(t.siteId, t.username),
    uniqueIndex('site_users_site_email_unique').on(t.siteId, t.email),
    index('site_users_email_idx').on(t.email),
    index('site_users_reset_token_idx')
      .on(t.resetToken)
      .where(sql`${t.resetToken} is not null`),
    check('site_users_staff_read_only', sql`not ${t.isStaff} or (${t.isReadOnly} and not ${t.isAdmin})`),
  ],
);

/** A session row is keyed by the SHA-256 of the cookie token, so a database leak reveals no usable token. */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    currentSiteId: integer('current_site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId)],
);

export const userSitePermissions = pgTable(
  'user_site_permissions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    grantedBy: integer('granted_by').references(() => siteUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_site_permissions_unique').on(t.userId, t.siteId), index('user_site_permissions_site_idx').on(t.siteId)],
);

export const superAdmins = pgTable('super_admins', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 50 }).notNull().unique(),
  email: varchar('email', { length: 255 }).notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  resetToken: text('reset_token'),
  resetTokenExpires: timestamp('reset_token_expires', { withTimezone: true }),
  createdAt: createdAt(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

/**
 * Addresses an account has signed in from. A stranger's failures slow every unknown address down, but not
 * these: the owner on their usual address still gets in (docs/decisions/013-sign-in-limits.md).
 */
export const loginKnownAddresses = pgTable(
  'login_known_addresses',
  {
    email: varchar('email', { length: 255 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.ip] }), index('login_known_addresses_seen_idx').on(t.lastSuccessAt)],
);
