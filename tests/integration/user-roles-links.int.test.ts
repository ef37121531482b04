import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, sites, siteUsers } from '../../src/server/db/schema';
import { createEmployee, createTenant, createUser } from '../factories';
import { startTestApp, type TestApp } from './harness';

/** Roles as one choice and users linked to the employees they are (decision 091). */

let t: TestApp;
let demoId: number;
let northId: number;
let admin: string;
let counter = 1;

beforeAll(async () => {
  t = await startTestApp();
  const rows = await t.db.select().from(sites);
  demoId = rows.find((s) => s.subdomain === 'demo')!.id;
  northId = rows.find((s) => s.subdomain === 'demo-north')!.id;
  admin = await t.login('admin@demo.example');
});
afterAll(() => t?.close());

const nextEmail = () => `person-${counter++}@demo.example`;
const create = (body: Record<string, unknown>) =>
  t.post('/api/auth/create-user', { password: 'a-decent-password', email: nextEmail(), ...body }, admin);
const update = (id: number, body: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/auth/users/${id}`, headers: { cookie: admin }, payload: body });
const linkOf = async (employeeId: number) =>
  (await t.db.select({ userId: employees.userId }).from(employees).where(eq(employees.id, employeeId)))[0].userId;

describe('roles', () => {
  it('creates each role from its flags; isReadOnly left out follows isStaff', async () => {
    const staff = await create({ isStaff: true });
    expect(staff.statusCode).toBe(201);
    expect(staff.json()).toMatchObject({ isStaff: true, isReadOnly: true, isAdmin: false, employee: null, invited: false });
    const viewer = await create({ isReadOnly: true });
    expect(viewer.json()).toMatchObject({ isStaff: false, isReadOnly: true, isAdmin: false });
    const regular = await create({});
    expect(regular.json()).toMatchObject({ isStaff: false, isReadOnly: false, isAdmin: false });
  });

  it('refuses Staff with admin, and Staff that is not read-only, with a message and no user', async () => {
    const email = nextEmail();
    const withAdmin = await t.post('/api/auth/create-user', { email, password: 'a-decent-password', isStaff: true, isAdmin: true }, admin);
    expect(withAdmin.statusCode).toBe(400);
    expect(withAdmin.json()).toEqual({ message: 'A Staff user cannot be an admin. Choose Staff or Admin.' });
    const writable = await t.post(
      '/api/auth/create-user',
      { email, password: 'a-decent-password', isStaff: true, isReadOnly: false },
      admin,
    );
    expect(writable.statusCode).toBe(400);
    expect(writable.json().message).toBe('A Staff user is always read-only: send isReadOnly true (or leave it out) with isStaff.');
    expect(await t.db.select().from(siteUsers).where(eq(siteUsers.email, email))).toEqual([]);
  });

  it('changes a role through PATCH, with the same checks; an admin cannot change their own', async () => {
    const user = await createUser(t.db, demoId, { email: nextEmail() });
    const res = await update(user.id, { isStaff: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, isStaff: true, isReadOnly: true, isAdmin: false });
    const bad = await update(user.id, { isStaff: true, isAdmin: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('A Staff user cannot be an admin. Choose Staff or Admin.');
    const back = await update(user.id, { isAdmin: true, isReadOnly: true });
    expect(back.json()).toMatchObject({ isStaff: false, isReadOnly: true, isAdmin: true });

    const [self] = await t.db.select().from(siteUsers).where(eq(siteUsers.email, 'admin@demo.example'));
    const own = await update(self.id, { isReadOnly: true, isAdmin: true });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: 'You cannot change your own role.' });
  });

  it('a user made Staff is closed out of the routes that are not for Staff at once', async () => {
    const email = nextEmail();
    const user = await createUser(t.db, demoId, { email, password: 'a-decent-password' });
    const cookie = await t.login(email, 'a-decent-password');
    expect((await t.get('/api/employees', cookie)).statusCode).toBe(200);
    await update(user.id, { isStaff: true });
    const after = await t.get('/api/employees', cookie);
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ message: 'Staff accounts can see the calendar and their own time off only.' });
    expect((await t.get('/api/calendar', cookie)).statusCode).not.toBe(403);
  });
});

describe('linking a user to an employee', () => {
  it('links on create, shows the name in the list and on the employee, and unlinks with null', async () => {
    const person = await createEmployee(t.db, demoId, { name: 'Linked Lena' });
    const res = await create({ isStaff: true, employeeId: person.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().employee).toEqual({ id: person.id, name: 'Linked Lena' });
    const userId = res.json().id as number;
    expect(await linkOf(person.id)).toBe(userId);

    const list = (await t.get('/api/auth/site-users', admin)).json() as Array<{ id: number; employee: unknown }>;
    expect(list.find((u) => u.id === userId)?.employee).toEqual({ id: person.id, name: 'Linked Lena' });
    const staffList = (await t.get('/api/employees', admin)).json() as Array<{ id: number; userId: number | null }>;
    expect(staffList.find((e) => e.id === person.id)?.userId).toBe(userId);

    const unlinked = await update(userId, { isStaff: true, employeeId: null });
    expect(unlinked.json().employee).toBeNull();
    expect(await linkOf(person.id)).toBeNull();
  });

  it('moves a link: linking to another employee frees the first', async () => {
    const first = await createEmployee(t.db, demoId, { name: 'First Fay' });
    const second = await createEmployee(t.db, demoId, { name: 'Second Sam' });
    const user = await createUser(t.db, demoId, { email: nextEmail() });
    expect((await update(user.id, { employeeId: first.id })).statusCode).toBe(200);
    const moved = await update(user.id, { employeeId: second.id });
    expect(moved.json().employee).toEqual({ id: second.id, name: 'Second Sam' });
    expect(await linkOf(first.id)).toBeNull();
    expect(await linkOf(second.id)).toBe(user.id);
    // Leaving employeeId out keeps the link.
    expect((await update(user.id, { isReadOnly: true })).json().employee).toEqual({ id: second.id, name: 'Second Sam' });
  });

  it('an employee linked to another user answers 409 naming both, and nothing changes', async () => {
    const person = await createEmployee(t.db, demoId, { name: 'Taken Tom' });
    const ownerEmail = nextEmail();
    const owner = await createUser(t.db, demoId, { email: ownerEmail });
    await update(owner.id, { employeeId: person.id });
    const other = await createUser(t.db, demoId, { email: nextEmail() });
    const res = await update(other.id, { employeeId: person.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: `Taken Tom is already linked to ${ownerEmail}. Unlink them first, or choose another employee.` });
    expect(await linkOf(person.id)).toBe(owner.id);

    const email = nextEmail();
    const created = await t.post('/api/auth/create-user', { email, password: 'a-decent-password', employeeId: person.id }, admin);
    expect(created.statusCode).toBe(409);
    // The user is not left behind without the link that was asked for.
    expect(await t.db.select().from(siteUsers).where(eq(siteUsers.email, email))).toEqual([]);
  });

  it("another site's employee, or another business's, answers 404 Employee not found", async () => {
    const northPerson = await createEmployee(t.db, northId, { name: 'North Nia' });
    const tenant = await createTenant(t.db);
    const foreign = await createEmployee(t.db, tenant.site.id, { name: 'Foreign Finn' });
    const user = await createUser(t.db, demoId, { email: nextEmail() });
    for (const id of [northPerson.id, foreign.id, 999_999]) {
      const res = await update(user.id, { employeeId: id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Employee not found' });
    }
    expect(await linkOf(northPerson.id)).toBeNull();
  });

  it("a user of another site the admin manages cannot be linked from here: the employee must be on the user's home site", async () => {
    const person = await createEmployee(t.db, demoId, { name: 'Home Hana' });
    const northUser = await createUser(t.db, northId, { email: nextEmail() });
    const res = await update(northUser.id, { employeeId: person.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("A user can be linked only to an employee of the user's own site. Switch to that site first.");
  });

  it('refuses a malformed employeeId with a message', async () => {
    const user = await createUser(t.db, demoId, { email: nextEmail() });
    const res = await update(user.id, { employeeId: 'seven' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/employeeId must be an employee id or null/);
  });
});
