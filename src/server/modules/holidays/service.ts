import { and, eq, inArray } from 'drizzle-orm';
import type {
  TCreateHolidayRequest,
  THolidayCandidate,
  THolidayCandidatesQuery,
  TImportHolidaysRequest,
} from '../../../shared/contracts/holidays';
import { holidayMessages } from '../../../shared/contracts/holidays';
import type { THoliday } from '../../../shared/contracts/calendar';
import { AppError } from '../../../shared/errors';
import { found, inSite, type Actor, type ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { dataManagementSettings, publicHolidays } from '../../db/schema';
import { changeHistory, pastMovesConfirmed } from '../day-ledger';
import { getDataManagementRow } from '../settings';
import { holidaysOf } from './catalogue';

/**
 * Adding or removing a holiday moves its day's hours (decision 111): on a date before today that is a change of
 * the past, through the day ledger's `changeHistory` like a contract version's, so only an administrator makes it
 * and only once confirmed when it moves a day that had hours; the past day's stored row takes the new hours in
 * the same transaction, keeping its authorisation, and recorded days from today on are re-checked (decision 012).
 */
function changeHolidays(
  tx: Db,
  actor: Actor,
  now: Date,
  dates: readonly string[],
  confirmPast: boolean | undefined,
  apply: () => Promise<void>,
) {
  return changeHistory(tx, actor.siteId, now, dates, apply, pastMovesConfirmed(actor, confirmPast));
}

export async function addHoliday(db: Db, actor: Actor, input: TCreateHolidayRequest, now: Date): Promise<THoliday> {
  try {
    return await db.transaction(async (tx) => {
      let row: THoliday | undefined;
      await changeHolidays(tx, actor, now, [input.date], input.confirmPast, async () => {
        [row] = await tx
          .insert(publicHolidays)
          .values({ siteId: actor.siteId, name: input.name, date: input.date, createdAt: now })
          .returning({ id: publicHolidays.id, name: publicHolidays.name, date: publicHolidays.date });
      });
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', holidayMessages.duplicate);
    throw err;
  }
}

export async function deleteHoliday(db: Db, actor: Actor, id: number, confirmPast: boolean, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [held] = await tx
      .select({ date: publicHolidays.date })
      .from(publicHolidays)
      .where(and(inSite(actor, publicHolidays.siteId), eq(publicHolidays.id, id)));
    const { date } = found(held, 'Holiday');
    await changeHolidays(tx, actor, now, [date], confirmPast, async () => {
      await tx.delete(publicHolidays).where(and(inSite(actor, publicHolidays.siteId), eq(publicHolidays.id, id)));
    });
  });
}

async function existingKeys(db: Db, actor: Actor, dates: string[]): Promise<Set<string>> {
  if (dates.length === 0) return new Set();
  const rows = await db
    .select({ date: publicHolidays.date, name: publicHolidays.name })
    .from(publicHolidays)
    .where(and(inSite(actor, publicHolidays.siteId), inArray(publicHolidays.date, dates)));
  return new Set(rows.map((r) => `${r.date}|${r.name}`));
}

/** What an import of a year would bring, each marked when the site already has it. */
export async function holidayCandidates(db: Db, actor: Actor, q: THolidayCandidatesQuery): Promise<THolidayCandidate[]> {
  const list = await holidaysOf(q.country, q.state, q.year);
  const have = await existingKeys(db, actor, [...new Set(list.map((h) => h.date))]);
  return list.map((h) => ({ ...h, exists: have.has(`${h.date}|${h.name}`) }));
}

/**
 * Inserts the chosen holidays the site does not have yet and remembers the region, so data maintenance
 * can keep the years ahead filled. Holidays before today are a change of the past, as one holiday is.
 * Returns how many were imported and how many were already there.
 */
export async function importHolidays(db: Db, actor: Actor, req: TImportHolidaysRequest, now: Date) {
  const country = req.country.toUpperCase();
  const state = req.state ? req.state.toUpperCase() : null;
  return db.transaction(async (tx) => {
    let imported = 0;
    const dates = req.holidays.map((h) => h.date);
    await changeHolidays(tx, actor, now, dates, req.confirmPast, async () => {
      imported = await insertMissing(tx, actor.siteId, req.holidays);
    });
    await getDataManagementRow(tx, actor);
    await tx
      .update(dataManagementSettings)
      .set({ holidayCountry: country, holidayState: state })
      .where(inSite(actor, dataManagementSettings.siteId));
    return { imported, skipped: req.holidays.length - imported };
  });
}

/** Inserts those of `list` the site lacks (same date and name); returns how many went in. */
export async function insertMissing(tx: Db, siteId: ActorSiteId, list: ReadonlyArray<{ date: string; name: string }>): Promise<number> {
  if (list.length === 0) return 0;
  const rows = await tx
    .insert(publicHolidays)
    .values(list.map((h) => ({ siteId, name: h.name, date: h.date })))
    .onConflictDoNothing()
    .returning({ id: publicHolidays.id });
  return rows.length;
}

/** Public holidays of the remembered region between two days, for data maintenance to fill in. */
export async function publicHolidaysBetween(country: string, state: string | null, from: string, to: string) {
  const out: Array<{ date: string; name: string }> = [];
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) {
    for (const h of await holidaysOf(country, state, y)) if (h.type === 'public' && h.date >= from && h.date <= to) out.push(h);
  }
  return out;
}
