import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createException, createTeam } from '../factories';
import { startTestApp, type TestApp } from './harness';

/*
 * Issue 47: one absence reads the same days and hours on every page. Figures by hand:
 * Noor works 7.2 h Monday to Friday at 90 % efficiency; the site works no weekends.
 *  - Annual Leave, full day, Thursday 7 – Sunday 10 March 2030: Thu and Fri are worth 7.2 h each, the weekend
 *    nothing: 2 days, 14.4 h (not 4 days, and not 2 × 6.48 h: efficiency scales only the hours available).
 *  - Annual Leave, 3.6 h on Tuesday 12 March: half of a 7.2 h day: 0.5 days, 3.6 h.
 *  - Sick Leave, full day, Thursday 7 March (over the leave): nothing is left of the day, so 0 days, 0 h.
 *  - Overtime, 2 h on Wednesday 13 March: 2 h extra, no day away.
 * March for Annual Leave: 2.5 days, 18.0 h.
 */
const NOW = new Date('2030-03-01T09:00:00Z');
const MARCH = { startDate: '2030-03-01', endDate: '2030-03-31' };

let t: TestApp;
let admin: string;
let noorId: number;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  const team = await createTeam(t.db, 'one-rule-pass');
  const reason = Object.fromEntries(team.reasons.map((r) => [r.name, r.id]));
  const week = { mondayHours: 7.2, tuesdayHours: 7.2, wednesdayHours: 7.2, thursdayHours: 7.2, fridayHours: 7.2 };
  const noor = await createEmployee(t.db, team.site.id, { name: 'Noor', efficiency: 90, ...week, saturdayHours: 0, sundayHours: 0 });
  noorId = noor.id;
  const on = { siteId: team.site.id, employeeId: noor.id };
  await createException(t.db, { ...on, reasonId: reason['Annual Leave'], startDate: '2030-03-07', endDate: '2030-03-10' });
  await createException(t.db, { ...on, reasonId: reason['Annual Leave'], startDate: '2030-03-12', isFullDay: false, hours: 3.6 });
  await createException(t.db, { ...on, reasonId: reason['Sick Leave'], startDate: '2030-03-07' });
  await createException(t.db, { ...on, reasonId: reason['Overtime'], startDate: '2030-03-13', isFullDay: false, hours: 2 });
  admin = await t.login(team.admin.email, 'one-rule-pass');
});
afterAll(() => t?.close());

describe('one absence, the same days and hours everywhere', () => {
  it("the employee's page counts by the one rule", async () => {
    const res = await t.get(`/api/employees/${noorId}/absence-totals?startDate=${MARCH.startDate}&endDate=${MARCH.endDate}`, admin);
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json().types.map((x: { name: string }) => [x.name, x]));
    expect(byName['Annual Leave']).toMatchObject({ count: 2, daysAway: 2.5, hoursAway: 18, hoursExtra: 0 });
    expect(byName['Sick Leave']).toMatchObject({ count: 1, daysAway: 0, hoursAway: 0 });
    expect(byName['Overtime']).toMatchObject({ count: 1, daysAway: 0, hoursAway: 0, hoursExtra: 2, isAdditive: true });
    expect(res.json().totals).toEqual({ count: 4, daysAway: 2.5, hoursAway: 18, hoursExtra: 2 });
  });

  it('the exceptions report reads the same rows', async () => {
    const res = await t.post('/api/reports/csv', { ...MARCH, reportType: 'exceptions', siteScope: 'current' }, admin);
    expect(res.statusCode).toBe(200);
    const rows = res.rawPayload.toString('utf8').slice(1).trim().split('\r\n').slice(1);
    const noor = rows.filter((r) => r.includes(',Noor,')).map((r) => r.split(',').slice(2, 10).join(','));
    expect(noor.sort()).toEqual(
      [
        'Annual Leave,2030-03-07,2030-03-10,yes,,2,14.4,0',
        'Annual Leave,2030-03-12,2030-03-12,no,3.6,0.5,3.6,0',
        'Overtime,2030-03-13,2030-03-13,no,2,0,0,2',
        'Sick Leave,2030-03-07,2030-03-07,yes,,0,0,0',
      ].sort(),
    );
  });

  it("answers 404 for another site's employee and 400 for a bad window", async () => {
    expect((await t.get(`/api/employees/2000000000/absence-totals?startDate=2030-03-01&endDate=2030-03-31`, admin)).statusCode).toBe(404);
    const bad = await t.get(`/api/employees/${noorId}/absence-totals?startDate=2030-03-31&endDate=2030-03-01`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('endDate must not be before startDate');
  });
});
