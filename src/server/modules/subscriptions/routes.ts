import { ZMessage } from '../../../shared/contracts/common';
import {
  ZActivateRequest,
  ZCreateSubscriptionRequest,
  ZCreateSubscriptionResponse,
  ZSubscriptionStatus,
  ZTrialSettingsRequest,
} from '../../../shared/contracts/subscriptions';
import { requireAdmin, requireUser } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { getOrCreateSubscription } from './payments';
import { activatePlan, enableBetaMode, endTrial, getStatus, planControls, updateTrialSettings } from './service';

/** Spec §7 "Subscription". The changes are admin only and stay open while the trial has expired. */
export function registerSubscriptionRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const admin = { config: { access: 'admin', billingExempt: true } } as const;
  const controls = planControls(deps.config);

  // Every signed-in user reads it: the beta and expired-trial banners are for everyone on the site.
  app.get('/api/subscription/status', { config: { access: 'staff' }, schema: { response: { 200: ZSubscriptionStatus } } }, async (req) =>
    getStatus(db, requireUser(req).siteId, deps.now(), deps.config),
  );

  app.post('/api/subscription/end-trial', { ...admin, schema: { response: { 200: ZMessage } } }, async (req) => {
    await endTrial(db, requireAdmin(req), deps.now());
    return { message: 'Trial period ended' };
  });

  app.post('/api/subscription/activate', { ...admin, schema: { body: ZActivateRequest, response: { 200: ZMessage } } }, async (req) => {
    await activatePlan(db, requireAdmin(req), req.body.planType, deps.now(), controls);
    return { message: 'Subscription activated' };
  });

  app.post(
    '/api/subscription/update-trial-settings',
    { ...admin, schema: { body: ZTrialSettingsRequest, response: { 200: ZMessage } } },
    async (req) => {
      await updateTrialSettings(db, requireAdmin(req), req.body, deps.now(), controls);
      return { message: 'Trial settings updated' };
    },
  );

  app.post('/api/subscription/enable-beta-mode', { ...admin, schema: { response: { 200: ZMessage } } }, async (req) => {
    await enableBetaMode(db, requireAdmin(req), deps.now(), controls);
    return { message: 'Beta mode enabled' };
  });

  app.post(
    '/api/get-or-create-subscription',
    {
      config: { ...admin.config, refusals: [503] },
      schema: { body: ZCreateSubscriptionRequest.optional(), response: { 200: ZCreateSubscriptionResponse } },
    },
    async (req) => getOrCreateSubscription(db, requireAdmin(req), deps.config.stripe, req.body?.planType, deps.now()),
  );
}
