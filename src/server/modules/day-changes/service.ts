import { and, eq } from 'drizzle-orm';
import type { TAuthoriseMultipleResponse } from '../../../shared/contracts/day-changes';
import type { TDayChange } from '../../../shared/contracts/calendar';
import { found, inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { dayChanges, siteUsers } from '../../db/schema';
import { toDayChangeView } from './views';
import { authoriseChanged, authoriseDate, recordDays } from '../day-ledger';

/**
 * Day authorisation (DOMAIN.md, decision 010): reading a day's record, marking and authorising days. The
 * hours and the rows themselves are the day ledger's (../day-ledger).
 */

export async function getDayChange(db: Db, actor: Actor, date: string): Promise<TDayChange> {
  const [row] = await db
    .select({ d: dayChanges, authorisedBy: siteUsers.username })
    .from(dayChanges)
    .leftJoin(siteUsers, eq(siteUsers.id, dayChanges.authorisedBy))
    .where(and(inSite(actor, dayChanges.siteId), eq(dayChanges.date, date)));
  const { d, authorisedBy } = found(row, 'Day');
  return toDayChangeView(d, authorisedBy ?? null);
}

/** POST /api/day-changes/mark. */
export async function markDay(db: Db, actor: Actor, date: string, now: Date): Promise<TDayChange> {
  return db.transaction(async (tx) => {
    await recordDays(tx, actor.siteId, [date], now);
    return getDayChange(tx, actor, date);
  });
}

/** POST /api/day-changes/authorise: any date, with or without a row; hours recomputed first. */
export async function authoriseDay(db: Db, actor: Actor, date: string, now: Date): Promise<TDayChange> {
  return db.transaction(async (tx) => {
    await authoriseDate(tx, actor.siteId, actor.userId, date, now);
    return getDayChange(tx, actor, date);
  });
}

/**
 * POST /api/day-changes/authorise-multiple: of the given dates, only those that are changed and
 * unauthorised count (the ledger's `authoriseChanged`).
 */
export async function authoriseMultiple(db: Db, actor: Actor, dates: readonly string[], now: Date): Promise<TAuthoriseMultipleResponse> {
  const wanted = [...new Set(dates)];
  if (wanted.length === 0) return { count: 0, dates: [] };
  return db.transaction(async (tx) => {
    const chosen = await authoriseChanged(tx, actor.siteId, actor.userId, wanted, now);
    return { count: chosen.length, dates: chosen };
  });
}
