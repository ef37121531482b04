import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { sites } from '../../src/server/db/schema';
import type { TDayExplain } from '../../src/shared/contracts/employee-contracts';
import { createEmployee, createException, createTeam } from '../factories';
import type { TestApp } from './harness';

/*
 * Employment bounds the contract (decision 107). Pinned clock: Wednesday 2 December 2026, 09:00 UTC, so last
 * month is November 2026 (1 November is a Sunday: 21 weekdays). Each part has its own site, created on
 * 1 October 2026 (where its history begins), with two employees from before the rule (from the beginning):
 * Ana 7.6 h Mon–Fri at 100 %, Ben 8 h Mon–Fri at 50 % (base 4.0): 11.6 h a weekday, 21 × 11.6 = 243.6 h default
 * in November. Ana's full-day leave on Tuesday 24 November takes 7.6: 236.0 available.
 */
export const NOW = new Date('2026-12-02T09:00:00Z');
export const TODAY = '2026-12-02';
export const PASSWORD = 'bounds-pass';
export const PAST_ADMIN_ONLY = 'Only an administrator can change hours before today.';
export const NOVEMBER = { available: '236.0', default: '243.6' };

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

export type BoundsSite = Awaited<ReturnType<typeof newSite>>;

export async function newSite(t: TestApp) {
  const team = await createTeam(t.db, PASSWORD);
  await t.db
    .update(sites)
    .set({ createdAt: new Date('2026-10-01T00:00:00Z') })
    .where(eq(sites.id, team.site.id));
  const reason = Object.fromEntries(team.reasons.map((r) => [r.name, r.id]));
  const ana = (await createEmployee(t.db, team.site.id, { name: 'Ana', sortOrder: 1 })).id;
  const ben = (await createEmployee(t.db, team.site.id, { name: 'Ben', sortOrder: 2, ...week(8), efficiency: 50 })).id;
  await createException(t.db, { siteId: team.site.id, employeeId: ana, reasonId: reason['Annual Leave'], startDate: '2026-11-24' });
  return {
    siteId: team.site.id,
    reason,
    ana,
    ben,
    admin: await t.login(team.admin.email, PASSWORD),
    writer: await t.login(team.writer.email, PASSWORD),
  };
}

/** Reads of one site, through the API as a user would. */
export function reads(t: TestApp) {
  const explain = async (date: string, cookie: string): Promise<TDayExplain> => {
    const res = await t.get(`/api/day-explain?date=${date}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  return {
    explain,
    hoursOn: async (date: string, cookie: string) => (await explain(date, cookie)).availableHours,
    /** The hours report's totals (the "Generated" line carries the clock, so it is left out). */
    async hoursReport(startDate: string, endDate: string, cookie: string) {
      const res = await t.post('/api/report-preview', { startDate, endDate, reportType: 'hours' }, cookie);
      expect(res.statusCode, res.body).toBe(200);
      const html = res.json().content as string;
      const total = /<strong>([\d.]+)<\/strong> available hours of <strong>([\d.]+)<\/strong> default/.exec(html);
      return { available: total?.[1], default: total?.[2] };
    },
    async dayChanges(cookie: string, from = '2026-11-01', to = '2026-12-01') {
      const res = await t.get(`/api/day-changes?startDate=${from}&endDate=${to}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Array<{ date: string; currentHours: number; authorisedHours: number | null; authorised: boolean }>;
    },
    firstVersion: async (id: number, cookie: string) => (await t.get(`/api/employees/${id}/contracts`, cookie)).json().contracts[0],
    employeeIds: async (cookie: string) => ((await t.get('/api/employees', cookie)).json() as Array<{ id: number }>).map((e) => e.id),
  };
}

/** The 409 of a change of the past not yet confirmed, with its counts. */
export const pastChange = (pastDays: number, authorisedDays: number) => ({
  message: `This changes the hours of ${pastDays} past ${pastDays === 1 ? 'day' : 'days'}, ${authorisedDays} of them authorised. Confirm to go on.`,
  code: 'PAST_CHANGE',
  pastDays,
  authorisedDays,
});
