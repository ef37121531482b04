import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TDayChange, TExceptionView, THoliday } from '../../src/shared/contracts/calendar';
import type { TContractList } from '../../src/shared/contracts/employee-contracts';
import type { TEmployee } from '../../src/shared/contracts/employees';
import type { TSettings } from '../../src/shared/contracts/settings';
import { addDaysStr, eachDay } from '../../src/shared/domain/dates';
import { mulberry32 } from '../../src/shared/domain/prng';
import { dayChanges, siteSettings } from '../../src/server/db/schema';
import { createEmployee, createException, createHoliday, createSite, createTeam, grantSite } from '../factories';
import { referenceDay, siteFromReads } from '../reference/hours-by-date';
import { startTestApp, type TestApp } from './harness';

/*
 * The report and the calendar must agree: a seeded quarter (April–June 2025, across the stored-hours
 * cutoff of 16 June) on two sites, one of them working Saturdays. For every day of both sites, the
 * available and default hours in the hours report equal what the independent reference
 * (tests/reference/hours-by-date.ts) computes from the calendar's own reads, with the stored-hours rule:
 * before 16 June 2025 a stored day shows its stored hours, a holiday excepted.
 */
const CUTOFF = '2025-06-16';

const PASSWORD = 'reports-calendar';
const FROM = '2025-04-01';
const TO = '2025-06-30';
let t: TestApp;
let cookie: string;
const siteIds: number[] = [];
const siteNames: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ now: () => new Date('2025-07-01T08:00:00Z') });
  const team = await createTeam(t.db, PASSWORD);
  const second = await createSite(t.db, team.business.id, { name: 'Second site' });
  await grantSite(t.db, team.admin.id, second.id);
  await t.db.update(siteSettings).set({ saturdayWorkday: true }).where(eq(siteSettings.siteId, second.id));
  siteIds.push(team.site.id, second.id);
  siteNames.push(team.site.name, second.name);

  const rand = mulberry32(2025_04_01);
  const int = (a: number, b: number) => a + Math.floor(rand() * (b - a + 1));
  for (const siteId of siteIds) {
    const staff = [];
    for (let i = 0; i < 6; i++) {
      const h = [7.6, 8, 6.5, 4][i % 4];
      staff.push(
        await createEmployee(t.db, siteId, {
          efficiency: int(50, 120),
          mondayHours: h,
          tuesdayHours: h,
          wednesdayHours: i === 2 ? 0 : h,
          thursdayHours: h,
          fridayHours: h,
          saturdayHours: i % 2 ? 4 : 0,
        }),
      );
    }
    for (let i = 0; i < 60; i++) {
      const startDate = addDaysStr(FROM, int(-5, 90));
      const isFullDay = rand() < 0.6;
      await createException(t.db, {
        siteId,
        employeeId: staff[int(0, staff.length - 1)].id,
        reasonId: team.reasons[int(0, team.reasons.length - 1)].id,
        startDate,
        endDate: addDaysStr(startDate, int(0, 6)),
        isFullDay,
        hours: isFullDay && rand() < 0.6 ? null : int(5, 60) / 10,
      });
    }
    await createHoliday(t.db, siteId, '2025-04-18', 'Good Friday');
    await createHoliday(t.db, siteId, '2025-05-26', 'Spring bank holiday');
    // Stored hours on both sides of the cutoff: the calendar shows stored hours only before it.
    for (const date of ['2025-05-06', '2025-06-13', '2025-06-16', '2025-06-20']) {
      await t.db.insert(dayChanges).values({ siteId, date, defaultHours: 30, currentHours: int(10, 300) / 10, isAuthorised: rand() < 0.5 });
    }
  }
  cookie = await t.login(team.admin.email, PASSWORD);
});
afterAll(() => t?.close());

async function calendarDays(siteId: number) {
  expect((await t.post('/api/switch-site', { siteId }, cookie)).statusCode).toBe(200);
  const q = `startDate=${FROM}&endDate=${TO}`;
  const read = async <T>(url: string) => (await t.get(url, cookie)).json() as T;
  const days = eachDay(FROM, TO);
  const changes = await read<TDayChange[]>(`/api/day-changes?${q}`);
  const settings = await read<TSettings>('/api/settings');
  const exceptions = await read<TExceptionView[]>(`/api/exceptions?${q}`);
  const holidays = await read<THoliday[]>(`/api/public-holidays?${q}`);
  const contracts = [];
  for (const e of await read<TEmployee[]>('/api/employees')) contracts.push(await read<TContractList>(`/api/employees/${e.id}/contracts`));
  const site = siteFromReads({ settings, contracts, exceptions, holidays });
  const stored = new Map(changes.map((c) => [c.date, c.currentHours]));
  return new Map(
    days.map((date) => {
      const ref = referenceDay(site, date);
      const kept = date < CUTOFF && !site.holidays.includes(date) ? stored.get(date) : undefined;
      return [
        date,
        { availableHours: kept ?? ref.available, defaultHours: ref.default, source: kept === undefined ? 'computed' : 'stored' },
      ];
    }),
  );
}

it('gives the calendar’s available and default hours for every day of a quarter on two sites', async () => {
  const res = await t.post('/api/reports/csv', { startDate: FROM, endDate: TO, reportType: 'hours', siteScope: 'all' }, cookie);
  expect(res.statusCode).toBe(200);
  const rows = res.rawPayload
    .toString('utf8')
    .slice(1)
    .trim()
    .split('\r\n')
    .slice(1)
    .map((l) => l.split(','));
  expect(rows).toHaveLength(2 * 91);
  let stored = 0;
  for (const [i, siteId] of siteIds.entries()) {
    const calendar = await calendarDays(siteId);
    const report = rows.filter((r) => r[0] === siteNames[i]);
    expect(report.map((r) => r[1])).toEqual(eachDay(FROM, TO));
    for (const [, date, , available, dflt] of report) {
      const day = calendar.get(date)!;
      if (day.source === 'stored') stored += 1;
      expect({ date, available: Number(available), default: Number(dflt) }).toEqual({
        date,
        available: day.availableHours,
        default: day.defaultHours,
      });
    }
  }
  // The stored-hours rule was exercised on both sites (two days before the cutoff each).
  expect(stored).toBe(4);
});
