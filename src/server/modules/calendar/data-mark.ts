import { sql, type SQL } from 'drizzle-orm';
import { actorParams, inActorSite, inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { siteDataMarks } from '../../db/schema';

/**
 * The site's calendar-data version (decision 066): its slots' marks read together, as one short text. The
 * triggers of migration 0016 give a slot a new random mark in the transaction of every change to the site's
 * calendar data, so the text differs after any committed change; a site never changed reads as the digest of
 * no marks.
 */
const version = sql<string>`md5(coalesce(string_agg(${siteDataMarks.mark}::text, ',' order by ${siteDataMarks.slot}), ''))`;

/** As a subquery: read in the same snapshot as the rest of its statement. */
export function siteMarkSql(actor: Actor): SQL {
  return sql`(select ${version} from ${siteDataMarks} where ${inSite(actor, siteDataMarks.siteId)})`;
}

/** Asked before every cached calendar reply is answered: prepared once per database (a named statement on PostgreSQL). */
const markQuery = (db: Db) =>
  db.select({ mark: version }).from(siteDataMarks).where(inActorSite(siteDataMarks.siteId)).prepare('hs_site_mark');
const prepared = new WeakMap<Db, ReturnType<typeof markQuery>>();

/**
 * The site's version now: everything committed before this call is in it. One indexed read of at most 32
 * rows, shared by the reads of the same site that arrive in the same turn of the event loop: it is sent
 * after all of them arrived, so its snapshot is no older than any of them needs (decision 066).
 */
export function readSiteMark(db: Db, actor: Actor): Promise<string> {
  let bySite = waiting.get(db);
  if (!bySite) waiting.set(db, (bySite = new Map()));
  const queued = bySite.get(actor.siteId);
  if (queued) return queued;
  const sites = bySite;
  const read = new Promise<string>((resolve, reject) => {
    setImmediate(() => {
      sites.delete(actor.siteId);
      let query = prepared.get(db);
      if (!query) prepared.set(db, (query = markQuery(db)));
      query.execute(actorParams(actor)).then(([row]) => resolve(row.mark), reject);
    });
  });
  bySite.set(actor.siteId, read);
  return read;
}
const waiting = new WeakMap<Db, Map<number, Promise<string>>>();
