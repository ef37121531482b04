import { Placeholder, sql, type SQL } from 'drizzle-orm';
import type { ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';

const LOCK_CLASS = 0x4853; // "HS"

/** Days as the text of a PostgreSQL date array, the value of `lockSql`'s days when they are a parameter. */
export const daysArray = (dates: readonly string[]): string => `{${[...dates].sort().join(',')}}`;

/**
 * The one lock of a change of hours (decisions 032 and 076), as SQL to run or to put in another statement.
 * - `'site'`: the whole site, exclusively, for a change that moves many days at once (contracts, settings,
 *   holidays, authorising). Whoever recomputes second waits for the first to commit, then reads its change.
 * - a list of days: the site lock shared, then each day's own lock in ascending order (so two writers never
 *   wait on each other in a cycle). Two changes on different days run side by side; two on one day queue.
 * A day's key is its site-day band (decision 031) under a "HS" tag, in the one-bigint advisory key space
 * (the function is migration 0010's).
 */
export function lockSql(siteId: ActorSiteId | Placeholder, scope: 'site' | readonly string[] | Placeholder): SQL {
  if (scope === 'site') return sql`pg_advisory_xact_lock(${LOCK_CLASS}::int, ${siteId}::int)`;
  const days = scope instanceof Placeholder ? scope : daysArray(scope);
  return sql`hoursight_lock_site_days(${LOCK_CLASS}::int, ${siteId}::int, ${days}::date[])`;
}

export async function lock(tx: Db, siteId: ActorSiteId, scope: 'site' | readonly string[]): Promise<void> {
  await tx.execute(sql`select ${lockSql(siteId, scope)}`);
}
