import { z } from 'zod';
import { CALENDAR_WIRE_FORMAT, ZCalendarWire } from '../../../shared/contracts/calendar-wire';
import { ZCalendarQuery, ZCalendarShell, type TCalendarQuery } from '../../../shared/contracts/calendar-bundle';
import { permittedSites, requireUser, type Actor } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { describeSession } from '../auth/service';
import { getStatus } from '../subscriptions/service';
import { readCalendarJson } from './bundle';
import { CalendarCache, encodedReply, pickEncoding, type CachedCalendar } from './bundle-cache';
import { readSiteMark } from './data-mark';

/**
 * `GET /api/calendar` (decisions 032 and 077). The window's data is the same for everyone on the site: read in
 * one statement, cached with its compressed forms while the site's data version stays the one it was read
 * with, and tagged with that version, so a revalidation costs one short read and no build. `shell=1` adds what
 * the signed-in shell draws (user, site list, subscription) for the first load; that reply is the user's own,
 * compressed as it goes and never tagged.
 */
export function registerCalendarBundleRoute(app: App, deps: AppDeps, cache?: CalendarCache) {
  const { db } = deps.database;
  const load = async (actor: Actor, q: TCalendarQuery, mark: string, arrived: number | undefined): Promise<CachedCalendar> => {
    const read = async () => CalendarCache.entry(await readCalendarJson(db, actor, q));
    if (!cache || arrived === undefined) return read();
    return cache.loadCurrent(CalendarCache.key(actor, q), deps.now(), actor.siteId, mark, arrived, read);
  };
  // The 200 schema documents the reply; the handler sends the database's JSON text itself (see bundle.ts).
  app.get(
    '/api/calendar',
    { config: { access: 'user' }, schema: { querystring: ZCalendarQuery, response: { 200: ZCalendarWire, 304: z.null() } } },
    async (req, reply) => {
      const actor = requireUser(req);
      const arrived = cache?.tick();
      const mark = await readSiteMark(db, actor);
      if (req.query.shell === '1') {
        const [data, shell] = await Promise.all([
          load(actor, req.query, mark, arrived),
          db.transaction(async (tx) => ({
            me: await describeSession(tx, actor),
            sites: await permittedSites(tx, actor),
            subscription: await getStatus(tx, actor.siteId, deps.now(), deps.config),
          })),
        ]);
        const json = `${data.json.slice(0, -1)},"shell":${JSON.stringify(ZCalendarShell.parse(shell))}}`;
        reply.header('Cache-Control', 'private, no-cache');
        return reply
          .type('application/json; charset=utf-8')
          .serializer((payload: string) => payload)
          .send(json as never);
      }
      // Site and user are part of the tag: two sites, or two users of one browser, never share a cached reply.
      const tagOf = (version: string) => `"c${CALENDAR_WIRE_FORMAT}.${actor.siteId}.${actor.userId}.${version}"`;
      reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding');
      if (req.headers['if-none-match'] === tagOf(mark)) return reply.header('ETag', tagOf(mark)).status(304).send(null);
      const data = await load(actor, req.query, mark, arrived);
      reply.header('ETag', tagOf(data.mark)).type('application/json; charset=utf-8');
      const encoding = pickEncoding(req.headers['accept-encoding']);
      const bytes = encodedReply(data, encoding);
      if (bytes && encoding) return reply.header('Content-Encoding', encoding).send((await bytes) as never);
      return reply.serializer((payload: string) => payload).send(data.json as never);
    },
  );
}
