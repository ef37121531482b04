import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeContracts, employees, leaveRequests, mailOutbox } from '../../src/server/db/schema';
import { createEmployee, createException, createHoliday, createTenant } from '../factories';
import { startTestApp, type TestApp } from './harness';
import { leaveSite, PASSWORD } from './leave-requests-fixture';

/*
 * Allowances and balances wired (decision 095), on a fixture small enough to count by hand.
 * Pinned clock: Wednesday 15 May 2030. Policy: 200 h a year for a 40 h week, leave year from January,
 * upfront, carry-over capped at 16 h expiring 31 March, first leave year 2029. Weekends are not worked.
 *
 * Ann: 8 h Monday to Friday (40 h), from 1 July 2030 8 h Monday to Thursday (32 h).
 *   2029: entitlement 200; Annual Leave 10–14 Dec 2029 = 5 × 8 = 40 → remaining 160 → carries min(16, 160) = 16.
 *   2030 entitlement: 200 × 181/365 (Jan–Jun at 40/40) + 200 × 32/40 × 184/365 (Jul–Dec) = 65640/365 = 179.835… → 179.8.
 *   Taken (to 15 May): Mon 4 Mar full day 8 + Wed 10 Apr part day 3 = 11. Sick Leave on 6 May does not count.
 *   Expired: of the 16 carried, 4 Mar's 8 was used by 31 March; 8 expired (today is after the expiry).
 *   Booked: 1–5 Jul under the new contract: Mon 8, Tue holiday 0, Wed 8, Thu 8, Fri no hours 0 = 24.
 *   Pending: a pending request Mon 3 – Tue 4 Jun = 16 (not deducted); a declined one is left out.
 *   Adjustments: +4.5 on 1 Feb 2030 (posted through the API below).
 *   Remaining: 179.835… + 16 − 8 + 4.5 − 11 − 24 = 157.335… → 157.3.
 * Bob: 6 h Monday to Friday (30 h), start date 1 April 2030: 200 × 30/40 × 275/365 = 113.013… → 113.0; no carry (2029: nothing earned).
 */
const NOW = new Date('2030-05-15T10:00:00Z');

const POLICY = {
  unit: 'hours',
  entitlementHours: 200,
  fullTimeWeeklyHours: 40,
  entitlementDays: 0,
  fullWeekDays: 5,
  yearStartMonth: 1,
  accrual: 'upfront',
  carryOverCapHours: 16,
  carryOverExpiry: { month: 3, day: 31 },
  firstLeaveYear: 2029,
  refuseBelowZero: false,
};

let t: TestApp;
let s: Awaited<ReturnType<typeof leaveSite>>;
let admin: string;
let manager: string;
let viewer: string;
let staff: string;
let otherAdmin: string;
let otherEmployeeId: number;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  s = await leaveSite(t.db);
  admin = await t.login(s.admin.email, PASSWORD);
  manager = await t.login(s.writer.email, PASSWORD);
  viewer = await t.login(s.viewer.email, PASSWORD);
  staff = await t.login(s.annUser.email, PASSWORD);
  const sick = s.reasons[1];
  const { siteId, ann, bob, annual } = s;
  await t.db
    .update(employeeContracts)
    .set({ mondayHours: 8, tuesdayHours: 8, wednesdayHours: 8, thursdayHours: 8, fridayHours: 8 })
    .where(eq(employeeContracts.employeeId, ann.id));
  await t.db.insert(employeeContracts).values({
    siteId,
    employeeId: ann.id,
    validFrom: '2030-07-01',
    mondayHours: 8,
    tuesdayHours: 8,
    wednesdayHours: 8,
    thursdayHours: 8,
    fridayHours: 0,
    saturdayHours: 0,
    sundayHours: 0,
  });
  await t.db.update(employees).set({ startDate: '2030-04-01' }).where(eq(employees.id, bob.id));
  await createException(t.db, { siteId, employeeId: ann.id, reasonId: annual.id, startDate: '2029-12-10', endDate: '2029-12-14' });
  await createException(t.db, { siteId, employeeId: ann.id, reasonId: annual.id, startDate: '2030-03-04' });
  await createException(t.db, { siteId, employeeId: ann.id, reasonId: annual.id, startDate: '2030-04-10', isFullDay: false, hours: 3 });
  await createException(t.db, { siteId, employeeId: ann.id, reasonId: sick.id, startDate: '2030-05-06' });
  await createException(t.db, { siteId, employeeId: ann.id, reasonId: annual.id, startDate: '2030-07-01', endDate: '2030-07-05' });
  await createHoliday(t.db, siteId, '2030-07-02');
  const request = { siteId, employeeId: ann.id, requesterName: 'ann', reasonId: annual.id };
  await t.db.insert(leaveRequests).values([
    { ...request, startDate: '2030-06-03', endDate: '2030-06-04', status: 'pending' },
    { ...request, startDate: '2030-06-10', endDate: '2030-06-10', status: 'declined' },
  ]);

  const other = await createTenant(t.db, { password: PASSWORD });
  otherAdmin = await t.login(other.admin.email, PASSWORD);
  otherEmployeeId = (await createEmployee(t.db, other.site.id, { name: 'Zed' })).id;
});
afterAll(() => t?.close());

