import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, sites, siteUsers, userSitePermissions } from '../../src/server/db/schema';
import { createTenant, grantSite } from '../factories';
import { startTestApp, type TestApp } from './harness';
import { registerSite } from './subscription-helpers';
import { adminClient } from './super-admin-helpers';

let t: TestApp;
let demo: { id: number; name: string; subdomain: string };
let north: { id: number; name: string; subdomain: string };
let adminId: number;

beforeAll(async () => {
  t = await startTestApp();
  const rows = await t.db.select({ id: sites.id, name: sites.name, subdomain: sites.subdomain }).from(sites);
  demo = rows.find((s) => s.subdomain === 'demo')!;
  north = rows.find((s) => s.subdomain === 'demo-north')!;
  [{ id: adminId }] = await t.db.select({ id: siteUsers.id }).from(siteUsers).where(eq(siteUsers.email, 'admin@demo.example'));
});
afterAll(() => t?.close());

const employeeIdsOf = async (siteId: number) =>
  (await t.db.select({ id: employees.id }).from(employees).where(eq(employees.siteId, siteId))).map((r) => r.id).sort((a, b) => a - b);

describe('GET /api/sites', () => {
  it('lists the home site and granted sites for the admin', async () => {
    const cookie = await t.login('admin@demo.example');
    const res = await t.get('/api/sites', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([demo, north]);
  });

  it('lists only the home site for a user without grants', async () => {
    const cookie = await t.login('user@demo.example');
    const res = await t.get('/api/sites', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([demo]);
  });

  it('never lists a granted site of another business', async () => {
    const other = await createTenant(t.db);
    // A stray grant across businesses (should never exist, but must not leak if it does).
    await grantSite(t.db, adminId, other.site.id);
    try {
      const cookie = await t.login('admin@demo.example');
      const ids = (await t.get('/api/sites', cookie)).json().map((s: { id: number }) => s.id);
      expect(ids).toEqual([demo.id, north.id]);
      const res = await t.post('/api/switch-site', { siteId: other.site.id }, cookie);
      expect(res.statusCode).toBe(404);
    } finally {
      await t.db
        .delete(userSitePermissions)
        .where(and(eq(userSitePermissions.userId, adminId), eq(userSitePermissions.siteId, other.site.id)));
    }
  });
});

describe('POST /api/switch-site', () => {
  it('switches the admin to demo-north, after which employees are demo-north’s', async () => {
    const cookie = await t.login('admin@demo.example');
    const before = await t.get('/api/employees', cookie);
    expect(
      before
        .json()
        .map((e: { id: number }) => e.id)
        .sort((a: number, b: number) => a - b),
    ).toEqual(await employeeIdsOf(demo.id));

    const res = await t.post('/api/switch-site', { siteId: north.id }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().site).toEqual(north);
    expect(res.json().user.email).toBe('admin@demo.example');

    expect((await t.get('/api/auth/me', cookie)).json().site).toEqual(north);
    const list = (await t.get('/api/employees', cookie)).json() as Array<{ id: number; siteId: number }>;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((e) => e.siteId === north.id)).toBe(true);
    expect(list.map((e) => e.id).sort((a, b) => a - b)).toEqual(await employeeIdsOf(north.id));

    // And back home again.
    expect((await t.post('/api/switch-site', { siteId: demo.id }, cookie)).json().site).toEqual(demo);
    expect((await t.get('/api/employees', cookie)).json().every((e: { siteId: number }) => e.siteId === demo.id)).toBe(true);
  });

  it('answers 404 Failed to switch site for a site the user is not permitted on', async () => {
    const cookie = await t.login('user@demo.example');
    const res = await t.post('/api/switch-site', { siteId: north.id }, cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Failed to switch site' });
    expect((await t.get('/api/auth/me', cookie)).json().site).toEqual(demo);
  });

  it('answers the same 404 for a site of another business, and for one that does not exist', async () => {
    const other = await createTenant(t.db);
    const cookie = await t.login('admin@demo.example');
    for (const siteId of [other.site.id, 987654]) {
      const res = await t.post('/api/switch-site', { siteId }, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Failed to switch site' });
    }
    expect((await t.get('/api/auth/me', cookie)).json().site).toEqual(demo);
  });

  it('validates the site id', async () => {
    const cookie = await t.login('admin@demo.example');
    for (const body of [{}, { siteId: 'abc' }, { siteId: 0 }]) {
      const res = await t.post('/api/switch-site', body, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Site is required');
    }
  });

  it('falls back to the home site on the next request once the permission is removed', async () => {
    const cookie = await t.login('admin@demo.example');
    expect((await t.post('/api/switch-site', { siteId: north.id }, cookie)).statusCode).toBe(200);
    await t.db.delete(userSitePermissions).where(and(eq(userSitePermissions.userId, adminId), eq(userSitePermissions.siteId, north.id)));
    try {
      const me = await t.get('/api/auth/me', cookie);
      expect(me.statusCode).toBe(200);
      expect(me.json().site).toEqual(demo);
      const list = (await t.get('/api/employees', cookie)).json() as Array<{ siteId: number }>;
      expect(list.every((e) => e.siteId === demo.id)).toBe(true);
      expect((await t.get('/api/sites', cookie)).json()).toEqual([demo]);
      expect((await t.post('/api/switch-site', { siteId: north.id }, cookie)).statusCode).toBe(404);
    } finally {
      await grantSite(t.db, adminId, north.id, adminId);
    }
  });

  it('falls back to the home site when the switched-to site is deactivated', async () => {
    const cookie = await t.login('admin@demo.example');
    expect((await t.post('/api/switch-site', { siteId: north.id }, cookie)).statusCode).toBe(200);
    await t.db.update(sites).set({ isActive: false }).where(eq(sites.id, north.id));
    try {
      expect((await t.get('/api/auth/me', cookie)).json().site).toEqual(demo);
      expect((await t.get('/api/sites', cookie)).json()).toEqual([demo]);
    } finally {
      await t.db.update(sites).set({ isActive: true }).where(eq(sites.id, north.id));
    }
  });
});

describe('POST /api/sites and the plan', () => {
  it('refuses a Starter site a second site with the billing message, and adds nothing', async () => {
    const { site, cookie } = await registerSite(t, 'Starter Only Co');
    const res = await t.post('/api/sites', { name: 'Second Team' }, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your Starter plan does not include multiple sites. Upgrade to Professional to add sites or teams.');
    const rows = await t.db.select({ id: sites.id }).from(sites).where(eq(sites.businessId, site.businessId));
    expect(rows).toEqual([{ id: site.id }]);
  });

  it('lets the demo admin (Professional) add a site', async () => {
    const cookie = await t.login('admin@demo.example');
    const res = await t.post('/api/sites', { name: 'Demo South' }, cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('Demo South');
  });
});

describe('site identifiers the product uses itself', () => {
  const reserved = 'That site identifier is reserved. Please choose another.';

  it('an admin cannot create a site named after a host or route word (feeds, metrics, site-users)', async () => {
    const cookie = await t.login('admin@demo.example');
    for (const subdomain of ['feeds', 'metrics', 'site-users']) {
      const res = await t.post('/api/sites', { name: 'Word Team', subdomain }, cookie);
      expect([subdomain, res.statusCode, res.json().message]).toEqual([subdomain, 400, reserved]);
    }
    expect(await t.db.select().from(sites).where(eq(sites.name, 'Word Team'))).toEqual([]);
  });

  it('the super-admin cannot give a site such a word, nor create one with it; an unchanged identifier still saves', async () => {
    const admin = adminClient(t);
    const token = await admin.login();
    for (const subdomain of ['metrics', 'calendar-feeds']) {
      const res = await admin.patch(`/api/admin/sites/${north.id}`, { subdomain }, token);
      expect([subdomain, res.statusCode, res.json().message]).toEqual([subdomain, 400, reserved]);
    }
    const [{ businessId }] = await t.db.select({ businessId: sites.businessId }).from(sites).where(eq(sites.id, north.id));
    const created = await admin.post(`/api/admin/businesses/${businessId}/sites`, { name: 'Probe', subdomain: 'readyz' }, token);
    expect([created.statusCode, created.json().message]).toEqual([400, reserved]);
    const [row] = await t.db.select({ subdomain: sites.subdomain }).from(sites).where(eq(sites.id, north.id));
    expect(row.subdomain).toBe('demo-north');
    expect((await admin.patch(`/api/admin/sites/${north.id}`, { subdomain: 'demo-north', name: north.name }, token)).statusCode).toBe(200);
  });
});
