import { and, asc, count, eq, isNull } from 'drizzle-orm';
import {
  API_TOKENS_PER_SITE,
  apiTokenMessages,
  type TApiTokenCreated,
  type TApiTokenList,
  type TApiTokenRequest,
  type TApiTokenView,
} from '../../../shared/contracts/api-tokens';
import { featuresOf } from '../../../shared/domain/subscription';
import { AppError } from '../../../shared/errors';
import { found, inSite, type Actor } from '../../auth/access';
import { issueApiToken } from '../../auth/api-tokens';
import type { Db } from '../../db/client';
import { apiTokens, sites, siteUsers, subscriptionPlans } from '../../db/schema';

/** Settings → API Tokens (decision 040): the current site's live tokens; revoked ones are gone from view. */

const columns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: apiTokens.scope,
  prefix: apiTokens.prefix,
  createdBy: siteUsers.username,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
};

type Row = { id: number; name: string; scope: string; prefix: string; createdBy: string; createdAt: Date; lastUsedAt: Date | null };

const toView = (r: Row): TApiTokenView => ({
  id: r.id,
  name: r.name,
  scope: r.scope === 'write' ? 'write' : 'read',
  prefix: r.prefix,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt ? r.lastUsedAt.toISOString() : null,
});

async function planAllowsApi(db: Db, actor: Actor, lock = false): Promise<boolean> {
  const query = db
    .select({ featuresEnabled: sites.featuresEnabled, planFeatures: subscriptionPlans.features })
    .from(sites)
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.name, sites.planType))
    .where(inSite(actor, sites.id));
  const [site] = lock ? await query.for('update', { of: sites }) : await query;
  return !!site && featuresOf(site.featuresEnabled, site.planFeatures ?? []).includes('api_access');
}

export async function listApiTokens(db: Db, actor: Actor): Promise<TApiTokenList> {
  const rows = await db
    .select(columns)
    .from(apiTokens)
    .innerJoin(siteUsers, eq(siteUsers.id, apiTokens.createdBy))
    .where(and(inSite(actor, apiTokens.siteId), isNull(apiTokens.revokedAt)))
    .orderBy(asc(apiTokens.id));
  return { tokens: rows.map(toView), planAllows: await planAllowsApi(db, actor) };
}

/** The only time the token itself leaves the server. The site row is locked so the per-site cap holds under a burst. */
export async function createApiToken(db: Db, actor: Actor, req: TApiTokenRequest, now: Date): Promise<TApiTokenCreated> {
  return db.transaction(async (tx) => {
    if (!(await planAllowsApi(tx, actor, true))) throw new AppError('FORBIDDEN', apiTokenMessages.planWithoutApi);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(and(inSite(actor, apiTokens.siteId), isNull(apiTokens.revokedAt)));
    if (n >= API_TOKENS_PER_SITE) throw new AppError('CONFLICT', apiTokenMessages.tooMany);
    const issued = issueApiToken();
    const [row] = await tx
      .insert(apiTokens)
      .values({
        siteId: actor.siteId,
        createdBy: actor.userId,
        name: req.name,
        scope: req.scope,
        tokenHash: issued.hash,
        prefix: issued.prefix,
        createdAt: now,
      })
      .returning();
    return { ...toView({ ...row, createdBy: actor.username }), token: issued.token };
  });
}

/** Revoked at once: the next request with it answers 401. Another site's token answers 404 like none. */
export async function revokeApiToken(db: Db, actor: Actor, id: number, now: Date): Promise<void> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), inSite(actor, apiTokens.siteId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  found(row, 'API token');
}