describe('allowance policy', () => {
  it('is absent until an admin sets one, and balances say where to set it', async () => {
    expect((await t.get('/api/allowance-policy', admin)).json()).toEqual({ policy: null, updatedAt: null });
    const res = await t.get('/api/balances', admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/no allowance policy/);
  });

  it('refuses what the engine cannot read, with a message to act on', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ carryOverExpiry: { month: 2, day: 29 } }, /29 February/],
      [{ carryOverExpiry: { month: 4, day: 31 } }, /real day/],
      [{ fullWeekDays: 8 }, /1 to 7 days/],
      [{ fullTimeWeeklyHours: 0 }, /above 0/],
      [{ entitlementHours: -1 }, /0 or more/],
      [{ carryOverCapHours: -2 }, /cap must be 0 or more/],
      [{ yearStartMonth: 13 }, /1 to 12/],
      [{ unit: 'weeks' }, /hours or days/],
      [{ firstLeaveYear: 2029.5 }, /whole year/],
    ];
    for (const [change, message] of cases) {
      const res = await t.put('/api/allowance-policy', { ...POLICY, ...change }, admin);
      expect([change, res.statusCode]).toEqual([change, 400]);
      expect(res.json().message).toMatch(message);
    }
  });

  it('is written by admins only and read by everyone but Staff', async () => {
    expect((await t.put('/api/allowance-policy', POLICY, manager)).statusCode).toBe(403);
    const res = await t.put('/api/allowance-policy', POLICY, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ policy: POLICY, updatedAt: NOW.toISOString() });
    expect((await t.get('/api/allowance-policy', viewer)).json().policy).toEqual(POLICY);
    expect((await t.get('/api/allowance-policy', staff)).statusCode).toBe(403);
    // Another site's policy is its own.
    expect((await t.get('/api/allowance-policy', otherAdmin)).json().policy).toBeNull();
  });
});

