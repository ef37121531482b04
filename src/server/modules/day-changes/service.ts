import { and, eq, gte, inArray, Placeholder, sql, type SQL } from 'drizzle-orm';
import type { TAuthoriseMultipleResponse } from '../../../shared/contracts/day-changes';
import type { TDayChange } from '../../../shared/contracts/calendar';
import { changedDays } from '../../../shared/domain/day-authorisation';
import { eachDay } from '../../../shared/domain/dates';
import { found, inSite, inSiteId, type Actor, type ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import type { PipelinedTx, Statement } from '../../db/pipelined';
import { dayChanges, siteUsers } from '../../db/schema';
import type { DayAvailability } from '../../../shared/domain/availability';
import { computeSiteDays } from './engine';
import { toDayChangeView } from '../calendar/views';

/**
 * Day authorisation (DOMAIN.md, decision 010). Every change of hours calls `markDaysChanged` inside its
 * own transaction; authorising stores the hours the engine gives at that moment, and who and when.
 */

/** The server's "today": the UTC calendar day of `now` (sites carry no time zone yet). */
export const todayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** Every day of each span, once. */
export function spanDays(...spans: Array<{ startDate: string; endDate: string } | null | undefined>): string[] {
  const days = new Set<string>();
  for (const s of spans) if (s) for (const d of eachDay(s.startDate, s.endDate)) days.add(d);
  return [...days].sort();
}

const LOCK_CLASS = 0x4853; // "HS"
const CHUNK = 1000;

/**
 * Serialises hour recomputation of a whole site until the transaction ends (authorising, staff and settings
 * changes): whoever recomputes second waits for the first to commit, then computes from data that
 * includes the first one's change. It excludes every day-level marker too (they hold it shared).
 */
export async function lockSiteHours(tx: Db, siteId: ActorSiteId): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, ${siteId}::int)`);
}

/**
 * The narrower lock of a change to some days (decision 032): the site lock shared, then each day's own
 * lock in ascending order (so two markers never wait on each other in a cycle). Two changes on different
 * days of a site run side by side; two touching one day still recompute one after the other. A day's key
 * is its site-day band (decision 031) under a "HS" tag, in the one-bigint advisory key space.
 */
export function lockSiteDaysSql(siteId: ActorSiteId | Placeholder, dates: readonly string[] | Placeholder): SQL {
  // The function (migration 0010) takes the site lock first, then the days in ascending order.
  return sql`hoursight_lock_site_days(${LOCK_CLASS}::int, ${siteId}::int, ${dates instanceof Placeholder ? dates : daysArray(dates)}::date[])`;
}

/** Days as the text of a PostgreSQL date array, the value of `lockSiteDaysSql`'s days when they are a parameter. */
export const daysArray = (dates: readonly string[]): string => `{${[...dates].sort().join(',')}}`;

/** Marks the days of one site changed: hours recomputed, is_authorised=false; the last authorisation stays as audit. */
export async function markSiteDaysChanged(tx: Db, siteId: ActorSiteId, dates: readonly string[], now: Date): Promise<void> {
  if (dates.length === 0) return;
  await tx.execute(sql`select ${lockSiteDaysSql(siteId, dates)}`);
  const computed = await computeSiteDays(tx, siteId, dates);
  for (const upsert of dayChangeUpserts(tx, siteId, computed, now)) await upsert;
}

/** A day already recorded takes the new hours and needs authorising again; the last authorisation stays as audit. */
const markedChanged = {
  target: [dayChanges.siteId, dayChanges.date],
  set: {
    defaultHours: sql`excluded.default_hours`,
    currentHours: sql`excluded.current_hours`,
    isAuthorised: false,
    lastModified: sql`excluded.last_modified`,
  },
};

/**
 * The statements that store computed days as changed (unauthorised), not yet sent: a pipelined write
 * sends them with its COMMIT. The caller holds the days' locks and computed them from data read after.
 */
export function dayChangeUpserts(tx: Db, siteId: ActorSiteId, computed: ReadonlyMap<string, DayAvailability>, now: Date) {
  const rows = [...computed.values()].map((d) => ({
    siteId,
    date: d.date,
    defaultHours: d.defaultHours,
    currentHours: d.computedHours,
    isAuthorised: false,
    lastModified: now,
  }));
  const upserts = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    upserts.push(
      tx
        .insert(dayChanges)
        .values(rows.slice(i, i + CHUNK))
        .onConflictDoUpdate(markedChanged),
    );
  }
  return upserts;
}

/** Spans up to this many days store their day changes through a statement prepared once per connection. */
const PREPARED_DAYS = 7;

/** The upsert of `n` days with placeholders: one per length, built once per connection. */
const upsertDays = (n: number) => (db: Db) =>
  db
    .insert(dayChanges)
    .values(
      Array.from({ length: n }, (_, i) => ({
        siteId: sql.placeholder('siteId'),
        date: sql.placeholder(`date${i}`),
        defaultHours: sql.placeholder(`default${i}`),
        currentHours: sql.placeholder(`current${i}`),
        isAuthorised: false,
        lastModified: sql.placeholder('now'),
      })),
    )
    .onConflictDoUpdate(markedChanged)
    .prepare(`hs_day_changes_${n}`);

/**
 * `dayChangeUpserts` for a pipelined write: a span of a few days (nearly every change) uses a statement
 * prepared once per connection, since building the upsert cost the server more than running it.
 */
export function preparedDayChangeUpserts(
  tx: Pick<PipelinedTx, 'db' | 'prepared'>,
  siteId: ActorSiteId,
  computed: ReadonlyMap<string, DayAvailability>,
  now: Date,
): Statement[] {
  const days = [...computed.values()];
  if (days.length === 0 || days.length > PREPARED_DAYS) return dayChangeUpserts(tx.db, siteId, computed, now);
  const upsert = tx.prepared(`dayChanges.upsert.${days.length}`, upsertDays(days.length));
  const values: Record<string, unknown> = { siteId, now };
  days.forEach((d, i) => {
    values[`date${i}`] = d.date;
    values[`default${i}`] = d.defaultHours;
    values[`current${i}`] = d.computedHours;
  });
  return [{ execute: () => upsert.execute(values) }];
}

/**
 * After a change that shifts hours on many days at once (an employee's hours, efficiency or removal):
 * recomputes the recorded days from today on. A day still awaiting authorisation gets its new hours; an
 * authorised day whose hours no longer match what was authorised needs authorising again. Days without a
 * row were never changed, so there is nothing to re-authorise.
 */
export async function refreshRecordedDays(tx: Db, siteId: ActorSiteId, now: Date): Promise<void> {
  await lockSiteHours(tx, siteId);
  const rows = await tx
    .select({ date: dayChanges.date, isAuthorised: dayChanges.isAuthorised, authorisedHours: dayChanges.authorisedHours })
    .from(dayChanges)
    .where(and(inSiteId(siteId, dayChanges.siteId), gte(dayChanges.date, todayOf(now))));
  if (rows.length === 0) return;
  const computed = await computeSiteDays(
    tx,
    siteId,
    rows.map((r) => r.date),
  );
  const drifted = rows
    .filter(
      (r) => !r.isAuthorised || Math.round((r.authorisedHours ?? 0) * 10) !== Math.round((computed.get(r.date)?.computedHours ?? 0) * 10),
    )
    .map((r) => r.date);
  await markSiteDaysChanged(tx, siteId, drifted, now);
}

/** Marks the given days of the actor's current site changed. Call it inside the transaction that changed the hours. */
export function markDaysChanged(tx: Db, actor: Actor, dates: readonly string[], now: Date): Promise<void> {
  return markSiteDaysChanged(tx, actor.siteId, dates, now);
}

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
    await markDaysChanged(tx, actor, [date], now);
    return getDayChange(tx, actor, date);
  });
}

/**
 * Writes the engine's current hours for the days as authorised by the actor. Rows that do not exist yet
 * are created (last_modified = now); existing rows keep their last_modified.
 */
async function storeAuthorised(
  tx: Db,
  actor: Actor,
  days: ReadonlyArray<{ date: string; defaultHours: number; computedHours: number }>,
  now: Date,
) {
  for (let i = 0; i < days.length; i += CHUNK) {
    const rows = days.slice(i, i + CHUNK).map((d) => ({
      siteId: actor.siteId,
      date: d.date,
      defaultHours: d.defaultHours,
      currentHours: d.computedHours,
      authorisedHours: d.computedHours,
      isAuthorised: true,
      authorisedBy: actor.userId,
      authorisedAt: now,
      lastModified: now,
    }));
    await tx
      .insert(dayChanges)
      .values(rows)
      .onConflictDoUpdate({
        target: [dayChanges.siteId, dayChanges.date],
        set: {
          defaultHours: sql`excluded.default_hours`,
          currentHours: sql`excluded.current_hours`,
          authorisedHours: sql`excluded.authorised_hours`,
          isAuthorised: true,
          authorisedBy: actor.userId,
          authorisedAt: now,
        },
      });
  }
}

/** POST /api/day-changes/authorise: any date, with or without a row; hours recomputed first. */
export async function authoriseDay(db: Db, actor: Actor, date: string, now: Date): Promise<TDayChange> {
  return db.transaction(async (tx) => {
    await lockSiteHours(tx, actor.siteId);
    const computed = await computeSiteDays(tx, actor.siteId, [date]);
    await storeAuthorised(tx, actor, [...computed.values()], now);
    return getDayChange(tx, actor, date);
  });
}

/**
 * POST /api/day-changes/authorise-multiple: of the given dates, only those that are changed and
 * unauthorised count — a row marked unauthorised, today or later, not a holiday, default hours above 0
 * (holidays and default hours as the engine gives them now).
 */
export async function authoriseMultiple(db: Db, actor: Actor, dates: readonly string[], now: Date): Promise<TAuthoriseMultipleResponse> {
  const wanted = [...new Set(dates)];
  if (wanted.length === 0) return { count: 0, dates: [] };
  return db.transaction(async (tx) => {
    await lockSiteHours(tx, actor.siteId);
    const pending = await tx
      .select({ date: dayChanges.date })
      .from(dayChanges)
      .where(and(inSite(actor, dayChanges.siteId), inArray(dayChanges.date, wanted), eq(dayChanges.isAuthorised, false)));
    const computed = await computeSiteDays(
      tx,
      actor.siteId,
      pending.map((p) => p.date),
    );
    const candidates = [...computed.values()].map((d) => ({ ...d, authorised: false }));
    const chosen = changedDays(candidates, todayOf(now));
    await storeAuthorised(tx, actor, chosen, now);
    return { count: chosen.length, dates: chosen.map((d) => d.date) };
  });
}
