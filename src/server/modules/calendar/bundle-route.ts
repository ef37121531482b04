import { z } from 'zod';
import { ZCalendarQuery, ZCalendarResponse, type TCalendarResponse } from '../../../shared/contracts/calendar-bundle';
import { permittedSites, requireUser } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { describeSession } from '../auth/service';
import { getStatus } from '../subscriptions/service';
import { etagOf, readCalendar } from './bundle';

/**
 * `GET /api/calendar` (decision 032). One transaction; `shell=1` adds what the signed-in shell draws, so
 * the month view needs no other request on first load. Revalidated with ETag: an unchanged reply is a 304.
 */
export function registerCalendarBundleRoute(app: App, deps: AppDeps) {
  const { db } = deps.database;
  app.get('/api/calendar', { config: { access: 'user' }, schema: { querystring: ZCalendarQuery, response: { 200: ZCalendarResponse, 304: z.null() } } }, async (req, reply) => {
    const actor = requireUser(req);
    const body: TCalendarResponse = await db.transaction(async (tx) => {
      const data = await readCalendar(tx, actor, req.query);
      if (req.query.shell !== '1') return data;
      const [me, sites, subscription] = [await describeSession(tx, req.session!), await permittedSites(tx, actor), await getStatus(tx, actor.siteId, deps.now(), deps.config.stripe)];
      return { ...data, shell: { me, sites, subscription } };
    });
    // The site is part of the tag: two sites with identical data must not share a cached reply.
    const etag = etagOf(`${actor.siteId}:${actor.userId}:${JSON.stringify(body)}`);
    reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
    if (req.headers['if-none-match'] === etag) return reply.status(304).send(null);
    return body;
  });
}
