import { eq } from 'drizzle-orm';
import { requireAdmin } from '../../auth/access';
import { siteUsers } from '../../db/schema';
import type { App, AppDeps } from '../../http/types';
import { registerTwoFactorRoutes } from './routes';
import { sealStoredSecrets } from './seal-at-start';
import { totpSecrets } from './secret-keys';

/** Settings → "Two-factor sign-in": optional for site admins (decision 065). */
export function registerSiteTwoFactorRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const secrets = totpSecrets(db, deps.config.totpKey);
  registerTwoFactorRoutes(app, {
    db,
    base: '/api/auth/two-factor',
    // A security setting: an expired trial (402 on changes) must not keep an admin from it, as with token revoking.
    config: { access: 'admin', billingExempt: true },
    now: deps.now,
    secrets,
    account: async (req) => {
      const actor = requireAdmin(req);
      return {
        owner: { siteUserId: actor.userId },
        label: actor.email,
        passwordHash: async () =>
          (await db.select({ hash: siteUsers.passwordHash }).from(siteUsers).where(eq(siteUsers.id, actor.userId)))[0]?.hash,
      };
    },
  });
  // Site users' and super-admins' secrets share one table: sealed here, once per start, before the first request
  // (decision 105). A failure is logged, not fatal: a secret stored as is still opens, and the next start retries.
  app.addHook('onReady', async () => {
    try {
      const { sealed, unreadable } = await sealStoredSecrets(db, secrets);
      if (sealed > 0) app.log.info({ sealed }, 'two-factor secrets sealed with the current key');
      if (unreadable > 0)
        app.log.error({ unreadable }, 'two-factor secrets sealed with a key this server does not have: was TOTP_ENCRYPTION_KEY changed?');
    } catch (err) {
      app.log.error({ err }, 'two-factor secrets could not be sealed at start; they are tried again at the next start');
    }
  });
}
