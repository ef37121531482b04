import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exceptionReasons, exceptions } from '../../src/server/db/schema';
import { createEmployee, createException, createSite, createSiteReason, createTeam, createUser, grantSite } from '../factories';
import { startTestApp, type TestApp } from './harness';

/** Another site's export, Id column and all, imported into this site (decision 083, "Another site's ids"). */

const PASSWORD = 'foreign-ids-pass';
const NOW = new Date('2030-03-13T10:00:00Z');
const HINT = '(import it as a new exception with the choice in the preview)';

let t: TestApp;
let siteA: number;
let siteB: number;
let adminB: string;
let writerB: string;
/** Site A's exceptions, in the export's order: Ann's course, Bob's standby, Ann's leave. */
let idsA: number[];
let annB: number;
let leaveB: number;
let annualLeave: number;
let strangerId: number;
let exportedCsv: string;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  const team = await createTeam(t.db, PASSWORD);
  siteA = team.site.id;
  annualLeave = team.reasons[0].id;
  const course = await createSiteReason(t.db, siteA, { name: 'Forklift Course', color: '#10b981', isAdditive: false });
  const standby = await createSiteReason(t.db, siteA, { name: 'Standby', color: '#f59e0b', isAdditive: true });
  const annA = (await createEmployee(t.db, siteA, { name: 'Ann Lee' })).id;
  const bobA = (await createEmployee(t.db, siteA, { name: 'Bob Stone' })).id;
  idsA = [
    (await createException(t.db, { siteId: siteA, employeeId: annA, reasonId: course.id, startDate: '2030-05-06', endDate: '2030-05-07' }))
      .id,
    (
      await createException(t.db, {
        siteId: siteA,
        employeeId: bobA,
        reasonId: standby.id,
        startDate: '2030-05-08',
        isFullDay: false,
        hours: 3,
        notes: 'Evening',
      })
    ).id,
    (await createException(t.db, { siteId: siteA, employeeId: annA, reasonId: annualLeave, startDate: '2030-05-09' })).id,
  ];

  const adminA = await t.login(team.admin.email, PASSWORD);
  const res = await t.get('/api/export/exceptions.csv?startDate=2030-05-01&endDate=2030-05-31', adminA);
  expect(res.statusCode).toBe(200);
  exportedCsv = res.body.replace(/^\uFEFF/, '');

  const b = await createSite(t.db, team.business.id, { name: 'North Depot' });
  siteB = b.id;
  annB = (await createEmployee(t.db, siteB, { name: 'Ann Lee' })).id;
  await createEmployee(t.db, siteB, { name: 'Bob Stone' });
  leaveB = (await createException(t.db, { siteId: siteB, employeeId: annB, reasonId: annualLeave, startDate: '2030-06-03' })).id;
  const admin = await createUser(t.db, siteB, { isAdmin: true, password: PASSWORD });
  await grantSite(t.db, admin.id, siteA);
  adminB = await t.login(admin.email, PASSWORD);
  const writer = await createUser(t.db, siteB, { password: PASSWORD });
  writerB = await t.login(writer.email, PASSWORD);

  const stranger = await createTeam(t.db, PASSWORD);
  const strangerEmployee = await createEmployee(t.db, stranger.site.id, { name: 'Ann Lee' });
  strangerId = (
    await createException(t.db, {
      siteId: stranger.site.id,
      employeeId: strangerEmployee.id,
      reasonId: stranger.reasons[0].id,
      startDate: '2030-07-01',
    })
  ).id;
});
afterAll(() => t?.close());

const post = (path: string, csv: string, cookie: string, flags: Record<string, unknown> = {}) =>
  t.post(path, { csv, locale: 'en-GB', ...flags }, cookie);
const BOTH = { createMissingTypes: true, unknownIdsAsNew: true };
const rowsOf = (siteId: number) =>
  t.db
    .select({
      id: exceptions.id,
      employeeId: exceptions.employeeId,
      startDate: exceptions.startDate,
      endDate: exceptions.endDate,
      isFullDay: exceptions.isFullDay,
      hours: exceptions.hours,
      notes: exceptions.notes,
      version: exceptions.version,
    })
    .from(exceptions)
    .where(eq(exceptions.siteId, siteId))
    .orderBy(asc(exceptions.startDate));
