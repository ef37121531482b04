import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayChanges, exceptions } from '../../src/server/db/schema';
import { addDaysStr } from '../../src/shared/domain/dates';
import {
  createBusiness,
  createEmployee,
  createException,
  createHoliday,
  createSite,
  createSiteReason,
  createStarterReasons,
  createTeam,
  dayChangeRows,
} from '../factories';
import { startTestApp, type TestApp } from './harness';

/*
 * Pinned clock: Wednesday 13 March 2030. Site A has two employees:
 *   Full: 7.6 h Monday–Friday at 100%            → base 7.6 on weekdays
 *   Half: 8 h Mon, Tue, Thu, Fri (0 on Wednesday) at 50% → base 4 on those days
 * so a Monday's default hours are 11.6 and a Wednesday's 7.6.
 */
const NOW = new Date('2030-03-13T10:00:00Z');
const TODAY = '2030-03-13';
const d = (n: number) => addDaysStr(TODAY, n);
const MON = d(5); // 2030-03-18
const TUE = d(6);
const WED = d(7);
const THU = d(8);
const FRI = d(9);
const SAT = d(10);
const HOLIDAY = d(16); // Friday 2030-03-29
const PASSWORD = 'exceptions-pass';

let t: TestApp;
let siteId: number;
let full: { id: number };
let half: { id: number };
let annual: { id: number };
let overtime: { id: number };
let writer: string;
let viewer: string;
let foreign: { siteId: number; employeeId: number; reasonId: number; exceptionId: number; otherBusinessReasonId: number };

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  const team = await createTeam(t.db, PASSWORD);
  siteId = team.site.id;
  [annual, , , overtime] = team.reasons;
  full = await createEmployee(t.db, siteId, { name: 'Full' });
  half = await createEmployee(t.db, siteId, {
    name: 'Half',
    efficiency: 50,
    mondayHours: 8,
    tuesdayHours: 8,
    wednesdayHours: 0,
    thursdayHours: 8,
    fridayHours: 8,
  });
  await createHoliday(t.db, siteId, HOLIDAY, 'Spring Holiday');
  writer = await t.login(team.writer.email, PASSWORD);
  viewer = await t.login(team.viewer.email, PASSWORD);

  // Another site of the same business (sees the business types) and another business altogether.
  const siteB = await createSite(t.db, team.business.id);
  const empB = await createEmployee(t.db, siteB.id, { name: 'Elsewhere' });
  const siteOnlyB = await createSiteReason(t.db, siteB.id, { name: 'B only' });
  const excB = await createException(t.db, { siteId: siteB.id, employeeId: empB.id, reasonId: annual.id, startDate: MON });
  const otherBusiness = await createBusiness(t.db);
  const [otherReason] = await createStarterReasons(t.db, otherBusiness.id);
  foreign = { siteId: siteB.id, employeeId: empB.id, reasonId: siteOnlyB.id, exceptionId: excB.id, otherBusinessReasonId: otherReason.id };
});
afterAll(() => t?.close());

/** A valid request; the end date follows the start date unless given. */
const body = (over: Record<string, unknown> = {}) => ({
  employeeId: full.id,
  reasonId: annual.id,
  startDate: MON,
  endDate: 'endDate' in over ? over.endDate : (over.startDate ?? MON),
  isFullDay: true,
  hours: null,
  notes: null,
  ...over,
});
const allExceptions = () => t.db.select().from(exceptions).orderBy(asc(exceptions.id));
const rowOf = async (id: number) => (await t.db.select().from(exceptions).where(eq(exceptions.id, id)))[0];
const days = () => dayChangeRows(t.db, siteId);
const clearDays = () => t.db.delete(dayChanges).where(eq(dayChanges.siteId, siteId));
/** Marks the days authorised directly, so a test can see a route flip them back. */
const authoriseDirectly = (dates: string[]) =>
  t.db
    .insert(dayChanges)
    .values(dates.map((date) => ({ siteId, date, defaultHours: 1, currentHours: 1, authorisedHours: 1, isAuthorised: true })))
    .onConflictDoUpdate({
      target: [dayChanges.siteId, dayChanges.date],
      set: { isAuthorised: true, authorisedHours: 1 },
    });
