import { inSiteId, isChange, requireUser, type ActorSiteId } from '../../auth/access';
import type { FastifyRequest } from 'fastify';
import { writeRefusal } from '../../../shared/domain/subscription';
import { AppError } from '../../../shared/errors';
import type { RouteFlags } from '../../http/route-flags';
import type { Db } from '../../db/client';
import type { SiteWriteTerms } from '../../auth/sessions';
import { sites } from '../../db/schema';
import type { AppDeps } from '../../http/types';

/**
 * Which requests an expired trial refuses: every change on a signed-in route (access user, writer or admin),
 * unless the route says `billingExempt` (the subscription and payment calls, switching site, reports that
 * only read). Every /api route declares its level (the app refuses to start otherwise).
 */
export function needsActiveSubscription(method: string, config: RouteFlags): boolean {
  if (!isChange(method) || config.billingExempt) return false;
  return (config.access ?? 'writer') !== 'public';
}

type Terms = Parameters<typeof writeRefusal>[0];

const termsOf = (db: Db, siteId: ActorSiteId) =>
  db
    .select({
      subscriptionStatus: sites.subscriptionStatus,
      planType: sites.planType,
      trialEndsAt: sites.trialEndsAt,
      subscriptionEndsAt: sites.subscriptionEndsAt,
      externalBillingReference: sites.externalBillingReference,
    })
    .from(sites)
    .where(inSiteId(siteId, sites.id));

/**
 * Throws the 402 of spec §8 when the site may not change its data (decisions 024 and 104). A session's terms
 * carry everything the rule needs, the paid period's end included (migration 0032 re-checks cached sessions
 * when it changes); terms without it (an API token's session) read the site (one primary-key read).
 */
export async function assertSiteAcceptsChanges(
  db: Db,
  siteId: ActorSiteId,
  now: Date,
  known?: SiteWriteTerms & Partial<Pick<Terms, 'subscriptionEndsAt' | 'externalBillingReference'>>,
): Promise<void> {
  const complete =
    known &&
    (known.subscriptionStatus !== 'active' || (known.subscriptionEndsAt !== undefined && known.externalBillingReference !== undefined));
  const [site]: Terms[] = complete ? [known] : await termsOf(db, siteId);
  const refusal = site && writeRefusal(site, now);
  if (refusal) throw new AppError('PAYMENT_REQUIRED', refusal);
}

/** The onRequest hook `app.ts` installs right after the access gate: one place for the rule. */
export function subscriptionGate(deps: AppDeps) {
  return async (req: FastifyRequest) => {
    // `/auth/` routes (registration, password reset) are public by path and touch no site's data.
    if (!req.session || !req.routeOptions.url?.startsWith('/api/')) return;
    if (!needsActiveSubscription(req.method, req.routeOptions.config as RouteFlags)) return;
    // A session read from the database carries its site's terms (a cached one too: a change to them
    // re-checks cached sessions, migration 0011); an API token's session reads the site here.
    await assertSiteAcceptsChanges(deps.database.db, requireUser(req).siteId, deps.now(), req.session.subscription);
  };
}
