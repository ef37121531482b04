import { asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeContracts, employees, sites } from '../../src/server/db/schema';
import { createEmployee, createTenant, employeeInput } from '../factories';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let siteId: number;
let cookie: string;

/** A fresh tenant per file keeps the order and counts here independent of the demo data. */
beforeAll(async () => {
  t = await startTestApp();
  const tenant = await createTenant(t.db, { password: 'tenant-pass' });
  siteId = tenant.site.id;
  cookie = await t.login(tenant.admin.email, 'tenant-pass');
});
afterAll(() => t?.close());

const names = async () => (await t.get('/api/employees', cookie)).json().map((e: { name: string }) => e.name);
const rowsInOrder = () =>
  t.db.select().from(employees).where(eq(employees.siteId, siteId)).orderBy(asc(employees.sortOrder), asc(employees.id));

describe('create', () => {
  it('creates an employee (201) on the current site, at the end of the order, with defaultHours derived', async () => {
    const res = await t.post(
      '/api/employees',
      employeeInput({ name: '  Ada Lovelace  ', efficiency: 85, mondayHours: 0, tuesdayHours: 6.5, fridayHours: 4 }),
      cookie,
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      siteId,
      name: 'Ada Lovelace',
      efficiency: 85,
      mondayHours: 0,
      tuesdayHours: 6.5,
      fridayHours: 4,
      sortOrder: 0,
      defaultHours: 6.5,
    });
    const [row] = await t.db.select().from(employees).where(eq(employees.id, body.id));
    // Without a start date, the employee starts the day they are added, and so does their one contract version (decision 107).
    const today = new Date().toISOString().slice(0, 10);
    expect(row).toMatchObject({ siteId, name: 'Ada Lovelace', endDate: null, startDate: today });
    const versions = await t.db.select().from(employeeContracts).where(eq(employeeContracts.employeeId, body.id));
    expect(versions).toMatchObject([{ siteId, validFrom: today, efficiency: 85, mondayHours: 0, tuesdayHours: 6.5, fridayHours: 4 }]);

    const second = await t.post('/api/employees', employeeInput({ name: 'Second' }), cookie);
    expect(second.json()).toMatchObject({ sortOrder: 1, defaultHours: 7.6 });
    const none = await t.post(
      '/api/employees',
      employeeInput({ name: 'No hours', mondayHours: 0, tuesdayHours: 0, wednesdayHours: 0, thursdayHours: 0, fridayHours: 0 }),
      cookie,
    );
    expect(none.json()).toMatchObject({ sortOrder: 2, defaultHours: 0 });
    expect(await names()).toEqual(['Ada Lovelace', 'Second', 'No hours']);
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: undefined }, 'name', 'Name is required'],
    [{ efficiency: 0 }, 'efficiency', 'Efficiency must be at least 1%'],
    [{ efficiency: 201 }, 'efficiency', 'Efficiency cannot exceed 200%'],
    [{ mondayHours: -1 }, 'mondayHours', 'Hours must be 0 or more'],
    [{ sundayHours: 24.5 }, 'sundayHours', 'Hours cannot exceed 24'],
  ])('refuses %j with 400 and the message', async (patch, path, message) => {
    const before = await rowsInOrder();
    const res = await t.post('/api/employees', { ...employeeInput(), ...patch }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().issues).toContainEqual({ path, message });
    expect(await rowsInOrder()).toEqual(before);
  });

  it('lists every problem in issues when several fields are wrong', async () => {
    const res = await t.post('/api/employees', { ...employeeInput(), name: '', efficiency: 500, wednesdayHours: 30 }, cookie);
    expect(res.statusCode).toBe(400);
    const issues = res.json().issues as Array<{ path: string; message: string }>;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name is required' },
        { path: 'efficiency', message: 'Efficiency cannot exceed 200%' },
        { path: 'wednesdayHours', message: 'Hours cannot exceed 24' },
      ]),
    );
  });

  it('accepts the edges: efficiency 1 and 200, hours 0 and 24', async () => {
    for (const patch of [
      { efficiency: 1, mondayHours: 24 },
      { efficiency: 200, mondayHours: 0, sundayHours: 24 },
    ]) {
      const res = await t.post('/api/employees', employeeInput(patch), cookie);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject(patch);
    }
  });
});

