import { ZIdParams, ZMessage } from '../../../shared/contracts/common';
import {
  ZBugStatusRequest,
  ZCreateSiteRequest,
  ZResetPasswordRequest,
  ZToggleSiteResponse,
  ZUpdateSiteRequest,
  ZUpdateUserRequest,
} from '../../../shared/contracts/super-admin';
import { z } from 'zod';
import { siteIdForPlatformOperator } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { setBugStatus } from './bug-reports';
import { createSiteForBusiness, resetUserPassword, toggleSiteStatus, updateSite, updateUser } from './changes';
import { currentSuperAdmin, superAdminRoute } from './route-config';

export function registerAdminChangeRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const config = superAdminRoute;

  app.patch(
    '/api/admin/sites/:id',
    { config, schema: { params: ZIdParams, body: ZUpdateSiteRequest, response: { 200: ZMessage } } },
    async (req) => {
      const who = currentSuperAdmin(req);
      await updateSite(db, who, siteIdForPlatformOperator(who, req.params.id), req.body, deps.now());
      return { message: 'Site updated' };
    },
  );

  app.patch(
    '/api/admin/sites/:id/toggle-status',
    { config, schema: { params: ZIdParams, response: { 200: ZToggleSiteResponse } } },
    async (req) => {
      const who = currentSuperAdmin(req);
      return toggleSiteStatus(db, who, siteIdForPlatformOperator(who, req.params.id), deps.now());
    },
  );

  app.post(
    '/api/admin/businesses/:id/sites',
    { config, schema: { params: ZIdParams, body: ZCreateSiteRequest, response: { 201: z.object({ id: z.number(), name: z.string() }) } } },
    async (req, reply) => {
      const site = await createSiteForBusiness(db, currentSuperAdmin(req), req.params.id, req.body, deps.now());
      return reply.status(201).send(site);
    },
  );

  app.patch(
    '/api/admin/users/:id',
    { config, schema: { params: ZIdParams, body: ZUpdateUserRequest, response: { 200: ZMessage } } },
    async (req) => {
      await updateUser(db, currentSuperAdmin(req), req.params.id, req.body, deps.now());
      return { message: 'User updated' };
    },
  );

  app.post(
    '/api/admin/users/:id/reset-password',
    { config, schema: { params: ZIdParams, body: ZResetPasswordRequest, response: { 200: ZMessage } } },
    async (req) => {
      await resetUserPassword(db, currentSuperAdmin(req), req.params.id, req.body.newPassword, deps.now());
      return { message: 'Password reset' };
    },
  );

  app.patch(
    '/api/admin/bug-reports/:id',
    { config, schema: { params: ZIdParams, body: ZBugStatusRequest, response: { 200: ZMessage } } },
    async (req) => {
      await setBugStatus(db, currentSuperAdmin(req), req.params.id, req.body.status, deps.now());
      return { message: 'Bug report updated' };
    },
  );
}