const typeNamesOfB = async () =>
  (await t.db.select({ name: exceptionReasons.name }).from(exceptionReasons).where(eq(exceptionReasons.siteId, siteB))).map((r) => r.name);

describe('another site’s export with its Id column', () => {
  it('is exported with site A’s ids', () => {
    expect(exportedCsv.split('\r\n').slice(0, 4)).toEqual([
      'Id,Employee,Type,Start date,End date,Full day,Hours,Notes',
      `${idsA[0]},Ann Lee,Forklift Course,2030-05-06,2030-05-07,yes,,`,
      `${idsA[1]},Bob Stone,Standby,2030-05-08,2030-05-08,no,3,Evening`,
      `${idsA[2]},Ann Lee,Annual Leave,2030-05-09,2030-05-09,yes,,`,
    ]);
  });

  it('without the choice, every row is an error that points at it, and the preview counts those rows', async () => {
    const res = await post('/api/import/exceptions/preview', exportedCsv, adminB, { createMissingTypes: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      rows: [],
      counts: { create: 0, update: 0, unchanged: 0 },
      unknownIdRows: 3,
      errors: [
        { line: 2, message: `No exception with id ${idsA[0]} on this site ${HINT}` },
        { line: 3, message: `No exception with id ${idsA[1]} on this site ${HINT}` },
        { line: 4, message: `No exception with id ${idsA[2]} on this site ${HINT}` },
      ],
    });
    // Without either choice, a row names both of its problems.
    const plain = (await post('/api/import/exceptions/preview', exportedCsv, adminB)).json();
    expect(plain.errors[0]).toEqual({
      line: 2,
      message: `No exception type named "Forklift Course"; No exception with id ${idsA[0]} on this site ${HINT}`,
    });

    const imported = await post('/api/import/exceptions', exportedCsv, adminB, { createMissingTypes: true });
    expect(imported.statusCode).toBe(400);
    expect(imported.json()).toEqual({ message: '3 rows have errors; nothing was imported. Fix them and try again.' });
    expect(await typeNamesOfB()).toEqual([]);
    expect(await rowsOf(siteB)).toHaveLength(1);
  });

  it('a regular user may choose it: the rows of types this site has import, the others still need an admin', async () => {
    const res = await post('/api/import/exceptions/preview', exportedCsv, writerB, { unknownIdsAsNew: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      counts: { create: 1, update: 0, unchanged: 0 },
      unknownIdRows: 3,
      errors: [
        { line: 2, message: 'No exception type named "Forklift Course"' },
        { line: 3, message: 'No exception type named "Standby"' },
      ],
      rows: [{ line: 4, action: 'create', cells: ['Ann Lee', 'Annual Leave', '2030-05-09', '2030-05-09', 'yes', '', ''] }],
    });
  });

  it('bad values of the choice are refused with 400, and it is for exceptions only', async () => {
    for (const value of ['yes', 1, null]) {
      const res = await post('/api/import/exceptions/preview', exportedCsv, adminB, { unknownIdsAsNew: value });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'unknownIdsAsNew must be true or false' });
    }
    const res = await post('/api/import/employees', 'Id,Name\n999999,Cara Diaz\n', writerB, { unknownIdsAsNew: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'unknownIdsAsNew applies to an exceptions import only.' });
    expect(await rowsOf(siteB)).toHaveLength(1);
  });

  it('with both choices, an admin imports the whole file as new exceptions and site A is left alone', async () => {
    const preview = await post('/api/import/exceptions/preview', exportedCsv, adminB, BOTH);
    expect(preview.json()).toMatchObject({ errors: [], unknownIdRows: 3, counts: { create: 3, update: 0, unchanged: 0 } });

    const res = await post('/api/import/exceptions', exportedCsv, adminB, BOTH);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      created: 3,
      updated: 0,
      unchanged: 0,
      typesCreated: 2,
      message: 'Imported: 3 created, 0 updated, 0 unchanged. 2 exception types created.',
    });
    expect(await typeNamesOfB()).toEqual(['Forklift Course', 'Standby']);
    const rows = await rowsOf(siteB);
    expect(rows.map((r) => [r.startDate, r.endDate, r.isFullDay, r.hours, r.notes, r.version])).toEqual([
      ['2030-05-06', '2030-05-07', true, null, null, 1],
      ['2030-05-08', '2030-05-08', false, 3, 'Evening', 1],
      ['2030-05-09', '2030-05-09', true, null, null, 1],
      ['2030-06-03', '2030-06-03', true, null, null, 1],
    ]);
    // New rows with ids of their own: none took the id the file gave it.
    expect(rows.map((r) => r.id).filter((id) => idsA.includes(id))).toEqual([]);
    const a = await rowsOf(siteA);
    expect(a.map((r) => [r.id, r.startDate, r.notes, r.version])).toEqual([
      [idsA[0], '2030-05-06', null, 1],
      [idsA[1], '2030-05-08', 'Evening', 1],
      [idsA[2], '2030-05-09', null, 1],
    ]);
  });

  it('a mixed file updates this site’s row in place and creates the rows whose ids are not on this site', async () => {
    const csv = [
      'Id,Employee,Type,Start date,End date,Full day,Hours,Notes',
      `${leaveB},Ann Lee,Annual Leave,2030-06-03,2030-06-04,yes,,Extended`,
      `${idsA[2]},Ann Lee,Annual Leave,2030-06-10,,yes,,From A`,
      `${strangerId},Bob Stone,Annual Leave,2030-06-11,,yes,,`,
    ].join('\n');
    const preview = (await post('/api/import/exceptions/preview', csv, writerB, { unknownIdsAsNew: true })).json();
    expect(preview).toMatchObject({ errors: [], unknownIdRows: 2, counts: { create: 2, update: 1, unchanged: 0 } });
    expect(preview.rows.map((r: { line: number; action: string }) => [r.line, r.action])).toEqual([
      [2, 'update'],
      [3, 'create'],
      [4, 'create'],
    ]);

    const res = await post('/api/import/exceptions', csv, writerB, { unknownIdsAsNew: true });
    expect(res.json()).toMatchObject({ created: 2, updated: 1, unchanged: 0, typesCreated: 0 });
    const rows = (await rowsOf(siteB)).filter((r) => r.startDate >= '2030-06-01');
    expect(rows.map((r) => [r.id === leaveB, r.startDate, r.endDate, r.notes, r.version])).toEqual([
      [true, '2030-06-03', '2030-06-04', 'Extended', 2],
      [false, '2030-06-10', '2030-06-10', 'From A', 1],
      [false, '2030-06-11', '2030-06-11', null, 1],
    ]);
    expect((await rowsOf(siteA)).map((r) => [r.id, r.version])).toEqual(idsA.map((id) => [id, 1]));
    const [theirs] = await t.db.select().from(exceptions).where(eq(exceptions.id, strangerId));
    expect([theirs.startDate, theirs.version]).toEqual(['2030-07-01', 1]);
  });

  it('with the choice, an Id that is no id at all or a repeated one is still an error', async () => {
    const csv = [
      'Id,Employee,Type,Start date',
      'abc,Ann Lee,Annual Leave,2030-06-17',
      `${idsA[0]},Ann Lee,Annual Leave,2030-06-18`,
      `${idsA[0]},Ann Lee,Annual Leave,2030-06-19`,
    ].join('\n');
    const preview = (await post('/api/import/exceptions/preview', csv, writerB, { unknownIdsAsNew: true })).json();
    expect(preview).toMatchObject({
      unknownIdRows: 2,
      counts: { create: 1, update: 0, unchanged: 0 },
      errors: [
        { line: 2, message: 'No exception with id abc on this site' },
        { line: 4, message: `Exception ${idsA[0]} is already on line 3` },
      ],
    });
  });
});
