import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exceptionReasons, exceptions } from '../../src/server/db/schema';
import { createEmployee, createException, createSite, createSiteReason, createTeam, createUser, grantSite } from '../factories';
import { startTestApp, type TestApp } from './harness';

/** Copying exceptions between sites of one business, when the file names site-only types (decision 083). */

const PASSWORD = 'missing-types-pass';
const NOW = new Date('2030-03-13T10:00:00Z');

let t: TestApp;
let siteB: number;
let adminB: string;
let writerB: string;
let siteAName: string;
let exportedCsv: string;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  const team = await createTeam(t.db, PASSWORD);
  const siteA = team.site.id;
  siteAName = team.site.name;
  const business = team.business.id;
  const annualLeave = team.reasons[0];
  const course = await createSiteReason(t.db, siteA, { name: 'Forklift Course', color: '#10b981', isAdditive: false });
  const standby = await createSiteReason(t.db, siteA, { name: 'Standby', color: '#f59e0b', isAdditive: true });
  const annA = (await createEmployee(t.db, siteA, { name: 'Ann Lee' })).id;
  const bobA = (await createEmployee(t.db, siteA, { name: 'Bob Stone' })).id;
  await createException(t.db, { siteId: siteA, employeeId: annA, reasonId: course.id, startDate: '2030-05-06', endDate: '2030-05-07' });
  await createException(t.db, {
    siteId: siteA,
    employeeId: bobA,
    reasonId: standby.id,
    startDate: '2030-05-08',
    isFullDay: false,
    hours: 3,
  });
  await createException(t.db, { siteId: siteA, employeeId: bobA, reasonId: standby.id, startDate: '2030-05-13' });
  await createException(t.db, { siteId: siteA, employeeId: annA, reasonId: annualLeave.id, startDate: '2030-05-09' });

  const adminA = await t.login(team.admin.email, PASSWORD);
  const res = await t.get('/api/export/exceptions.csv?startDate=2030-05-01&endDate=2030-05-31', adminA);
  expect(res.statusCode).toBe(200);
  // Without the Id column, one way to copy into another site; transfer-foreign-ids imports the file as exported.
  exportedCsv = res.body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .map((l) => l.replace(/^[^,]*,/, ''))
    .join('\r\n');

  const b = await createSite(t.db, business, { name: 'North Depot' });
  siteB = b.id;
  await createEmployee(t.db, siteB, { name: 'Ann Lee' });
  await createEmployee(t.db, siteB, { name: 'Bob Stone' });
  const admin = await createUser(t.db, siteB, { isAdmin: true, password: PASSWORD });
  await grantSite(t.db, admin.id, siteA);
  adminB = await t.login(admin.email, PASSWORD);
  const writer = await createUser(t.db, siteB, { password: PASSWORD });
  await grantSite(t.db, writer.id, siteA);
  writerB = await t.login(writer.email, PASSWORD);

  // A site of the business the admin was never given, and another business: neither may lend its settings.
  const hidden = await createSite(t.db, business);
  await createSiteReason(t.db, hidden.id, { name: 'Jury Duty', color: '#ef4444', isAdditive: true });
  const stranger = await createTeam(t.db, PASSWORD);
  await createSiteReason(t.db, stranger.site.id, { name: 'Night Shift', color: '#111111', isAdditive: true });
});
afterAll(() => t?.close());

const post = (path: string, csv: string, cookie: string, createMissingTypes?: boolean) =>
  t.post(path, { csv, locale: 'en-GB', ...(createMissingTypes === undefined ? {} : { createMissingTypes }) }, cookie);
const siteTypes = () =>
  t.db
    .select({ name: exceptionReasons.name, color: exceptionReasons.color, isAdditive: exceptionReasons.isAdditive })
    .from(exceptionReasons)
    .where(eq(exceptionReasons.siteId, siteB))
    .orderBy(asc(exceptionReasons.id));
const siteRows = () => t.db.select().from(exceptions).where(eq(exceptions.siteId, siteB));

