import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, siteUsers, userSessions, userSitePermissions } from '../../src/server/db/schema';
import { userMessages } from '../../src/shared/contracts/users';
import { createSite, createTenant, createUser } from '../factories';
import { startTestApp, type TestApp, type TestResponse } from './harness';

let t: TestApp;
let demo: { id: number; businessId: number };
let north: { id: number };
let adminId: number;
let adminCookie: string;
let failureAddress = 1;

beforeAll(async () => {
  t = await startTestApp();
  const rows = await t.db.select().from(sites);
  demo = rows.find((s) => s.subdomain === 'demo')!;
  north = rows.find((s) => s.subdomain === 'demo-north')!;
  [{ id: adminId }] = await t.db.select({ id: siteUsers.id }).from(siteUsers).where(eq(siteUsers.email, 'admin@demo.example'));
  adminCookie = await t.login('admin@demo.example');
});
afterAll(() => t?.close());

const patch = (url: string, cookie?: string): Promise<TestResponse> =>
  t.app.inject({ method: 'PATCH', url, headers: cookie ? { cookie } : {} });
/** Sign-in status; failures come from their own address so the per-address lock never bites. */
const loginStatus = async (email: string, password: string) =>
  (await t.request('POST', '/api/auth/login', { body: { email, password }, remoteAddress: `10.30.0.${failureAddress++}` })).statusCode;
const grants = async (userId: number) =>
  (await t.db.select({ siteId: userSitePermissions.siteId }).from(userSitePermissions).where(eq(userSitePermissions.userId, userId)))
    .map((r) => r.siteId)
    .sort((a, b) => a - b);

