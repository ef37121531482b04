import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOVEMBER, PAST_ADMIN_ONLY, TODAY, newSite, NOW, pastChange, reads, week, type BoundsSite } from './employment-fixture';
import { createClock, startTestApp, type TestApp } from './harness';

/* Adding employees (decision 107); the sites and their hours are described in ./employment-fixture.ts. */
const clock = createClock(NOW);

let t: TestApp;
let r: ReturnType<typeof reads>;
beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  r = reads(t);
});
afterAll(() => t?.close());

describe('adding someone from today or later changes no earlier day', () => {
  let s: BoundsSite;
  beforeAll(async () => {
    s = await newSite(t);
  });

  it('leaves last month’s report and past explanations alone, and counts the joiners from their start', async () => {
    expect(await r.hoursReport('2026-11-01', '2026-11-30', s.admin)).toEqual(NOVEMBER);
    expect([await r.hoursOn('2026-11-24', s.admin), await r.hoursOn('2026-12-01', s.admin)]).toEqual([4, 11.6]);

    const cara = await t.post('/api/employees', { name: 'Cara', ...week(8) }, s.writer);
    expect(cara.statusCode, cara.body).toBe(201);
    expect(cara.json()).toMatchObject({ startDate: TODAY, contractFrom: TODAY });
    expect(await r.firstVersion(cara.json().id, s.admin)).toMatchObject({ validFrom: TODAY, validTo: null, current: true });
    const dan = await t.post('/api/employees', { name: 'Dan', ...week(8), startDate: '2027-01-04' }, s.writer);
    expect(dan.statusCode, dan.body).toBe(201);
    expect(await r.firstVersion(dan.json().id, s.admin)).toMatchObject({ validFrom: '2027-01-04' });

    expect(await r.hoursReport('2026-11-01', '2026-11-30', s.admin)).toEqual(NOVEMBER);
    const yesterday = await r.explain('2026-12-01', s.admin);
    expect(yesterday.availableHours).toBe(11.6);
    expect(yesterday.employees.find((e) => e.employeeId === cara.json().id)).toBeUndefined();
    expect(await r.hoursOn('2026-11-24', s.admin)).toBe(4);
    expect(await r.dayChanges(s.admin)).toEqual([]);
    // Today: 11.6 + Cara 8.0; Monday 4 January: Dan too.
    expect(await r.hoursOn(TODAY, s.admin)).toBe(19.6);
    expect(await r.hoursOn('2027-01-04', s.admin)).toBe(27.6);
    // The capacity forecast (coverage) reads the same versions.
    const forecast = (await t.get('/api/coverage/forecast?from=2026-11-30&weeks=6', s.admin)).json();
    const site = forecast.sites.find((x: { id: number }) => x.id === s.siteId);
    const on = (date: string) => site.availableHours[forecast.dates.indexOf(date)];
    expect([on('2026-12-01'), on(TODAY), on('2027-01-04')]).toEqual([11.6, 19.6, 27.6]);
  });

  it('counts nothing, and takes nothing, before the start: 9 December for someone starting 4 January 2027', async () => {
    const dan = (await t.post('/api/employees', { name: 'Dana', ...week(8), startDate: '2027-01-04' }, s.writer)).json().id;
    const policy = {
      unit: 'hours',
      entitlementHours: 200,
      fullTimeWeeklyHours: 40,
      entitlementDays: 0,
      fullWeekDays: 5,
      yearStartMonth: 1,
      accrual: 'upfront',
      carryOverCapHours: 0,
      carryOverExpiry: { month: 3, day: 31 },
      firstLeaveYear: 2026,
      refuseBelowZero: false,
    };
    expect((await t.put('/api/allowance-policy', policy, s.admin)).statusCode).toBe(200);
    // Cara (from today) 8.0 + 11.6 on Wednesday 9 December.
    expect(await r.hoursOn('2026-12-09', s.admin)).toBe(19.6);
    const away = { employeeId: dan, reasonId: s.reason['Annual Leave'], startDate: '2026-12-09', endDate: '2026-12-09', isFullDay: true };
    const res = await t.post('/api/exceptions', away, s.writer);
    expect(res.statusCode, res.body).toBe(201);
    const day = await r.explain('2026-12-09', s.admin);
    expect(day.availableHours).toBe(19.6);
    expect(day.employees.find((e) => e.employeeId === dan)).toMatchObject({ contract: null, baseHours: 0, adjustedHours: 0 });
    const balance = (await t.get(`/api/balances?year=2026&employeeId=${dan}`, s.admin)).json().rows[0];
    expect(balance).toMatchObject({ entitlement: 0, taken: 0, booked: 0 });
  });
});

