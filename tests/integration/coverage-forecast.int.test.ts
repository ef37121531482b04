import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createException, createHoliday, createSite, createTenant, grantSite } from '../factories';
import { startTestApp, type TestApp } from './harness';
import { leaveSite, PASSWORD } from './leave-requests-fixture';

/*
 * The capacity forecast (decision 100). Pinned clock: Wednesday 13 March 2030, so the default window starts on
 * Monday 11 March. Ann 8 h and Bob 6 h work Monday to Friday: 14 h on a weekday. Every figure below is worked
 * out by hand from that:
 * - Mon 11: minimum 14, covered.
 * - Tue 12: public holiday "Founders Day": nobody works, 0 available and 0 default; minimum 14, short 14.
 * - Wed 13: minimum 10; Ann's pending request (Wed to Fri) would leave Bob's 6.
 * - Thu 14: Bob is off sick (an exception): 8 available; minimum 14, short 6; if approved, Ann is off too: 0.
 * - Fri 15: an override asks 16: short 2; if approved 6.
 * - Sat 16, Sun 17: no work, no minimum.
 */
const NOW = new Date('2030-03-13T10:00:00Z');

let t: TestApp;
let s: Awaited<ReturnType<typeof leaveSite>>;
let admin: string;
let manager: string;
let staff: string;
let northId: number;

type Forecast = {
  from: string;
  to: string;
  weeks: number;
  today: string;
  dates: string[];
  sites: Array<{
    id: number;
    name: string;
    availableHours: number[];
    requiredHours: Array<number | null>;
    defaultHours: number[];
    holiday: Array<string | null>;
    ifApprovedHours: number[];
    shortHours: number[];
    pendingRequests: number;
  }>;
};

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  s = await leaveSite(t.db);
  admin = await t.login(s.admin.email, PASSWORD);
  manager = await t.login(s.writer.email, PASSWORD);
  staff = await t.login(s.annUser.email, PASSWORD);

  const rules = await t.put(
    '/api/coverage-rules',
    {
      weekdays: { monday: 14, tuesday: 14, wednesday: 10, thursday: 14 },
      overrides: [{ date: '2030-03-15', hours: 16 }],
      validFrom: '2030-01-01',
    },
    admin,
  );
  expect(rules.statusCode).toBe(200);
  await createHoliday(t.db, s.siteId, '2030-03-12', 'Founders Day');
  await createException(t.db, { siteId: s.siteId, employeeId: s.bob.id, reasonId: s.reasons[1].id, startDate: '2030-03-14' });
  // It leaves Wed 13 and Fri 15 short if approved (decision 097): sent with a reason, as Staff may.
  const asked = await t.post(
    '/api/leave-requests',
    { reasonId: s.annual.id, startDate: '2030-03-13', endDate: '2030-03-15', coverageConfirmation: { reason: 'Family wedding' } },
    staff,
  );
  expect(asked.statusCode, asked.body).toBe(201);

  // A second site of the business, granted to the admin only: Cy works 7.5 h Monday to Friday, no rules.
  const north = await createSite(t.db, s.business.id, { name: 'North' });
  northId = north.id;
  await createEmployee(t.db, north.id, {
    name: 'Cy',
    mondayHours: 7.5,
    tuesdayHours: 7.5,
    wednesdayHours: 7.5,
    thursdayHours: 7.5,
    fridayHours: 7.5,
    saturdayHours: 0,
    sundayHours: 0,
  });
  await grantSite(t.db, s.admin.id, north.id);
  // Another business's site: never in anyone's forecast here.
  const other = await createTenant(t.db, { password: PASSWORD });
  await createEmployee(t.db, other.site.id, { name: 'Zed' });
});
afterAll(() => t?.close());

