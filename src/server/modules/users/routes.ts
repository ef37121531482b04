import type { FastifyRequest } from 'fastify';
import { ZIdParams } from '../../../shared/contracts/common';
import {
  ZCreateUserRequest,
  ZSitePermissionsRequest,
  ZSitePermissionsResponse,
  ZSiteUser,
  ZSiteUserList,
  ZToggleStatusResponse,
} from '../../../shared/contracts/users';
import { AppError } from '../../../shared/errors';
import { messages, requireAdmin, type Actor } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { createSiteUser, getSitePermissions, listSiteUsers, setSitePermissions, toggleUserStatus } from './service';

/** A change to users: admins only, and read-only wins (a read-only admin may look but not change). */
function requireAdminWriter(req: FastifyRequest): Actor {
  const actor = requireAdmin(req);
  if (actor.isReadOnly) throw new AppError('FORBIDDEN', messages.readOnly);
  return actor;
}

/** Spec §7 "User management". */
export function registerUserRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  app.get('/api/auth/site-users', { schema: { response: { 200: ZSiteUserList } } }, async (req) => listSiteUsers(db, requireAdmin(req)));

  app.post('/api/auth/create-user', { schema: { body: ZCreateUserRequest, response: { 201: ZSiteUser } } }, async (req, reply) => {
    const user = await createSiteUser(db, requireAdminWriter(req), req.body);
    return reply.status(201).send(user);
  });

  app.patch('/api/auth/users/:id/toggle-status', { schema: { params: ZIdParams, response: { 200: ZToggleStatusResponse } } }, async (req) =>
    toggleUserStatus(db, requireAdminWriter(req), req.params.id),
  );

  app.get('/api/auth/users/:id/site-permissions', { schema: { params: ZIdParams, response: { 200: ZSitePermissionsResponse } } }, async (req) =>
    getSitePermissions(db, requireAdmin(req), req.params.id),
  );

  app.put(
    '/api/auth/users/:id/site-permissions',
    { schema: { params: ZIdParams, body: ZSitePermissionsRequest, response: { 200: ZSitePermissionsResponse } } },
    async (req) => setSitePermissions(db, requireAdminWriter(req), req.params.id, req.body.siteIds),
  );
}
