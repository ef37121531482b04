import { ZIdParams } from '../../../shared/contracts/common';
import {
  ZCreateUserRequest,
  ZSitePermissionsRequest,
  ZSitePermissionsResponse,
  ZSiteUser,
  ZSiteUserList,
  ZToggleStatusResponse,
} from '../../../shared/contracts/users';
import { requireAdmin } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { createSiteUser, getSitePermissions, listSiteUsers, setSitePermissions, toggleUserStatus } from './service';

/** Spec §7 "User management". */
export function registerUserRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  app.get('/api/auth/site-users', { config: { access: 'admin' }, schema: { response: { 200: ZSiteUserList } } }, async (req) =>
    listSiteUsers(db, requireAdmin(req)),
  );

  app.post(
    '/api/auth/create-user',
    { config: { access: 'admin' }, schema: { body: ZCreateUserRequest, response: { 201: ZSiteUser } } },
    async (req, reply) => {
      const user = await createSiteUser(db, requireAdmin(req), req.body);
      return reply.status(201).send(user);
    },
  );

  app.patch(
    '/api/auth/users/:id/toggle-status',
    { config: { access: 'admin' }, schema: { params: ZIdParams, response: { 200: ZToggleStatusResponse } } },
    async (req) => toggleUserStatus(db, requireAdmin(req), req.params.id),
  );

  app.get(
    '/api/auth/users/:id/site-permissions',
    { config: { access: 'admin' }, schema: { params: ZIdParams, response: { 200: ZSitePermissionsResponse } } },
    async (req) => getSitePermissions(db, requireAdmin(req), req.params.id),
  );

  app.put(
    '/api/auth/users/:id/site-permissions',
    {
      config: { access: 'admin' },
      schema: { params: ZIdParams, body: ZSitePermissionsRequest, response: { 200: ZSitePermissionsResponse } },
    },
    async (req) => setSitePermissions(db, requireAdmin(req), req.params.id, req.body.siteIds),
  );
}
