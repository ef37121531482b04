import { ZMessage } from '../../../shared/contracts/common';
import { ZMeResponse, ZSitesResponse, ZSwitchSiteRequest } from '../../../shared/contracts/auth';
import { ZCreatedSite, ZCreateSiteRequest, ZRenameSiteRequest, ZSiteIdParams } from '../../../shared/contracts/sites';
import { permittedSite, permittedSites, requireAdmin, requireUser } from '../../auth/access';
import { setSessionSite } from '../../auth/sessions';
import type { App, AppDeps } from '../../http/types';
import { describeSession } from '../auth';
import { ZIdParams } from '../../../shared/contracts/common';
import { createSite, deleteSite, renameSite } from './service';

export function registerSiteRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  app.get('/api/sites', { config: { access: 'staff' }, schema: { response: { 200: ZSitesResponse } } }, async (req) => {
    const actor = requireUser(req);
    return permittedSites(db, actor);
  });

  app.post(
    '/api/sites',
    { config: { access: 'admin' }, schema: { body: ZCreateSiteRequest, response: { 201: ZCreatedSite } } },
    async (req, reply) => {
      const site = await createSite(db, requireAdmin(req), req.body, deps.now());
      return reply.status(201).send(site);
    },
  );

  app.put(
    '/api/sites/:siteId/name',
    { config: { access: 'admin' }, schema: { params: ZSiteIdParams, body: ZRenameSiteRequest, response: { 200: ZCreatedSite } } },
    async (req) => renameSite(db, requireAdmin(req), req.params.siteId, req.body.name),
  );

  app.delete('/api/sites/:id', { config: { access: 'admin' }, schema: { params: ZIdParams, response: { 200: ZMessage } } }, async (req) => {
    await deleteSite(db, requireAdmin(req), req.params.id);
    return { message: 'Site deleted' };
  });

  // Moving to another site is no change to this one's data: allowed while its trial has expired.
  app.post(
    '/api/switch-site',
    { config: { access: 'user', billingExempt: true }, schema: { body: ZSwitchSiteRequest, response: { 200: ZMeResponse } } },
    async (req) => {
      const actor = requireUser(req);
      // A site the user may not use answers like one that does not exist.
      const site = await permittedSite(db, actor, req.body.siteId, 'Failed to switch site');
      await setSessionSite(db, actor.sessionId, site);
      return describeSession(db, { ...actor, siteId: site });
    },
  );
}