const forecast = async (cookie: string, query = '') => {
  const res = await t.get(`/api/coverage/forecast${query}`, cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as Forecast;
};

describe('GET /api/coverage/forecast', () => {
  it('answers each day of the week from Monday: available, required, default, holiday, if approved, short', async () => {
    const f = await forecast(manager, '?weeks=1');
    expect(f).toMatchObject({ from: '2030-03-11', to: '2030-03-17', weeks: 1, today: '2030-03-13' });
    expect(f.dates).toEqual(['2030-03-11', '2030-03-12', '2030-03-13', '2030-03-14', '2030-03-15', '2030-03-16', '2030-03-17']);
    expect(f.sites).toHaveLength(1);
    expect(f.sites[0]).toEqual({
      id: s.siteId,
      name: s.site.name,
      availableHours: [14, 0, 14, 8, 14, 0, 0],
      // Tue 12 is a public holiday: no minimum unless an override names it (decision 096).
      requiredHours: [14, null, 10, 14, 16, null, null],
      defaultHours: [14, 0, 14, 14, 14, 0, 0],
      holiday: [null, 'Founders Day', null, null, null, null, null],
      ifApprovedHours: [14, 0, 6, 0, 6, 0, 0],
      shortHours: [0, 0, 0, 6, 2, 0, 0],
      pendingRequests: 1,
    });
  });

  it('defaults to eight weeks, takes any first day, and shows every site the user may use and no other', async () => {
    const f = await forecast(admin);
    expect(f.weeks).toBe(8);
    expect(f.dates).toHaveLength(56);
    expect(f.to).toBe('2030-05-05');
    expect(f.sites.map((x) => x.id)).toEqual([s.siteId, northId]);
    const north = (await forecast(admin, '?from=2030-03-14&weeks=1')).sites[1];
    expect(north).toEqual({
      id: northId,
      name: 'North',
      availableHours: [7.5, 7.5, 0, 0, 7.5, 7.5, 7.5],
      requiredHours: [null, null, null, null, null, null, null],
      defaultHours: [7.5, 7.5, 0, 0, 7.5, 7.5, 7.5],
      holiday: [null, null, null, null, null, null, null],
      ifApprovedHours: [7.5, 7.5, 0, 0, 7.5, 7.5, 7.5],
      shortHours: [0, 0, 0, 0, 0, 0, 0],
      pendingRequests: 0,
    });
  });

  it('counts a pending request only while it is pending', async () => {
    const [request] = (await t.get('/api/leave-requests?status=pending', admin)).json() as Array<{ id: number }>;
    const declined = await t.post(`/api/leave-requests/${request.id}/decline`, { comment: 'Busy week' }, admin);
    expect(declined.statusCode).toBe(200);
    const site = (await forecast(manager, '?weeks=1')).sites[0];
    expect(site.ifApprovedHours).toEqual([14, 0, 14, 8, 14, 0, 0]);
    expect(site.pendingRequests).toBe(0);
  });

  it('refuses Staff, the signed-out and bad input with a message', async () => {
    expect((await t.get('/api/coverage/forecast', staff)).statusCode).toBe(403);
    expect((await t.get('/api/coverage/forecast')).statusCode).toBe(401);
    for (const q of ['?weeks=0', '?weeks=13', '?weeks=two', '?from=2030-02-30', '?from=yesterday', '?from=9999-12-20']) {
      const res = await t.get(`/api/coverage/forecast${q}`, manager);
      expect(res.statusCode, q).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});

describe('GET /api/export/capacity.csv', () => {
  it('one row per site and day with the same figures, a blank for no minimum', async () => {
    const res = await t.get('/api/export/capacity.csv?from=2030-03-11&weeks=1', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="capacity-2030-03-11.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Site,Date,Available,Required,Default,If approved,Shortfall,Holiday');
    expect(lines).toHaveLength(1 + 14);
    expect(lines.slice(1, 8)).toEqual([
      `${s.site.name},2030-03-11,14,14,14,14,0,`,
      `${s.site.name},2030-03-12,0,,0,0,0,Founders Day`,
      `${s.site.name},2030-03-13,14,10,14,14,0,`,
      `${s.site.name},2030-03-14,8,14,14,8,6,`,
      `${s.site.name},2030-03-15,14,16,14,14,2,`,
      `${s.site.name},2030-03-16,0,,0,0,0,`,
      `${s.site.name},2030-03-17,0,,0,0,0,`,
    ]);
    expect(lines[8]).toBe('North,2030-03-11,7.5,,7.5,7.5,0,');
  });

  it('refuses Staff and bad input', async () => {
    expect((await t.get('/api/export/capacity.csv', staff)).statusCode).toBe(403);
    expect((await t.get('/api/export/capacity.csv?weeks=20', admin)).statusCode).toBe(400);
  });
});
