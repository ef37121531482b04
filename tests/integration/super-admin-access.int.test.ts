import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superAdminSessions } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/auth/tokens';
import { createClock, startTestApp, type TestApp } from './harness';
import { adminClient } from './super-admin-helpers';

/** Who may reach the portal's routes: only a live super-admin bearer token, never a site session. */

const HOUR = 60 * 60 * 1000;
let t: TestApp;
let admin: ReturnType<typeof adminClient>;
const clock = createClock(new Date('2026-11-23T09:00:00Z'));
let siteCookie: string;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  admin = adminClient(t);
  siteCookie = await t.login('admin@demo.example');
});
afterAll(() => t?.close());

const superAdminRoutes = () =>
  t.app.routeTable.filter(
    (r) => r.url.startsWith('/api/admin/') || r.url.startsWith('/api/super-admin/') || r.url === '/api/auth/super-admin-change-password',
  );
const urlOf = (pattern: string) => pattern.replace(':id', '1');

describe('super-admin routes refuse everyone else', () => {
  it('the route table has the portal calls of the spec', () => {
    const names = superAdminRoutes().map((r) => `${r.method} ${r.url}`);
    for (const r of [
      'POST /api/super-admin/login',
      'GET /api/super-admin/me',
      'POST /api/auth/super-admin-change-password',
      'GET /api/admin/sites',
      'GET /api/admin/users',
      'GET /api/admin/businesses',
      'GET /api/admin/businesses/:id',
      'GET /api/admin/search',
      'PATCH /api/admin/sites/:id',
      'PATCH /api/admin/sites/:id/toggle-status',
      'PATCH /api/admin/users/:id',
      'POST /api/admin/users/:id/reset-password',
    ]) {
      expect(names).toContain(r);
    }
  });

  it('every route but login answers 401 without a token and with a site admin’s cookie', async () => {
    // The two sign-in steps are the routes that need no token.
    const routes = superAdminRoutes().filter((r) => r.url !== '/api/super-admin/login' && r.url !== '/api/super-admin/login/two-factor');
    expect(routes.length).toBeGreaterThan(15);
    for (const r of routes) {
      const bare = await t.app.inject({ method: r.method as 'GET', url: urlOf(r.url), payload: r.method === 'GET' ? undefined : {} });
      expect(bare.statusCode, `${r.method} ${r.url} without a token`).toBe(401);
      expect(bare.json().message).toBe('No authentication token');
      const withCookie = await t.app.inject({
        method: r.method as 'GET',
        url: urlOf(r.url),
        headers: { cookie: siteCookie },
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(withCookie.statusCode, `${r.method} ${r.url} with a site cookie`).toBe(401);
      const cookieAsBearer = await t.app.inject({
        method: r.method as 'GET',
        url: urlOf(r.url),
        headers: { authorization: `Bearer ${siteCookie.split('=')[1]}` },
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(cookieAsBearer.statusCode, `${r.method} ${r.url} with a site token as bearer`).toBe(401);
      expect(cookieAsBearer.json().message).toBe('Authentication failed');
    }
  });

  it('a super-admin token does not open tenant routes', async () => {
    const token = await admin.login();
    const res = await t.app.inject({ method: 'GET', url: '/api/employees', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(401);
  });
});

describe('super-admin sign-in and tokens', () => {
  it('signs in, is known by /me, and stores only a hash of the token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/super-admin/login',
      payload: { email: 'SuperAdmin@demo.example', password: 'hoursight-demo' },
    });
    expect(res.statusCode).toBe(200);
    const { token, superAdmin } = res.json();
    expect(superAdmin).toMatchObject({ email: 'superadmin@demo.example', username: 'superadmin' });
    expect(await t.db.select().from(superAdminSessions).where(eq(superAdminSessions.id, token))).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(superAdminSessions)
        .where(eq(superAdminSessions.id, hashToken(token))),
    ).toHaveLength(1);
    const me = await admin.get('/api/super-admin/me', token);
    expect(me.statusCode).toBe(200);
    expect(me.json().superAdmin.email).toBe('superadmin@demo.example');
  });

  it('refuses a wrong password, a site user’s credentials and an empty field', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/super-admin/login',
      payload: { email: 'superadmin@demo.example', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password');
    const siteUser = await t.app.inject({
      method: 'POST',
      url: '/api/super-admin/login',
      payload: { email: 'admin@demo.example', password: 'hoursight-demo' },
    });
    expect(siteUser.statusCode).toBe(401);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/super-admin/login',
      payload: { email: 'superadmin@demo.example', password: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Password is required');
  });

  it('a token idle for more than 8 hours is refused as expired; use slides the expiry', async () => {
    const token = await admin.login();
    clock.advance(7 * HOUR);
    expect((await admin.get('/api/super-admin/me', token)).statusCode).toBe(200);
    clock.advance(4 * HOUR); // 11 h after sign-in: within the 12-hour end (decision 065)
    expect((await admin.get('/api/super-admin/me', token)).statusCode).toBe(200);
    clock.advance(8 * HOUR + 1000);
    const expired = await admin.get('/api/super-admin/me', token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Authentication expired - please log in again');
  });

  it('sign-out revokes the token', async () => {
    const token = await admin.login();
    expect((await admin.post('/api/super-admin/logout', {}, token)).statusCode).toBe(200);
    const after = await admin.get('/api/admin/stats', token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Authentication failed');
  });

  it('a password change revokes every token and hands back a new one', async () => {
    const other = await admin.login();
    const token = await admin.login();
    const badCurrent = await admin.post(
      '/api/auth/super-admin-change-password',
      { currentPassword: 'wrong', newPassword: 'another-secret' },
      token,
    );
    expect(badCurrent.statusCode).toBe(400);
    const tooShort = await admin.post(
      '/api/auth/super-admin-change-password',
      { currentPassword: 'hoursight-demo', newPassword: 'abc' },
      token,
    );
    expect(tooShort.statusCode).toBe(400);
    const res = await admin.post(
      '/api/auth/super-admin-change-password',
      { currentPassword: 'hoursight-demo', newPassword: 'another-secret' },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect((await admin.get('/api/super-admin/me', token)).statusCode).toBe(401);
    expect((await admin.get('/api/super-admin/me', other)).statusCode).toBe(401);
    expect((await admin.get('/api/super-admin/me', res.json().token)).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/super-admin/login',
          payload: { email: 'superadmin@demo.example', password: 'hoursight-demo' },
        })
      ).statusCode,
    ).toBe(401);
    await admin.login('superadmin@demo.example', 'another-secret');
  });

  it('is rate-limited: the sixth attempt within 15 minutes is refused even with the right password', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/super-admin/login',
        payload: { email: 'superadmin@demo.example', password: `guess-${i}` },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/super-admin/login',
      payload: { email: 'superadmin@demo.example', password: 'another-secret' },
      remoteAddress: ip,
    });
    expect(blocked.statusCode).toBe(429);
    // The site admin with an e-mail of the same shape is not locked out by the super-admin's failures.
    expect((await t.post('/api/auth/login', { email: 'admin@demo.example', password: 'hoursight-demo' })).statusCode).toBe(200);
  });
});
