import { ZIdParams } from '../../../shared/contracts/common';
import {
  ZCreateUserRequest,
  ZInviteRequest,
  ZSitePermissionsRequest,
  ZSitePermissionsResponse,
  ZSiteUser,
  ZSiteUserList,
  ZToggleStatusResponse,
  ZUpdateUserRequest,
} from '../../../shared/contracts/users';
import { requireAdmin } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { inviteEmployee } from './invite';
import { createSiteUser, getSitePermissions, listSiteUsers, setSitePermissions, toggleUserStatus, updateSiteUser } from './service';

/** Spec §7 "User management". */
export function registerUserRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  app.get('/api/auth/site-users', { config: { access: 'admin' }, schema: { response: { 200: ZSiteUserList } } }, async (req) =>
    listSiteUsers(db, requireAdmin(req)),
  );

  app.post(
    '/api/auth/create-user',
    // 404: an `employeeId` that is not an employee of the site.
    { config: { access: 'admin', refusals: [404] }, schema: { body: ZCreateUserRequest, response: { 201: ZSiteUser } } },
    async (req, reply) => {
      const user = await createSiteUser(db, requireAdmin(req), req.body);
      return reply.status(201).send(user);
    },
  );

  app.patch(
    '/api/auth/users/:id',
    { config: { access: 'admin' }, schema: { params: ZIdParams, body: ZUpdateUserRequest, response: { 200: ZSiteUser } } },
    async (req) => updateSiteUser(db, requireAdmin(req), req.params.id, req.body),
  );

  // Decision 091. 429: the site's day budget of outside mail is spent (decision 064).
  app.post(
    '/api/employees/:id/invite',
    { config: { access: 'admin', refusals: [429] }, schema: { params: ZIdParams, body: ZInviteRequest, response: { 200: ZSiteUser } } },
    async (req) =>
      inviteEmployee(db, requireAdmin(req), req.params.id, req.body.email, {
        mailer: deps.mailer,
        appUrl: deps.config.appUrl,
        now: deps.now(),
        requestId: req.id,
      }),
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
