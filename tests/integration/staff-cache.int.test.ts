import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeContracts, employees } from '../../src/server/db/schema';
import { cachedStaff } from '../../src/server/modules/day-ledger';
import { createEmployee, createTeam, dayChangeRows } from '../factories';
import { startTestApp, type TestApp } from './harness';

/*
 * The staff list kept between requests (decision 054) is used only while the database says the site's
 * staff version is unchanged. Clock pinned to Wednesday 13 March 2030; one employee, 7.6 h on weekdays.
 */
const NOW = new Date('2030-03-13T10:00:00Z');
const MON = '2030-03-18';
const TUE = '2030-03-19';
const WED = '2030-03-20';
const PASSWORD = 'staff-cache-pass';

let t: TestApp;
let siteId: number;
let employeeId: number;
let reasonId: number;
let writer: string;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  const team = await createTeam(t.db, PASSWORD);
  siteId = team.site.id;
  reasonId = team.reasons[0].id;
  employeeId = (await createEmployee(t.db, siteId, { name: 'Only' })).id;
  writer = await t.login(team.writer.email, PASSWORD);
});
afterAll(() => t?.close());

const oneHourOff = (startDate: string) => ({
  employeeId,
  reasonId,
  startDate,
  endDate: startDate,
  isFullDay: false,
  hours: 1,
  notes: null,
});
const currentHours = async (date: string) => (await dayChangeRows(t.db, siteId)).get(date)?.currentHours;

describe('the staff list kept between requests', () => {
  it('is read once and reused while the staff is unchanged', async () => {
    expect((await t.post('/api/exceptions', oneHourOff(MON), writer)).statusCode).toBe(201);
    const kept = cachedStaff(siteId);
    expect(kept?.employees.map((e) => e.id)).toEqual([employeeId]);
    expect((await t.post('/api/exceptions', oneHourOff(TUE), writer)).statusCode).toBe(201);
    // The same entry: the database left the list out of its answer.
    expect(cachedStaff(siteId)).toBe(kept);
    expect(await currentHours(TUE)).toBe(6.6);
  });

  it('is read again after any change to the employees, even one made outside the app', async () => {
    const kept = cachedStaff(siteId);
    // Straight in the database, so no code path of the app refreshes anything: only the trigger knows.
    await t.db.update(employeeContracts).set({ wednesdayHours: 5 }).where(eq(employeeContracts.employeeId, employeeId));
    expect((await t.post('/api/exceptions', oneHourOff(WED), writer)).statusCode).toBe(201);
    expect(cachedStaff(siteId)).not.toBe(kept);
    // 5 h that Wednesday, less the hour off; the kept list said 7.6.
    expect(await currentHours(WED)).toBe(4);
  });

  it('is read again after an employee is added or removed', async () => {
    const added = await createEmployee(t.db, siteId, { name: 'Second' });
    expect((await t.post('/api/exceptions', oneHourOff(MON), writer)).statusCode).toBe(201);
    // Two employees at 7.6 less two hours off on Monday.
    expect(await currentHours(MON)).toBe(13.2);
    await t.db.execute(sql`delete from ${employees} where ${employees.id} = ${added.id}`);
    expect((await t.post('/api/exceptions', oneHourOff(MON), writer)).statusCode).toBe(201);
    // Back to one employee, now with three hours off on Monday.
    expect(await currentHours(MON)).toBe(4.6);
  });
});
