import { sessionMessages, ZRevokeSessionRequest, ZSuperAdminSessions } from '../../../shared/contracts/auth-sessions';
import { ZTwoFactorChallenge, ZTwoFactorLoginRequest } from '../../../shared/contracts/auth-two-factor';
import { ZMessage } from '../../../shared/contracts/common';
import { AppError } from '../../../shared/errors';
import {
  ZSuperAdminChangePassword,
  ZSuperAdminLoginRequest,
  ZSuperAdminLoginResponse,
  ZSuperAdminMe,
} from '../../../shared/contracts/super-admin';
import type { App, AppDeps } from '../../http/types';
import { changeSuperAdminPassword, superAdminLogin, superAdminTwoFactorLogin } from './account';
import { registerTwoFactorRoutes, totpSecrets } from '../two-factor';
import { signInGuard } from '../../rate-limit/login-limit';
import { superAdmins } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { registerAdminReadRoutes } from './read-routes';
import { registerAdminChangeRoutes } from './change-routes';
import { currentSuperAdmin, superAdminRoute } from './route-config';
import {
  authenticateSuperAdmin,
  bearerToken,
  deleteSuperAdminSession,
  listSuperAdminSessions,
  revokeOtherSuperAdminSessions,
  revokeSuperAdminSession,
} from './sessions';

/**
 * Every super-admin route lives in this one plugin scope, whose single onRequest hook checks the bearer
 * token. The site's cookie session is dropped here, and no tenant route reads the bearer header, so the
 * two kinds of sign-in never reach each other's routes (decision 021).
 */
export function registerSuperAdminRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const secrets = totpSecrets(db, deps.config.totpKey);
  void app.register(async (scope: App) => {
    scope.decorateRequest('superAdmin', null);
    scope.addHook('onRequest', async (req) => {
      req.session = null;
      if (req.routeOptions.config.superAdmin === 'login') return;
      req.superAdmin = await authenticateSuperAdmin(db, bearerToken(req.headers.authorization), deps.now());
    });

    scope.post(
      '/api/super-admin/login',
      {
        config: { ...superAdminRoute, superAdmin: 'login' },
        schema: { body: ZSuperAdminLoginRequest, response: { 200: ZSuperAdminLoginResponse.or(ZTwoFactorChallenge) } },
      },
      async (req) => superAdminLogin(db, req.body, { ip: req.ip, now: deps.now(), guard: signInGuard(req, db) }),
    );

    scope.post(
      '/api/super-admin/login/two-factor',
      {
        config: { ...superAdminRoute, superAdmin: 'login' },
        schema: { body: ZTwoFactorLoginRequest, response: { 200: ZSuperAdminLoginResponse } },
      },
      async (req) => superAdminTwoFactorLogin(db, req.body, { ip: req.ip, now: deps.now(), guard: signInGuard(req, db), secrets }),
    );

    registerTwoFactorRoutes(scope, {
      db,
      base: '/api/super-admin/two-factor',
      config: superAdminRoute,
      now: deps.now,
      secrets,
      account: async (req) => {
        const who = currentSuperAdmin(req);
        return {
          owner: { superAdminId: who.id },
          label: who.email,
          passwordHash: async () =>
            (await db.select({ hash: superAdmins.passwordHash }).from(superAdmins).where(eq(superAdmins.id, who.id)))[0]?.hash,
        };
      },
    });

    scope.get('/api/super-admin/me', { config: superAdminRoute, schema: { response: { 200: ZSuperAdminMe } } }, async (req) => {
      const { id, username, email } = currentSuperAdmin(req);
      return { superAdmin: { id, username, email } };
    });

    scope.post('/api/super-admin/logout', { config: superAdminRoute, schema: { response: { 200: ZMessage } } }, async (req) => {
      await deleteSuperAdminSession(db, currentSuperAdmin(req).sessionId);
      return { message: 'Logged out' };
    });

    scope.get(
      '/api/super-admin/sessions',
      { config: superAdminRoute, schema: { response: { 200: ZSuperAdminSessions } } },
      async (req) => ({
        sessions: await listSuperAdminSessions(db, currentSuperAdmin(req), deps.now()),
      }),
    );

    scope.post(
      '/api/super-admin/sessions/revoke',
      { config: superAdminRoute, schema: { body: ZRevokeSessionRequest, response: { 200: ZMessage } } },
      async (req) => {
        if (!(await revokeSuperAdminSession(db, currentSuperAdmin(req), req.body.id)))
          throw new AppError('NOT_FOUND', sessionMessages.notFound);
        return { message: sessionMessages.revoked };
      },
    );

    scope.post(
      '/api/super-admin/sessions/revoke-others',
      { config: superAdminRoute, schema: { response: { 200: ZMessage } } },
      async (req) => {
        await revokeOtherSuperAdminSessions(db, currentSuperAdmin(req));
        return { message: sessionMessages.othersRevoked };
      },
    );

    scope.post(
      '/api/auth/super-admin-change-password',
      { config: superAdminRoute, schema: { body: ZSuperAdminChangePassword, response: { 200: ZSuperAdminLoginResponse } } },
      async (req) => {
        const who = currentSuperAdmin(req);
        const token = await changeSuperAdminPassword(db, who.id, req.body, deps.now());
        return { token, superAdmin: { id: who.id, username: who.username, email: who.email } };
      },
    );

    registerAdminReadRoutes(scope, deps);
    registerAdminChangeRoutes(scope, deps);
  });
}