describe('importing another site’s export with site-only types', () => {
  it('without the flag, the preview names each row’s missing type and lists the types it could create', async () => {
    const res = await post('/api/import/exceptions/preview', exportedCsv, adminB);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.counts).toEqual({ create: 1, update: 0, unchanged: 0 });
    expect(preview.errors).toEqual([
      { line: 2, message: 'No exception type named "Forklift Course"' },
      { line: 3, message: 'No exception type named "Standby"' },
      { line: 5, message: 'No exception type named "Standby"' },
    ]);
    expect(preview.missingTypes).toEqual([
      { name: 'Forklift Course', color: '#10b981', isAdditive: false, copiedFrom: siteAName, rows: 1, error: null },
      { name: 'Standby', color: '#f59e0b', isAdditive: true, copiedFrom: siteAName, rows: 2, error: null },
    ]);

    const imported = await post('/api/import/exceptions', exportedCsv, adminB);
    expect(imported.statusCode).toBe(400);
    expect(imported.json()).toEqual({ message: '3 rows have errors; nothing was imported. Fix them and try again.' });
    expect(await siteTypes()).toEqual([]);
    expect(await siteRows()).toHaveLength(0);
  });

  it('a regular user sees the same clear errors, and asking to create the types is refused with 403', async () => {
    const preview = await post('/api/import/exceptions/preview', exportedCsv, writerB);
    expect(preview.json().errors[0]).toEqual({ line: 2, message: 'No exception type named "Forklift Course"' });
    const message = 'Only an admin can create the missing exception types. Ask an admin to import this file, or to create the types first.';
    for (const path of ['/api/import/exceptions/preview', '/api/import/exceptions']) {
      const res = await post(path, exportedCsv, writerB, true);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message });
    }
    expect(await siteTypes()).toEqual([]);
    expect(await siteRows()).toHaveLength(0);
  });

  it('the flag is for exceptions only', async () => {
    const res = await post('/api/import/employees', 'Name\nCara Diaz\n', adminB, true);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'createMissingTypes applies to an exceptions import only.' });
  });

  it('a bad row with the flag creates no type: types and rows go in together or not at all', async () => {
    const csv = `${exportedCsv.trimEnd()}\r\nNobody Here,Annual Leave,2030-05-20,2030-05-20,yes,,\r\n`;
    const res = await post('/api/import/exceptions', csv, adminB, true);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: '1 row has an error; nothing was imported. Fix it and try again.' });
    expect(await siteTypes()).toEqual([]);
    expect(await siteRows()).toHaveLength(0);
  });

  it('an admin with the flag creates the missing types with the source site’s settings and imports every row', async () => {
    const preview = await post('/api/import/exceptions/preview', exportedCsv, adminB, true);
    expect(preview.json()).toMatchObject({ errors: [], counts: { create: 4, update: 0, unchanged: 0 } });
    expect(preview.json().rows.map((r: { cells: string[] }) => r.cells[1])).toEqual([
      'Forklift Course',
      'Standby',
      'Annual Leave',
      'Standby',
    ]);
    expect(await siteTypes()).toEqual([]);

    const res = await post('/api/import/exceptions', exportedCsv, adminB, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      created: 4,
      updated: 0,
      unchanged: 0,
      typesCreated: 2,
      message: 'Imported: 4 created, 0 updated, 0 unchanged. 2 exception types created.',
    });
    expect(await siteTypes()).toEqual([
      { name: 'Forklift Course', color: '#10b981', isAdditive: false },
      { name: 'Standby', color: '#f59e0b', isAdditive: true },
    ]);
    // The calendar's list (site types after the business-wide ones) shows them.
    const listed = (await t.get('/api/exception-reasons', adminB)).json() as Array<{ name: string; scope: string }>;
    expect(listed.filter((r) => r.scope === 'site').map((r) => r.name)).toEqual(['Forklift Course', 'Standby']);
    const rows = await siteRows();
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => [r.startDate, r.endDate, r.isFullDay, r.hours]).sort()).toEqual([
      ['2030-05-06', '2030-05-07', true, null],
      ['2030-05-08', '2030-05-08', false, 3],
      ['2030-05-09', '2030-05-09', true, null],
      ['2030-05-13', '2030-05-13', true, null],
    ]);

    // Imported again, the same file finds the types it created and adds the rows once more, no new types.
    const again = await post('/api/import/exceptions/preview', exportedCsv, adminB, true);
    expect(again.json()).toMatchObject({ errors: [], missingTypes: [], counts: { create: 4 } });
  });

  it('a type no readable site has takes the defaults; a name the type rules refuse is a row error', async () => {
    const csv = [
      'Employee,Type,Start date',
      'Ann Lee,Jury Duty,2030-06-03',
      'Bob Stone,Night Shift,2030-06-04',
      'Ann Lee,X,2030-06-05',
      'Bob Stone,jury duty,2030-06-06',
    ].join('\n');
    const preview = (await post('/api/import/exceptions/preview', csv, adminB, true)).json();
    expect(preview.missingTypes).toEqual([
      { name: 'Jury Duty', color: '#3b82f6', isAdditive: false, copiedFrom: null, rows: 2, error: null },
      { name: 'Night Shift', color: '#3b82f6', isAdditive: false, copiedFrom: null, rows: 1, error: null },
      { name: 'X', color: '#3b82f6', isAdditive: false, copiedFrom: null, rows: 1, error: 'Name must be at least 2 characters' },
    ]);
    expect(preview.errors).toEqual([{ line: 4, message: 'Exception type "X" cannot be created: Name must be at least 2 characters' }]);

    const res = await post('/api/import/exceptions', csv.replace('Ann Lee,X,2030-06-05\n', ''), adminB, true);
    expect(res.json()).toMatchObject({ created: 3, typesCreated: 2 });
    expect((await siteTypes()).map((r) => r.name)).toEqual(['Forklift Course', 'Standby', 'Jury Duty', 'Night Shift']);
    expect(await siteRows()).toHaveLength(7);
  });
});
