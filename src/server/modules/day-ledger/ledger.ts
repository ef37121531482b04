import { and, gte, inArray, eq, sql } from 'drizzle-orm';
import { contractMessages } from '../../../shared/contracts/employee-contracts';
import { changedDays } from '../../../shared/domain/day-authorisation';
import { computeAvailability, type DayAvailability } from '../../../shared/domain/availability';
import { addDaysStr, eachDay } from '../../../shared/domain/dates';
import type { SpanChange } from '../../../shared/domain/prepared-exceptions';
import { AppError } from '../../../shared/errors';
import { inSiteId, type ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { pipelinedTransaction, type PipelinedResult, type PipelinedTx, type Statement } from '../../db/pipelined';
import { dayChanges, exceptions, publicHolidays, sites } from '../../db/schema';
import { parseSiteDays, siteDaysStatement, type SiteDaysData } from './input';
import { lock } from './locks';
import { cachedStaff, type CachedStaff } from './staff-cache';
import { storeAuthorised, storeComputed } from './store';

/** The server's "today": the UTC calendar day of `now` (sites carry no time zone yet). */
export const todayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** Every day of each span, once, in order. */
export function spanDays(...spans: Array<{ startDate: string; endDate: string } | null | undefined>): string[] {
  const days = new Set<string>();
  for (const s of spans) if (s) for (const d of eachDay(s.startDate, s.endDate)) days.add(d);
  return [...days].sort();
}

const distinctDays = (dates: readonly string[]): string[] => [...new Set(dates)].sort();

/** The engine's answer for the days as the database holds them now (no lock: a read). */
export async function readDays(db: Db, siteId: ActorSiteId, dates: readonly string[]): Promise<Map<string, DayAvailability>> {
  const days = distinctDays(dates);
  if (days.length === 0) return new Map();
  const data = await siteDaysStatement(db, siteId, days[0], days[days.length - 1]).execute();
  return computeAvailability({ days, ...data });
}

/**
 * A change to some days of a site (an exception, an import, a type's additivity, a manual mark): locks those
 * days, computes them from data read after the lock, and stores them as changed, in the caller's transaction.
 */
export async function recordDays(tx: Db, siteId: ActorSiteId, dates: readonly string[], now: Date): Promise<void> {
  if (dates.length === 0) return;
  await lock(tx, siteId, dates);
  for (const s of storeComputed(tx, siteId, await readDays(tx, siteId, dates), now)) await s.execute();
}

/**
 * The end of a pipelined change of some days (an exception's create, edit or delete): the caller's statement
 * took the days' locks (`lockSql`) and read the engine's input after them (`siteDaysInputSql`), before its own
 * change, which `change` adds. Answers the statements that store the days, to send with COMMIT.
 */
export function finishSpanChange(
  ptx: Pick<PipelinedTx, 'db' | 'prepared'>,
  siteId: ActorSiteId,
  days: readonly string[],
  input: string | SiteDaysData,
  known: CachedStaff | undefined,
  change: SpanChange,
  now: Date,
  inspect?: SpanInspector,
): Statement[] {
  const data = typeof input === 'string' ? parseSiteDays(input, siteId, known, change) : input;
  const after = computeAvailability({ days, ...data });
  if (inspect) {
    if (typeof input !== 'string') throw new Error('a change is inspected only on the input read before it');
    // The same input without the change: the days as they stood, for a rule that compares before and after.
    inspect(after, () => computeAvailability({ days, ...parseSiteDays(input, siteId, known) }));
  }
  return storeComputed(ptx.db, siteId, after, now, { prepared: ptx.prepared });
}

/**
 * Looks at a pipelined change's days before they are stored (the coverage guard, decision 097), and may refuse it
 * by throwing, which rolls the transaction back. `before` is computed only if asked for.
 */
export type SpanInspector = (after: Map<string, DayAvailability>, before: () => Map<string, DayAvailability>) => void;

/**
 * The transaction of a pipelined change of some days (an exception's create, edit or delete). Only the exception
 * routes use it, and live/announce.ts announces their changes once they answer (its test holds that), which is what
 * lets the database's calendar-data triggers stay quiet for these writes: a NOTIFY in every write made concurrent
 * commits wait on each other (decision 059).
 */
export function spanTransaction<T>(db: Db, fn: (tx: PipelinedTx) => Promise<PipelinedResult<T>>): Promise<T> {
  return pipelinedTransaction(db, fn, { announcedByRoute: true });
}

/** The staff list this server holds for the site, whose version a pipelined read names (see staff-cache.ts). */
export const knownStaff = (siteId: ActorSiteId): CachedStaff | undefined => cachedStaff(siteId);

/**
 * After a change that moves hours on many days (contracts, staff, settings, holidays): locks the whole site and
 * brings every recorded day from `from` on (default today; null: every recorded day) to the hours the engine
 * gives now, so no reader finds a stored row that disagrees with the day. A day before today, or an authorised
 * day whose authorised hours still hold, takes its new figures and keeps its authorisation (a past day is never
 * awaiting, decision 010); any other day gets its new hours awaiting authorisation, the last one kept as audit.
 * Days without a row were never changed, so there is nothing to refresh.
 */
export async function refreshRecorded(tx: Db, siteId: ActorSiteId, now: Date, from: string | null = todayOf(now)): Promise<void> {
  await lock(tx, siteId, 'site');
  const rows = await tx
    .select({
      date: dayChanges.date,
      isAuthorised: dayChanges.isAuthorised,
      authorisedHours: dayChanges.authorisedHours,
      currentHours: dayChanges.currentHours,
      defaultHours: dayChanges.defaultHours,
    })
    .from(dayChanges)
    .where(and(inSiteId(siteId, dayChanges.siteId), from === null ? undefined : gte(dayChanges.date, from)));
  if (rows.length === 0) return;
  const computed = await readDays(
    tx,
    siteId,
    rows.map((r) => r.date),
  );
  const today = todayOf(now);
  const kept = new Map<string, DayAvailability>();
  const remarked = new Map<string, DayAvailability>();
  for (const r of rows) {
    const day = computed.get(r.date);
    // A day whose hours did not move is left as it is, so its last_modified keeps saying when it last changed.
    if (!day || !drifted(r, day)) continue;
    const stillAuthorised = r.isAuthorised && tenths(r.authorisedHours) === tenths(day.computedHours);
    (r.date < today || stillAuthorised ? kept : remarked).set(r.date, day);
  }
  for (const s of storeComputed(tx, siteId, kept, now, { keepAuthorisation: true })) await s.execute();
  for (const s of storeComputed(tx, siteId, remarked, now)) await s.execute();
}

const tenths = (h: number | null) => Math.round((h ?? 0) * 10);

/** Whether a stored row's hours differ from the day's as the engine gives them now. */
const drifted = (row: { currentHours: number | null; defaultHours: number | null }, day: DayAvailability) =>
  tenths(row.currentHours) !== tenths(day.computedHours) || tenths(row.defaultHours) !== tenths(day.defaultHours);

/** What a change of past hours alters: days before today whose hours differ, and how many of them were authorised. */
export interface PastImpact {
  days: Map<string, DayAvailability>;
  authorised: number;
}

/**
 * The first day a site's history can hold: its creation, or anything recorded earlier (imported or seeded
 * exceptions, day changes, holidays). A contract from the beginning of time changes nothing before it.
 */
async function historyStart(tx: Db, siteId: ActorSiteId): Promise<string> {
  const first = (rows: Array<{ d: string | null }>) => rows[0]?.d ?? null;
  const starts = await Promise.all([
    tx
      .select({ d: sql<string>`${sites.createdAt}::date::text` })
      .from(sites)
      .where(inSiteId(siteId, sites.id)),
    tx
      .select({ d: sql<string | null>`min(${exceptions.startDate})::text` })
      .from(exceptions)
      .where(inSiteId(siteId, exceptions.siteId)),
    tx
      .select({ d: sql<string | null>`min(${dayChanges.date})::text` })
      .from(dayChanges)
      .where(inSiteId(siteId, dayChanges.siteId)),
    tx
      .select({ d: sql<string | null>`min(${publicHolidays.date})::text` })
      .from(publicHolidays)
      .where(inSiteId(siteId, publicHolidays.siteId)),
  ]);
  return starts
    .map(first)
    .filter((d): d is string => d !== null)
    .sort()[0];
}

/**
 * A change that may reach days before today (a contract version from a past date, an end date, a holiday on a
 * past date): locks the site, computes the past days it can move before and after `apply`, and hands the
 * difference to `decide`, which may refuse (throw) and so roll the change back. Those days are every day from
 * `from` (null: where the site's history starts) to yesterday, or, given a list, the listed days before today.
 * Past days that changed are stored keeping their authorisation; recorded days from today on are refreshed as
 * after any staff change.
 */
export async function changeHistory(
  tx: Db,
  siteId: ActorSiteId,
  now: Date,
  from: string | null | readonly string[],
  apply: () => Promise<void>,
  decide: (impact: PastImpact) => void,
): Promise<void> {
  await lock(tx, siteId, 'site');
  const today = todayOf(now);
  let past: string[];
  if (typeof from === 'string' || from === null) {
    const start = from ?? (await historyStart(tx, siteId));
    past = start < today ? eachDay(start, addDaysStr(today, -1)) : [];
  } else {
    past = distinctDays(from).filter((d) => d < today);
  }
  const before = await readDays(tx, siteId, past);
  await apply();
  if (past.length > 0) {
    const after = await readDays(tx, siteId, past);
    const days = new Map<string, DayAvailability>();
    for (const [date, day] of after) {
      const old = before.get(date);
      if (!old || old.computedHours !== day.computedHours || old.defaultHours !== day.defaultHours) days.set(date, day);
    }
    const authorised = days.size === 0 ? 0 : await countAuthorised(tx, siteId, [...days.keys()]);
    decide({ days, authorised });
    for (const s of storeComputed(tx, siteId, days, now, { keepAuthorisation: true })) await s.execute();
  } else {
    decide({ days: new Map(), authorised: 0 });
  }
  await refreshRecorded(tx, siteId, now);
}

/**
 * The rule for a change that moves past days' hours (decisions 076, 107 and 111), as `changeHistory`'s `decide`:
 * when no past day moves, anyone who may make the change makes it; when one does, only an administrator, and
 * only once confirmed (409 `PAST_CHANGE` with the counts until `confirmPast`).
 */
export const pastMovesConfirmed =
  (actor: { isAdmin: boolean }, confirmPast: boolean | undefined) =>
  (impact: PastImpact): void => {
    if (impact.days.size === 0) return;
    if (!actor.isAdmin) throw new AppError('FORBIDDEN', contractMessages.pastAdminOnly);
    if (confirmPast) return;
    throw new AppError('CONFLICT', contractMessages.pastConfirm(impact.days.size, impact.authorised), {
      code: 'PAST_CHANGE',
      pastDays: impact.days.size,
      authorisedDays: impact.authorised,
    });
  };

async function countAuthorised(tx: Db, siteId: ActorSiteId, dates: string[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < dates.length; i += 1000) {
    const rows = await tx
      .select({ date: dayChanges.date })
      .from(dayChanges)
      .where(
        and(inSiteId(siteId, dayChanges.siteId), inArray(dayChanges.date, dates.slice(i, i + 1000)), eq(dayChanges.isAuthorised, true)),
      );
    n += rows.length;
  }
  return n;
}

/** Authorises one day (any date, with or without a row): its hours computed now, stored with who and when. */
export async function authoriseDate(tx: Db, siteId: ActorSiteId, userId: number, date: string, now: Date): Promise<void> {
  await lock(tx, siteId, 'site');
  await storeAuthorised(tx, siteId, userId, [...(await readDays(tx, siteId, [date])).values()], now);
}

/**
 * Of the given dates, authorises those that are changed and unauthorised: a row marked unauthorised, today or
 * later, not a holiday, default hours above 0 (holidays and default hours as the engine gives them now).
 */
export async function authoriseChanged(
  tx: Db,
  siteId: ActorSiteId,
  userId: number,
  dates: readonly string[],
  now: Date,
): Promise<string[]> {
  await lock(tx, siteId, 'site');
  const pending = await tx
    .select({ date: dayChanges.date })
    .from(dayChanges)
    .where(and(inSiteId(siteId, dayChanges.siteId), inArray(dayChanges.date, [...dates]), eq(dayChanges.isAuthorised, false)));
  const computed = await readDays(
    tx,
    siteId,
    pending.map((p) => p.date),
  );
  const chosen = changedDays(
    [...computed.values()].map((d) => ({ ...d, authorised: false })),
    todayOf(now),
  );
  await storeAuthorised(tx, siteId, userId, chosen, now);
  return chosen.map((d) => d.date);
}
