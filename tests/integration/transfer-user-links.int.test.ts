import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../../src/server/db/schema';
import { createEmployee, createSite, createTeam as createTenantTeam, createUser } from '../factories';
import { startTestApp, type TestApp } from './harness';

/** The User email column of the employees CSV (decision 091): links an employee to a user of the site by address. */

const PASSWORD = 'csv-links-pass';
const NOW = new Date('2030-03-13T10:00:00Z');
const HEADER = 'Name,Efficiency,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday,Sunday,User email';
const HOURS = '100,7.6,7.6,7.6,7.6,7.6,0,0';

let t: TestApp;
let admin: string;
let writer: string;
let writerEmail: string;
let siteId: number;
let businessId: number;
let ann: { id: number };
let bob: { id: number };
let staffUser: { id: number; email: string };

const preview = (csv: string, cookie = admin) => t.post('/api/import/employees/preview', { csv, locale: 'en-GB' }, cookie);
const importCsv = (csv: string, cookie = admin) => t.post('/api/import/employees', { csv, locale: 'en-GB' }, cookie);
const linkOf = async (employeeId: number) =>
  (await t.db.select({ userId: employees.userId }).from(employees).where(eq(employees.id, employeeId)))[0].userId;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  const tenant = await createTenantTeam(t.db, PASSWORD);
  siteId = tenant.site.id;
  businessId = tenant.business.id;
  ann = await createEmployee(t.db, siteId, { name: 'Ann Lee', sortOrder: 0 });
  bob = await createEmployee(t.db, siteId, { name: 'Bob Stone', sortOrder: 1 });
  staffUser = await createUser(t.db, siteId, { email: 'ann.lee@links.example', isReadOnly: true, isStaff: true });
  admin = await t.login(tenant.admin.email, PASSWORD);
  writer = await t.login(tenant.writer.email, PASSWORD);
  writerEmail = tenant.writer.email;
});
afterAll(() => t?.close());

describe('employees CSV with user links', () => {
  it('an address links the employee (any case); the preview shows the column; export writes it back', async () => {
    const csv = [HEADER, `Ann Lee,${HOURS},ANN.LEE@links.example`, `Bob Stone,${HOURS},`].join('\n');
    const res = await preview(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().columns.at(-1)).toBe('User email');
    expect(res.json().rows).toEqual([
      { line: 2, action: 'update', cells: ['Ann Lee', '100%', '7.6', '7.6', '7.6', '7.6', '7.6', '0', '0', '', 'ann.lee@links.example'] },
      { line: 3, action: 'unchanged', cells: ['Bob Stone', '100%', '7.6', '7.6', '7.6', '7.6', '7.6', '0', '0', '', ''] },
    ]);
    expect((await importCsv(csv)).json()).toMatchObject({ created: 0, updated: 1 });
    expect(await linkOf(ann.id)).toBe(staffUser.id);

    const exported = (await t.get('/api/export/employees.csv', admin)).body.split('\r\n');
    expect(exported[0]).toBe(
      '\uFEFFId,Name,Efficiency,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday,Sunday,Team,User email,Start date',
    );
    expect(exported[1]).toBe(`${ann.id},Ann Lee,100,7.6,7.6,7.6,7.6,7.6,0,0,,ann.lee@links.example,`);
    expect(exported[2]).toBe(`${bob.id},Bob Stone,100,7.6,7.6,7.6,7.6,7.6,0,0,,,`);
    // The exported file imported again changes nothing.
    expect((await preview(exported.join('\n'))).json().counts).toEqual({ create: 0, update: 0, unchanged: 2 });
  });

  it('unknown addresses, another site’s users, a user linked elsewhere and a repeated address are row errors', async () => {
    const other = await createSite(t.db, businessId);
    await createUser(t.db, other.id, { email: 'elsewhere@links.example' });
    await createUser(t.db, siteId, { email: 'spare@links.example' });
    const csv = [
      HEADER,
      `Bob Stone,${HOURS},nobody@links.example`,
      `Gus New,${HOURS},elsewhere@links.example`,
      `Hal New,${HOURS},ann.lee@links.example`,
      `Cara New,${HOURS},spare@links.example`,
      `Dan New,${HOURS},spare@links.example`,
    ].join('\n');
    const res = await preview(csv);
    expect(res.json().errors).toEqual([
      { line: 2, message: 'User email: no user of this site has the address "nobody@links.example"' },
      { line: 3, message: 'User email: no user of this site has the address "elsewhere@links.example"' },
      { line: 4, message: 'User email: ann.lee@links.example is already linked to Ann Lee; unlink them first' },
      { line: 6, message: 'User email: spare@links.example is already on line 5' },
    ]);
    expect((await importCsv(csv)).statusCode).toBe(400);
    expect(await linkOf(bob.id)).toBeNull();
  });

  it('a new employee can be linked as it is made; an empty cell unlinks', async () => {
    const spare = await createUser(t.db, siteId, { email: 'eve.new@links.example' });
    expect((await importCsv([HEADER, `Eve New,${HOURS},eve.new@links.example`].join('\n'))).statusCode).toBe(200);
    const [eve] = await t.db.select().from(employees).where(eq(employees.name, 'Eve New'));
    expect(eve.userId).toBe(spare.id);
    expect((await importCsv([HEADER, `Eve New,${HOURS},`].join('\n'))).json()).toMatchObject({ updated: 1 });
    expect(await linkOf(eve.id)).toBeNull();
  });

  it('a writer may repeat the links there are, not change them', async () => {
    const same = await preview([HEADER, `Ann Lee,${HOURS},ann.lee@links.example`].join('\n'), writer);
    expect(same.json().errors).toEqual([]);
    const change = await preview([HEADER, `Bob Stone,${HOURS},${writerEmail}`].join('\n'), writer);
    expect(change.json().errors).toEqual([{ line: 2, message: 'User email: only an administrator can link users to employees' }]);
  });
});
