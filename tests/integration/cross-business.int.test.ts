import { asc, eq, inArray, type Column } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dayChanges,
  employees,
  exceptionReasons,
  exceptions,
  notes,
  publicHolidays,
  sites,
  siteSettings,
  siteUsers,
  userSessions,
  userSitePermissions,
} from '../../src/server/db/schema';
import { employeeInput } from '../factories';
import { startTestApp, type TestApp, type TestResponse } from './harness';

/**
 * A business that registers through the API can neither read nor change the demo business's rows, through
 * any route that exists: foreign ids answer 404 (exactly like missing ids), lists hold only its own rows,
 * and the demo business is unchanged at the end.
 */

let t: TestApp;
let cookie: string;
let newSiteId: number;
let newAdminId: number;
let demoSiteIds: number[];
let demoBusinessId: number;
let demoEmployee: number;
let demoUserIds: number[];
const NEW = {
  siteName: 'Newco Ltd',
  siteSubdomain: 'newco',
  email: 'owner@newco.test',
  password: 'newco-pass',
  confirmPassword: 'newco-pass',
};

const today = new Date();
const iso = (d: Date) => d.toISOString().slice(0, 10);
const range = `startDate=${iso(new Date(today.getTime() - 90 * 86_400_000))}&endDate=${iso(new Date(today.getTime() + 400 * 86_400_000))}`;

/** Everything of the demo business a stray write could touch, read straight from the database. */
async function demoState() {
  const inDemo = (col: Column) => inArray(col, demoSiteIds);
  return {
    sites: await t.db.select().from(sites).where(eq(sites.businessId, demoBusinessId)).orderBy(asc(sites.id)),
    settings: await t.db.select().from(siteSettings).where(inDemo(siteSettings.siteId)).orderBy(asc(siteSettings.siteId)),
    employees: await t.db.select().from(employees).where(inDemo(employees.siteId)).orderBy(asc(employees.id)),
    exceptions: await t.db.select().from(exceptions).where(inDemo(exceptions.siteId)).orderBy(asc(exceptions.id)),
    notes: await t.db.select().from(notes).where(inDemo(notes.siteId)).orderBy(asc(notes.id)),
    holidays: await t.db.select().from(publicHolidays).where(inDemo(publicHolidays.siteId)).orderBy(asc(publicHolidays.id)),
    dayChanges: await t.db.select().from(dayChanges).where(inDemo(dayChanges.siteId)).orderBy(asc(dayChanges.siteId), asc(dayChanges.date)),
    reasons: await t.db
      .select()
      .from(exceptionReasons)
      .where(eq(exceptionReasons.businessId, demoBusinessId))
      .orderBy(asc(exceptionReasons.id)),
    users: (await t.db.select().from(siteUsers).where(inDemo(siteUsers.siteId)).orderBy(asc(siteUsers.id))).map(
      ({ lastLoginAt: _l, ...u }) => u,
    ),
    grants: await t.db
      .select()
      .from(userSitePermissions)
      .where(inArray(userSitePermissions.userId, demoUserIds))
      .orderBy(asc(userSitePermissions.id)),
  };
}
let before: Awaited<ReturnType<typeof demoState>>;

beforeAll(async () => {
  t = await startTestApp();
  const demoSites = await t.db.select().from(sites).orderBy(asc(sites.id));
  demoBusinessId = demoSites.find((s) => s.subdomain === 'demo')!.businessId;
  demoSiteIds = demoSites.filter((s) => s.businessId === demoBusinessId).map((s) => s.id);
  demoUserIds = (await t.db.select({ id: siteUsers.id }).from(siteUsers).where(inArray(siteUsers.siteId, demoSiteIds))).map((u) => u.id);
  [{ id: demoEmployee }] = await t.db.select({ id: employees.id }).from(employees).where(inArray(employees.siteId, demoSiteIds)).limit(1);

  const reg = await t.post('/auth/register', NEW);
  expect(reg.statusCode).toBe(201);
  cookie = await t.login(NEW.email, NEW.password);
  const me = (await t.get('/api/auth/me', cookie)).json();
  newSiteId = me.site.id;
  newAdminId = me.user.id;
  before = await demoState();
});
afterAll(() => t?.close());

const patch = (url: string): Promise<TestResponse> => t.app.inject({ method: 'PATCH', url, headers: { cookie } });
const expectNotFound = (res: TestResponse, message: string) => {
  expect(res.statusCode, `${res.statusCode} ${res.body}`).toBe(404);
  expect(res.json()).toEqual({ message });
};

