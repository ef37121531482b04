import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { APP_URL, startTestApp, type TestApp } from './harness';

/**
 * The session cache (decision 048): a signed-in read reuses a recent session lookup, and every way a session
 * can end or change empties it, on this instance at once and on the others through the database's NOTIFY.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const me = (cookie: string, app = t.app) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } }).then((r) => r.statusCode);

describe('session cache', () => {
  it('a logged-out session is refused at the very next request, though it was just cached', async () => {
    const cookie = await t.login('user@demo.example');
    expect(await me(cookie)).toBe(200);
    expect(await me(cookie)).toBe(200);
    expect((await t.post('/api/auth/logout', undefined, cookie)).statusCode).toBe(200);
    expect(await me(cookie)).toBe(401);
  });

  it('a session deleted in the database by another path (a script, another instance) is refused once its NOTIFY arrives', async () => {
    const cookie = await t.login('viewer@demo.example');
    expect(await me(cookie)).toBe(200);
    // Every session of the viewer goes, as a password reset elsewhere would do.
    await t.db.execute(sql`delete from user_sessions where user_id = (select id from site_users where email = 'viewer@demo.example')`);
    await expect.poll(() => me(cookie), { timeout: 2000, interval: 20 }).toBe(401);
  });
  // A right taken away in the database directly: users.int.test.ts, "a user who loses admin rights…".

  it('a user made Staff, or linked to an employee, by another path is seen so once its NOTIFY arrives', async () => {
    const cookie = await t.login('user@demo.example');
    const employees = (c: string) =>
      t.app.inject({ method: 'GET', url: '/api/employees', headers: { cookie: c } }).then((r) => r.statusCode);
    const linked = () =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } }).then((r) => r.json().user.employeeId as number | null);
    expect(await employees(cookie)).toBe(200); // cached
    const [{ id }] = (
      (await t.db.execute(
        sql`select min(e.id) as id from employees e join sites s on s.id = e.site_id where s.subdomain = 'demo'`,
      )) as unknown as {
        rows: Array<{ id: number }>;
      }
    ).rows;
    await t.db.execute(sql`update employees set user_id = (select id from site_users where email = 'user@demo.example') where id = ${id}`);
    await expect.poll(linked, { timeout: 2000, interval: 20 }).toBe(id);
    await t.db.execute(sql`update site_users set is_read_only = true, is_staff = true where email = 'user@demo.example'`);
    try {
      await expect.poll(() => employees(cookie), { timeout: 2000, interval: 20 }).toBe(403);
    } finally {
      await t.db.execute(sql`update site_users set is_read_only = false, is_staff = false where email = 'user@demo.example'`);
      await t.db.execute(sql`update employees set user_id = null where id = ${id}`);
    }
    await expect.poll(linked, { timeout: 2000, interval: 20 }).toBe(null);
  });

  it('a subscription cancelled in the database (a payment webhook on another instance) refuses the next change of a cached session', async () => {
    const cookie = await t.login('admin@demo.example');
    const note = () =>
      t.post('/api/notes', { title: 'Cache check', startDate: '2031-01-06', color: '#3b82f6' }, cookie).then((r) => r.statusCode);
    expect(await me(cookie)).toBe(200); // cached, with the site's subscription
    expect(await note()).toBe(201); // a calendar change keeps the cached session (auth/session-neutral.ts)
    const read = (await t.db.execute(sql`select subscription_status as status from sites where subdomain = 'demo'`)) as unknown as {
      rows: Array<{ status: string }>;
    };
    const [before] = read.rows;
    await t.db.execute(sql`update sites set subscription_status = 'canceled' where subdomain = 'demo'`);
    try {
      await expect.poll(note, { timeout: 2000, interval: 20 }).toBe(402);
    } finally {
      await t.db.execute(sql`update sites set subscription_status = ${before.status} where subdomain = 'demo'`);
    }
    await expect.poll(note, { timeout: 2000, interval: 20 }).toBe(201);
  });

  it('a logout through one instance ends the session on another instance within a second (PostgreSQL)', async () => {
    if (t.database.kind !== 'postgres') return; // PGlite is one process: there is no other instance
    const second = await buildApp({ database: t.database, config: { appUrl: APP_URL }, mailer: t.mailer, now: () => new Date() });
    await second.ready();
    try {
      const cookie = await t.login('user@demo.example');
      expect(await me(cookie, second)).toBe(200); // cached on the second instance
      expect(await me(cookie, second)).toBe(200);
      expect((await t.post('/api/auth/logout', undefined, cookie)).statusCode).toBe(200);
      const started = Date.now();
      await expect.poll(() => me(cookie, second), { timeout: 1000, interval: 5 }).toBe(401);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await second.close();
    }
  });
});
