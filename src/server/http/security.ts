import type { FastifyRequest } from 'fastify';
import { isChange } from '../auth/access';
import { AppError } from '../../shared/errors';
import type { App } from './types';

/**
 * The browser's side of security, set on every response. Scripts come only from the app's own files (the
 * Vite build emits no inline script; the theme and Zod settings are applied by /boot.js). Styles allow inline because
 * Radix dialogs insert a <style> element and components set style attributes; no script can run from them.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  // Reset links carry their token in the URL: it must not travel on in a Referer.
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Sent only over https (as Fastify sees it: X-Forwarded-Proto counts only from a TRUST_PROXY peer). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export function registerSecurityHeaders(app: App): void {
  app.addHook('onSend', async (req, reply) => {
    // A route may set one of these itself on purpose (the time-off decision page's Referrer-Policy); the rest
    // of the set is always applied.
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!reply.hasHeader(name)) reply.header(name, value);
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  });
}

export const crossSiteMessage = 'Cross-site requests are not accepted.';
export const jsonOnlyMessage = 'Unsupported content type; send JSON.';

/**
 * Whether a browser's `Origin` is the app itself: APP_URL, one of its site subdomains (same scheme and
 * port), or the very host the request was sent to (the Vite dev server proxies with its own host).
 */
export function isOwnOrigin(origin: string, appUrl: string, requestHost: string | undefined): boolean {
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file:) and garbage
  }
  const app = new URL(appUrl);
  if (o.host === requestHost?.toLowerCase()) return true;
  if (o.protocol !== app.protocol || o.port !== app.port) return false;
  const base = app.hostname.toLowerCase();
  const host = o.hostname.toLowerCase();
  return host === base || host.endsWith(`.${base}`) || (base === 'localhost' && host.endsWith('.localhost'));
}

const mediaType = (req: FastifyRequest) =>
  String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();

/** Whether a change request needs the origin rules: a browser's, to /api or /auth, not exempt. */
function originChecked(req: FastifyRequest): boolean {
  if (!isChange(req.method)) return false;
  if (!req.url.startsWith('/api/') && !req.url.startsWith('/auth/')) return false;
  // A browser cannot add an Authorization header to a cross-site request without a CORS preflight this
  // server never grants, and such a request is the token alone, never the cookie: no forgery to guard against.
  if (req.headers.authorization !== undefined) return false;
  // Public and sessionless (the digest turn-off link): a forged request carries no one's rights.
  const flags = (req.routeOptions.config ?? {}) as { crossSiteForm?: boolean; access?: string };
  return !(flags.crossSiteForm && flags.access === 'public');
}

/**
 * Changes come only from the app's own pages. A browser sends `Origin` with every cross-site POST, PUT,
 * PATCH and DELETE: a foreign one is refused at once. A body that is not JSON (a plain HTML form can send
 * text/plain or form encoding without any preflight) is refused unless the `Origin` is the app's own; that
 * refusal is about the body, so it waits until the route's declared access level has answered (decision
 * 067: a regular user on an admin route hears 403 whatever the body), and still comes before any parsing.
 */
export function registerOriginCheck(app: App, appUrl: string): void {
  app.addHook('onRequest', async (req) => {
    const origin = req.headers.origin;
    if (origin !== undefined && originChecked(req) && !isOwnOrigin(origin, appUrl, req.headers.host))
      throw new AppError('FORBIDDEN', crossSiteMessage);
  });
  app.addHook('preParsing', async (req) => {
    const type = mediaType(req);
    if (!type || type === 'application/json' || !originChecked(req)) return;
    const origin = req.headers.origin;
    if (origin === undefined || !isOwnOrigin(origin, appUrl, req.headers.host))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', jsonOnlyMessage);
  });
}
