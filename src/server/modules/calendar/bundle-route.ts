import { z } from 'zod';
import { ZCalendarQuery, ZCalendarResponse, ZCalendarShell } from '../../../shared/contracts/calendar-bundle';
import { permittedSites, requireUser } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { describeSession } from '../auth/service';
import { getStatus } from '../subscriptions/service';
import { etagOf, readCalendarJson } from './bundle';
import { CalendarCache, type CachedCalendar } from './bundle-cache';
import { readSiteMark } from './data-mark';

/**
 * `GET /api/calendar` (decision 032). One transaction; `shell=1` adds what the signed-in shell draws, so
 * the month view needs no other request on first load. Revalidated with ETag: an unchanged reply is a 304.
 */
export function registerCalendarBundleRoute(app: App, deps: AppDeps, cache?: CalendarCache) {
  const { db } = deps.database;
  // The 200 schema documents the reply; the handler sends the database's JSON text itself (see bundle.ts).
  app.get(
    '/api/calendar',
    { config: { access: 'user' }, schema: { querystring: ZCalendarQuery, response: { 200: ZCalendarResponse, 304: z.null() } } },
    async (req, reply) => {
      const actor = requireUser(req);
      let reply200: CachedCalendar;
      if (req.query.shell === '1') {
        const json = await db.transaction(async (tx) => {
          const { json: data } = await readCalendarJson(tx, actor, req.query);
          const shell = {
            me: await describeSession(tx, actor),
            sites: await permittedSites(tx, actor),
            subscription: await getStatus(tx, actor.siteId, deps.now(), deps.config),
          };
          return `${data.slice(0, -1)},"shell":${JSON.stringify(ZCalendarShell.parse(shell))}}`;
        });
        reply200 = CalendarCache.entry({ json, mark: '' });
      } else {
        // Without the shell the reply is the site's data alone, the same for everyone on the site: cached, and
        // answered from memory only while the site's data version is the one it was read with (decision 066).
        const read = async () => CalendarCache.entry(await readCalendarJson(db, actor, req.query));
        reply200 = cache
          ? await cache.loadCurrent(CalendarCache.key(actor, req.query), deps.now(), actor.siteId, () => readSiteMark(db, actor), read)
          : await read();
      }
      // Site and user are part of the tag: two sites with identical data must not share a cached reply.
      const etag = etagOf(`${actor.siteId}:${actor.userId}:${reply200.digest}`);
      reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
      if (req.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return reply
        .type('application/json; charset=utf-8')
        .serializer((payload: string) => payload)
        .send(reply200.json as never);
    },
  );
}
