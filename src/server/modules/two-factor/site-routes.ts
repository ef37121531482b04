import { eq } from 'drizzle-orm';
import { requireAdmin } from '../../auth/access';
import { siteUsers } from '../../db/schema';
import type { App, AppDeps } from '../../http/types';
import { registerTwoFactorRoutes } from './routes';

/** Settings → "Two-factor sign-in": optional for site admins (decision 065). */
export function registerSiteTwoFactorRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  registerTwoFactorRoutes(app, {
    db,
    base: '/api/auth/two-factor',
    // A security setting: an expired trial (402 on changes) must not keep an admin from it, as with token revoking.
    config: { access: 'admin', billingExempt: true },
    now: deps.now,
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
}
