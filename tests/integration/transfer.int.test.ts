import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayChanges, employeeContracts, employees, exceptions } from '../../src/server/db/schema';
import { createEmployee, createException, createSite, createTeam, createUser } from '../factories';
import { startTestApp, type TestApp } from './harness';

const PASSWORD = 'transfer-pass';
const NOW = new Date('2030-03-13T10:00:00Z');

let t: TestApp;
let siteId: number;
let admin: string;
let viewer: string;
let other: { siteId: number; cookie: string; exceptionId: number; employeeId: number };
let ann: number;
let bob: number;
let overtime: { id: number; businessId: number | null };

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  const team = await createTeam(t.db, PASSWORD);
  siteId = team.site.id;
  overtime = team.reasons.find((r) => r.name === 'Overtime')!;
  admin = await t.login(team.admin.email, PASSWORD);
  viewer = await t.login(team.viewer.email, PASSWORD);
  ann = (await createEmployee(t.db, siteId, { name: 'Ann Lee', sortOrder: 0 })).id;
  bob = (await createEmployee(t.db, siteId, { name: 'Bob Stone', sortOrder: 1, fridayHours: 0 })).id;

  const site = await createSite(t.db, team.business.id);
  const user = await createUser(t.db, site.id, { isAdmin: true, password: PASSWORD });
  const employeeId = (await createEmployee(t.db, site.id, { name: 'Ann Lee' })).id;
  const exceptionId = (await createException(t.db, { siteId: site.id, employeeId, reasonId: team.reasons[0].id, startDate: '2030-04-01' }))
    .id;
  other = { siteId: site.id, cookie: await t.login(user.email, PASSWORD), exceptionId, employeeId };
});
afterAll(() => t?.close());

const preview = (kind: string, csv: string, cookie = admin, locale = 'en-GB') =>
  t.post(`/api/import/${kind}/preview`, { csv, locale }, cookie);
const importCsv = (kind: string, csv: string, cookie = admin, locale = 'en-GB') => t.post(`/api/import/${kind}`, { csv, locale }, cookie);
const siteExceptions = (site = siteId) => t.db.select().from(exceptions).where(eq(exceptions.siteId, site)).orderBy(asc(exceptions.id));
/** Each employee with the hours of its latest contract version (an import changes hours from today on). */
const siteEmployees = async (site = siteId) => {
  const rows = await t.db.select().from(employees).where(eq(employees.siteId, site)).orderBy(asc(employees.sortOrder), asc(employees.id));
  const versions = await t.db
    .select()
    .from(employeeContracts)
    .where(eq(employeeContracts.siteId, site))
    .orderBy(sql`${employeeContracts.validFrom} asc nulls first`);
  return rows.map((e) => {
    const {
      id: _id,
      employeeId: _e,
      siteId: _s,
      validFrom: _v,
      createdAt: _c,
      updatedAt: _u,
      ...hours
    } = versions.filter((v) => v.employeeId === e.id).at(-1)!;
    const defaultHours =
      [
        hours.mondayHours,
        hours.tuesdayHours,
        hours.wednesdayHours,
        hours.thursdayHours,
        hours.fridayHours,
        hours.saturdayHours,
        hours.sundayHours,
      ].find((h) => h > 0) ?? 0;
    return { ...e, ...hours, defaultHours };
  });
};

