import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/sessions';
import type { RouteFlags } from './route-flags';
import { securityOf } from './openapi-operations';

/**
 * The `WWW-Authenticate` of a 401 (RFC 9110 §15.5.2 requires one; decision 105): the ways the route itself
 * takes, as its OpenAPI `security` states them. An API token is RFC 6750's `Bearer`, with
 * `error="invalid_token"` when one was sent and refused. The browser's session has no registered scheme, so
 * it is named by the `Cookie` scheme of draft-broyer-http-cookie-auth: where to sign in and the cookie it sets.
 * The platform portal's own bearer tokens (decision 021) have a realm of their own.
 */

export const REALM = 'hoursight';
export const PORTAL_REALM = 'hoursight-admin';
export const COOKIE_CHALLENGE = `Cookie realm="${REALM}", form-action="/api/auth/login", cookie-name="${SESSION_COOKIE}"`;

const bearer = (realm: string, refused: boolean) => `Bearer realm="${realm}"${refused ? ', error="invalid_token"' : ''}`;

export function challengeOf(req: FastifyRequest): string {
  const config = (req.routeOptions.config ?? {}) as RouteFlags & { superAdmin?: unknown };
  const sentToken = req.headers.authorization !== undefined;
  if (config.superAdmin) return bearer(PORTAL_REALM, sentToken && config.superAdmin !== 'login');
  const route = { method: req.method, url: req.routeOptions.url ?? req.url, config, schema: {} };
  const takesToken = securityOf(route).some((s) => 'apiToken' in s);
  if (!takesToken) return COOKIE_CHALLENGE;
  return sentToken ? bearer(REALM, true) : `${bearer(REALM, false)}, ${COOKIE_CHALLENGE}`;
}