describe('GET /api/auth/site-users', () => {
  it('lists the current site’s users with the spec’s fields and marks the caller', async () => {
    const res = await t.get('/api/auth/site-users', adminCookie);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    const byEmail = Object.fromEntries(list.map((u) => [u.email, u]));
    expect(byEmail['admin@demo.example']).toMatchObject({
      id: adminId,
      username: 'admin',
      isAdmin: true,
      isReadOnly: false,
      isActive: true,
      isSelf: true,
    });
    expect(byEmail['admin@demo.example'].lastLoginAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    expect(byEmail['user@demo.example']).toMatchObject({ isAdmin: false, isReadOnly: false, isSelf: false });
    expect(byEmail['viewer@demo.example']).toMatchObject({ isAdmin: false, isReadOnly: true, isSelf: false });
    expect(Object.keys(list[0]).sort()).toEqual([
      'createdAt',
      'email',
      'employee',
      'id',
      'invited',
      'isActive',
      'isAdmin',
      'isReadOnly',
      'isSelf',
      'isStaff',
      'lastLoginAt',
      'username',
    ]);
    expect(res.body).not.toMatch(/passwordHash|resetToken|argon2/);
  });

  it('shows null for a user who never signed in, and only the current site’s users', async () => {
    const fresh = await createUser(t.db, demo.id, { email: 'never@demo.example' });
    const elsewhere = await createUser(t.db, north.id, { email: 'northerner@demo.example' });
    const list = (await t.get('/api/auth/site-users', adminCookie)).json() as Array<{ id: number; lastLoginAt: string | null }>;
    expect(list.find((u) => u.id === fresh.id)?.lastLoginAt).toBeNull();
    expect(list.some((u) => u.id === elsewhere.id)).toBe(false);
  });
});

describe('POST /api/auth/create-user', () => {
  it('creates a user in the admin’s current site who can then sign in', async () => {
    const res = await t.post(
      '/api/auth/create-user',
      { email: ' New.Starter@Demo.Example ', password: 'starter-pass', isAdmin: false, isReadOnly: true },
      adminCookie,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'new.starter@demo.example',
      username: 'new.starter',
      isAdmin: false,
      isReadOnly: true,
      isActive: true,
      lastLoginAt: null,
      isSelf: false,
    });
    const [row] = await t.db.select().from(siteUsers).where(eq(siteUsers.email, 'new.starter@demo.example'));
    expect(row.siteId).toBe(demo.id);
    const cookie = await t.login('new.starter@demo.example', 'starter-pass');
    expect((await t.get('/api/auth/me', cookie)).json().user).toMatchObject({ isAdmin: false, isReadOnly: true });
  });

  it('defaults isAdmin and isReadOnly to false', async () => {
    const res = await t.post('/api/auth/create-user', { email: 'plain@demo.example', password: 'plain-pass' }, adminCookie);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ isAdmin: false, isReadOnly: false });
  });

  it('refuses an e-mail already used in the site (any case) with 409', async () => {
    const res = await t.post('/api/auth/create-user', { email: 'USER@demo.example', password: 'another-pass' }, adminCookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: userMessages.duplicateEmail });
  });

  it('gives a clashing username a suffix', async () => {
    // "user@elsewhere.test" would be named "user", which the demo site already has.
    const res = await t.post('/api/auth/create-user', { email: 'user@elsewhere.test', password: 'another-pass' }, adminCookie);
    expect(res.statusCode).toBe(201);
    expect(res.json().username).toBe('user-2');
  });

  it('creates in demo-north once the admin has switched there', async () => {
    const cookie = await t.login('admin@demo.example');
    expect((await t.post('/api/switch-site', { siteId: north.id }, cookie)).statusCode).toBe(200);
    // The same e-mail as a demo user is fine in another site.
    const res = await t.post('/api/auth/create-user', { email: 'user@demo.example', password: 'north-pass' }, cookie);
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(siteUsers).where(eq(siteUsers.id, res.json().id));
    expect(row.siteId).toBe(north.id);
    const list = (await t.get('/api/auth/site-users', cookie)).json() as Array<{ id: number }>;
    expect(list.map((u) => u.id)).toContain(row.id);
    expect(list.map((u) => u.id)).not.toContain(adminId);
  });

  it.each([
    [{ email: 'nope', password: 'long-enough' }, 'Valid email required'],
    [{ password: 'long-enough' }, 'Valid email required'],
    [{ email: 'short@demo.example', password: '12345' }, 'Password must be at least 6 characters'],
    [{ email: 'short@demo.example' }, 'Password must be at least 6 characters'],
  ])('validates %j → 400 %s', async (body, message) => {
    const res = await t.post('/api/auth/create-user', body, adminCookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('PATCH /api/auth/users/{id}/toggle-status', () => {
  it('deactivating ends the user’s open session at once and refuses sign-in; reactivating restores sign-in', async () => {
    const user = await createUser(t.db, demo.id, { email: 'leaving@demo.example', password: 'leaving-pass' });
    const session = await t.login('leaving@demo.example', 'leaving-pass');
    expect((await t.get('/api/employees', session)).statusCode).toBe(200);

    const off = await patch(`/api/auth/users/${user.id}/toggle-status`, adminCookie);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ isActive: false });
    expect(await t.db.select().from(userSessions).where(eq(userSessions.userId, user.id))).toHaveLength(0);
    expect((await t.get('/api/employees', session)).statusCode).toBe(401);
    expect(await loginStatus('leaving@demo.example', 'leaving-pass')).toBe(401);
    const listed = (await t.get('/api/auth/site-users', adminCookie)).json() as Array<{ id: number; isActive: boolean }>;
    expect(listed.find((u) => u.id === user.id)?.isActive).toBe(false);

    const on = await patch(`/api/auth/users/${user.id}/toggle-status`, adminCookie);
    expect(on.json()).toEqual({ isActive: true });
    expect(await loginStatus('leaving@demo.example', 'leaving-pass')).toBe(200);
  });

  it('refuses the admin’s own account with 400', async () => {
    const res = await patch(`/api/auth/users/${adminId}/toggle-status`, adminCookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: userMessages.toggleSelf });
    const [row] = await t.db.select().from(siteUsers).where(eq(siteUsers.id, adminId));
    expect(row.isActive).toBe(true);
  });

  it('may toggle a user of another site of the same business', async () => {
    const user = await createUser(t.db, north.id, { email: 'north-only@demo.example' });
    const res = await patch(`/api/auth/users/${user.id}/toggle-status`, adminCookie);
    expect(res.json()).toEqual({ isActive: false });
  });

  it('answers 404 for a missing id and for a user of another business, changing nothing', async () => {
    const other = await createTenant(t.db);
    const foreign = await patch(`/api/auth/users/${other.admin.id}/toggle-status`, adminCookie);
    const missing = await patch('/api/auth/users/99999999/toggle-status', adminCookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(foreign.json()).toEqual({ message: 'User not found' });
    const [row] = await t.db.select().from(siteUsers).where(eq(siteUsers.id, other.admin.id));
    expect(row.isActive).toBe(true);
  });
});

describe('site permissions', () => {
  it('GET lists the grants, the home site and every site of the business', async () => {
    const user = await createUser(t.db, demo.id, { email: 'perm-read@demo.example' });
    const res = await t.get(`/api/auth/users/${user.id}/site-permissions`, adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      siteIds: [],
      homeSiteId: demo.id,
      sites: [
        { id: demo.id, name: 'Demo', subdomain: 'demo', isActive: true },
        { id: north.id, name: 'Demo North', subdomain: 'demo-north', isActive: true },
      ],
    });
    const admin = (await t.get(`/api/auth/users/${adminId}/site-permissions`, adminCookie)).json();
    expect(admin.siteIds).toEqual([north.id]);
  });

  it('granting a site lets the user switch to it; removing it ends access at once (the session falls back home)', async () => {
    const user = await createUser(t.db, demo.id, { email: 'traveller@demo.example', password: 'travel-pass' });
    const session = await t.login('traveller@demo.example', 'travel-pass');
    expect((await t.post('/api/switch-site', { siteId: north.id }, session)).statusCode).toBe(404);

    const put = await t.put(`/api/auth/users/${user.id}/site-permissions`, { siteIds: [north.id, demo.id, north.id] }, adminCookie);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ siteIds: [north.id], homeSiteId: demo.id });
    expect(await grants(user.id)).toEqual([north.id]);
    const [grant] = await t.db.select().from(userSitePermissions).where(eq(userSitePermissions.userId, user.id));
    expect(grant.grantedBy).toBe(adminId);

    expect((await t.get('/api/sites', session)).json().map((s: { id: number }) => s.id)).toEqual([demo.id, north.id]);
    const switched = await t.post('/api/switch-site', { siteId: north.id }, session);
    expect(switched.statusCode).toBe(200);
    expect((await t.get('/api/auth/me', session)).json().site.id).toBe(north.id);

    const removed = await t.put(`/api/auth/users/${user.id}/site-permissions`, { siteIds: [] }, adminCookie);
    expect(removed.json().siteIds).toEqual([]);
    expect(await grants(user.id)).toEqual([]);
    expect((await t.get('/api/auth/me', session)).json().site.id).toBe(demo.id);
    expect((await t.post('/api/switch-site', { siteId: north.id }, session)).statusCode).toBe(404);
  });

  it('refuses a site of another business with 404, changing nothing', async () => {
    const user = await createUser(t.db, demo.id, { email: 'perm-foreign@demo.example' });
    await t.put(`/api/auth/users/${user.id}/site-permissions`, { siteIds: [north.id] }, adminCookie);
    const other = await createTenant(t.db);
    const res = await t.put(`/api/auth/users/${user.id}/site-permissions`, { siteIds: [other.site.id] }, adminCookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: userMessages.siteNotFound });
    const mixed = await t.put(`/api/auth/users/${user.id}/site-permissions`, { siteIds: [north.id, 99999999] }, adminCookie);
    expect(mixed.statusCode).toBe(404);
    expect(await grants(user.id)).toEqual([north.id]);
  });

  it('an inactive site of the business may be granted; it is not usable until it is active', async () => {
    const suspended = await createSite(t.db, demo.businessId, {
      name: 'Closed',
      subdomain: `closed-${Date.now().toString(36)}`,
      isActive: false,
    });
    const user = await createUser(t.db, demo.id, { email: 'perm-closed@demo.example', password: 'closed-pass' });
    // An admin grants only sites granted to them too (decision 016), active or not.
    await t.db.insert(userSitePermissions).values({ userId: adminId, siteId: suspended.id, grantedBy: adminId });
    expect((await t.put(`/api/auth/users/${user.id}/site-permissions`, { siteIds: [suspended.id] }, adminCookie)).statusCode).toBe(200);
    const session = await t.login('perm-closed@demo.example', 'closed-pass');
    expect((await t.post('/api/switch-site', { siteId: suspended.id }, session)).statusCode).toBe(404);
    await t.db.delete(userSitePermissions).where(eq(userSitePermissions.siteId, suspended.id));
    await t.db.delete(sites).where(eq(sites.id, suspended.id));
  });

  it('refuses to change the admin’s own access with 400', async () => {
    const res = await t.put(`/api/auth/users/${adminId}/site-permissions`, { siteIds: [] }, adminCookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: userMessages.manageSelf });
    expect(await grants(adminId)).toEqual([north.id]);
  });

  it('answers 404 for a user of another business, on GET and PUT', async () => {
    const other = await createTenant(t.db);
    const get = await t.get(`/api/auth/users/${other.admin.id}/site-permissions`, adminCookie);
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ message: 'User not found' });
    const put = await t.put(`/api/auth/users/${other.admin.id}/site-permissions`, { siteIds: [north.id] }, adminCookie);
    expect(put.statusCode).toBe(404);
    expect(await grants(other.admin.id)).toEqual([]);
  });

  it('validates the body', async () => {
    const user = await createUser(t.db, demo.id);
    for (const body of [{}, { siteIds: 'all' }, { siteIds: [0] }, { siteIds: [1.5] }]) {
      expect((await t.put(`/api/auth/users/${user.id}/site-permissions`, body, adminCookie)).statusCode).toBe(400);
    }
  });
});