describe('balance adjustments', () => {
  it('records who, when and why', async () => {
    const res = await t.post(
      `/api/employees/${s.ann.id}/balance-adjustments`,
      { date: '2030-02-01', hours: 4.5, reason: ' Opening balance ' },
      admin,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      employeeId: s.ann.id,
      date: '2030-02-01',
      hours: 4.5,
      reason: 'Opening balance',
      createdByName: s.admin.username,
      createdAt: NOW.toISOString(),
    });
    const list = await t.get(`/api/employees/${s.ann.id}/balance-adjustments`, admin);
    expect(list.json().map((a: { reason: string }) => a.reason)).toEqual(['Opening balance']);
  });

  it('refuses no hours, no reason, non-admins and other sites', async () => {
    const url = `/api/employees/${s.ann.id}/balance-adjustments`;
    const zero = await t.post(url, { date: '2030-02-01', hours: 0, reason: 'Nothing' }, admin);
    expect([zero.statusCode, zero.json().message]).toEqual([400, 'An adjustment must add or take at least 0.1 hours']);
    const bare = await t.post(url, { date: '2030-02-01', hours: 2, reason: ' ' }, admin);
    expect([bare.statusCode, bare.json().message]).toEqual([400, 'The reason must be at least 2 characters']);
    expect((await t.post(url, { date: '2030-02-01', hours: 2, reason: 'Bonus' }, manager)).statusCode).toBe(403);
    expect((await t.get(url, manager)).statusCode).toBe(403);
    const foreign = await t.post(
      `/api/employees/${otherEmployeeId}/balance-adjustments`,
      { date: '2030-02-01', hours: 2, reason: 'Bonus' },
      admin,
    );
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Employee not found']);
  });

  it('refuses an adjustment where no policy counts it: a site without one, a date before the first leave year (decision 116)', async () => {
    const none = await t.post(
      `/api/employees/${otherEmployeeId}/balance-adjustments`,
      { date: '2030-02-01', hours: 2, reason: 'Bonus' },
      otherAdmin,
    );
    expect([none.statusCode, none.json().message]).toEqual([
      409,
      'An adjustment needs an allowance policy, and this site has none yet: an admin sets one under Settings → Leave Allowance.',
    ]);
    expect((await t.get(`/api/employees/${otherEmployeeId}/balance-adjustments`, otherAdmin)).json()).toEqual([]);
    const url = `/api/employees/${s.ann.id}/balance-adjustments`;
    const early = await t.post(url, { date: '2028-12-31', hours: 2, reason: 'Too early' }, admin);
    expect([early.statusCode, early.json().message]).toEqual([
      400,
      'The allowance policy counts from its first leave year, which starts on 2029-01-01: choose a date on or after it.',
    ]);
    expect((await t.get(url, admin)).json().map((a: { reason: string }) => a.reason)).toEqual(['Opening balance']);
  });
});

