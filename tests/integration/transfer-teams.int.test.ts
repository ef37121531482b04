import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createSite, createTeam as createTenantTeam, createUser } from '../factories';
import { startTestApp, type TestApp } from './harness';

/**
 * The Team column of the employees CSV (decision 085): exported by name, read back by name whatever its case;
 * a new name makes a team when an administrator imports and is a row error for anyone else; an empty cell is
 * no team; a file without the column leaves teams alone.
 */

const PASSWORD = 'csv-teams-pass';
const NOW = new Date('2030-03-13T10:00:00Z');
const HEADER = 'Name,Efficiency,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday,Sunday,Team';

let t: TestApp;
let admin: string;
let writer: string;
let businessId: number;

const preview = (csv: string, cookie = admin) => t.post('/api/import/employees/preview', { csv, locale: 'en-GB' }, cookie);
const importCsv = (csv: string, cookie = admin) => t.post('/api/import/employees', { csv, locale: 'en-GB' }, cookie);
const teamsOf = async (cookie = admin) =>
  ((await t.get('/api/teams', cookie)).json() as Array<{ id: number; name: string }>).map((x) => x.name);
const staffOf = async (cookie = admin) => {
  const teams = new Map(((await t.get('/api/teams', cookie)).json() as Array<{ id: number; name: string }>).map((x) => [x.id, x.name]));
  return ((await t.get('/api/employees', cookie)).json() as Array<{ name: string; teamId: number | null }>).map((e) => [
    e.name,
    e.teamId === null ? null : teams.get(e.teamId),
  ]);
};

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  const tenant = await createTenantTeam(t.db, PASSWORD);
  businessId = tenant.business.id;
  await createEmployee(t.db, tenant.site.id, { name: 'Ann Lee', sortOrder: 0 });
  await createEmployee(t.db, tenant.site.id, { name: 'Bob Stone', sortOrder: 1 });
  admin = await t.login(tenant.admin.email, PASSWORD);
  writer = await t.login(tenant.writer.email, PASSWORD);
  expect((await t.post('/api/teams', { name: 'Packing' }, admin)).statusCode).toBe(201);
});
afterAll(() => t?.close());

describe('employees CSV with teams', () => {
  it('a writer may name existing teams in any case, but not new ones', async () => {
    const csv = [HEADER, 'Ann Lee,100,7.6,7.6,7.6,7.6,7.6,0,0,packing', 'Bob Stone,100,7.6,7.6,7.6,7.6,7.6,0,0,Night shift'].join('\n');
    const res = await preview(csv, writer);
    expect(res.json().rows).toEqual([
      { line: 2, action: 'update', cells: ['Ann Lee', '100%', '7.6', '7.6', '7.6', '7.6', '7.6', '0', '0', 'Packing'] },
    ]);
    expect(res.json().errors).toEqual([
      { line: 3, message: 'Team: no team named "Night shift" on this site; an administrator can add it' },
    ]);
    expect((await importCsv(csv, writer)).statusCode).toBe(400);
    expect(await teamsOf()).toEqual(['Packing']);
  });

  it('an admin\u2019s import makes the new teams once, in the first spelling, after the existing ones', async () => {
    const csv = [
      HEADER,
      'Ann Lee,100,7.6,7.6,7.6,7.6,7.6,0,0,PACKING',
      'Bob Stone,100,7.6,7.6,7.6,7.6,7.6,0,0,Night shift',
      'Cara Diaz,100,7.6,7.6,7.6,7.6,7.6,0,0,night SHIFT',
      'Dev Patel,100,7.6,7.6,7.6,7.6,7.6,0,0,',
    ].join('\n');
    const res = await preview(csv);
    expect(res.json().rows.map((r: { action: string; cells: string[] }) => [r.action, r.cells[9]])).toEqual([
      ['update', 'Packing'],
      ['update', 'Night shift'],
      ['create', 'Night shift'],
      ['create', ''],
    ]);
    expect((await importCsv(csv)).json()).toMatchObject({ created: 2, updated: 2, unchanged: 0 });
    expect(await teamsOf()).toEqual(['Packing', 'Night shift']);
    expect(await staffOf()).toEqual([
      ['Ann Lee', 'Packing'],
      ['Bob Stone', 'Night shift'],
      ['Cara Diaz', 'Night shift'],
      ['Dev Patel', null],
    ]);
  });

  it('refuses a team name longer than 100 characters on its row', async () => {
    const res = await preview([HEADER, `Ann Lee,100,7.6,7.6,7.6,7.6,7.6,0,0,${'x'.repeat(101)}`].join('\n'));
    expect(res.json().errors).toEqual([{ line: 2, message: 'Team: Team name must be 100 characters or fewer' }]);
  });

  it('exports the team by name and imports the file back unchanged', async () => {
    const csv = (await t.get('/api/export/employees.csv', admin)).body as string;
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(`Id,${HEADER},User email,Start date`);
    expect(lines.slice(1, 5).map((l) => l.split(',').slice(1).join(','))).toEqual([
      'Ann Lee,100,7.6,7.6,7.6,7.6,7.6,0,0,Packing,,',
      'Bob Stone,100,7.6,7.6,7.6,7.6,7.6,0,0,Night shift,,',
      // Imported earlier in this file, so they start the day of that import (decision 107).
      'Cara Diaz,100,7.6,7.6,7.6,7.6,7.6,0,0,Night shift,,2030-03-13',
      'Dev Patel,100,7.6,7.6,7.6,7.6,7.6,0,0,,,2030-03-13',
    ]);
    expect((await importCsv(csv)).json()).toMatchObject({ created: 0, updated: 0, unchanged: 4 });

    // Into a fresh site without the ids: the same people in the same teams, the teams made on the way.
    const fresh = await createSite(t.db, businessId);
    const freshAdmin = await t.login((await createUser(t.db, fresh.id, { isAdmin: true, password: PASSWORD })).email, PASSWORD);
    const withoutId = lines.map((l) => l.replace(/^[^,]*,/, '')).join('\r\n');
    expect((await importCsv(withoutId, freshAdmin)).json()).toMatchObject({ created: 4 });
    expect(await teamsOf(freshAdmin)).toEqual(['Packing', 'Night shift']);
    expect(await staffOf(freshAdmin)).toEqual([
      ['Ann Lee', 'Packing'],
      ['Bob Stone', 'Night shift'],
      ['Cara Diaz', 'Night shift'],
      ['Dev Patel', null],
    ]);
  });

  it('a file without the Team column leaves every team as it is; an empty cell takes the employee out', async () => {
    const old = ['Name,Efficiency,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday,Sunday', 'Ann Lee,100,7.6,7.6,7.6,7.6,7.6,0,0'].join(
      '\n',
    );
    expect((await importCsv(old)).json()).toMatchObject({ updated: 0, unchanged: 1 });
    expect((await staffOf())[0]).toEqual(['Ann Lee', 'Packing']);
    expect((await importCsv([HEADER, 'Ann Lee,100,7.6,7.6,7.6,7.6,7.6,0,0,'].join('\n'))).json()).toMatchObject({ updated: 1 });
    expect((await staffOf())[0]).toEqual(['Ann Lee', null]);
  });
});
