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
const markQuery = (db: Db) => db.select({ mark: version }).from(siteDataMarks).where(inActorSite(siteDataMarks.siteId)).prepare('hs_site_mark');
const prepared = new WeakMap<Db, ReturnType<typeof markQuery>>();

/** The site's version now: everything committed before this call is in it. One indexed read of at most 32 rows. */
export async function readSiteMark(db: Db, actor: Actor): Promise<string> {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = markQuery(db)));
  const [row] = await query.execute(actorParams(actor));
  return row.mark;
}
