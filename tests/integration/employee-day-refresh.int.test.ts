import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayChanges } from '../../src/server/db/schema';
import { createEmployee, createTeam, employeeInput } from '../factories';
import { startTestApp, type TestApp } from './harness';

/*
 * Staff changes move the hours of every future day, so recorded days are refreshed in the same
 * transaction (decision 012). Pinned clock: Wednesday 13 March 2030; the probe day is Monday 18 March.
 */
const NOW = new Date('2030-03-13T10:00:00Z');
const DAY = '2030-03-18';
const PAST = '2030-03-11';
const PASSWORD = 'refresh-pass';

let t: TestApp;
let siteId: number;
let writer: string;
let reasonId: number;
let anchorId: number;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  const team = await createTeam(t.db, PASSWORD);
  siteId = team.site.id;
  reasonId = team.reasons[0].id;
  ({ id: anchorId } = await createEmployee(t.db, siteId, { name: 'Anchor' }));
  writer = await t.login(team.writer.email, PASSWORD);
  // An absence marks the day; authorising records 0 h (the only employee is away).
  for (const date of [DAY, PAST]) {
    expect((await t.post('/api/exceptions', { employeeId: anchorId, reasonId, startDate: date, endDate: date }, writer)).statusCode).toBe(
      201,
    );
    expect((await t.post('/api/day-changes/authorise', { date }, writer)).statusCode).toBe(200);
  }
});
afterAll(() => t?.close());

const row = async (date = DAY) =>
  (
    await t.db
      .select()
      .from(dayChanges)
      .where(and(eq(dayChanges.siteId, siteId), eq(dayChanges.date, date)))
  )[0];

describe('employee changes and recorded days', () => {
  let staffId: number;

  it('a new employee changes an authorised future day: it needs authorising again, with the new hours', async () => {
    expect(await row()).toMatchObject({ isAuthorised: true, authorisedHours: 0 });
    const res = await t.post('/api/employees', employeeInput({ name: 'New Starter', mondayHours: 8 }), writer);
    expect(res.statusCode).toBe(201);
    staffId = res.json().id;
    expect(await row()).toMatchObject({ isAuthorised: false, currentHours: 8, authorisedHours: 0 });
    // Past days count as authorised and are left alone.
    expect(await row(PAST)).toMatchObject({ isAuthorised: true, authorisedHours: 0 });
  });

  it("an edit that keeps the day's hours leaves an authorised day authorised", async () => {
    await t.post('/api/day-changes/authorise', { date: DAY }, writer);
    const res = await t.put(`/api/employees/${staffId}`, employeeInput({ name: 'Renamed Starter', mondayHours: 8 }), writer);
    expect(res.statusCode).toBe(200);
    expect(await row()).toMatchObject({ isAuthorised: true, authorisedHours: 8 });
  });

  it('an efficiency change re-marks the day with the new hours', async () => {
    await t.put(`/api/employees/${staffId}`, employeeInput({ name: 'Renamed Starter', mondayHours: 8, efficiency: 50 }), writer);
    expect(await row()).toMatchObject({ isAuthorised: false, currentHours: 4, authorisedHours: 8 });
  });

  it('deleting the employee refreshes the hours again', async () => {
    expect((await t.del(`/api/employees/${staffId}`, writer)).statusCode).toBe(200);
    expect(await row()).toMatchObject({ isAuthorised: false, currentHours: 0 });
  });
});
