import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, sites } from './tenancy';
import { siteUsers, superAdmins } from './users';

/**
 * One TOTP secret per account (decision 065): a site user's or a super-admin's, never both. `enabledAt`
 * stays null until a first code confirms the authenticator app, so a half-finished set-up never asks for
 * codes at sign-in. `lastUsedStep` is the time step of the last accepted code: a code works once.
 */
export const twoFactorCredentials = pgTable(
  'two_factor_credentials',
  {
    id: serial('id').primaryKey(),
    siteUserId: integer('site_user_id')
      .unique()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    superAdminId: integer('super_admin_id')
      .unique()
      .references(() => superAdmins.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [check('two_factor_credentials_one_owner', sql`(${t.siteUserId} is null) <> (${t.superAdminId} is null)`)],
);

/** The ten single-use recovery codes of a credential, stored only as SHA-256 (they are random, 50 bits each). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    credentialId: integer('credential_id')
      .notNull()
      .references(() => twoFactorCredentials.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('two_factor_recovery_codes_credential_idx').on(t.credentialId)],
);

/**
 * A password proved right for an account with two-factor sign-in: the second step's ticket, kept as the
 * SHA-256 of the token handed to the browser. It grants nothing but the right to send a code, for 5 minutes
 * and 5 tries; `signInSiteId` is the site the password step chose for the session to come.
 */
export const twoFactorChallenges = pgTable('two_factor_challenges', {
  id: text('id').primaryKey(),
  siteUserId: integer('site_user_id').references(() => siteUsers.id, { onDelete: 'cascade' }),
  superAdminId: integer('super_admin_id').references(() => superAdmins.id, { onDelete: 'cascade' }),
  signInSiteId: integer('sign_in_site_id').references(() => sites.id, { onDelete: 'cascade' }),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
