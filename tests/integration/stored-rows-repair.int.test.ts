import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/client';
import { dayChanges, dayRowChecks, publicHolidays, sites } from '../../src/server/db/schema';
import { JOBS, scheduleBackgroundJobs, STORED_DAYS_REPAIR_START_DELAY_S } from '../../src/server/jobs/background';
import type { JobRunner } from '../../src/server/jobs/runner';
import { repairStoredDays, type RepairCounts } from '../../src/server/modules/day-ledger';
import { createClock, startTestApp, type TestApp } from './harness';
import { auth, expectDays, F1, F2, F3, newSite, NOW, open, P1, P2, P3, type FreshSite } from './stored-rows-fixture';

/*
 * The one-off repair of stored day rows older versions left stale (decision 111, migration 0033). Each site
 * listed in `day_row_checks` has every stored row brought to the engine's hours, once, by the day ledger's
 * `repairStoredDays` job. The sites and their six recorded days are those of ./stored-rows-fixture.ts (Ana 8 h and
 * Ben 4 h Monday to Friday: a weekday is 12 h, a Saturday 0; today Wednesday 2 December 2026).
 */
const clock = createClock(NOW);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
});
afterAll(() => t?.close());

const logged: Array<{ level: 'info' | 'error'; obj: Record<string, unknown>; msg: string }> = [];
const log = {
  info: (obj: object, msg: string) => void logged.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
  error: (obj: object, msg: string) => void logged.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
};
const repair = (): Promise<RepairCounts> => repairStoredDays({ db: t.db, now: clock.now, log });

/** Every stored row of a site, every column, by date: what "not touched" and "changes nothing" compare. */
const rowsOf = (siteId: number) => t.db.select().from(dayChanges).where(eq(dayChanges.siteId, siteId)).orderBy(asc(dayChanges.date));
const setRow = (siteId: number, date: string, set: Partial<typeof dayChanges.$inferInsert>) =>
  t.db
    .update(dayChanges)
    .set(set)
    .where(and(eq(dayChanges.siteId, siteId), eq(dayChanges.date, date)));
const checks = async () => (await t.db.select().from(dayRowChecks).orderBy(asc(dayRowChecks.siteId))).map((r) => r.siteId);

/** What an older version left behind, written straight into the database as it did. */
async function corrupt(s: FreshSite) {
  // A holiday on a past authorised Monday, added before decision 111: the row still says 12 h.
  await t.db.insert(publicHolidays).values({ siteId: s.siteId, name: 'Old Founders Day', date: P1 });
  // A holiday on a future authorised Monday whose row was never refreshed either.
  await t.db.insert(publicHolidays).values({ siteId: s.siteId, name: 'Old Winter Day', date: F1 });
  // Wrong current hours on a past authorised Saturday and a future unauthorised Tuesday; a wrong default on a
  // future authorised Saturday. The past unauthorised Tuesday (P2) is right and stays as it is.
  await setRow(s.siteId, P3, { currentHours: 7 });
  await setRow(s.siteId, F2, { currentHours: 3 });
  await setRow(s.siteId, F3, { defaultHours: 5 });
}