describe('a newly registered business reads only its own data', () => {
  it.each(['/api/exceptions', '/api/notes', '/api/public-holidays', '/api/day-changes'])('GET %s is empty', async (path) => {
    const res = await t.get(`${path}?${range}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    // The demo business does have rows in the same range.
    const demoCookie = await t.login('admin@demo.example');
    if (path !== '/api/day-changes') expect((await t.get(`${path}?${range}`, demoCookie)).json().length).toBeGreaterThan(0);
  });

  it('GET /api/employees, /api/exception-reasons, /api/settings, /api/sites, /api/auth/site-users hold only its own rows', async () => {
    expect((await t.get('/api/employees', cookie)).json()).toEqual([]);
    const reasons = (await t.get('/api/exception-reasons', cookie)).json() as Array<{ id: number }>;
    expect(reasons).toHaveLength(4);
    const demoReasonIds = new Set(before.reasons.map((r) => r.id));
    expect(reasons.some((r) => demoReasonIds.has(r.id))).toBe(false);
    expect((await t.get('/api/settings', cookie)).json()).toMatchObject({ siteName: 'Newco Ltd', businessName: 'Newco Ltd' });
    expect((await t.get('/api/sites', cookie)).json()).toEqual([{ id: newSiteId, name: 'Newco Ltd', subdomain: 'newco' }]);
    const users = (await t.get('/api/auth/site-users', cookie)).json() as Array<{ id: number }>;
    expect(users.map((u) => u.id)).toEqual([newAdminId]);
  });

  it('the demo admin does not see the new business either', async () => {
    const demoCookie = await t.login('admin@demo.example');
    const siteIds = (await t.get('/api/sites', demoCookie)).json().map((s: { id: number }) => s.id);
    expect(siteIds).not.toContain(newSiteId);
    expectNotFound(await t.post('/api/switch-site', { siteId: newSiteId }, demoCookie), 'Failed to switch site');
    expectNotFound(await t.get(`/api/auth/users/${newAdminId}/site-permissions`, demoCookie), 'User not found');
  });
});

describe('a newly registered business cannot change the demo business', () => {
  it('employee routes answer 404 for a demo employee, exactly like a missing one', async () => {
    const put = await t.put(`/api/employees/${demoEmployee}`, employeeInput({ name: 'Hijacked' }), cookie);
    expectNotFound(put, 'Employee not found');
    expect(put.body).toBe((await t.put('/api/employees/99999999', employeeInput(), cookie)).body);
    expectNotFound(await t.del(`/api/employees/${demoEmployee}`, cookie), 'Employee not found');
    for (const direction of ['up', 'down'])
      expectNotFound(await t.post(`/api/employees/${demoEmployee}/reorder`, { direction }, cookie), 'Employee not found');
  });

  it('a body naming a demo site cannot place an employee there', async () => {
    const res = await t.post('/api/employees', { ...employeeInput({ name: 'Stays at Newco' }), siteId: demoSiteIds[0] }, cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json().siteId).toBe(newSiteId);
  });

  it('reordering sidebar categories changes only its own settings', async () => {
    const res = await t.post('/api/settings/reorder-categories', { categoryType: 'exceptions', direction: 'up' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().sidebarCategoryOrder).toEqual(['employees', 'exceptions', 'notes']);
  });

  it('cannot switch to a demo site', async () => {
    for (const siteId of demoSiteIds) expectNotFound(await t.post('/api/switch-site', { siteId }, cookie), 'Failed to switch site');
    expect((await t.get('/api/auth/me', cookie)).json().site.id).toBe(newSiteId);
  });

  it('cannot sign in on a demo host', async () => {
    const res = await t.request('POST', '/api/auth/login', {
      body: { email: NEW.email, password: NEW.password },
      headers: { host: 'demo.localhost:3000' },
      remoteAddress: '10.40.0.1',
    });
    expect(res.statusCode).toBe(401);
  });

  it('user management routes answer 404 for every demo user', async () => {
    for (const id of demoUserIds) {
      expectNotFound(await patch(`/api/auth/users/${id}/toggle-status`), 'User not found');
      expectNotFound(await t.get(`/api/auth/users/${id}/site-permissions`, cookie), 'User not found');
      expectNotFound(await t.put(`/api/auth/users/${id}/site-permissions`, { siteIds: [] }, cookie), 'User not found');
      expectNotFound(await t.put(`/api/auth/users/${id}/site-permissions`, { siteIds: [newSiteId] }, cookie), 'User not found');
    }
  });

  it('cannot grant its own user a demo site', async () => {
    const created = await t.post('/api/auth/create-user', { email: 'staff@newco.test', password: 'staff-pass' }, cookie);
    expect(created.statusCode).toBe(201);
    const res = await t.put(`/api/auth/users/${created.json().id}/site-permissions`, { siteIds: demoSiteIds }, cookie);
    expectNotFound(res, 'Site not found');
    expect(await t.db.select().from(userSitePermissions).where(eq(userSitePermissions.userId, created.json().id))).toEqual([]);
    const perms = (await t.get(`/api/auth/users/${created.json().id}/site-permissions`, cookie)).json();
    expect(perms.sites.map((s: { id: number }) => s.id)).toEqual([newSiteId]);
  });

  it('creating a user with a demo e-mail makes a separate Newco account, not access to demo', async () => {
    const res = await t.post('/api/auth/create-user', { email: 'admin@demo.example', password: 'impostor-pass' }, cookie);
    expect(res.statusCode).toBe(201);
    const session = await t.login('admin@demo.example', 'impostor-pass');
    expect((await t.get('/api/auth/me', session)).json().site.id).toBe(newSiteId);
    expect((await t.get('/api/employees', session)).json().every((e: { siteId: number }) => e.siteId === newSiteId)).toBe(true);
  });

  it('leaves every demo row as it was, and no demo session was ended', async () => {
    expect(await demoState()).toEqual(before);
    const demoSessions = await t.db.select().from(userSessions).where(inArray(userSessions.userId, demoUserIds));
    expect(demoSessions.length).toBeGreaterThan(0);
  });
});