describe('update and delete', () => {
  it('updates every field and recomputes defaultHours', async () => {
    const emp = await createEmployee(t.db, siteId, { name: 'Before' });
    const input = employeeInput({ name: 'After', efficiency: 120, mondayHours: 0, tuesdayHours: 0, wednesdayHours: 3.3, saturdayHours: 5 });
    const res = await t.put(`/api/employees/${emp.id}`, input, cookie);
    expect(res.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.json()).toEqual({
      ...input,
      id: emp.id,
      siteId,
      sortOrder: emp.sortOrder,
      defaultHours: 3.3,
      contractFrom: today,
      contractCount: 2,
      endDate: null,
      startDate: null,
      teamId: null,
      userId: null,
    });
    const [row] = await t.db.select().from(employees).where(eq(employees.id, emp.id));
    expect(row.name).toBe('After');
    // The old hours stay in force before today; the new ones from today on.
    const versions = await t.db
      .select()
      .from(employeeContracts)
      .where(eq(employeeContracts.employeeId, emp.id))
      .orderBy(sql`${employeeContracts.validFrom} asc nulls first`);
    expect(versions).toMatchObject([
      { validFrom: null, efficiency: 100, wednesdayHours: 7.6, saturdayHours: 0 },
      { validFrom: today, efficiency: 120, wednesdayHours: 3.3, saturdayHours: 5 },
    ]);
  });

  it('validates updates with the same messages, leaving the row as it was', async () => {
    const emp = await createEmployee(t.db, siteId, { name: 'Unchanged' });
    const res = await t.put(`/api/employees/${emp.id}`, { ...employeeInput(), efficiency: 0 }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Efficiency must be at least 1%');
    const [row] = await t.db.select().from(employees).where(eq(employees.id, emp.id));
    expect(row.name).toBe('Unchanged');
  });

  it('deletes an employee; a second delete answers 404', async () => {
    const emp = await createEmployee(t.db, siteId, { name: 'Leaving' });
    const res = await t.del(`/api/employees/${emp.id}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Employee deleted' });
    expect(await t.db.select().from(employees).where(eq(employees.id, emp.id))).toHaveLength(0);
    expect(await names()).not.toContain('Leaving');
    const again = await t.del(`/api/employees/${emp.id}`, cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Employee not found' });
  });
});

describe('reorder', () => {
  let ids: number[];
  beforeAll(async () => {
    await t.db.delete(employees).where(eq(employees.siteId, siteId));
    ids = [];
    for (const name of ['A', 'B', 'C', 'D']) ids.push((await t.post('/api/employees', employeeInput({ name }), cookie)).json().id);
  });

  it('moves an employee up and down, answering the new order', async () => {
    const up = await t.post(`/api/employees/${ids[2]}/reorder`, { direction: 'up' }, cookie);
    expect(up.statusCode).toBe(200);
    expect(up.json().map((e: { name: string }) => e.name)).toEqual(['A', 'C', 'B', 'D']);
    expect(up.json().map((e: { sortOrder: number }) => e.sortOrder)).toEqual([0, 1, 2, 3]);
    expect(await names()).toEqual(['A', 'C', 'B', 'D']);

    const down = await t.post(`/api/employees/${ids[0]}/reorder`, { direction: 'down' }, cookie);
    expect(down.json().map((e: { name: string }) => e.name)).toEqual(['C', 'A', 'B', 'D']);
    expect((await rowsInOrder()).map((r) => r.name)).toEqual(['C', 'A', 'B', 'D']);
  });

  it('is a no-op at the edges', async () => {
    const before = (await rowsInOrder()).map((r) => [r.id, r.sortOrder]);
    const first = (await rowsInOrder())[0];
    const last = (await rowsInOrder()).at(-1)!;
    const top = await t.post(`/api/employees/${first.id}/reorder`, { direction: 'up' }, cookie);
    expect(top.statusCode).toBe(200);
    const bottom = await t.post(`/api/employees/${last.id}/reorder`, { direction: 'down' }, cookie);
    expect(bottom.statusCode).toBe(200);
    expect((await rowsInOrder()).map((r) => [r.id, r.sortOrder])).toEqual(before);
  });

  it('renumbers ties densely so a move always takes effect', async () => {
    await t.db.update(employees).set({ sortOrder: 0 }).where(eq(employees.siteId, siteId));
    // Ties sort by id: A B C D. Moving D up must put it before C.
    const res = await t.post(`/api/employees/${ids[3]}/reorder`, { direction: 'up' }, cookie);
    expect(res.json().map((e: { name: string }) => e.name)).toEqual(['A', 'B', 'D', 'C']);
    expect((await rowsInOrder()).map((r) => r.sortOrder)).toEqual([0, 1, 2, 3]);
  });

  it('refuses a direction other than up or down', async () => {
    const res = await t.post(`/api/employees/${ids[1]}/reorder`, { direction: 'sideways' }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Direction must be up or down');
  });
});

describe('plan limit', () => {
  it('answers 403 naming the limit once the site has maxEmployees employees', async () => {
    const [{ n }] = await t.db.select({ n: count() }).from(employees).where(eq(employees.siteId, siteId));
    await t.db.update(sites).set({ maxEmployees: n, planType: 'starter' }).where(eq(sites.id, siteId));
    const res = await t.post('/api/employees', employeeInput({ name: 'One too many' }), cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(new RegExp(`up to ${n} employees`));
    expect(res.json().message).toMatch(/starter plan/);
    const [{ n: after }] = await t.db.select({ n: count() }).from(employees).where(eq(employees.siteId, siteId));
    expect(after).toBe(n);

    // One more seat lets exactly one more in; -1 means unlimited.
    await t.db
      .update(sites)
      .set({ maxEmployees: n + 1 })
      .where(eq(sites.id, siteId));
    expect((await t.post('/api/employees', employeeInput(), cookie)).statusCode).toBe(201);
    expect((await t.post('/api/employees', employeeInput(), cookie)).statusCode).toBe(403);
    await t.db.update(sites).set({ maxEmployees: -1 }).where(eq(sites.id, siteId));
    expect((await t.post('/api/employees', employeeInput(), cookie)).statusCode).toBe(201);
  });
});
