import { z } from 'zod';
import { ZErrorReply } from '../../shared/contracts/errors';
import { isChange } from '../auth/access';
import { isSessionOnlyPath } from '../auth/api-tokens';
import { needsActiveSubscription } from '../modules/subscriptions';

/**
 * What the OpenAPI document says of each operation beyond its schemas (decision 070): who may call it and
 * the error answers it can give, all with the one `{ message }` body. Worked out from what the route
 * declares, by the same rules the hooks apply, so the document cannot claim what the server does not do.
 */

export const ERROR_SCHEMA = 'Error';
const { $schema: _dialect, ...errorSchema } = z.toJSONSchema(ZErrorReply, { io: 'output' });
/** The document declares its dialect once; the component carries none of its own. */
export const errorComponent = errorSchema;

export type Security = Array<Record<string, string[]>>;

export interface OperationFacts {
  security: Security;
  errors: number[];
  /** The refusals are HTML pages, not `{ message }`. */
  html?: boolean;
}

export interface RouteFacts {
  method: string;
  url: string;
  config: { access?: string; billingExempt?: boolean; refusals?: readonly number[] };
  schema: { body?: unknown; params?: unknown; querystring?: unknown };
}

export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: `message` names the first problem and `issues` lists each field',
  401: 'Not signed in, or the API token is unknown or revoked',
  402: "The site's trial has ended: changes are refused until a plan is active",
  403: 'Not allowed: a read-only user or token, not an admin, an API token on a route that takes none, or a plan without API access',
  404: 'Not found in this site (a record of another site answers the same)',
  409: 'The record changed since it was read, the change collides with data that exists, it changes hours before today and must be confirmed (`code` PAST_CHANGE, with `pastDays` and `authorisedDays`), or it leaves the site under its minimum hours and must be confirmed with a reason (`code` coverage_shortfall, with `shortfalls`)',
  429: 'Too many requests: over the rate of the API token or of this kind of request',
  503: 'Not available on this server (payments not configured)',
};

/** Pages a person opens from an e-mail, with their refusals: they answer HTML, a refusal too ("This link is not valid"). */
const HTML_PAGES: Record<string, number[]> = {
  'GET /api/notifications/disable': [400, 404],
  'POST /api/notifications/disable': [400, 404],
  // A time-off request's Approve and Decline buttons (decision 092): 409 for a used link or a changed request.
  'GET /api/leave-decision': [400, 404, 409],
  'POST /api/leave-decision': [400, 402, 403, 404, 409],
};

/** Who may call a route: nobody needs to sign in, a browser session only, or an API token as well. */
export function securityOf(route: RouteFacts): Security {
  const access = route.config.access ?? 'user';
  if (access === 'public') return [];
  // An API token is never an admin (api-tokens.ts), and some paths refuse tokens outright.
  if (access === 'admin' || isSessionOnlyPath(route.url, route.method)) return [{ session: [] }];
  return [{ apiToken: [] }, { session: [] }];
}

export function operationFacts(route: RouteFacts): OperationFacts {
  const key = `${route.method} ${route.url}`;
  const access = route.config.access ?? 'user';
  const security = securityOf(route);
  const page = HTML_PAGES[key];
  if (page) return { security, errors: page, html: true };
  const errors = new Set<number>(route.config.refusals ?? []);
  const change = isChange(route.method);
  // Validation, or a body that is not JSON at all.
  if (route.schema.body || route.schema.params || route.schema.querystring || change) errors.add(400);
  if (access !== 'public') {
    errors.add(401).add(403);
    // The trial gate (subscriptions/gate.ts) guards the site routes under /api only.
    if (
      route.url.startsWith('/api/') &&
      needsActiveSubscription(route.method, { access: access as 'user', billingExempt: route.config.billingExempt })
    )
      errors.add(402);
    // A token's requests are counted per minute (API_TOKEN_RATE).
    if (security.some((s) => 'apiToken' in s)) errors.add(429);
  }
  if (route.schema.params) errors.add(404);
  // Any change can meet a stale version, a uniqueness race or a reference that went away (error-handler.ts).
  if (change && access !== 'public') errors.add(409);
  return { security, errors: [...errors].sort((a, b) => a - b) };
}

/** The `responses` entry of an error status: its description and the shared error body. */
export const errorResponse = (status: number, html = false) => ({
  description: ERROR_DESCRIPTIONS[status] ?? 'Refused',
  content: html
    ? { 'text/html': { schema: { type: 'string' } } }
    : { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA}` } } },
});