interface DayChange {
  date: string;
  currentHours: number;
  defaultHours: number;
  authorised: boolean;
  authorisedHours: number | null;
}
const dayChangesOf = async (cookie: string) => {
  const res = await t.get(`/api/day-changes?startDate=${P1}&endDate=${F3}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(
    (res.json() as DayChange[]).map((r) => [r.date, [r.currentHours, r.defaultHours, r.authorised, r.authorisedHours]]),
  );
};

/** The six days once repaired, as `GET /api/day-changes` gives them: current, default, authorised, authorised hours. */
const REPAIRED = {
  [P1]: [0, 0, true, 12],
  [P2]: [12, 12, false, null],
  [P3]: [0, 0, true, 0],
  [F1]: [0, 0, false, 12],
  [F2]: [12, 12, false, null],
  [F3]: [0, 0, true, 0],
};

let s: FreshSite;
let untouched: FreshSite;
let untouchedRows: Awaited<ReturnType<typeof rowsOf>>;

describe('a site listed for a check', () => {
  beforeAll(async () => {
    s = await newSite(t);
    untouched = await newSite(t);
    await corrupt(s);
    await corrupt(untouched);
    untouchedRows = await rowsOf(untouched.siteId);
    await t.db.insert(dayRowChecks).values({ siteId: s.siteId });
  });

  it('holds rows that disagree with the day explanation before the repair', async () => {
    expect(await dayChangesOf(s.admin)).toEqual({
      [P1]: [12, 12, true, 12],
      [P2]: [12, 12, false, null],
      [P3]: [7, 0, true, 0],
      [F1]: [12, 12, true, 12],
      [F2]: [3, 12, false, null],
      [F3]: [0, 5, true, 0],
    });
    const explained = async (date: string) => {
      const res = await t.get(`/api/day-explain?date=${date}`, s.admin);
      return [res.json().availableHours, res.json().defaultHours];
    };
    expect([await explained(P1), await explained(F1), await explained(F2)]).toEqual([
      [0, 0],
      [0, 0],
      [12, 12],
    ]);
  });

  it('the repair brings every row to the explanation’s hours; past and still-holding authorisations are kept', async () => {
    const p2Before = (await rowsOf(s.siteId)).find((r) => r.date === P2);
    logged.length = 0;
    expect(await repair()).toEqual({ sites: 1, rows: 6, changed: 5, reopened: 1, failed: 0 });
    expect(logged).toEqual([
      {
        level: 'info',
        obj: { job: 'stored-days-repair', siteId: s.siteId, rows: 6, changed: 5, reopened: 1 },
        msg: 'stored day rows checked',
      },
      {
        level: 'info',
        obj: { job: 'stored-days-repair', sites: 1, rows: 6, changed: 5, reopened: 1, failed: 0 },
        msg: 'stored day rows repair done',
      },
    ]);
    // Day changes, day explanation and hours report agree on every day, with these numbers:
    await expectDays(t, s.admin, [
      // past, authorised at 12 h, now a holiday: still authorised, the 12 h kept beside the new 0 h
      [P1, 0, 0, auth(12)],
      // past, awaiting, never wrong: unchanged
      [P2, 12, 12, open()],
      // past Saturday authorised at 0 h with wrong current hours: back to 0 h, still authorised
      [P3, 0, 0, auth(0)],
      // future, authorised at 12 h, now a holiday: the sign-off no longer holds, so the day awaits it again
      [F1, 0, 0, open(12)],
      // future, awaiting, wrong current hours: 12 h, still awaiting
      [F2, 12, 12, open()],
      // future Saturday authorised at 0 h with a wrong default: default 0, the 0 h sign-off still holds
      [F3, 0, 0, auth(0)],
    ]);
    expect(await dayChangesOf(s.admin)).toEqual(REPAIRED);
    // The right row was left as it was, its last change still dated when it was made.
    expect((await rowsOf(s.siteId)).find((r) => r.date === P2)).toEqual(p2Before);
    expect(await checks()).toEqual([]);
  });

  it('a second run finds nothing to check, and checking the site again changes nothing', async () => {
    const after = await rowsOf(s.siteId);
    logged.length = 0;
    expect(await repair()).toEqual({ sites: 0, rows: 0, changed: 0, reopened: 0, failed: 0 });
    expect(logged).toEqual([]);
    await t.db.insert(dayRowChecks).values({ siteId: s.siteId });
    expect(await repair()).toEqual({ sites: 1, rows: 6, changed: 0, reopened: 0, failed: 0 });
    expect(await rowsOf(s.siteId)).toEqual(after);
    expect(await checks()).toEqual([]);
  });

  it('a site without a check row is not touched', async () => {
    expect(await dayChangesOf(untouched.admin)).toEqual({
      [P1]: [12, 12, true, 12],
      [P2]: [12, 12, false, null],
      [P3]: [7, 0, true, 0],
      [F1]: [12, 12, true, 12],
      [F2]: [3, 12, false, null],
      [F3]: [0, 5, true, 0],
    });
    expect(await rowsOf(untouched.siteId)).toEqual(untouchedRows);
  });
});

describe('the upgrade', () => {
  it('migration 0033 lists every site; two instances repairing at once check each site once', async () => {
    // The migration's own statement (its last), on a database that holds sites: one check per site.
    const migration = readFileSync(path.join(migrationsFolder, '0033_stored-day-row-checks.sql'), 'utf8');
    const statement = migration.split('--> statement-breakpoint').at(-1)!;
    expect(statement).toContain('INSERT INTO "day_row_checks"');
    logged.length = 0;
    await t.db.execute(sql.raw(statement));
    const siteIds = (await t.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id))).map((r) => r.id);
    expect(siteIds.length).toBeGreaterThanOrEqual(3);
    expect(await checks()).toEqual(siteIds);

    // Two app instances, each running the job it queued at start.
    const [a, b] = await Promise.all([repair(), repair()]);
    expect(a.failed + b.failed).toBe(0);
    expect(a.sites + b.sites).toBe(siteIds.length);
    expect(await checks()).toEqual([]);
    // The demo business's rows were right; the site left without a check has its five stale rows repaired now.
    const checked = Object.fromEntries(
      logged.filter((l) => l.msg === 'stored day rows checked').map((l) => [l.obj.siteId, [l.obj.changed, l.obj.reopened]]),
    );
    expect(checked).toEqual(Object.fromEntries(siteIds.map((id) => [id, id === untouched.siteId ? [5, 1] : [0, 0]])));
    expect(await dayChangesOf(untouched.admin)).toEqual(REPAIRED);
  });

  it('is queued once shortly after each start, not on a schedule', async () => {
    const calls: string[] = [];
    const runner: JobRunner = {
      schedule: async (name) => void calls.push(`schedule ${name}`),
      work: async (name) => void calls.push(`work ${name}`),
      send: async (name, _data, options) => (calls.push(`send ${name} after ${options?.startAfterSeconds}s`), null),
      stop: async () => undefined,
    };
    await scheduleBackgroundJobs(runner, { db: t.db, mailer: t.mailer, now: clock.now, appUrl: 'http://localhost:3000', log });
    expect(JOBS.storedDaysRepair).toBe('stored-days-repair');
    expect(calls.filter((c) => c.includes(JOBS.storedDaysRepair))).toEqual([
      `work ${JOBS.storedDaysRepair}`,
      `send ${JOBS.storedDaysRepair} after ${STORED_DAYS_REPAIR_START_DELAY_S}s`,
    ]);
  });
});
