import { z } from 'zod';
import { CALENDAR_WIRE_FORMAT, ZCalendarWire } from '../../../shared/contracts/calendar-wire';
import { ZCalendarQuery, ZCalendarShell, type TCalendarQuery } from '../../../shared/contracts/calendar-bundle';
import { permittedSites, requireUser, type Actor } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import type { Metrics } from '../../ops/metrics';
import { describeSession } from '../auth';
import { listRequests } from '../leave-requests';
import { getStatus } from '../subscriptions';
import { staffCalendarJson } from '../privacy';
import { readCalendarJson } from './bundle';
import { CalendarCache, encodedReply, gzipWithTail, pickEncoding, replyView, type CachedCalendar } from './bundle-cache';
import { readSiteMark } from './data-mark';

/**
 * `GET /api/calendar` (decisions 032 and 077). The window's data is the same for everyone on the site: read in
 * one statement, cached with its compressed forms while the site's data version stays the one it was read
 * with, and tagged with that version, so a revalidation costs one short read and no build. `shell=1` adds what
 * the signed-in shell draws (user, site list, subscription) and the window's pending requests for the first load; that reply is the user's own,
 * compressed as it goes and never tagged.
 */
export function registerCalendarBundleRoute(app: App, deps: AppDeps, cache?: CalendarCache, metrics?: Metrics) {
  const { db } = deps.database;
  const load = async (actor: Actor, q: TCalendarQuery, mark: string, arrived: number | undefined): Promise<CachedCalendar> => {
    const read = async () => {
      const begun = cache?.tick() ?? 0;
      metrics?.calendarBuilds.inc();
      return CalendarCache.entry(await readCalendarJson(db, actor, q), begun);
    };
    if (!cache || arrived === undefined) {
      const data = await read();
      metrics?.calendarReplies.inc({ cache: 'miss' });
      return data;
    }
    const key = CalendarCache.key(actor, q);
    const stored = cache.stored(key, deps.now(), mark);
    const data = stored ?? (await cache.loadCurrent(key, deps.now(), actor.siteId, mark, arrived, read));
    // hit: a stored reply; joined: a read already under way when the request came, at the version it found; miss: a read begun after it came.
    metrics?.calendarReplies.inc({ cache: stored ? 'hit' : data.begun > arrived ? 'miss' : 'joined' });
    return data;
  };
  /**
   * A Staff user's reply (decision 106): derived from the full one of the same snapshot, kept beside it under its
   * own key and served, like it, only while the site's version is the one it was read with.
   */
  const loadFor = async (actor: Actor, q: TCalendarQuery, mark: string, arrived: number | undefined): Promise<CachedCalendar> => {
    if (!actor.isStaff) return load(actor, q, mark, arrived);
    const key = CalendarCache.key(actor, q, replyView(actor));
    const kept = cache?.stored(key, deps.now(), mark);
    if (kept) return kept;
    const generation = cache?.begin() ?? 0;
    const full = await load(actor, q, mark, arrived);
    const entry = CalendarCache.entry({ json: staffCalendarJson(full.json, q, actor.employeeId), mark: full.mark }, full.begun);
    cache?.set(key, entry, generation, deps.now(), actor.siteId);
    return entry;
  };
  // The 200 schema documents the reply; the handler sends the database's JSON text itself (see bundle.ts).
  app.get(
    '/api/calendar',
    { config: { access: 'staff' }, schema: { querystring: ZCalendarQuery, response: { 200: ZCalendarWire, 304: z.null() } } },
    async (req, reply) => {
      const actor = requireUser(req);
      const arrived = cache?.tick();
      const mark = await readSiteMark(db, actor);
      if (req.query.shell === '1') {
        const [data, shell] = await Promise.all([
          loadFor(actor, req.query, mark, arrived),
          // Short reads side by side on the pool: each is the user's own, none depends on another.
          Promise.all([
            describeSession(db, actor),
            permittedSites(db, actor),
            getStatus(db, actor.siteId, deps.now(), deps.config),
            // The pills show no coverage warning: the requests' shortfalls are not weighed here (decision 113).
            listRequests(
              db,
              actor,
              { status: 'pending', from: req.query.startDate, to: req.query.endDate, weighShortfalls: false },
              deps.now(),
            ),
          ]),
        ]);
        const [me, sites, subscription, pendingRequests] = shell;
        const tail = `,"shell":${JSON.stringify(ZCalendarShell.parse({ me, sites, subscription, pendingRequests }))}}`;
        reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding').type('application/json; charset=utf-8');
        // Gzip even where brotli is accepted: the window's compressed text is reused, only the shell is compressed here.
        if (pickEncoding(req.headers['accept-encoding'], ['gzip']) === 'gzip') {
          return reply.header('Content-Encoding', 'gzip').send(gzipWithTail(data, tail) as never);
        }
        return reply.serializer((payload: string) => payload).send(`${data.json.slice(0, -1)}${tail}` as never);
      }
      // Site, user and view are part of the tag: two sites, two users of one browser, or one user before and after
      // becoming Staff (decision 106), never share a cached reply.
      const tagOf = (version: string) => `"c${CALENDAR_WIRE_FORMAT}.${actor.siteId}.${actor.userId}.${replyView(actor)}.${version}"`;
      reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding');
      if (req.headers['if-none-match'] === tagOf(mark)) return reply.header('ETag', tagOf(mark)).status(304).send(null);
      const data = await loadFor(actor, req.query, mark, arrived);
      reply.header('ETag', tagOf(data.mark)).type('application/json; charset=utf-8');
      const encoding = pickEncoding(req.headers['accept-encoding']);
      const bytes = encodedReply(data, encoding);
      if (bytes && encoding) return reply.header('Content-Encoding', encoding).send(bytes as never);
      return reply.serializer((payload: string) => payload).send(data.json as never);
    },
  );
}