describe('a start date before today is a change of the past', () => {
  let s: BoundsSite;
  const eve = { name: 'Eve', ...week(8), startDate: '2026-11-23' };
  beforeAll(async () => {
    s = await newSite(t);
    // Wednesday 25 November: Ben 2 h away (4.0 − 2 = 2.0, with Ana 7.6: 9.6), recorded and authorised.
    const part = {
      employeeId: s.ben,
      reasonId: s.reason['Annual Leave'],
      startDate: '2026-11-25',
      endDate: '2026-11-25',
      isFullDay: false,
    };
    expect((await t.post('/api/exceptions', { ...part, hours: 2 }, s.writer)).statusCode).toBe(201);
    expect((await t.post('/api/day-changes/authorise', { date: '2026-11-25' }, s.admin)).statusCode).toBe(200);
  });

  it('is refused to a writer (403) and to an unconfirmed admin (409 with the counts), adding nobody', async () => {
    const before = await r.employeeIds(s.admin);
    const writer = await t.post('/api/employees', eve, s.writer);
    expect([writer.statusCode, writer.json().message]).toEqual([403, PAST_ADMIN_ONLY]);
    // 23–27 and 30 November and 1 December: 7 past weekdays, 25 November authorised.
    const admin = await t.post('/api/employees', eve, s.admin);
    expect(admin.statusCode).toBe(409);
    expect(admin.json()).toEqual(pastChange(7, 1));
    expect(await r.employeeIds(s.admin)).toEqual(before);
    // Ben's 2 h on 25 November: 236.0 − 2 = 234.0.
    expect(await r.hoursReport('2026-11-01', '2026-11-30', s.admin)).toEqual({ available: '234.0', default: '243.6' });
  });

  it('confirmed, changes those past days, and the stored days agree with the explanation', async () => {
    const res = await t.post('/api/employees', { ...eve, confirmPast: true }, s.admin);
    expect(res.statusCode, res.body).toBe(201);
    expect(await r.firstVersion(res.json().id, s.admin)).toMatchObject({ validFrom: '2026-11-23' });
    // November gains Eve's six weekdays (23–27 and 30) at 8 h: 234.0 + 48 = 282.0 of 243.6 + 48 = 291.6.
    expect(await r.hoursReport('2026-11-01', '2026-11-30', s.admin)).toEqual({ available: '282.0', default: '291.6' });
    expect(await r.hoursOn('2026-11-20', s.admin)).toBe(11.6);
    const rows = await r.dayChanges(s.admin);
    expect(rows.map((d) => d.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-30',
      '2026-12-01',
    ]);
    expect(rows.find((d) => d.date === '2026-11-25')).toMatchObject({ currentHours: 17.6, authorisedHours: 9.6, authorised: true });
    for (const row of rows) expect(row.currentHours).toBe(await r.hoursOn(row.date, s.admin));
    // 11.6 + 8 on each, but 24 November (Ana away: 4.0 + 8) and 25 November (9.6 + 8), authorised at 9.6 and still so.
    expect(rows.map((d) => d.currentHours)).toEqual([19.6, 12, 17.6, 19.6, 19.6, 19.6, 19.6]);
  });
});
