import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, sites } from '../../src/server/db/schema';
import { employeeInput } from '../factories';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let demoId: number;
let northId: number;
let userCookie: string;
let viewerCookie: string;

beforeAll(async () => {
  t = await startTestApp();
  const rows = await t.db.select().from(sites);
  demoId = rows.find((s) => s.subdomain === 'demo')!.id;
  northId = rows.find((s) => s.subdomain === 'demo-north')!.id;
  userCookie = await t.login('user@demo.example');
  viewerCookie = await t.login('viewer@demo.example');
});
afterAll(() => t?.close());

const siteRows = (siteId: number) => t.db.select().from(employees).where(eq(employees.siteId, siteId)).orderBy(asc(employees.id));

describe('tenant isolation', () => {
  it('GET /api/employees returns exactly the current site’s rows', async () => {
    const res = await t.get('/api/employees', userCookie);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ id: number; siteId: number }>;
    const own = await siteRows(demoId);
    expect(list.map((e) => e.id).sort((a, b) => a - b)).toEqual(own.map((e) => e.id));
    const foreign = new Set((await siteRows(northId)).map((e) => e.id));
    expect(foreign.size).toBeGreaterThan(0);
    expect(list.some((e) => foreign.has(e.id) || e.siteId !== demoId)).toBe(false);
  });

  it('answers 404 for every employee route addressed at another site’s employee, and leaves it unchanged', async () => {
    const before = await siteRows(northId);
    const target = before[0];
    const put = await t.put(`/api/employees/${target.id}`, employeeInput({ name: 'Hijacked', efficiency: 10 }), userCookie);
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ message: 'Employee not found' });
    const del = await t.del(`/api/employees/${target.id}`, userCookie);
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual({ message: 'Employee not found' });
    for (const direction of ['up', 'down']) {
      const reorder = await t.post(`/api/employees/${target.id}/reorder`, { direction }, userCookie);
      expect(reorder.statusCode).toBe(404);
      expect(reorder.json()).toEqual({ message: 'Employee not found' });
    }
    expect(await siteRows(northId)).toEqual(before);
  });

  it('answers a foreign id exactly like an id that does not exist', async () => {
    const [target] = await siteRows(northId);
    const foreign = await t.put(`/api/employees/${target.id}`, employeeInput(), userCookie);
    const missing = await t.put('/api/employees/99999999', employeeInput(), userCookie);
    expect(foreign.statusCode).toBe(missing.statusCode);
    expect(foreign.body).toBe(missing.body);
  });

  it('a body naming another site cannot move a new or updated employee there', async () => {
    const created = await t.post('/api/employees', { ...employeeInput({ name: 'Stays home' }), siteId: northId }, userCookie);
    expect(created.statusCode).toBe(201);
    expect(created.json().siteId).toBe(demoId);
    const id = created.json().id as number;
    const updated = await t.put(`/api/employees/${id}`, { ...employeeInput({ name: 'Still home' }), siteId: northId }, userCookie);
    expect(updated.statusCode).toBe(200);
    const [row] = await t.db.select().from(employees).where(eq(employees.id, id));
    expect(row.siteId).toBe(demoId);
    expect(row.name).toBe('Still home');
  });

  it('an admin switched to demo-north cannot reach demo employees', async () => {
    const cookie = await t.login('admin@demo.example');
    expect((await t.post('/api/switch-site', { siteId: northId }, cookie)).statusCode).toBe(200);
    const before = await siteRows(demoId);
    const target = before[0];
    expect((await t.put(`/api/employees/${target.id}`, employeeInput({ name: 'Cross-site' }), cookie)).statusCode).toBe(404);
    expect((await t.del(`/api/employees/${target.id}`, cookie)).statusCode).toBe(404);
    expect((await t.post(`/api/employees/${target.id}/reorder`, { direction: 'down' }, cookie)).statusCode).toBe(404);
    expect(await siteRows(demoId)).toEqual(before);
  });
});

describe('roles', () => {
  it('the read-only viewer can read employees', async () => {
    const res = await t.get('/api/employees', viewerCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBe((await siteRows(demoId)).length);
  });

  it('the read-only viewer gets 403 on every change, and nothing changes', async () => {
    const before = await siteRows(demoId);
    const target = before[1];
    const forbidden = { message: 'Read-only users cannot make changes.' };
    const calls = [
      () => t.post('/api/employees', employeeInput({ name: 'Viewer made' }), viewerCookie),
      () => t.put(`/api/employees/${target.id}`, employeeInput({ name: 'Viewer edit' }), viewerCookie),
      () => t.del(`/api/employees/${target.id}`, viewerCookie),
      () => t.post(`/api/employees/${target.id}/reorder`, { direction: 'up' }, viewerCookie),
      () => t.post(`/api/employees/${target.id}/reorder`, { direction: 'down' }, viewerCookie),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    expect(await siteRows(demoId)).toEqual(before);
  });
});

describe('signed out', () => {
  it.each([
    ['GET', '/api/auth/me', undefined],
    ['GET', '/api/sites', undefined],
    ['POST', '/api/switch-site', { siteId: 1 }],
    ['GET', '/api/employees', undefined],
    ['POST', '/api/employees', employeeInput()],
    ['PUT', '/api/employees/1', employeeInput()],
    ['DELETE', '/api/employees/1', undefined],
    ['POST', '/api/employees/1/reorder', { direction: 'up' }],
    ['POST', '/api/bug-report', { subject: 'Hello', details: 'World' }],
  ] as const)('%s %s answers 401', async (method, url, body) => {
    const before = await t.db.select().from(employees).orderBy(asc(employees.id));
    const res = await t.request(method, url, { body });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authenticated' });
    expect(await t.db.select().from(employees).orderBy(asc(employees.id))).toEqual(before);
  });

  it.each([
    ['POST', '/api/employees', { name: '', efficiency: 'lots' }],
    ['PUT', '/api/employees/abc', {}],
    ['GET', '/api/exceptions?startDate=nonsense', undefined],
  ] as const)('%s %s with a bad request still answers 401, not the validation details', async (method, url, body) => {
    const res = await t.request(method, url, { body });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authenticated' });
  });

  it('answers 401 to a stale cookie as to none', async () => {
    const res = await t.request('POST', '/api/employees', {
      body: employeeInput(),
      cookie: 'hs_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(res.statusCode).toBe(401);
  });
});
