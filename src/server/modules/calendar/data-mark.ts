import { sql, type SQL } from 'drizzle-orm';
import { inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { siteDataMarks } from '../../db/schema';

/**
 * The site's calendar-data version (decision 066): its slots' marks read together, as one short text. The
 * triggers of migration 0016 give a slot a new random mark in the transaction of every change to the site's
 * calendar data, so the text differs after any committed change; a site never changed reads as the digest of
 * no marks. Used as a subquery, it is read in the same snapshot as the rest of its statement.
 */
export function siteMarkSql(actor: Actor): SQL {
  return sql`(select md5(coalesce(string_agg(${siteDataMarks.mark}::text, ',' order by ${siteDataMarks.slot}), ''))
    from ${siteDataMarks} where ${inSite(actor, siteDataMarks.siteId)})`;
}

/** The site's version now: everything committed before this call is in it. One indexed read of at most 32 rows. */
export async function readSiteMark(db: Db, actor: Actor): Promise<string> {
  const res = (await db.execute(sql`select ${siteMarkSql(actor)} as mark`)) as unknown as { rows: Array<{ mark: string }> };
  return res.rows[0].mark;
}