const hoursOf = async (dates: string[]) => {
  const map = await days();
  return dates.map((date) => {
    const r = map.get(date);
    return r ? [r.defaultHours, r.currentHours, r.isAuthorised] : null;
  });
};

describe('create', () => {
  it('answers 201 with the view and marks every day of the span with the engine’s hours', async () => {
    await clearDays();
    const res = await t.post('/api/exceptions', body({ startDate: MON, endDate: WED, notes: 'Holiday in Wales' }), writer);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      siteId,
      employeeId: full.id,
      reasonId: annual.id,
      startDate: MON,
      endDate: WED,
      isFullDay: true,
      hours: null,
      notes: 'Holiday in Wales',
      version: 1,
      employeeName: 'Full',
      reasonName: 'Annual Leave',
      reasonColor: '#3b82f6',
      isAdditive: false,
      isRangeStart: true,
      isRangeEnd: true,
    });
    expect(await rowOf(res.json().id)).toMatchObject({ siteId, startDate: MON, endDate: WED, version: 1 });
    // Monday and Tuesday: 11.6 − 7.6; Wednesday: 7.6 − 7.6.
    expect(await hoursOf([MON, TUE, WED, THU])).toEqual([[11.6, 4, false], [11.6, 4, false], [7.6, 0, false], null]);
    expect((await days()).get(MON)!.lastModified.toISOString()).toBe(NOW.toISOString());

    const read = await t.get(`/api/day-changes?startDate=${MON}&endDate=${WED}`, writer);
    expect(
      read.json().map((r: { date: string; currentHours: number; authorised: boolean }) => [r.date, r.currentHours, r.authorised]),
    ).toEqual([
      [MON, 4, false],
      [TUE, 4, false],
      [WED, 0, false],
    ]);
    const listed = await t.get(`/api/exceptions?startDate=${MON}&endDate=${WED}`, writer);
    expect(listed.json().map((e: { id: number }) => e.id)).toContain(res.json().id);
  });

  it('lists one employee only when asked, and refuses a bad employeeId', async () => {
    await t.post('/api/exceptions', body({ employeeId: half.id, startDate: d(300), endDate: d(301) }), writer);
    await t.post('/api/exceptions', body({ employeeId: full.id, startDate: d(301), endDate: d(301) }), writer);
    const all = await t.get(`/api/exceptions?startDate=${d(300)}&endDate=${d(301)}`, writer);
    const onlyHalf = await t.get(`/api/exceptions?startDate=${d(300)}&endDate=${d(301)}&employeeId=${half.id}`, writer);
    expect(new Set(all.json().map((e: { employeeId: number }) => e.employeeId))).toEqual(new Set([half.id, full.id]));
    expect(onlyHalf.json().map((e: { employeeId: number; startDate: string }) => [e.employeeId, e.startDate])).toEqual([[half.id, d(300)]]);
    // Another site's employee reads as no rows: the site filter comes first.
    const foreignOne = await t.get(`/api/exceptions?startDate=${d(300)}&endDate=${d(301)}&employeeId=${foreign.employeeId}`, writer);
    expect([foreignOne.statusCode, foreignOne.json()]).toEqual([200, []]);
    const bad = await t.get(`/api/exceptions?startDate=${d(300)}&endDate=${d(301)}&employeeId=abc`, writer);
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'employeeId must be a number']);
  });

  it('adds a partial additive exception, over a weekend and a holiday too', async () => {
    const res = await t.post(
      '/api/exceptions',
      body({ employeeId: half.id, reasonId: overtime.id, startDate: FRI, endDate: d(12), isFullDay: false, hours: 2 }),
      writer,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ isFullDay: false, hours: 2, isAdditive: true, reasonName: 'Overtime', notes: null });
    // Friday 11.6 + 2; weekend days have no base but the overtime counts; Monday 11.6 + 2.
    expect(await hoursOf([FRI, SAT, d(11), d(12)])).toEqual([
      [11.6, 13.6, false],
      [0, 2, false],
      [0, 2, false],
      [11.6, 13.6, false],
    ]);
    const holiday = await t.post('/api/exceptions', body({ startDate: HOLIDAY, endDate: HOLIDAY }), writer);
    expect(holiday.statusCode).toBe(201);
    expect(await hoursOf([HOLIDAY])).toEqual([[0, 0, false]]);
  });

  it('concurrent changes to one day all count in its stored hours', async () => {
    const date = d(61); // Monday 13 May 2030
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => t.post('/api/exceptions', body({ startDate: date, isFullDay: false, hours: 1 }), writer)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    // Each request computes after the previous one committed (a per-site lock), so none overwrites another's hours.
    expect(await hoursOf([date])).toEqual([[11.6, 7.6, false]]);
  });

  it('a two-week absence marks all fourteen days (longer spans store their days another way)', async () => {
    const from = d(75); // Monday 27 May 2030
    const res = await t.post('/api/exceptions', body({ startDate: from, endDate: d(88) }), writer);
    expect(res.statusCode).toBe(201);
    // Weekdays lose Full's 7.6 (Half's 4 remains, 0 on Wednesdays); weekends have no hours.
    const week = [
      [11.6, 4, false],
      [11.6, 4, false],
      [7.6, 0, false],
      [11.6, 4, false],
      [11.6, 4, false],
      [0, 0, false],
      [0, 0, false],
    ];
    expect(await hoursOf(Array.from({ length: 14 }, (_, i) => d(75 + i)))).toEqual([...week, ...week]);
  });

  it('concurrent moves, deletes and creates on two days all count in their stored hours', async () => {
    const x = d(68); // Monday 20 May 2030: default 11.6
    const y = d(69); // Tuesday: default 11.6
    const hour = (startDate: string) => body({ startDate, isFullDay: false, hours: 1 });
    const created: Array<{ id: number }> = [];
    for (let i = 0; i < 3; i++) created.push((await t.post('/api/exceptions', hour(x), writer)).json<{ id: number }>());
    expect(await hoursOf([x])).toEqual([[11.6, 8.6, false]]);
    const results = await Promise.all([
      t.put(`/api/exceptions/${created[0].id}`, { ...hour(y), version: 1 }, writer),
      t.request('DELETE', `/api/exceptions/${created[1].id}`, { cookie: writer }),
      t.post('/api/exceptions', hour(x), writer),
      t.post('/api/exceptions', hour(y), writer),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 201, 201]);
    // Monday keeps the third hour and gains one; Tuesday has the moved hour and a new one.
    expect(await hoursOf([x, y])).toEqual([
      [11.6, 9.6, false],
      [11.6, 9.6, false],
    ]);
  });

  it.each([
    [{ employeeId: undefined }, 'employeeId', 'Please select an employee'],
    [{ employeeId: null }, 'employeeId', 'Please select an employee'],
    [{ employeeId: 0 }, 'employeeId', 'Please select an employee'],
    [{ reasonId: undefined }, 'reasonId', 'Please select a reason'],
    [{ reasonId: null }, 'reasonId', 'Please select a reason'],
    [{ startDate: undefined }, 'startDate', 'Start date is required'],
    [{ startDate: '' }, 'startDate', 'Start date is required'],
    [{ endDate: undefined }, 'endDate', 'End date is required'],
    [{ startDate: '18/03/2030' }, 'startDate', 'Date must be in yyyy-MM-dd format'],
    [{ endDate: '2030-02-30' }, 'endDate', 'Date is not a real calendar day'],
    [{ startDate: TUE, endDate: MON }, 'endDate', 'End date cannot be before start date'],
    [{ hours: -0.5 }, 'hours', 'Hours must be 0 or more'],
    [{ isFullDay: false, hours: null }, 'hours', 'Hours are required when Full Day is off'],
    [{ isFullDay: false, hours: undefined }, 'hours', 'Hours are required when Full Day is off'],
    [{ startDate: MON, endDate: addDaysStr(MON, 1100) }, 'endDate', 'An exception may span at most 1100 days'],
  ])('refuses %j with 400 and the message, storing nothing', async (patch, path, message) => {
    const before = await allExceptions();
    const dayRows = await days();
    const res = await t.post('/api/exceptions', body(patch), writer);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().issues).toContainEqual({ path, message });
    expect(await allExceptions()).toEqual(before);
    expect(await days()).toEqual(dayRows);
  });

  it('bounds hours by twice the regular hours of the start date’s weekday, or 16 when those are 0', async () => {
    // Full works 7.6 on Monday: up to 15.2.
    expect((await t.post('/api/exceptions', body({ isFullDay: false, hours: 15.2 }), writer)).statusCode).toBe(201);
    const over = await t.post('/api/exceptions', body({ isFullDay: false, hours: 15.3 }), writer);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ message: 'Hours cannot exceed 15.2' });
    // A full-day exception with its own hours is bounded the same way.
    expect((await t.post('/api/exceptions', body({ hours: 16 }), writer)).json()).toEqual({ message: 'Hours cannot exceed 15.2' });
    // Half works 0 on Wednesday: up to 16.
    expect(
      (
        await t.post(
          '/api/exceptions',
          body({ employeeId: half.id, reasonId: overtime.id, startDate: WED, endDate: WED, isFullDay: false, hours: 16 }),
          writer,
        )
      ).statusCode,
    ).toBe(201);
    const before = await allExceptions();
    const res = await t.post(
      '/api/exceptions',
      body({ employeeId: half.id, reasonId: overtime.id, startDate: WED, endDate: WED, isFullDay: false, hours: 16.1 }),
      writer,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Hours cannot exceed 16' });
    expect(await allExceptions()).toEqual(before);
  });

  it('answers 404 for an employee or a type the site cannot see, and for a body naming another site', async () => {
    const before = await allExceptions();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ employeeId: foreign.employeeId }, 'Employee not found'],
      [{ employeeId: 99999999 }, 'Employee not found'],
      [{ reasonId: foreign.reasonId }, 'Exception type not found'],
      [{ reasonId: foreign.otherBusinessReasonId }, 'Exception type not found'],
      [{ siteId: foreign.siteId }, 'Site not found'],
    ];
    for (const [patch, message] of cases) {
      const res = await t.post('/api/exceptions', body(patch), writer);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message });
    }
    expect(await allExceptions()).toEqual(before);
    const own = await t.post('/api/exceptions', body({ siteId }), writer);
    expect(own.statusCode).toBe(201);
  });

  // The check is prepared once per database connection; the site and business it filters on must be the
  // requester's at every execution, not those of whoever used the connection first. Requests made one after
  // another reuse one pooled connection on PostgreSQL.
  it('checks each request against its own site when writers of two businesses take turns', async () => {
    const other = await createTeam(t.db, PASSWORD);
    const otherWriter = await t.login(other.writer.email, PASSWORD);
    const otherEmployee = await createEmployee(t.db, other.site.id, { name: 'Other business' });
    const [otherType] = other.reasons;
    const mine = body({ startDate: d(90) });
    const theirs = body({ employeeId: otherEmployee.id, reasonId: otherType.id, startDate: d(90) });
    for (let round = 0; round < 3; round++) {
      expect((await t.post('/api/exceptions', mine, writer)).statusCode).toBe(201);
      expect((await t.post('/api/exceptions', theirs, otherWriter)).statusCode).toBe(201);
      expect((await t.post('/api/exceptions', { ...theirs, employeeId: full.id }, otherWriter)).json()).toEqual({
        message: 'Employee not found',
      });
      expect((await t.post('/api/exceptions', { ...mine, reasonId: otherType.id }, writer)).json()).toEqual({
        message: 'Exception type not found',
      });
    }
    const placed = await t.db
      .select({ siteId: exceptions.siteId, employeeId: exceptions.employeeId })
      .from(exceptions)
      .where(eq(exceptions.startDate, d(90)));
    expect(placed.filter((r) => r.siteId === siteId && r.employeeId === full.id)).toHaveLength(3);
    expect(placed.filter((r) => r.siteId === other.site.id && r.employeeId === otherEmployee.id)).toHaveLength(3);
    expect(placed).toHaveLength(6);
  });
});

