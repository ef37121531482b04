import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/sessions';
import type { App } from './types';

/**
 * The session cookie lives exactly as long as its database row: set at sign-in, and renewed whenever a
 * request slides the row's expiry (at most once a minute), so an active user is not signed out by the
 * browser while the server would still accept them. Secure whenever the request came over https.
 */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date, now: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

const setsSessionCookie = (reply: FastifyReply) =>
  [reply.getHeader('set-cookie') ?? []].flat().some((c) => String(c).startsWith(`${SESSION_COOKIE}=`));

/** Renews the cookie of a session this request slid, unless the route already set or cleared it. */
export function registerSessionCookieRenewal(app: App, now: () => Date): void {
  app.addHook('onSend', async (req, reply) => {
    const renewedUntil = req.session?.renewedUntil;
    if (!renewedUntil) return;
    // Cookies are not parsed when an earlier onRequest hook refused the request.
    const token = req.cookies?.[SESSION_COOKIE];
    if (!token || setsSessionCookie(reply)) return;
    setSessionCookie(req, reply, token, renewedUntil, now());
  });
}
