import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertAccessDeclared, buildApp } from '../../src/server/app';
import { siteUsers } from '../../src/server/db/schema';
import { READ_ONLY_MAY_CALL, STAFF_MAY_CALL } from './access-lists';
import { startTestApp, type TestApp } from './harness';

/**
 * The declared access level of every route, driven from the route table: each level is enforced by the one
 * onRequest hook before validation, so every call here sends an invalid body and a non-numeric id, and
 * still gets the access answer (401/403), never a 400.
 */

let t: TestApp;
let viewer: string;
let user: string;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

beforeAll(async () => {
  t = await startTestApp();
  viewer = await t.login('viewer@demo.example');
  user = await t.login('user@demo.example');
});
afterAll(() => t?.close());

/** The platform portal's routes sit behind their own bearer-token gate (decision 021), outside the site levels. */
const isPlatformRoute = (url: string) =>
  url.startsWith('/api/super-admin') || url.startsWith('/api/admin/') || url.startsWith('/api/auth/super-admin');
const routes = () => t.app.routeTable.filter((r) => (r.url.startsWith('/api/') || r.url.startsWith('/auth/')) && !isPlatformRoute(r.url));
const name = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const invalid = (r: { method: string; url: string }, cookie?: string) =>
  t.app.inject({
    method: r.method as 'POST',
    url: r.url.replace(/:\w+/g, 'not-a-number'),
    headers: cookie ? { cookie } : {},
    ...(MUTATING.has(r.method) ? { payload: { bogus: '\u0001'.repeat(3), direction: 'sideways' } } : {}),
  });

describe('declared access levels', () => {
  it('every /api and /auth route declares one', () => {
    expect(routes().length).toBeGreaterThan(30);
    expect(
      routes()
        .filter((r) => !r.access)
        .map(name),
    ).toEqual([]);
  });

  it('a route without a level stops the app from starting', async () => {
    expect(() => assertAccessDeclared([...t.app.routeTable, { method: 'POST', url: '/api/forgot-to-declare' }])).toThrow(
      'Routes without config.access: POST /api/forgot-to-declare',
    );
    expect(() => assertAccessDeclared([{ method: 'GET', url: '/*' }])).not.toThrow();

    const app = await buildApp({
      database: t.database,
      config: { appUrl: 'http://localhost:3000' },
      mailer: t.mailer,
      now: () => new Date(),
    });
    app.get('/api/forgot-to-declare', async () => ({}));
    await expect(app.ready()).rejects.toThrow('Routes without config.access: GET /api/forgot-to-declare');
    await app.close().catch(() => undefined);
  });

  it('the mutating routes open to read-only users are exactly the listed ones', () => {
    const open = routes().filter((r) => MUTATING.has(r.method) && (r.access === 'public' || r.access === 'user' || r.access === 'staff'));
    expect(open.map(name).sort()).toEqual([...READ_ONLY_MAY_CALL].sort());
  });

  it('signed out: every non-public route answers 401 before validation', async () => {
    const closed = routes().filter((r) => r.access !== 'public');
    expect(closed.length).toBeGreaterThan(25);
    for (const r of closed) {
      const res = await invalid(r);
      expect([name(r), res.statusCode, res.json()]).toEqual([name(r), 401, { message: 'Not authenticated' }]);
    }
  });

  it('read-only: every mutating writer route answers 403 before validation', async () => {
    const writerRoutes = routes().filter((r) => MUTATING.has(r.method) && r.access === 'writer');
    expect(writerRoutes.length).toBeGreaterThan(14);
    for (const r of writerRoutes) {
      const res = await invalid(r, viewer);
      expect([name(r), res.statusCode, res.json()]).toEqual([name(r), 403, { message: 'Read-only users cannot make changes.' }]);
    }
  });

  it('not an admin: every admin route answers 403 before validation', async () => {
    const adminRoutes = routes().filter((r) => r.access === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(4);
    for (const cookie of [user, viewer]) {
      for (const r of adminRoutes) {
        const res = await invalid(r, cookie);
        expect([name(r), res.statusCode, res.json()]).toEqual([name(r), 403, { message: 'Admin access required' }]);
      }
    }
  });

  it('not an admin: every admin route answers 403 whatever the body, its type or its origin', async () => {
    const adminRoutes = routes().filter((r) => r.access === 'admin');
    const bodies: Array<{ type?: string; payload?: string; origin?: string }> = [
      { type: 'text/plain', payload: 'not json' },
      { type: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
      { type: 'multipart/form-data; boundary=x', payload: '--x--' },
      { type: 'text/csv', payload: 'a,b\n1,2', origin: 'http://localhost:3000' },
      { type: 'application/json', payload: '{"broken":' },
      { type: 'application/json', payload: 'x'.repeat(300 * 1024) },
      { type: 'application/xml', payload: '<a/>' },
      {},
    ];
    for (const r of adminRoutes) {
      for (const b of bodies) {
        const headers: Record<string, string> = { cookie: user };
        if (b.type) headers['content-type'] = b.type;
        if (b.origin) headers.origin = b.origin;
        const res = await t.app.inject({
          method: r.method as 'POST',
          url: r.url.replace(/:\w+/g, '1'),
          headers,
          ...(b.payload !== undefined && r.method !== 'GET' ? { payload: b.payload } : {}),
        });
        expect([name(r), b.type, res.statusCode, res.json()]).toEqual([name(r), b.type, 403, { message: 'Admin access required' }]);
      }
    }
  });

  it('a read-only admin may read admin routes but every change answers 403 before validation', async () => {
    await t.db.update(siteUsers).set({ isAdmin: true }).where(eq(siteUsers.email, 'viewer@demo.example'));
    const adminRoutes = routes().filter((r) => r.access === 'admin');
    for (const r of adminRoutes.filter((x) => MUTATING.has(x.method))) {
      const res = await invalid(r, viewer);
      expect([name(r), res.statusCode, res.json()]).toEqual([name(r), 403, { message: 'Read-only users cannot make changes.' }]);
    }
    expect((await t.get('/api/auth/site-users', viewer)).statusCode).toBe(200);
  });
});

describe('the Staff role', () => {
  it('the routes open to Staff are exactly the listed ones', () => {
    expect(
      routes()
        .filter((r) => r.access === 'staff')
        .map(name)
        .sort(),
    ).toEqual([...STAFF_MAY_CALL].sort());
  });

  it('Staff: every route of another level but public answers 403 before validation', async () => {
    await t.db.update(siteUsers).set({ isAdmin: false, isReadOnly: true, isStaff: true }).where(eq(siteUsers.email, 'viewer@demo.example'));
    const staff = await t.login('viewer@demo.example');
    const closed = routes().filter((r) => r.access !== 'public' && r.access !== 'staff');
    expect(closed.length).toBeGreaterThan(60);
    for (const r of closed) {
      const res = await invalid(r, staff);
      expect([name(r), res.statusCode, res.json()]).toEqual([
        name(r),
        403,
        { message: 'Staff accounts can see the calendar and their own time off only.' },
      ]);
    }
    const me = await t.get('/api/auth/me', staff);
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ isStaff: true, isReadOnly: true, isAdmin: false, employeeId: null });
  });

  it('the database refuses a Staff user who could write or administer', async () => {
    await expect(t.db.update(siteUsers).set({ isReadOnly: false }).where(eq(siteUsers.email, 'viewer@demo.example'))).rejects.toThrow();
    await expect(t.db.update(siteUsers).set({ isAdmin: true }).where(eq(siteUsers.email, 'viewer@demo.example'))).rejects.toThrow();
  });
});
