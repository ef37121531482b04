import { ZLoginRequest, ZMeResponse } from '../../../shared/contracts/auth';
import { ZTwoFactorChallenge, ZTwoFactorLoginRequest } from '../../../shared/contracts/auth-two-factor';
import { ZMessage } from '../../../shared/contracts/common';
import { requireUser } from '../../auth/access';
import { deleteSession, SESSION_COOKIE } from '../../auth/sessions';
import { setSessionCookie } from '../../http/session-cookie';
import { siteFromHost } from '../../http/host';
import type { App, AppDeps } from '../../http/types';
import { signInGuard } from '../../rate-limit/login-limit';
import { totpSecrets } from '../two-factor';
import { completeTwoFactorLogin, describeSession, login } from './service';

export function registerAuthRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const appHost = new URL(deps.config.appUrl).host;
  const secrets = totpSecrets(db, deps.config.totpKey);

  const ZLoginResponse = ZMeResponse.or(ZTwoFactorChallenge);
  app.post(
    '/api/auth/login',
    { config: { access: 'public', refusals: [401, 429] }, schema: { body: ZLoginRequest, response: { 200: ZLoginResponse } } },
    async (req, reply) => {
      const now = deps.now();
      const result = await login(db, req.body, {
        ip: req.ip,
        hostSite: siteFromHost(req.headers.host, appHost),
        now,
        verify: deps.verifyPassword,
        guard: signInGuard(req, db),
      });
      // Two-factor sign-in: no cookie yet, only the ticket for the code step.
      if ('challenge' in result) return { twoFactorRequired: true as const, challenge: result.challenge };
      setSessionCookie(req, reply, result.token, result.expiresAt, now);
      return result.me;
    },
  );

  app.post(
    '/api/auth/login/two-factor',
    { config: { access: 'public', refusals: [401, 429] }, schema: { body: ZTwoFactorLoginRequest, response: { 200: ZMeResponse } } },
    async (req, reply) => {
      const now = deps.now();
      const { token, expiresAt, me } = await completeTwoFactorLogin(db, req.body, {
        ip: req.ip,
        now,
        guard: signInGuard(req, db),
        secrets,
      });
      setSessionCookie(req, reply, token, expiresAt, now);
      return me;
    },
  );

  app.get('/api/auth/me', { config: { access: 'staff' }, schema: { response: { 200: ZMeResponse } } }, async (req) => {
    return describeSession(db, requireUser(req));
  });

  app.post('/api/auth/logout', { config: { access: 'public' }, schema: { response: { 200: ZMessage } } }, async (req, reply) => {
    if (req.session) await deleteSession(db, req.session.sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { message: 'Logged out' };
  });
}
