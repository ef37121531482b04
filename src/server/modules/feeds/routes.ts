import { ZIdParams, ZMessage } from '../../../shared/contracts/common';
import { feedMessages, ZCreateFeedRequest, ZFeedList, ZFeedQuery, ZFeedTokenParams, ZFeedWithUrl } from '../../../shared/contracts/feeds';
import { AppError } from '../../../shared/errors';
import { requireUser, requireWriter } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { notModified, serveFeed } from './serve';
import { createFeed, listFeeds, renewFeed, revokeFeed } from './service';

export function registerFeedRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const appUrl = deps.config.appUrl;

  app.get('/api/calendar-feeds', { config: { access: 'user' }, schema: { response: { 200: ZFeedList } } }, async (req) =>
    listFeeds(db, requireUser(req)),
  );

  // Any writer may make a feed of the site they are on; one employee's feed is for admins (checked in the service).
  app.post(
    '/api/calendar-feeds',
    { config: { access: 'writer' }, schema: { body: ZCreateFeedRequest, response: { 201: ZFeedWithUrl } } },
    async (req, reply) => {
      const feed = await createFeed(db, requireWriter(req), req.body, appUrl, deps.now());
      return reply.status(201).send(feed);
    },
  );

  // Admins renew and revoke every feed of the site, anyone else their own (decision 063, in the service).
  app.post(
    '/api/calendar-feeds/:id/renew',
    { config: { access: 'writer' }, schema: { params: ZIdParams, response: { 200: ZFeedWithUrl } } },
    async (req) => renewFeed(db, requireWriter(req), req.params.id, appUrl),
  );

  // Revoking only takes access away: a read-only user may revoke their own, and so may a site whose trial ended.
  app.delete(
    '/api/calendar-feeds/:id',
    { config: { access: 'user', billingExempt: true }, schema: { params: ZIdParams, response: { 200: ZMessage } } },
    async (req) => {
      await revokeFeed(db, requireUser(req), req.params.id);
      return { message: feedMessages.revoked };
    },
  );

  // Outside /api: a calendar app has no session, the secret token in the path is the credential.
  // `?pending=1` adds the time-off requests awaiting approval as tentative events (decision 092), `?shortfalls=1`
  // the days under the site's minimum hours (decision 099).
  app.get(
    '/feeds/:token',
    { config: { access: 'public' }, schema: { params: ZFeedTokenParams, querystring: ZFeedQuery } },
    async (req, reply) => {
      const token = req.params.token.endsWith('.ics') ? req.params.token.slice(0, -4) : '';
      if (!token) throw new AppError('NOT_FOUND', feedMessages.notFound);
      const on = (v: string | undefined) => v === '1' || v === 'true';
      const feed = await serveFeed(db, token, deps.now(), { pending: on(req.query.pending), shortfalls: on(req.query.shortfalls) });
      reply
        .header('ETag', feed.etag)
        .header('Last-Modified', feed.lastModified.toUTCString())
        // The URL is a secret: no shared cache may keep it; a client revalidates with the validators above.
        .header('Cache-Control', 'private, no-cache')
        .header('Referrer-Policy', 'no-referrer');
      if (notModified(req.headers, feed)) return reply.status(304).send();
      return reply.type('text/calendar; charset=utf-8').header('Content-Disposition', 'inline; filename="hoursight.ics"').send(feed.body);
    },
  );
}
