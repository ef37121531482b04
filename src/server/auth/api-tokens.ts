import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { apiTokenMessages } from '../../shared/contracts/api-tokens';
import { featuresOf } from '../../shared/domain/subscription';
import { AppError } from '../../shared/errors';
import type { Db } from '../db/client';
import { limitRequest, type RateLimits } from '../rate-limit/limiters';
import { apiTokens, sites, siteUsers, subscriptionPlans, userSitePermissions } from '../db/schema';
import { isChange, siteJoin } from './access';
import type { SessionRecord } from './sessions';
import { hashToken, newToken } from './tokens';

/**
 * API tokens as a second way into the one access gate (decision 040): `Authorization: Bearer hs_…` becomes
 * the same SessionRecord a cookie gives, for the token's site, never an admin, read-only when its scope is.
 */

export const API_TOKEN_PREFIX = 'hs_';
/** `last_used_at` is written at most this often per token, so reads do not each cost a write. */
export const LAST_USED_EVERY_MS = 60 * 1000;

/**
 * Paths a token may not use even where its level would pass: they act on the person behind a browser
 * (sign-in, own account, site switch, personal notifications, mail sent in their name, bug reports), manage
 * billing, or manage tokens themselves.
 */
const SESSION_ONLY = [
  '/auth',
  '/api/auth',
  '/api/account',
  '/api/sites',
  '/api/switch-site',
  '/api/saved-notifications',
  '/api/notification-settings',
  '/api/test-email',
  '/api/bug-report',
  '/api/api-tokens',
  '/api/admin',
  '/api/subscription',
  '/api/get-or-create-subscription',
  '/api/super-admin',
  '/api/email-report',
  '/api/report-recipient-lists',
  // A feed outlives the request that made it: a tool must not mint permanent links (decision 063).
  '/api/calendar-feeds',
];

/**
 * Paths a token reads but never changes: a time-off request is a person's (decision 105). A token asks for
 * no one's time off, decides none and cancels none; an approver decides in the app or from the mail.
 */
const SESSION_ONLY_CHANGES = ['/api/leave-requests'];

/**
 * Whether a request (a route pattern or a raw URL, and its method) is one a token may not make: the prefix
 * itself or below it.
 */
export function isSessionOnlyPath(url: string, method = 'GET'): boolean {
  const path = url.split('?')[0];
  const under = (p: string) => path === p || path.startsWith(`${p}/`);
  return SESSION_ONLY.some(under) || (isChange(method) && SESSION_ONLY_CHANGES.some(under));
}

export function issueApiToken(): { token: string; hash: string; prefix: string } {
  const token = `${API_TOKEN_PREFIX}${newToken()}`;
  return { token, hash: hashToken(token), prefix: token.slice(0, 10) };
}

/**
 * The API token of a request, or null when it carries none. A malformed header counts as a bad token. The
 * platform operator's routes read their own bearer token (decision 021): theirs is never an API token.
 */
export function bearerOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header === undefined || req.routeOptions.config?.superAdmin) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

export interface ApiTokenDeps {
  db: Db;
  now: () => Date;
  /** `apiToken`: 600 requests per token per minute, counted in the database so every instance shares it (decision 071). */
  limits: RateLimits;
}

export function createApiTokenAuth({ db, now, limits }: ApiTokenDeps) {
  /** The session this token stands for, or an AppError: 401 unknown/revoked, 403 where tokens may not go or the plan lacks API access, 429 over the rate. */
  return async function sessionFromApiToken(req: FastifyRequest, token: string): Promise<SessionRecord> {
    if (!token.startsWith(API_TOKEN_PREFIX)) throw new AppError('UNAUTHENTICATED', apiTokenMessages.invalid);
    const at = now();
    const [row] = await db
      .select({
        id: apiTokens.id,
        siteId: apiTokens.siteId,
        scope: apiTokens.scope,
        lastUsedAt: apiTokens.lastUsedAt,
        userId: siteUsers.id,
        homeSiteId: siteUsers.siteId,
        username: siteUsers.username,
        email: siteUsers.email,
        userReadOnly: siteUsers.isReadOnly,
        userStaff: siteUsers.isStaff,
        userActive: siteUsers.isActive,
        businessId: sites.businessId,
        siteActive: sites.isActive,
        featuresEnabled: sites.featuresEnabled,
        planFeatures: subscriptionPlans.features,
        permissionId: userSitePermissions.id,
      })
      .from(apiTokens)
      .innerJoin(siteUsers, eq(siteUsers.id, apiTokens.createdBy))
      .innerJoin(sites, siteJoin(sites.id, apiTokens.siteId))
      .leftJoin(subscriptionPlans, eq(subscriptionPlans.name, sites.planType))
      .leftJoin(
        userSitePermissions,
        and(eq(userSitePermissions.userId, siteUsers.id), siteJoin(userSitePermissions.siteId, apiTokens.siteId)),
      )
      .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt)))
      .limit(1);
    // The token lives only while the admin who made it may still use its site.
    const creatorMayUse = row && row.userActive && (row.homeSiteId === row.siteId || (row.permissionId !== null && row.siteActive));
    if (!row || !creatorMayUse) throw new AppError('UNAUTHENTICATED', apiTokenMessages.invalid);
    // After the lookup, so any other bearer token (an operator's, a typo) is 401 everywhere, as without one.
    if (isSessionOnlyPath(req.routeOptions.url ?? req.url, req.method)) throw new AppError('FORBIDDEN', apiTokenMessages.sessionOnly);
    if (!featuresOf(row.featuresEnabled, row.planFeatures ?? []).includes('api_access'))
      throw new AppError('FORBIDDEN', apiTokenMessages.planWithoutApi);
    await limitRequest(req, limits.apiToken, String(row.id), apiTokenMessages.rateLimited);
    if (!row.lastUsedAt || at.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
      const staleBefore = new Date(at.getTime() - LAST_USED_EVERY_MS);
      // Conditional, so parallel first calls of a minute write once between them.
      await db
        .update(apiTokens)
        .set({ lastUsedAt: at })
        .where(and(eq(apiTokens.id, row.id), or(isNull(apiTokens.lastUsedAt), lte(apiTokens.lastUsedAt, staleBefore))));
    }
    return {
      sessionId: `api-token:${row.id}`,
      userId: row.userId,
      homeSiteId: row.homeSiteId,
      currentSiteId: row.siteId,
      tokenSiteId: row.siteId,
      businessId: row.businessId,
      username: row.username,
      email: row.email,
      isAdmin: false,
      isReadOnly: row.scope !== 'write' || row.userReadOnly,
      // A token acts for its site, never as a person: it requests no time off, and its creator's role still binds it.
      isStaff: row.userStaff,
      employeeId: null,
    };
  };
}

export type ApiTokenAuth = ReturnType<typeof createApiTokenAuth>;