describe('edit, move, resize and delete', () => {
  it('edits every field, bumps the version and keeps notes when they are left out', async () => {
    const created = (await t.post('/api/exceptions', body({ notes: 'Dentist' }), writer)).json();
    const res = await t.put(
      `/api/exceptions/${created.id}`,
      { ...body({ employeeId: half.id, isFullDay: false, hours: 3 }), notes: undefined, version: 1 },
      writer,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      employeeId: half.id,
      employeeName: 'Half',
      isFullDay: false,
      hours: 3,
      notes: 'Dentist',
      version: 2,
    });
    const cleared = await t.put(
      `/api/exceptions/${created.id}`,
      body({ employeeId: half.id, isFullDay: false, hours: 3, notes: null, version: 2 }),
      writer,
    );
    expect(cleared.json()).toMatchObject({ notes: null, version: 3 });
    expect(await rowOf(created.id)).toMatchObject({ employeeId: half.id, hours: 3, notes: null, version: 3 });
  });

  it('a move marks every day of the old and the new span, with the hours after the move', async () => {
    await clearDays();
    const created = (await t.post('/api/exceptions', body({ employeeId: full.id, startDate: d(19), endDate: d(20) }), writer)).json(); // Mon 1 – Tue 2 April
    await authoriseDirectly([d(19), d(20), d(21), d(22), d(23)]);
    const res = await t.put(`/api/exceptions/${created.id}`, body({ startDate: d(21), endDate: d(22), version: created.version }), writer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ startDate: d(21), endDate: d(22), version: 2 });
    // Old days back to their full hours, new days reduced by 7.6 (Wednesday: 7.6 − 7.6), untouched Friday still authorised.
    expect(await hoursOf([d(19), d(20), d(21), d(22), d(23)])).toEqual([
      [11.6, 11.6, false],
      [11.6, 11.6, false],
      [7.6, 0, false],
      [11.6, 4, false],
      [1, 1, true],
    ]);
  });

  it('PUT /api/absences/{id} edits the same record and marks old and new spans (a resize)', async () => {
    await clearDays();
    const created = (await t.post('/api/exceptions', body({ startDate: d(26), endDate: d(27) }), writer)).json(); // Mon 8 – Tue 9 April
    await authoriseDirectly([d(26), d(27), d(28)]);
    const res = await t.put(
      `/api/absences/${created.id}`,
      body({ startDate: d(27), endDate: d(28), notes: 'resized', version: 1 }),
      writer,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, startDate: d(27), endDate: d(28), notes: 'resized', version: 2 });
    expect(await rowOf(created.id)).toMatchObject({ startDate: d(27), endDate: d(28), version: 2 });
    // Monday 8 April freed; Tuesday 11.6 − 7.6; Wednesday 7.6 − 7.6.
    expect(await hoursOf([d(26), d(27), d(28)])).toEqual([
      [11.6, 11.6, false],
      [11.6, 4, false],
      [7.6, 0, false],
    ]);
  });

  it('refuses a stale version with 409, changing nothing', async () => {
    const created = (await t.post('/api/exceptions', body({ startDate: d(33) }), writer)).json();
    expect((await t.put(`/api/exceptions/${created.id}`, body({ startDate: d(33), notes: 'first', version: 1 }), writer)).statusCode).toBe(
      200,
    );
    await authoriseDirectly([d(33), d(34)]);
    const before = await rowOf(created.id);
    const dayRows = await days();
    for (const url of [`/api/exceptions/${created.id}`, `/api/absences/${created.id}`]) {
      const res = await t.put(url, body({ startDate: d(34), endDate: d(34), version: 1 }), writer);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'This exception was changed by someone else. Reload the calendar and try again.' });
    }
    expect(await rowOf(created.id)).toEqual(before);
    expect(await days()).toEqual(dayRows);
  });

  it('of two simultaneous edits from the same version, one wins and the other answers 409', async () => {
    const created = (await t.post('/api/exceptions', body({ startDate: d(62) }), writer)).json();
    const results = await Promise.all([
      t.put(`/api/exceptions/${created.id}`, body({ startDate: d(62), notes: 'one', version: 1 }), writer),
      t.put(`/api/absences/${created.id}`, body({ startDate: d(62), notes: 'two', version: 1 }), writer),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    expect(await rowOf(created.id)).toMatchObject({ version: 2, notes: winner.notes });
  });

  it('validates edits like creates, and checks the hours bound against the new start date', async () => {
    const created = (await t.post('/api/exceptions', body({ startDate: d(35) }), writer)).json();
    const before = await rowOf(created.id);
    const bad = await t.put(`/api/exceptions/${created.id}`, body({ startDate: d(36), endDate: d(35), version: 1 }), writer);
    expect(bad.json()).toMatchObject({ message: 'End date cannot be before start date' });
    const over = await t.put(
      `/api/exceptions/${created.id}`,
      body({ startDate: d(35), isFullDay: false, hours: 15.3, version: 1 }),
      writer,
    );
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ message: 'Hours cannot exceed 15.2' });
    // Without the version last read, an edit could silently overwrite someone else's: it is refused.
    for (const url of [`/api/exceptions/${created.id}`, `/api/absences/${created.id}`]) {
      const unversioned = await t.put(url, body({ startDate: d(35) }), writer);
      expect(unversioned.statusCode).toBe(400);
      expect(unversioned.json().message).toBe('Version is required: reload and try again');
    }
    const foreignReason = await t.put(
      `/api/exceptions/${created.id}`,
      body({ startDate: d(35), reasonId: foreign.reasonId, version: 1 }),
      writer,
    );
    expect(foreignReason.json()).toEqual({ message: 'Exception type not found' });
    expect(await rowOf(created.id)).toEqual(before);
  });

  it('deletes an exception and marks its days back to full hours; a second delete answers 404', async () => {
    const created = (await t.post('/api/exceptions', body({ startDate: d(40), endDate: d(41) }), writer)).json(); // Mon 22 – Tue 23 April
    await authoriseDirectly([d(40), d(41)]);
    const res = await t.del(`/api/exceptions/${created.id}`, writer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Exception deleted' });
    expect(await rowOf(created.id)).toBeUndefined();
    expect(await hoursOf([d(40), d(41)])).toEqual([
      [11.6, 11.6, false],
      [11.6, 11.6, false],
    ]);
    const again = await t.del(`/api/exceptions/${created.id}`, writer);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Exception not found' });
  });
});