describe('balances', () => {
  const ann = {
    employeeName: 'Ann',
    entitlement: 179.8,
    accrued: 179.8,
    carriedOver: 16,
    carryOverExpiresOn: '2030-03-31',
    expired: 8,
    taken: 11,
    booked: 24,
    pending: 16,
    adjustments: 4.5,
    remaining: 157.3,
    days: null,
  };
  const bob = {
    employeeName: 'Bob',
    entitlement: 113,
    accrued: 113,
    carriedOver: 0,
    carryOverExpiresOn: '2030-03-31',
    expired: 0,
    taken: 0,
    booked: 0,
    pending: 0,
    adjustments: 0,
    remaining: 113,
    days: null,
  };

  it('counts each employee of the site from contracts, absences, requests, holidays and adjustments', async () => {
    const res = await t.get('/api/balances?year=2030', manager);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      year: 2030,
      yearStart: '2030-01-01',
      yearEnd: '2030-12-31',
      unit: 'hours',
      rows: [
        { employeeId: s.ann.id, ...ann },
        { employeeId: s.bob.id, ...bob },
      ],
    });
    // Without a year: the leave year today falls in.
    expect((await t.get('/api/balances', viewer)).json().year).toBe(2030);
  });

  it('answers the year before: what carried came from it', async () => {
    const res = await t.get(`/api/balances?year=2029&employeeId=${s.ann.id}`, admin);
    expect(res.json().rows[0]).toMatchObject({ entitlement: 200, carriedOver: 0, taken: 40, booked: 0, remaining: 160 });
  });

  it('shows days beside hours for a days policy', async () => {
    // 25 days of a 5-day week = 200 h for a 40 h week, so the hours stay as above; Ann's day today is 40 / 5 = 8 h.
    await t.put('/api/allowance-policy', { ...POLICY, unit: 'days', entitlementDays: 25 }, admin);
    const row = (await t.get(`/api/balances?year=2030&employeeId=${s.ann.id}`, admin)).json().rows[0];
    expect(row).toMatchObject({ entitlement: 179.8, remaining: 157.3 });
    expect(row.days).toMatchObject({ dayHours: 8, carriedOver: 2, taken: 1.4, booked: 3, pending: 2 });
    await t.put('/api/allowance-policy', POLICY, admin);
  });

  it('shows Staff only their own employee', async () => {
    const res = await t.get('/api/balances?year=2030', staff);
    expect(res.json().rows).toEqual([{ employeeId: s.ann.id, ...ann }]);
    const bobs = await t.get(`/api/balances?employeeId=${s.bob.id}`, staff);
    expect([bobs.statusCode, bobs.json().message]).toEqual([404, 'Employee not found']);
    // Staff may not download the site's file.
    expect((await t.get('/api/export/balances.csv?year=2030', staff)).statusCode).toBe(403);
  });

  it('refuses a request below zero only when the policy says so, counting the requests still waiting', async () => {
    // Mondays to Thursdays from 2 September to 19 December 2030: 16 weeks of Ann's 4 days of 8 h = 512 h. With her
    // 157.3 h left and 16 h already waiting: 157.335 − 16 − 512 = −370.665, so 370.7 h below zero.
    const big = { reasonId: s.annual.id, startDate: '2030-09-02', endDate: '2030-12-20', isFullDay: true };
    await t.put('/api/allowance-policy', { ...POLICY, refuseBelowZero: true }, admin);
    try {
      const refused = await t.post('/api/leave-requests', big, staff);
      expect([refused.statusCode, refused.json().message]).toEqual([
        409,
        "This request would leave 370.7 h less than nothing once every request still waiting is approved, and this site's policy refuses that. Ask your manager.",
      ]);
      // Nothing was kept: the balance still counts only the 16 h waiting before.
      expect((await t.get(`/api/balances?year=2030&employeeId=${s.ann.id}`, admin)).json().rows[0].pending).toBe(16);
      // A sick day does not count against the allowance, so it is never refused for it.
      const sick = await t.post('/api/leave-requests', { ...big, reasonId: s.reasons[1].id, endDate: '2030-09-02' }, staff);
      expect(sick.statusCode).toBe(201);
      expect((await t.post(`/api/leave-requests/${sick.json().id}/cancel`, {}, staff)).statusCode).toBe(200);
    } finally {
      await t.put('/api/allowance-policy', POLICY, admin);
    }
    // Off (the default), the same request is sent; the dialog only warns.
    const sent = await t.post('/api/leave-requests', big, staff);
    expect(sent.statusCode).toBe(201);
    expect((await t.post(`/api/leave-requests/${sent.json().id}/cancel`, {}, staff)).statusCode).toBe(200);
    expect((await t.get('/api/allowance-policy', admin)).json().policy.refuseBelowZero).toBe(false);
  });

  it("answers 404 for another site's employee and 400 for a year out of reach", async () => {
    const res = await t.get(`/api/balances?employeeId=${otherEmployeeId}`, admin);
    expect([res.statusCode, res.json().message]).toEqual([404, 'Employee not found']);
    const early = await t.get('/api/balances?year=2028', admin);
    expect([early.statusCode, early.json().message]).toEqual([400, "The leave year must be between 2029 (the policy's first) and 2129"]);
    expect((await t.get('/api/balances?year=abc', admin)).statusCode).toBe(400);
  });

  it('exports the same columns as CSV', async () => {
    const res = await t.get('/api/export/balances.csv?year=2030', viewer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="balances-2030.csv"');
    expect(res.body.split('\r\n')).toEqual([
      '\uFEFFEmployee Id,Employee,Entitlement,Accrued,Carried Over,Carry-over Expires,Expired,Taken,Booked,Pending,Adjustments,Remaining',
      `${s.ann.id},Ann,179.8,179.8,16,2030-03-31,8,11,24,16,4.5,157.3`,
      `${s.bob.id},Bob,113,113,0,2030-03-31,0,0,0,0,0,113`,
      '',
    ]);
  });
});