describe('employees import', () => {
  it('previews creates, updates and unchanged rows, then imports them in one go', async () => {
    const csv = [
      'Name,Efficiency,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday,Sunday',
      'Ann Lee,100,7.6,7.6,7.6,7.6,7.6,0,0',
      'bob stone,90,8,8,8,8,0,0,0',
      'Cara Diaz,80%,"7,5",7.5,7.5,7.5,7.5,0,0',
    ].join('\n');
    const res = await preview('employees', csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      columns: ['Name', 'Efficiency', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'Team'],
      rows: [
        { line: 2, action: 'unchanged', cells: ['Ann Lee', '100%', '7.6', '7.6', '7.6', '7.6', '7.6', '0', '0', ''] },
        { line: 3, action: 'update', cells: ['bob stone', '90%', '8', '8', '8', '8', '0', '0', '0', ''] },
        { line: 4, action: 'create', cells: ['Cara Diaz', '80%', '7.5', '7.5', '7.5', '7.5', '7.5', '0', '0', ''] },
      ],
      errors: [],
      counts: { create: 1, update: 1, unchanged: 1 },
      missingTypes: [],
      unknownIdRows: 0,
    });
    const done = await importCsv('employees', csv);
    expect(done.json()).toEqual({
      created: 1,
      updated: 1,
      unchanged: 0 + 1,
      typesCreated: 0,
      message: 'Imported: 1 created, 1 updated, 1 unchanged.',
    });
    const rows = await siteEmployees();
    expect(rows.map((e) => [e.name, e.efficiency, e.mondayHours, e.fridayHours, e.sortOrder])).toEqual([
      ['Ann Lee', 100, 7.6, 7.6, 0],
      ['bob stone', 90, 8, 0, 1],
      ['Cara Diaz', 80, 7.5, 7.5, 2],
    ]);
  });

  it('flags every bad row with its line and reason', async () => {
    const csv = [
      'Id,Name,Efficiency,Monday',
      ',Dan Ray,250,7',
      ',Eve Fox,100,25',
      ',Fay Li,abc,x',
      `${other.employeeId},Ann Lee,100,7`,
      ',Gus Orr,100,7',
      ',gus orr,100,7',
      ',,100,7',
    ].join('\n');
    const res = await preview('employees', csv);
    expect(res.json().errors).toEqual([
      { line: 2, message: 'Efficiency cannot exceed 200%' },
      { line: 3, message: 'Monday: Hours cannot exceed 24' },
      { line: 4, message: 'Efficiency: "abc" is not a number; Monday: "x" is not a number' },
      { line: 5, message: `No employee with id ${other.employeeId} on this site` },
      { line: 7, message: '"gus orr" is already on line 6' },
      { line: 8, message: 'Name is required' },
    ]);
    expect(res.json().counts).toEqual({ create: 1, update: 0, unchanged: 0 });
  });
});