describe('all or nothing', () => {
  const FAIL_DAY = d(47); // Monday 29 April 2030
  beforeAll(async () => {
    // A trigger that refuses any day-change row for FAIL_DAY: the marking half of a change fails inside its transaction.
    await t.db.execute(
      sql.raw(
        `create function hs_test_refuse_day() returns trigger language plpgsql as $$ begin raise exception 'refused by test trigger'; end $$`,
      ),
    );
    await t.db.execute(
      sql.raw(
        `create trigger hs_test_refuse_day before insert or update on day_changes for each row when (new.date = date '${FAIL_DAY}') execute function hs_test_refuse_day()`,
      ),
    );
  });
  afterAll(async () => {
    await t.db.execute(sql.raw('drop trigger if exists hs_test_refuse_day on day_changes'));
    await t.db.execute(sql.raw('drop function if exists hs_test_refuse_day()'));
  });

  it('a create whose marking fails leaves no exception and no day marked', async () => {
    const before = await allExceptions();
    const dayRows = await days();
    const res = await t.post('/api/exceptions', body({ startDate: d(46), endDate: FAIL_DAY }), writer);
    expect(res.statusCode).toBe(500);
    expect(await allExceptions()).toEqual(before);
    expect(await days()).toEqual(dayRows);
  });

  it('a move into the refused day leaves the exception and its old days as they were', async () => {
    const created = (await t.post('/api/exceptions', body({ startDate: d(44) }), writer)).json();
    await authoriseDirectly([d(44)]);
    const before = await rowOf(created.id);
    const dayRows = await days();
    for (const url of [`/api/exceptions/${created.id}`, `/api/absences/${created.id}`]) {
      const res = await t.put(url, body({ startDate: FAIL_DAY, endDate: FAIL_DAY, version: 1 }), writer);
      expect(res.statusCode).toBe(500);
    }
    expect(await rowOf(created.id)).toEqual(before);
    expect(await days()).toEqual(dayRows);
    expect((await days()).get(d(44))!.isAuthorised).toBe(true);
  });

  it('a delete whose marking fails keeps the exception', async () => {
    const existing = await createException(t.db, { siteId, employeeId: full.id, reasonId: annual.id, startDate: FAIL_DAY });
    const res = await t.del(`/api/exceptions/${existing.id}`, writer);
    expect(res.statusCode).toBe(500);
    expect(await rowOf(existing.id)).toEqual(existing);
  });
});

