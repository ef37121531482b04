import { ZIdParams, ZMessage } from '../../../shared/contracts/common';
import {
  ZNotificationSettings,
  ZSavedNotification,
  ZSavedNotificationList,
  ZSaveNotificationRequest,
  ZTestEmailRequest,
  ZToggleNotificationRequest,
  ZUpdateNotificationSettingsRequest,
} from '../../../shared/contracts/notifications';
import { requireUser, requireWriter } from '../../auth/access';
import { pathId } from '../../auth/path-id';
import type { RouteGuard } from '../../http/route-flags';
import type { App, AppDeps } from '../../http/types';
import { registerDisableRoutes } from './disable-link';
import {
  createNotification,
  deleteNotification,
  listNotifications,
  refuseOthersDigestToReadOnly,
  toggleNotification,
  updateNotification,
} from './service';
import { readSiteNotificationSettings, updateSiteNotificationSettings } from './site-settings';
import { testEmail } from './test-email';

/**
 * Spec 02 §7 notification calls. A saved notification is the signed-in user's own mail subscription, so
 * read-only users may keep theirs too (access 'user'); the site's older shared record needs a writer.
 */
export function registerNotificationRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  // A read-only admin's 403 on another user's digest, before the body is read (decision 105).
  const guard: RouteGuard = async (req) => {
    const id = pathId(req);
    if (id !== null) await refuseOthersDigestToReadOnly(db, requireUser(req), id);
  };
  const ownDigest = { access: 'user' as const, guard };

  app.get('/api/saved-notifications', { config: { access: 'user' }, schema: { response: { 200: ZSavedNotificationList } } }, async (req) =>
    listNotifications(db, requireUser(req)),
  );

  app.post(
    '/api/saved-notifications',
    { config: { access: 'user' }, schema: { body: ZSaveNotificationRequest, response: { 201: ZSavedNotification } } },
    async (req, reply) => reply.status(201).send(await createNotification(db, requireUser(req), req.body, deps.now())),
  );

  app.put(
    '/api/saved-notifications/:id',
    { config: ownDigest, schema: { params: ZIdParams, body: ZSaveNotificationRequest, response: { 200: ZSavedNotification } } },
    async (req) => updateNotification(db, requireUser(req), req.params.id, req.body, deps.now()),
  );

  app.patch(
    '/api/saved-notifications/:id/toggle',
    { config: ownDigest, schema: { params: ZIdParams, body: ZToggleNotificationRequest, response: { 200: ZSavedNotification } } },
    async (req) => toggleNotification(db, requireUser(req), req.params.id, req.body.enabled, deps.now()),
  );

  app.delete(
    '/api/saved-notifications/:id',
    { config: ownDigest, schema: { params: ZIdParams, response: { 200: ZMessage } } },
    async (req) => {
      await deleteNotification(db, requireUser(req), req.params.id);
      return { message: 'Notification deleted' };
    },
  );

  app.get('/api/notification-settings', { config: { access: 'user' }, schema: { response: { 200: ZNotificationSettings } } }, async (req) =>
    readSiteNotificationSettings(db, requireUser(req)),
  );

  app.put(
    '/api/notification-settings',
    { config: { access: 'writer' }, schema: { body: ZUpdateNotificationSettingsRequest, response: { 200: ZNotificationSettings } } },
    async (req) => updateSiteNotificationSettings(db, requireWriter(req), req.body, deps.now()),
  );

  app.post(
    '/api/test-email',
    // Session-only, so no token rate: its own limits are the test mails per user and the day's mail budget.
    { config: { access: 'user', refusals: [429] }, schema: { body: ZTestEmailRequest, response: { 200: ZMessage } } },
    async (req) => {
      await testEmail(deps, requireUser(req), req.body.email, req);
      return { message: `Test email sent to ${req.body.email}` };
    },
  );

  registerDisableRoutes(app, deps);
}