describe('exceptions import', () => {
  const header = 'Employee,Type,Start date,End date,Full day,Hours,Notes';

  it('creates exceptions from names and locale dates, and marks their days changed', async () => {
    const csv = [header, 'Ann Lee,annual leave,2030-04-01,2030-04-03,yes,,"Family, abroad"', 'Bob Stone,Training,04/08/2030,,no,3.5,'].join(
      '\r\n',
    );
    const res = await preview('exceptions', csv, admin, 'en-US');
    expect(res.json().rows).toEqual([
      { line: 2, action: 'create', cells: ['Ann Lee', 'Annual Leave', '2030-04-01', '2030-04-03', 'yes', '', 'Family, abroad'] },
      { line: 3, action: 'create', cells: ['bob stone', 'Training', '2030-04-08', '2030-04-08', 'no', '3.5', ''] },
    ]);
    expect((await importCsv('exceptions', csv, admin, 'en-US')).json().created).toBe(2);
    const rows = await siteExceptions();
    expect(rows.map((e) => [e.employeeId, e.startDate, e.endDate, e.isFullDay, e.hours, e.notes])).toEqual([
      [ann, '2030-04-01', '2030-04-03', true, null, 'Family, abroad'],
      [bob, '2030-04-08', '2030-04-08', false, 3.5, null],
    ]);
    const marked = await t.db
      .select({ date: dayChanges.date })
      .from(dayChanges)
      .where(eq(dayChanges.siteId, siteId))
      .orderBy(asc(dayChanges.date));
    expect(marked.map((d) => d.date)).toEqual(['2030-04-01', '2030-04-02', '2030-04-03', '2030-04-08']);
  });

  it('reports every row error with its line number and reason', async () => {
    const csv = [
      `Id,${header}`,
      ',Nobody,Annual Leave,2030-05-01,,,,',
      ',Ann Lee,Holiday Fun,2030-05-01,,,,',
      ',Ann Lee,Annual Leave,31/02/2030,,,,',
      ',Ann Lee,Annual Leave,2030-05-03,2030-05-01,,,',
      ',Ann Lee,Training,2030-05-06,,no,,',
      ',Ann Lee,Training,2030-05-06,,maybe,2,',
      ',Ann Lee,Training,2030-05-06,,no,20,',
      ',Ann Lee,Training,2030-05-06,,no,lots,',
      `${other.exceptionId},Ann Lee,Annual Leave,2030-05-06,,,,`,
      ',Ann Lee,Annual Leave,,,,,',
      '"",Ann Lee,Annual Leave,"2030-05-07",,,,"Multi',
      'line note"',
      ',Ann Lee,Annual Leave,2030-05-08,2034-05-08,,,',
    ].join('\n');
    const res = await preview('exceptions', csv);
    expect(res.statusCode).toBe(200);
    expect(res.json().errors).toEqual([
      { line: 2, message: 'No employee named "Nobody"' },
      { line: 3, message: 'No exception type named "Holiday Fun"' },
      { line: 4, message: 'Start date "31/02/2030" is not a date: use yyyy-MM-dd or dd/MM/yyyy' },
      { line: 5, message: 'End date cannot be before start date' },
      { line: 6, message: 'Hours are required when Full Day is off' },
      { line: 7, message: 'Full day: "maybe" must be yes or no' },
      { line: 8, message: 'Hours cannot exceed 15.2' },
      { line: 9, message: 'Hours: "lots" is not a number' },
      {
        line: 10,
        message: `No exception with id ${other.exceptionId} on this site (import it as a new exception with the choice in the preview)`,
      },
      { line: 11, message: 'Start date is required' },
      { line: 14, message: 'An exception may span at most 1100 days' },
    ]);
    expect(res.json().rows).toEqual([
      { line: 12, action: 'create', cells: ['Ann Lee', 'Annual Leave', '2030-05-07', '2030-05-07', 'yes', '', 'Multi\nline note'] },
    ]);
  });

  it('one bad row refuses the whole file: nothing is created or changed, and another site is never touched', async () => {
    const before = await siteExceptions();
    const theirs = await siteExceptions(other.siteId);
    const csv = [
      `Id,${header}`,
      ',Ann Lee,Annual Leave,2030-06-01,,,,',
      `${before[0].id},Ann Lee,Annual Leave,2030-06-02,,,,moved`,
      `${other.exceptionId},Ann Lee,Annual Leave,2030-06-03,,,,`,
    ].join('\n');
    const res = await importCsv('exceptions', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: '1 row has an error; nothing was imported. Fix it and try again.' });
    expect(await siteExceptions()).toEqual(before);
    expect(await siteExceptions(other.siteId)).toEqual(theirs);
  });

  it('updates by Id and leaves unchanged rows alone', async () => {
    const [first] = await siteExceptions();
    const csv = [`Id,${header}`, `${first.id},Ann Lee,Annual Leave,2030-04-02,2030-04-03,yes,,Family, abroad`].join('\n');
    // An unquoted comma makes an extra cell: the Notes column holds "Family" only.
    const res = await importCsv('exceptions', csv);
    expect(res.json()).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const [after] = await siteExceptions();
    expect([after.startDate, after.notes, after.version]).toEqual(['2030-04-02', 'Family', first.version + 1]);
  });

  it('refuses a read-only user, more than 10,000 rows and more than 5 MB with clear messages', async () => {
    expect((await preview('exceptions', `${header}\nAnn Lee,Training,2030-05-06`, viewer)).statusCode).toBe(403);
    const many = [header, ...Array.from({ length: 10_001 }, () => 'Ann Lee,Annual Leave,2030-05-06')].join('\n');
    const tooMany = await preview('exceptions', many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      message: 'The file has 10,001 rows; at most 10,000 rows can be imported at once. Split it and import each part.',
    });
    const big = `${header}\n${'x'.repeat(5 * 1024 * 1024)}`;
    const tooBig = await preview('exceptions', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: 'The file is larger than 5 MB. Split it into smaller files and import each one.' });
    const noColumn = await preview('exceptions', 'Who,What\nAnn,Leave');
    expect(noColumn.json()).toEqual({
      message: 'The file has no "Employee", "Type", "Start date" column. The first line must name the columns.',
    });
    const broken = await preview('exceptions', `${header}\nAnn Lee,"Annual Leave,2030-05-06`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The file could not be read as CSV at line 2: /);
  });
});

