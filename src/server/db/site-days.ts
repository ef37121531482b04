import { sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import type { ActorSiteId } from './site-id';

/**
 * Site-day bands (decision 031): a site's days packed into one int8 line, `site * 2^23 + 2^22 + days
 * since 2000-01-01`, so a single GiST index on `int8range(band(start), band(end), '[]')` answers "this
 * site, overlapping this window" with `&&` in time proportional to the rows found, wherever the window
 * lies in history. 2^22 days either side of 2000 covers every yyyy-MM-dd the contracts accept.
 *
 * The text below must stay identical to the index expressions in `schema/calendar.ts`, or the planner
 * will not match the query to the index.
 */
export const BAND_SQL = (site: string, start: string, end: string) =>
  `int8range(${site}::int8 * 8388608 + 4194304 + (${start} - '2000-01-01'::date), ${site}::int8 * 8388608 + 4194304 + (${end} - '2000-01-01'::date), '[]')`;

/** The band of a stored row (raw column names: the index expression carries no table name). */
export const rowBand = (site: Column, start: Column, end: Column): SQL =>
  sql`int8range(${site}::int8 * 8388608 + 4194304 + (${start} - '2000-01-01'::date), ${site}::int8 * 8388608 + 4194304 + (${end} - '2000-01-01'::date), '[]')`;

/** The rows of `siteId` whose span overlaps the inclusive window `from`..`to`. */
export function overlapsWindow(
  cols: { siteId: Column; startDate: Column; endDate: Column },
  siteId: ActorSiteId | Placeholder,
  from: string | Placeholder,
  to: string | Placeholder,
): SQL {
  const band = sql`int8range(${siteId}::int8 * 8388608 + 4194304 + (${from}::date - '2000-01-01'::date), ${siteId}::int8 * 8388608 + 4194304 + (${to}::date - '2000-01-01'::date), '[]')`;
  return sql`${rowBand(cols.siteId, cols.startDate, cols.endDate)} && ${band}`;
}
