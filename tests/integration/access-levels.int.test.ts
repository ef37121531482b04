import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertAccessDeclared, buildApp } from '../../src/server/app';
import { siteUsers } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from './harness';

/** What a Staff user may call (decision 091): the calendar's reads and their own account. Written out, so a new one is a choice. */
const STAFF_MAY_CALL = [
  'GET /api/auth/me',
  'GET /api/calendar',
  'GET /api/notes',
  'GET /api/public-holidays',
  'GET /api/day-changes',
  'GET /api/exception-reasons',
  'GET /api/exceptions',
  'GET /api/teams',
  'GET /api/settings',
  'GET /api/sites',
  'GET /api/subscription/status',
  'GET /api/live',
  'POST /api/bug-report',
  // Time-off requests (decision 092): a request is the caller's own; the service says who decides and cancels.
  'GET /api/leave-requests',
  'POST /api/leave-requests',
  'GET /api/leave-requests/:id',
  'GET /api/leave-requests/:id/impact',
  'POST /api/leave-requests/:id/approve',
  'POST /api/leave-requests/:id/decline',
  'POST /api/leave-requests/:id/cancel',
  // Balances (decision 095): Staff see only their own linked employee's.
  'GET /api/balances',
  // Coverage (decision 096): everyone reads the site's minimum hours.
  'GET /api/coverage-rules',
  // The assistant (decision 097): Staff ask about their own linked employee's dates.
  'GET /api/coverage/suggest',
];

/**
 * The declared access level of every route, driven from the route table: each level is enforced by the one
 * onRequest hook before validation, so every call here sends an invalid body and a non-numeric id, and
 * still gets the access answer (401/403), never a 400.
 */

let t: TestApp;
let viewer: string;
let user: string;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Mutating routes a read-only user may call: they change no tenant data. Written out so a new one is a choice. */
const READ_ONLY_MAY_CALL = [
  'POST /api/auth/login',
  // The code step of a sign-in (decision 065): it follows the password, before any session exists.
  'POST /api/auth/login/two-factor',
  'POST /api/auth/logout',
  'POST /api/bug-report',
  'POST /api/switch-site',
  // Staff ask for and cancel their own time off; deciding is checked in the service (approvers, decision 092).
  'POST /api/leave-requests',
  'POST /api/leave-requests/:id/approve',
  'POST /api/leave-requests/:id/decline',
  'POST /api/leave-requests/:id/cancel',
  // Reports only read: read-only users may make, download and send them (spec 02 §6).
  'POST /api/report-preview',
  'POST /api/generate-pdf',
  'POST /api/reports/csv',
  'POST /api/email-report',
  // A user's own saved report recipients (decision 082): an address book for what they may send.
  'POST /api/report-recipient-lists',
  'PUT /api/report-recipient-lists/:id',
  'DELETE /api/report-recipient-lists/:id',
  // A user's own digests change no tenant data; the signed turn-off link needs no sign-in at all.
  'POST /api/saved-notifications',
  'PUT /api/saved-notifications/:id',
  'PATCH /api/saved-notifications/:id/toggle',
  'DELETE /api/saved-notifications/:id',
  'POST /api/test-email',
  'POST /api/notifications/disable',
  // The form of a mailed Approve or Decline button: the signed link, not a session, names the approver (decision 092).
  'POST /api/leave-decision',
  // Revoking a calendar feed only takes access away: a read-only user may revoke one they made (decision 063).
  'DELETE /api/calendar-feeds/:id',
  // Stripe's own call, authenticated by its signature.
  'POST /api/stripe/webhook',
  'POST /auth/register',
  'POST /auth/forgot-password',
  'POST /auth/reset-password',
];

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