describe('who may use user management', () => {
  const routes = (userId: number) =>
    [
      () => t.get('/api/auth/site-users', cookie),
      () => t.post('/api/auth/create-user', { email: 'blocked@demo.example', password: 'blocked-pass' }, cookie),
      () => patch(`/api/auth/users/${userId}/toggle-status`, cookie),
      () => t.get(`/api/auth/users/${userId}/site-permissions`, cookie),
      () => t.put(`/api/auth/users/${userId}/site-permissions`, { siteIds: [north.id] }, cookie),
    ] as const;
  let cookie: string | undefined;

  it.each(['user@demo.example', 'viewer@demo.example'])('%s (not an admin) gets 403 on every route, and nothing changes', async (email) => {
    const target = await createUser(t.db, demo.id);
    cookie = await t.login(email);
    for (const call of routes(target.id)) {
      const res = await call();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Admin access required' });
    }
    const [row] = await t.db.select().from(siteUsers).where(eq(siteUsers.id, target.id));
    expect(row.isActive).toBe(true);
    expect(await grants(target.id)).toEqual([]);
    expect(await t.db.select().from(siteUsers).where(eq(siteUsers.email, 'blocked@demo.example'))).toHaveLength(0);
  });

  it('signed out: 401 on every route', async () => {
    cookie = undefined;
    for (const call of routes(adminId)) expect((await call()).statusCode).toBe(401);
  });

  it('a read-only admin may look (list, site access) but every change answers 403', async () => {
    await createUser(t.db, demo.id, { email: 'auditor@demo.example', password: 'auditor-pass', isAdmin: true, isReadOnly: true });
    const target = await createUser(t.db, demo.id);
    cookie = await t.login('auditor@demo.example', 'auditor-pass');
    const [list, create, toggle, get, put] = routes(target.id);
    expect((await list()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(200);
    for (const call of [create, toggle, put]) {
      const res = await call();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Read-only users cannot make changes.' });
    }
    const [row] = await t.db
      .select()
      .from(siteUsers)
      .where(and(eq(siteUsers.id, target.id), eq(siteUsers.isActive, true)));
    expect(row).toBeDefined();
  });

  it('a user who loses admin rights loses access at the next request', async () => {
    const boss = await createUser(t.db, demo.id, { email: 'ex-boss@demo.example', password: 'boss-pass', isAdmin: true });
    const session = await t.login('ex-boss@demo.example', 'boss-pass');
    expect((await t.get('/api/auth/site-users', session)).statusCode).toBe(200);
    // Changed in the database directly, as another instance or a script would: the trigger's NOTIFY empties the
    // session cache (decision 048). On PGlite it is heard before the update returns; on PostgreSQL it travels
    // over the listening connection, so the next request may come a moment before it.
    await t.db.update(siteUsers).set({ isAdmin: false }).where(eq(siteUsers.id, boss.id));
    await expect.poll(async () => (await t.get('/api/auth/site-users', session)).statusCode, { timeout: 2000, interval: 20 }).toBe(403);
  });
});

describe('an admin manages only the sites they may use themselves (decision 016)', () => {
  let northAdmin: { id: number };
  let northCookie: string;
  beforeAll(async () => {
    northAdmin = await createUser(t.db, north.id, { email: 'north-admin@demo.example', password: 'north-admin-pass', isAdmin: true });
    northCookie = await t.login('north-admin@demo.example', 'north-admin-pass');
    expect((await t.post('/api/switch-site', { siteId: demo.id }, northCookie)).statusCode).toBe(404);
  });

  it('cannot grant a new user the demo site, and sees only demo-north', async () => {
    const created = await t.post('/api/auth/create-user', { email: 'north-hire@demo.example', password: 'north-hire-pass' }, northCookie);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const put = await t.put(`/api/auth/users/${id}/site-permissions`, { siteIds: [demo.id] }, northCookie);
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ message: userMessages.siteNotFound });
    expect(await grants(id)).toEqual([]);
    const get = await t.get(`/api/auth/users/${id}/site-permissions`, northCookie);
    expect(get.json()).toEqual({
      siteIds: [],
      homeSiteId: north.id,
      sites: [{ id: north.id, name: 'Demo North', subdomain: 'demo-north', isActive: true }],
    });
  });

  it('cannot deactivate the demo admin, read or change the grants of demo users', async () => {
    const toggle = await patch(`/api/auth/users/${adminId}/toggle-status`, northCookie);
    expect(toggle.statusCode).toBe(404);
    expect(toggle.json()).toEqual({ message: userMessages.userNotFound });
    const [admin] = await t.db.select().from(siteUsers).where(eq(siteUsers.id, adminId));
    expect(admin.isActive).toBe(true);
    const demoUser = await createUser(t.db, demo.id, { email: 'demo-only@demo.example' });
    expect((await t.get(`/api/auth/users/${demoUser.id}/site-permissions`, northCookie)).statusCode).toBe(404);
    expect((await t.put(`/api/auth/users/${demoUser.id}/site-permissions`, { siteIds: [north.id] }, northCookie)).statusCode).toBe(404);
    expect(await grants(demoUser.id)).toEqual([]);
  });

  it('changing a user’s grants leaves grants on sites the admin does not manage', async () => {
    const both = await createUser(t.db, north.id, { email: 'north-both@demo.example' });
    await t.db.insert(userSitePermissions).values({ userId: both.id, siteId: demo.id, grantedBy: adminId });
    const put = await t.put(`/api/auth/users/${both.id}/site-permissions`, { siteIds: [] }, northCookie);
    expect(put.statusCode).toBe(200);
    expect(put.json().siteIds).toEqual([]);
    expect(await grants(both.id)).toEqual([demo.id]);
  });

  it('the demo admin, granted demo-north, still manages demo-north’s admin', async () => {
    const res = await patch(`/api/auth/users/${northAdmin.id}/toggle-status`, adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isActive: false });
  });
});
