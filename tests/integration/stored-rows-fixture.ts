import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { sites } from '../../src/server/db/schema';
import { createEmployee, createTeam } from '../factories';
import type { TestApp } from './harness';

/*
 * Stored day rows never stale (decision 111). Pinned clock: Wednesday 2 December 2026, 09:00 UTC. Each part has
 * its own site, created on 1 October 2026, with two employees from before decision 107 (from the beginning):
 * Ana 8 h Monday to Friday, Ben 4 h Monday to Friday and 5 h on Saturdays, both at 100 %; Saturday is no working
 * day, so a weekday is 12 h (default 12) and a weekend day 0. Six days are recorded through the API, past and
 * future, authorised and not: see `RECORDED`.
 */
export const NOW = new Date('2026-12-02T09:00:00Z');
export const PASSWORD = 'fresh-rows-pass';

export const P1 = '2026-11-23'; // Monday, authorised
export const P2 = '2026-11-24'; // Tuesday, marked, not authorised
export const P3 = '2026-11-28'; // Saturday, authorised
export const F1 = '2026-12-07'; // Monday, authorised
export const F2 = '2026-12-08'; // Tuesday, marked, not authorised
export const F3 = '2026-12-12'; // Saturday, authorised

/** What a day-change row should say: none, awaiting (with the last sign-off kept, if any), or authorised at its hours. */
export type RowState = { kind: 'none' } | { kind: 'open'; last: number | null } | { kind: 'auth'; hours: number };
export const none: RowState = { kind: 'none' };
export const open = (last: number | null = null): RowState => ({ kind: 'open', last });
export const auth = (hours: number): RowState => ({ kind: 'auth', hours });

/** A day as every reader should show it: available and default hours, and its stored row. */
export type Expected = [date: string, available: number, defaultHours: number, row: RowState];

export const RECORDED: Expected[] = [
  [P1, 12, 12, auth(12)],
  [P2, 12, 12, open()],
  [P3, 0, 0, auth(0)],
  [F1, 12, 12, auth(12)],
  [F2, 12, 12, open()],
  [F3, 0, 0, auth(0)],
];

export type FreshSite = Awaited<ReturnType<typeof newSite>>;

export async function newSite(t: TestApp) {
  const team = await createTeam(t.db, PASSWORD);
  await t.db
    .update(sites)
    .set({ createdAt: new Date('2026-10-01T00:00:00Z') })
    .where(eq(sites.id, team.site.id));
  const reason = Object.fromEntries(team.reasons.map((r) => [r.name, r.id]));
  const ana = (await createEmployee(t.db, team.site.id, { name: 'Ana', sortOrder: 1, ...week(8) })).id;
  const ben = (await createEmployee(t.db, team.site.id, { name: 'Ben', sortOrder: 2, ...week(4), saturdayHours: 5 })).id;
  const admin = await t.login(team.admin.email, PASSWORD);
  const writer = await t.login(team.writer.email, PASSWORD);
  for (const date of [P1, P3, F1, F3]) expect((await t.post('/api/day-changes/authorise', { date }, admin)).statusCode).toBe(200);
  for (const date of [P2, F2]) expect((await t.post('/api/day-changes/mark', { date }, admin)).statusCode).toBe(200);
  return { siteId: team.site.id, reason, ana, ben, admin, writer };
}

/** `h` hours Monday to Friday at 100 %. */
export const week = (h: number) => ({
  efficiency: 100,
  mondayHours: h,
  tuesdayHours: h,
  wednesdayHours: h,
  thursdayHours: h,
  fridayHours: h,
  saturdayHours: 0,
  sundayHours: 0,
});

interface DayChange {
  date: string;
  currentHours: number;
  defaultHours: number;
  authorised: boolean;
  authorisedHours: number | null;
}

/** The hours report's CSV rows by date: available, default, authorisation and the authorised hours column. */
async function hoursReport(t: TestApp, cookie: string, startDate: string, endDate: string) {
  const res = await t.post('/api/reports/csv', { startDate, endDate, reportType: 'hours' }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  const [head, ...lines] = res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const column = (name: string) => head.split(',').indexOf(name);
  const [date, available, dflt, status, authorised] = ['Date', 'Available hours', 'Default hours', 'Authorisation', 'Authorised hours'].map(
    column,
  );
  return new Map(
    lines
      .map((l) => l.split(','))
      .map((c) => [c[date], { available: Number(c[available]), default: Number(c[dflt]), status: c[status], authorised: c[authorised] }]),
  );
}

/**
 * Every reader agrees with the hand-written expectation on each day: the stored row (`GET /api/day-changes`), the
 * day explanation (`GET /api/day-explain`) and the hours report (its CSV). The report shows a sign-off's hours
 * beside a day only when they differ from the day's hours now.
 */
export async function expectDays(t: TestApp, cookie: string, days: readonly Expected[]) {
  const dates = days.map(([d]) => d).sort();
  const [from, to] = [dates[0], dates[dates.length - 1]];
  const res = await t.get(`/api/day-changes?startDate=${from}&endDate=${to}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  const rows = new Map((res.json() as DayChange[]).map((r) => [r.date, r]));
  const report = await hoursReport(t, cookie, from, to);
  for (const [date, available, dflt, state] of days) {
    const row = rows.get(date);
    const stored = row
      ? { current: row.currentHours, default: row.defaultHours, authorised: row.authorised, last: row.authorisedHours }
      : null;
    const want =
      state.kind === 'none'
        ? null
        : { current: available, default: dflt, authorised: state.kind === 'auth', last: state.kind === 'auth' ? state.hours : state.last };
    expect(stored, `day-changes ${date}`).toEqual(want);

    const explain = await t.get(`/api/day-explain?date=${date}`, cookie);
    expect(explain.statusCode, explain.body).toBe(200);
    expect([explain.json().availableHours, explain.json().defaultHours], `day-explain ${date}`).toEqual([available, dflt]);

    const line = report.get(date);
    const signedOff = state.kind === 'auth';
    expect(
      line && { available: line.available, default: line.default, signedOff: line.status.startsWith('Authorised'), shown: line.authorised },
      `hours report ${date}`,
    ).toEqual({
      available,
      default: dflt,
      signedOff,
      shown: signedOff && state.hours !== available ? String(state.hours) : '',
    });
  }
}

/** `RECORDED` with some days replaced or added. */
export const recordedWith = (...changed: Expected[]): Expected[] => {
  const byDate = new Map(RECORDED.map((d) => [d[0], d]));
  for (const d of changed) byDate.set(d[0], d);
  return [...byDate.values()];
};