describe('export then import', () => {
  it('the exported files import back unchanged, and into another site give the same data', async () => {
    const made = await t.post(
      '/api/exceptions',
      {
        employeeId: ann,
        reasonId: overtime.id,
        startDate: '2030-04-10',
        endDate: '2030-04-10',
        isFullDay: false,
        hours: 2,
        notes: '=SUM(A1) "quoted"\nsecond line',
      },
      admin,
    );
    expect(made.statusCode, made.body).toBe(201);
    const employeesCsv = (await t.get('/api/export/employees.csv', admin)).body;
    expect(
      employeesCsv.startsWith(
        '\uFEFFId,Name,Efficiency,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday,Sunday,Team,User email,Start date\r\n',
      ),
    ).toBe(true);
    const exportRes = await t.get('/api/export/exceptions.csv?startDate=2030-04-01&endDate=2030-04-30', admin);
    expect(exportRes.headers['content-disposition']).toBe('attachment; filename="exceptions-2030-04-01-to-2030-04-30.csv"');
    const exceptionsCsv = exportRes.body;
    expect(exceptionsCsv).toContain(`"'=SUM(A1) ""quoted""\nsecond line"`);

    const beforeEmployees = await siteEmployees();
    const beforeExceptions = await siteExceptions();
    expect((await importCsv('employees', employeesCsv)).json()).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect((await importCsv('exceptions', exceptionsCsv)).json()).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect(await siteEmployees()).toEqual(beforeEmployees);
    expect(await siteExceptions()).toEqual(beforeExceptions);

    // Into a fresh site of the same business, without the Id column (those ids belong to the first site).
    const withoutId = (csv: string) =>
      csv
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .map((l) => l.replace(/^[^,]*,/, ''))
        .join('\r\n');
    const fresh = await createSite(t.db, overtime.businessId!);
    const freshAdmin = await t.login((await createUser(t.db, fresh.id, { isAdmin: true, password: PASSWORD })).email, PASSWORD);
    expect((await importCsv('employees', withoutId(employeesCsv), freshAdmin)).json()).toMatchObject({ created: 3 });
    expect((await importCsv('exceptions', withoutId(exceptionsCsv), freshAdmin)).json()).toMatchObject({ created: 3 });
    const pick = (rows: typeof beforeEmployees) =>
      rows.map(
        ({
          name,
          efficiency,
          sortOrder,
          mondayHours,
          tuesdayHours,
          wednesdayHours,
          thursdayHours,
          fridayHours,
          saturdayHours,
          sundayHours,
          defaultHours,
        }) => ({
          name,
          efficiency,
          sortOrder,
          mondayHours,
          tuesdayHours,
          wednesdayHours,
          thursdayHours,
          fridayHours,
          saturdayHours,
          sundayHours,
          defaultHours,
        }),
      );
    expect(pick(await siteEmployees(fresh.id))).toEqual(pick(beforeEmployees));
    const names = new Map([...beforeEmployees, ...(await siteEmployees(fresh.id))].map((e) => [e.id, e.name]));
    const pickX = (rows: typeof beforeExceptions) =>
      rows
        .map((e) => ({
          employee: names.get(e.employeeId),
          reasonId: e.reasonId,
          startDate: e.startDate,
          endDate: e.endDate,
          isFullDay: e.isFullDay,
          hours: e.hours,
          notes: e.notes,
        }))
        .sort((a, b) => (a.startDate + a.employee).localeCompare(b.startDate + b.employee));
    expect(pickX(await siteExceptions(fresh.id))).toEqual(pickX(beforeExceptions));
    expect(pickX(beforeExceptions).find((e) => e.hours === 2)?.notes).toBe('=SUM(A1) "quoted"\nsecond line');
  });
});

describe('file encoding', () => {
  const notUtf8 = (line: number) =>
    `The file is not saved as UTF-8: line ${line} has characters that could not be read (letters such as ë or ü saved in another encoding). Save it as "CSV UTF-8" in your spreadsheet and import it again.`;
  const files = {
    employees: 'Name\nAnn Lee\nZoë Müller\n',
    exceptions: 'Employee,Type,Start date\nAnn Lee,Training,2030-06-03\nZoë Müller,Training,2030-06-04\n',
  };
  /** The JSON body with the file's bytes as Latin-1 inside the string, as a script posting the raw file sends it. */
  const rawLatin1Body = (csv: string) =>
    Buffer.concat([Buffer.from('{"locale":"en-GB","csv":"'), Buffer.from(csv.replace(/\n/g, '\\n'), 'latin1'), Buffer.from('"}')]);

  it.each(Object.keys(files) as Array<keyof typeof files>)(
    'a Latin-1 %s file is refused with how to save it as UTF-8, and nothing is imported',
    async (kind) => {
      const before = [await siteEmployees(), await siteExceptions()];
      // What the browser's file.text() makes of the Latin-1 bytes: a U+FFFD for each undecodable letter.
      const asBrowserReadIt = Buffer.from(files[kind], 'latin1').toString('utf8');
      expect(asBrowserReadIt).toContain('Zo\uFFFD M\uFFFDller');
      for (const res of [await preview(kind, asBrowserReadIt), await importCsv(kind, asBrowserReadIt)]) {
        expect([res.statusCode, res.json()]).toEqual([400, { message: notUtf8(3) }]);
      }
      const raw = await t.app.inject({
        method: 'POST',
        url: `/api/import/${kind}`,
        headers: { cookie: admin, 'content-type': 'application/json' },
        payload: rawLatin1Body(files[kind]),
      });
      expect([raw.statusCode, raw.json()]).toEqual([400, { message: notUtf8(3) }]);
      expect([await siteEmployees(), await siteExceptions()]).toEqual(before);
    },
  );

  it('the same file saved as UTF-8 keeps its letters', async () => {
    const res = await preview('employees', files.employees);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows.map((r: { cells: string[] }) => r.cells[0])).toContain('Zoë Müller');
  });
});