describe('exception types that count against the allowance', () => {
  it('are set on the type, never on one that adds hours', async () => {
    const created = await t.post('/api/exception-reasons', { name: 'Time in lieu', countsAgainstAllowance: true }, admin);
    expect(created.statusCode).toBe(201);
    expect(created.json().countsAgainstAllowance).toBe(true);
    const additive = await t.post('/api/exception-reasons', { name: 'Extra', isAdditive: true, countsAgainstAllowance: true }, admin);
    expect([additive.statusCode, additive.json().message]).toEqual([
      400,
      'A type that adds hours cannot count against the allowance: turn one of them off',
    ]);
    // The starter Annual Leave counts; an edit that leaves the flag out keeps it.
    const list = (await t.get('/api/exception-reasons', admin)).json() as Array<{ name: string; countsAgainstAllowance: boolean }>;
    expect(list.find((r) => r.name === 'Annual Leave')?.countsAgainstAllowance).toBe(true);
    const edit = await t.put(`/api/exception-reasons/${created.json().id}`, { name: 'Time in lieu', isAdditive: true }, admin);
    expect(edit.statusCode).toBe(400);
  });
});

describe('employee start date', () => {
  it('is carried by the employee API', async () => {
    const res = await t.post(
      '/api/employees',
      {
        name: 'Cas',
        efficiency: 100,
        mondayHours: 8,
        tuesdayHours: 8,
        wednesdayHours: 8,
        thursdayHours: 8,
        fridayHours: 8,
        saturdayHours: 0,
        sundayHours: 0,
        startDate: '2030-06-01',
      },
      admin,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().startDate).toBe('2030-06-01');
    const bad = await t.put(
      `/api/employees/${res.json().id}`,
      { ...(res.json() as Record<string, unknown>), startDate: '2030-02-30' },
      admin,
    );
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Date is not a real calendar day']);
  });
});

describe('the Leave Balances report', () => {
  // The range ends in leave year 2030; balances are as of today (15 May 2030), as the API answers them.
  const body = { startDate: '2030-05-01', endDate: '2030-05-31', reportType: 'balances', siteScope: 'current' };

  it('previews each employee with the balances columns', async () => {
    const res = await t.post('/api/report-preview', body, viewer);
    expect(res.statusCode).toBe(200);
    const html = res.json().content as string;
    expect(html).toContain('Leave Balances Report');
    expect(html).toContain('Leave year 2030: 2030-01-01 to 2030-12-31, in hours; carried hours usable until 2030-03-31.');
    const cells = (name: string) =>
      [...html.matchAll(/<tr>(.*?)<\/tr>/g)]
        .map((m) => [...m[1].matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((c) => c[1]))
        .find((row) => row[0] === name);
    expect(cells('Ann')).toEqual(['Ann', '179.8', '179.8', '16.0', '8.0', '11.0', '24.0', '16.0', '+4.5', '157.3']);
    expect(cells('Bob')).toEqual(['Bob', '113.0', '113.0', '0.0', '0.0', '0.0', '0.0', '0.0', '0.0', '113.0']);
  });

  it('downloads as CSV and PDF, and is mailed', async () => {
    const csv = await t.post('/api/reports/csv', body, viewer);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFSite,Leave year,Employee Id,Employee,Entitlement,Accrued,Carried Over,Carry-over Expires,Expired,Taken,Booked,Pending,Adjustments,Remaining,Remaining (days)',
    );
    expect(lines.slice(1, 3).map((l) => l.split(',').slice(1).join(','))).toEqual([
      `2030,${s.ann.id},Ann,179.8,179.8,16,2030-03-31,8,11,24,16,4.5,157.3,`,
      `2030,${s.bob.id},Bob,113,113,0,2030-03-31,0,0,0,0,0,113,`,
    ]);
    const pdf = await t.post('/api/generate-pdf', body, viewer);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="balances_hierarchical_report_2030-05-01_to_2030-05-31.pdf"');
    const mailed = await t.post('/api/email-report', { ...body, emailAddresses: s.writer.email }, admin);
    expect(mailed.statusCode).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Leave Balances Report: 1 – 31 May 2030'));
    expect(mail.text).toContain('  Ann: 157.3 hours left, 16.0 pending');
  });

  it('says so for a site without a policy', async () => {
    const res = await t.post('/api/report-preview', body, otherAdmin);
    expect(res.json().content).toContain('No allowance policy: no balances are counted on this site.');
  });
});
