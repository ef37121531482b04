import { sql } from 'drizzle-orm';
import type { DayAvailability } from '../../../shared/domain/availability';
import type { ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import type { PipelinedTx, Statement } from '../../db/pipelined';
import { dayChanges } from '../../db/schema';

/**
 * The only writes of `day_changes`. A day's row holds the engine's hours as one-decimal numbers: what was
 * computed (`current_hours`, `default_hours`) and, once someone authorised it, what they authorised.
 */

const CHUNK = 1000;
/** Spans up to this many days store their rows through a statement prepared once per connection. */
const PREPARED_DAYS = 7;

/** How an existing row takes new hours: awaiting authorisation again, the last authorisation kept as audit. */
const remarked = {
  target: [dayChanges.siteId, dayChanges.date],
  set: {
    defaultHours: sql`excluded.default_hours`,
    currentHours: sql`excluded.current_hours`,
    isAuthorised: false,
    lastModified: sql`excluded.last_modified`,
  },
};

/**
 * A past day's new hours when history was changed on purpose (decision 076): an authorised day stays
 * authorised with the hours that were authorised, so a report can show both; any other day is marked.
 */
const historyRewritten = {
  target: [dayChanges.siteId, dayChanges.date],
  set: {
    defaultHours: sql`excluded.default_hours`,
    currentHours: sql`excluded.current_hours`,
    lastModified: sql`excluded.last_modified`,
  },
};

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
    .onConflictDoUpdate(remarked)
    .prepare(`hs_day_changes_${n}`);

export interface StoreOptions {
  /** Past days of a confirmed history change: keep each row's authorisation (see `historyRewritten`). */
  keepAuthorisation?: boolean;
}

/**
 * The statements that store computed days as changed, not yet sent: a pipelined write sends them with its
 * COMMIT, others run them in turn. The caller holds the days' locks and computed them from data read after.
 * A span of a few days (nearly every change) uses a statement prepared once per connection when `prepared`
 * is given, since building the upsert cost the server more than running it.
 */
export function storeComputed(
  tx: Db,
  siteId: ActorSiteId,
  computed: ReadonlyMap<string, DayAvailability>,
  now: Date,
  options: StoreOptions & { prepared?: PipelinedTx['prepared'] } = {},
): Statement[] {
  const days = [...computed.values()];
  if (days.length === 0) return [];
  if (options.prepared && !options.keepAuthorisation && days.length <= PREPARED_DAYS) {
    const upsert = options.prepared(`dayChanges.upsert.${days.length}`, upsertDays(days.length));
    const values: Record<string, unknown> = { siteId, now };
    days.forEach((d, i) => {
      values[`date${i}`] = d.date;
      values[`default${i}`] = d.defaultHours;
      values[`current${i}`] = d.computedHours;
    });
    return [{ execute: () => upsert.execute(values) }];
  }
  const rows = days.map((d) => ({
    siteId,
    date: d.date,
    defaultHours: d.defaultHours,
    currentHours: d.computedHours,
    isAuthorised: false,
    lastModified: now,
  }));
  const upserts: Statement[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    upserts.push(
      tx
        .insert(dayChanges)
        .values(rows.slice(i, i + CHUNK))
        .onConflictDoUpdate(options.keepAuthorisation ? historyRewritten : remarked),
    );
  }
  return upserts;
}

/**
 * Stores the days as authorised by `userId` with the hours given. Rows that do not exist yet are created
 * (last_modified = now); existing rows keep their last_modified.
 */
export async function storeAuthorised(
  tx: Db,
  siteId: ActorSiteId,
  userId: number,
  days: ReadonlyArray<{ date: string; defaultHours: number; computedHours: number }>,
  now: Date,
): Promise<void> {
  for (let i = 0; i < days.length; i += CHUNK) {
    const rows = days.slice(i, i + CHUNK).map((d) => ({
      siteId,
      date: d.date,
      defaultHours: d.defaultHours,
      currentHours: d.computedHours,
      authorisedHours: d.computedHours,
      isAuthorised: true,
      authorisedBy: userId,
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
          authorisedBy: userId,
          authorisedAt: now,
        },
      });
  }
}
