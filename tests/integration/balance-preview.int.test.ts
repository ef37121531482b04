import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeContracts, leaveRequests } from '../../src/server/db/schema';
import { createEmployee, createException, createHoliday, createTenant } from '../factories';
import { startTestApp, type TestApp } from './harness';
import { leaveSite, PASSWORD } from './leave-requests-fixture';

/*
 * The preview of a request's balance (decision 112): the figure "After this request" is the balance once the
 * request is approved, because the balance engine gives it. Every number below is counted by hand.
 *
 * Pinned clock: Wednesday 15 May 2030. Policy: 200 h a year for a 40 h week, leave year from January, upfront,
 * nothing carried, first leave year 2030. Weekends are not worked; Tuesday 18 June 2030 is a public holiday.
 * Ann works 8 h Monday to Friday (40 h) all year: entitlement 200 × 40/40 × 365/365 = 200.0 h.
 *
 * Already on Ann's calendar, entered by a manager:
 *   Mon 3 Jun   Annual Leave, full day        8 h   (counts)
 *   Wed 12 Jun  Annual Leave, part day 3 h    3 h   (counts)
 *   Thu 13 Jun  Sick Leave, full day          -     (does not count)
 * and one request of hers still waiting: Mon 24 Jun, full day, 8 h.
 * Remaining now: 200 − 8 − 3 = 189.0 h; pending 8.0 h.
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
  carryOverCapHours: 0,
  carryOverExpiry: null,
  firstLeaveYear: 2030,
  refuseBelowZero: false,
};

let t: TestApp;
let s: Awaited<ReturnType<typeof leaveSite>>;
let admin: string;
let manager: string;
let staff: string;
let other: { employeeId: number; reasonId: number; requestId: number };
let bobRequestId: number;

const preview = (cookie: string, q: Record<string, string | number | boolean>) =>
  t.get(`/api/balances/preview?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`, cookie);
const ask = (q: Record<string, string | number | boolean>) => ({ employeeId: s.ann.id, reasonId: s.annual.id, ...q });
const annRemaining = async () => (await t.get(`/api/balances?year=2030&employeeId=${s.ann.id}`, admin)).json().rows[0].remaining;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  s = await leaveSite(t.db);
  admin = await t.login(s.admin.email, PASSWORD);
  manager = await t.login(s.writer.email, PASSWORD);
  staff = await t.login(s.annUser.email, PASSWORD);
  const { siteId, ann, bob, annual } = s;
  const sick = s.reasons[1];
  await t.db
    .update(employeeContracts)
    .set({ mondayHours: 8, tuesdayHours: 8, wednesdayHours: 8, thursdayHours: 8, fridayHours: 8, saturdayHours: 0, sundayHours: 0 })
    .where(eq(employeeContracts.employeeId, ann.id));
  await createException(t.db, { siteId, employeeId: ann.id, reasonId: annual.id, startDate: '2030-06-03' });
  await createException(t.db, { siteId, employeeId: ann.id, reasonId: annual.id, startDate: '2030-06-12', isFullDay: false, hours: 3 });
  await createException(t.db, { siteId, employeeId: ann.id, reasonId: sick.id, startDate: '2030-06-13' });
  await createHoliday(t.db, siteId, '2030-06-18');
  const request = { siteId, requesterName: 'ann', reasonId: annual.id, status: 'pending' as const };
  await t.db.insert(leaveRequests).values({ ...request, employeeId: ann.id, startDate: '2030-06-24', endDate: '2030-06-24' });
  [{ id: bobRequestId }] = await t.db
    .insert(leaveRequests)
    .values({ ...request, employeeId: bob.id, requesterName: 'bob', startDate: '2030-07-01', endDate: '2030-07-01' })
    .returning({ id: leaveRequests.id });

  const tenant = await createTenant(t.db, { password: PASSWORD });
  const zed = await createEmployee(t.db, tenant.site.id, { name: 'Zed' });
  const [{ id: requestId }] = await t.db
    .insert(leaveRequests)
    .values({
      siteId: tenant.site.id,
      employeeId: zed.id,
      requesterName: 'zed',
      reasonId: tenant.reasons[0].id,
      startDate: '2030-06-03',
      endDate: '2030-06-03',
    })
    .returning({ id: leaveRequests.id });
  other = { employeeId: zed.id, reasonId: tenant.reasons[0].id, requestId };
});
afterAll(() => t?.close());

describe('GET /api/balances/preview', () => {
  it('answers 409 saying where to set a policy while the site has none', async () => {
    const res = await preview(staff, ask({ startDate: '2030-06-03', endDate: '2030-06-04' }));
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      'This site has no allowance policy yet: an admin sets one under Settings → Leave Allowance.',
    ]);
    expect((await t.put('/api/allowance-policy', POLICY, admin)).statusCode).toBe(200);
    expect(await annRemaining()).toBe(189);
  });

  it('counts a day a manager already took once: Mon–Tue takes 8 h, not 16, and leaves 181.0 h', async () => {
    // Monday's 8 h are taken by the manager's absence, so the request takes only Tuesday's 8 h: 189 − 8 = 181.
    // (The browser's own sum, over the contract without the absence, took 16 h and said 173.0 h.)
    const res = await preview(staff, ask({ startDate: '2030-06-03', endDate: '2030-06-04', isFullDay: true }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      year: 2030,
      yearStart: '2030-01-01',
      yearEnd: '2030-12-31',
      currentYear: true,
      unit: 'hours',
      counts: true,
      takes: 8,
      remaining: 189,
      remainingIfApproved: 181,
      otherPending: 8,
      days: null,
    });
  });

  it('takes from a part day only what the absence left, and nothing from a holiday', async () => {
    // Wed 12 Jun: worth 8, the manager's 3 h leave 5, so a 6 h part day takes 5: 189 − 5 = 184.
    const part = (await preview(staff, ask({ startDate: '2030-06-12', endDate: '2030-06-12', isFullDay: false, hours: 6 }))).json();
    expect([part.takes, part.remainingIfApproved]).toEqual([5, 184]);
    // Thu 13 Jun: sickness does not count against the allowance, so a full day takes all 8: 181.
    const sickDay = (await preview(staff, ask({ startDate: '2030-06-13', endDate: '2030-06-13' }))).json();
    expect([sickDay.takes, sickDay.remainingIfApproved]).toEqual([8, 181]);
    // Mon 17 – Tue 18 Jun: Tuesday is a public holiday, worth 0: 8 h, 181.
    const holiday = (await preview(staff, ask({ startDate: '2030-06-17', endDate: '2030-06-18' }))).json();
    expect([holiday.takes, holiday.remainingIfApproved]).toEqual([8, 181]);
  });

  it('takes nothing for a type that does not count, and counts only the leave year the request starts in', async () => {
    const sick = (await preview(staff, ask({ reasonId: s.reasons[1].id, startDate: '2030-06-17', endDate: '2030-06-17' }))).json();
    expect([sick.counts, sick.takes, sick.remaining, sick.remainingIfApproved]).toEqual([false, 0, 189, 189]);
    // Mon 30 Dec 2030 – Fri 3 Jan 2031: 2030 loses Monday and Tuesday, 16 h: 173.0.
    const across = (await preview(staff, ask({ startDate: '2030-12-30', endDate: '2031-01-03' }))).json();
    expect([across.year, across.currentYear, across.takes, across.remainingIfApproved]).toEqual([2030, true, 16, 173]);
    // Mon 6 Jan 2031: leave year 2031, a whole 200 h and nothing carried (cap 0): 192.0.
    const next = (await preview(staff, ask({ startDate: '2031-01-06', endDate: '2031-01-06' }))).json();
    expect([next.year, next.currentYear, next.remaining, next.takes, next.remainingIfApproved, next.otherPending]).toEqual([
      2031,
      false,
      200,
      8,
      192,
      0,
    ]);
  });

  it('gives days beside hours for a days policy', async () => {
    // 25 days of a 5-day week; Ann's day is 8 h. Now: 25 − 1 (3 Jun) − 3/8 (12 Jun) = 23.625 → 23.6 days; the request
    // takes Tuesday, 1 day: 22.625 → 22.6. The hours are the same as above (25 × 40 / 5 = 200 h).
    await t.put('/api/allowance-policy', { ...POLICY, unit: 'days', entitlementDays: 25 }, admin);
    try {
      const res = (await preview(staff, ask({ startDate: '2030-06-03', endDate: '2030-06-04' }))).json();
      expect([res.unit, res.takes, res.remaining, res.remainingIfApproved]).toEqual(['days', 8, 189, 181]);
      expect(res.days).toEqual({ dayHours: 8, takes: 1, remaining: 23.6, remainingIfApproved: 22.6, otherPending: 1 });
    } finally {
      await t.put('/api/allowance-policy', POLICY, admin);
    }
  });

  it('counts a request already sent once, and equals the balance after it is approved', async () => {
    const sent = await t.post('/api/leave-requests', { reasonId: s.annual.id, startDate: '2030-06-03', endDate: '2030-06-04' }, staff);
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().id as number;
    // The request's own working hours over its days stay 16 (its card's total); the allowance loses 8.
    expect(sent.json().totalHours).toBe(16);
    // Asked again without its id it is waiting too: 8 (24 Jun) + 8 (Tuesday; Monday is taken already) = 16 h.
    const twice = (await preview(manager, ask({ startDate: '2030-06-03', endDate: '2030-06-04' }))).json();
    expect([twice.otherPending, twice.remainingIfApproved]).toEqual([16, 181]);
    // With its id (the approvers' view) it is left out of what is waiting and counted once, as approved.
    const decide = (await preview(manager, ask({ startDate: '2030-06-03', endDate: '2030-06-04', requestId: id }))).json();
    expect([decide.takes, decide.remaining, decide.remainingIfApproved, decide.otherPending]).toEqual([8, 189, 181, 8]);

    const approved = await t.post(`/api/leave-requests/${id}/approve`, {}, admin);
    expect([approved.statusCode, approved.json().status]).toEqual([200, 'approved']);
    expect(await annRemaining()).toBe(181);

    const decided = await preview(manager, ask({ startDate: '2030-06-03', endDate: '2030-06-04', requestId: id }));
    expect([decided.statusCode, decided.json().message]).toEqual([409, 'This request has already been decided']);
  });

  it('lets Staff preview only their own employee, others any of the site, nobody another site', async () => {
    const june = { startDate: '2030-06-05', endDate: '2030-06-05' };
    const bob = await preview(staff, ask({ ...june, employeeId: s.bob.id }));
    expect([bob.statusCode, bob.json().message]).toEqual([404, 'Employee not found']);
    // Bob works 6 h a day all year: 200 × 30/40 = 150.0 h; a day of his takes 6.
    const forBob = (await preview(manager, ask({ ...june, employeeId: s.bob.id }))).json();
    expect([forBob.remaining, forBob.takes, forBob.remainingIfApproved]).toEqual([150, 6, 144]);
    // Another business's employee, type and request answer exactly as ones that do not exist.
    const MISSING = 2_000_000_000;
    for (const [field, foreign, message] of [
      ['employeeId', other.employeeId, 'Employee not found'],
      ['reasonId', other.reasonId, 'Exception type not found'],
      ['requestId', other.requestId, 'Request not found'],
    ] as const) {
      const a = await preview(admin, ask({ ...june, [field]: foreign }));
      const b = await preview(admin, ask({ ...june, [field]: MISSING }));
      expect([field, a.statusCode, a.json().message]).toEqual([field, 404, message]);
      expect(a.body).toBe(b.body);
    }
    // Bob's request is not Ann's to leave out.
    const notHers = await preview(admin, ask({ ...june, requestId: bobRequestId }));
    expect([notHers.statusCode, notHers.json().message]).toEqual([404, 'Request not found']);
  });

  it('refuses what it cannot weigh, with a message to act on', async () => {
    const cases: Array<[Record<string, string | number | boolean>, string]> = [
      [{ startDate: '2030-06-05', endDate: '2030-06-04' }, 'End date cannot be before start date'],
      [{ startDate: '2030-06-05', endDate: '2030-06-05', isFullDay: false }, 'Hours are required when Full Day is off'],
      [{ startDate: '2030-06-05', endDate: '2030-06-05', isFullDay: false, hours: 'two' }, 'Hours must be a number'],
      [{ startDate: '2030-06-05', endDate: '2030-06-05', isFullDay: false, hours: 2.25 }, 'Hours must be in steps of 0.1'],
      [{ startDate: '2030-06-05', endDate: '2031-06-06' }, 'A request may span at most 366 days'],
      [{ startDate: '2030-02-30', endDate: '2030-03-01' }, 'Date is not a real calendar day'],
      [{ startDate: '2029-12-31', endDate: '2029-12-31' }, "The leave year must be between 2030 (the policy's first) and 2130"],
    ];
    for (const [q, message] of cases) {
      const res = await preview(staff, ask(q));
      expect([q, res.statusCode, res.json().message]).toEqual([q, 400, message]);
    }
    const noType = await t.get(`/api/balances/preview?employeeId=${s.ann.id}&startDate=2030-06-05&endDate=2030-06-05`, staff);
    expect(noType.statusCode).toBe(400);
    expect(noType.json().message).toMatch(/Type of time off/);
  });
});