describe('tenancy and roles', () => {
  it('answers 404 for another site’s exception on every route, leaving it unchanged', async () => {
    const before = await rowOf(foreign.exceptionId);
    for (const res of [
      await t.put(`/api/exceptions/${foreign.exceptionId}`, body({ version: 1 }), writer),
      await t.put(`/api/absences/${foreign.exceptionId}`, body({ version: 1 }), writer),
      await t.del(`/api/exceptions/${foreign.exceptionId}`, writer),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Exception not found' });
    }
    expect(await rowOf(foreign.exceptionId)).toEqual(before);
    expect(await dayChangeRows(t.db, foreign.siteId)).toEqual(new Map());
  });

  it('the read-only user gets 403 on every change, even with a bad body, and nothing changes', async () => {
    const target = (await t.post('/api/exceptions', body({ startDate: d(50) }), writer)).json();
    const before = await allExceptions();
    const dayRows = await days();
    for (const res of [
      await t.post('/api/exceptions', body(), viewer),
      await t.post('/api/exceptions', {}, viewer),
      await t.put(`/api/exceptions/${target.id}`, body({ startDate: d(51), endDate: d(51) }), viewer),
      await t.put(`/api/absences/${target.id}`, body({ startDate: d(51), endDate: d(51) }), viewer),
      await t.del(`/api/exceptions/${target.id}`, viewer),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Read-only users cannot make changes.' });
    }
    expect(await allExceptions()).toEqual(before);
    expect(await days()).toEqual(dayRows);
  });

  it.each([
    ['POST', '/api/exceptions'],
    ['PUT', '/api/exceptions/1'],
    ['PUT', '/api/absences/1'],
    ['DELETE', '/api/exceptions/1'],
  ] as const)('signed out, %s %s answers 401', async (method, url) => {
    const before = await allExceptions();
    const res = await t.request(method, url, { body: method === 'DELETE' ? undefined : body() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authenticated' });
    expect(await allExceptions()).toEqual(before);
  });
});
