import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZLoginRequest, ZMeResponse } from '../../../shared/contracts/auth';
import { ZMessage } from '../../../shared/contracts/common';
import { requireUser } from '../../auth/access';
import { deleteSession, SESSION_COOKIE, SESSION_IDLE_MS } from '../../auth/sessions';
import { siteFromHost } from '../../http/host';
import type { App, AppDeps } from '../../http/types';
import { describeSession, login } from './service';

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: Math.floor(SESSION_IDLE_MS / 1000),
  });
}

export function registerAuthRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const appHost = new URL(deps.config.appUrl).host;

  app.post('/api/auth/login', { config: { public: true }, schema: { body: ZLoginRequest, response: { 200: ZMeResponse } } }, async (req, reply) => {
    const { token, me } = await login(db, req.body, { ip: req.ip, hostSite: siteFromHost(req.headers.host, appHost), now: deps.now() });
    setSessionCookie(req, reply, token);
    return me;
  });

  app.get('/api/auth/me', { schema: { response: { 200: ZMeResponse } } }, async (req) => {
    requireUser(req);
    return describeSession(db, req.session!);
  });

  app.post('/api/auth/logout', { config: { public: true }, schema: { response: { 200: ZMessage } } }, async (req, reply) => {
    if (req.session) await deleteSession(db, req.session.sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { message: 'Logged out' };
  });
}
