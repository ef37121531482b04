import { ZMeResponse, ZSitesResponse, ZSwitchSiteRequest } from '../../../shared/contracts/auth';
import { AppError } from '../../../shared/errors';
import { canUseSite, permittedSites, requireUser } from '../../auth/access';
import { setSessionSite } from '../../auth/sessions';
import type { App, AppDeps } from '../../http/types';
import { describeSession } from '../auth/service';

export function registerSiteRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  app.get('/api/sites', { schema: { response: { 200: ZSitesResponse } } }, async (req) => {
    const actor = requireUser(req);
    return permittedSites(db, actor);
  });

  app.post('/api/switch-site', { schema: { body: ZSwitchSiteRequest, response: { 200: ZMeResponse } } }, async (req) => {
    const actor = requireUser(req);
    // A site the user may not use answers like one that does not exist.
    if (!(await canUseSite(db, actor, req.body.siteId))) throw new AppError('NOT_FOUND', 'Failed to switch site');
    await setSessionSite(db, actor.sessionId, req.body.siteId);
    return describeSession(db, { ...actor, currentSiteId: req.body.siteId });
  });
}
