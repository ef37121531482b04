import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, sites, siteUsers, userSitePermissions } from '../../src/server/db/schema';
import { createBusiness, createSite, createUser } from '../factories';
import { startTestApp, type TestApp } from './harness';
import { adminClient } from './super-admin-helpers';

/** Decision 116: the portal's Edit User changes the role by the site's own rules, audited like its other edits. */

let t: TestApp;
let admin: ReturnType<typeof adminClient>;
let token: string;
let demo: typeof sites.$inferSelect;

beforeAll(async () => {
  t = await startTestApp();
  admin = adminClient(t);
  token = await admin.login();
  [demo] = await t.db.select().from(sites).where(eq(sites.subdomain, 'demo'));
});
afterAll(() => t?.close());

const flags = async (id: number) => {
  const [row] = await t.db
    .select({ isAdmin: siteUsers.isAdmin, isReadOnly: siteUsers.isReadOnly, isStaff: siteUsers.isStaff, isActive: siteUsers.isActive })
    .from(siteUsers)
    .where(eq(siteUsers.id, id));
  return row;
};
const entries = async (id: number) =>
  (await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, id))).filter((e) => e.entity === 'user');

const STAFF = { isAdmin: false, isReadOnly: true, isStaff: true };
const USER = { isAdmin: false, isReadOnly: false, isStaff: false };
const READ_ONLY = { isAdmin: false, isReadOnly: true, isStaff: false };
const ADMIN = { isAdmin: true, isReadOnly: false, isStaff: false };

describe('the role in the admin portal', () => {
  it('lists Staff as Staff: the user rows carry isStaff', async () => {
    const res = await admin.get('/api/admin/users?q=staff%40demo.example', token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({ email: 'staff@demo.example', isAdmin: false, isReadOnly: true, isStaff: true }),
    ]);
    const userRow = (await admin.get('/api/admin/users?q=user%40demo.example', token)).json().items[0];
    expect(userRow).toMatchObject({ email: 'user@demo.example', isAdmin: false, isReadOnly: false, isStaff: false });
  });

  it('changes a user to Staff, Read Only, Admin and back, each change in the audit log with the flags that moved', async () => {
    const u = await createUser(t.db, demo.id, { email: 'role.walk@demo.example' });
    expect((await admin.patch(`/api/admin/users/${u.id}`, STAFF, token)).statusCode).toBe(200);
    expect(await flags(u.id)).toEqual({ ...STAFF, isActive: true });
    expect((await admin.patch(`/api/admin/users/${u.id}`, READ_ONLY, token)).statusCode).toBe(200);
    expect(await flags(u.id)).toEqual({ ...READ_ONLY, isActive: true });
    expect((await admin.patch(`/api/admin/users/${u.id}`, ADMIN, token)).statusCode).toBe(200);
    expect(await flags(u.id)).toEqual({ ...ADMIN, isActive: true });
    expect((await admin.patch(`/api/admin/users/${u.id}`, USER, token)).statusCode).toBe(200);
    expect(await flags(u.id)).toEqual({ ...USER, isActive: true });
    const log = await entries(u.id);
    expect(log.map((e) => [e.action, e.businessId, e.before, e.after])).toEqual([
      ['user.update', demo.businessId, { isReadOnly: false, isStaff: false }, { isReadOnly: true, isStaff: true }],
      ['user.update', demo.businessId, { isStaff: true }, { isStaff: false }],
      ['user.update', demo.businessId, { isAdmin: false, isReadOnly: true }, { isAdmin: true, isReadOnly: false }],
      ['user.update', demo.businessId, { isAdmin: true }, { isAdmin: false }],
    ]);
    // The same role again changes nothing and writes no entry.
    expect((await admin.patch(`/api/admin/users/${u.id}`, USER, token)).statusCode).toBe(200);
    expect(await entries(u.id)).toHaveLength(4);
  });

  it('makes Staff from { isStaff: true } alone, as User Management does', async () => {
    const u = await createUser(t.db, demo.id, { email: 'staff.alone@demo.example' });
    expect((await admin.patch(`/api/admin/users/${u.id}`, { isStaff: true }, token)).statusCode).toBe(200);
    expect(await flags(u.id)).toEqual({ ...STAFF, isActive: true });
  });

  it('refuses the mixes the role ladder does not have with the site’s own words, and changes nothing', async () => {
    const u = await createUser(t.db, demo.id, { email: 'role.refused@demo.example', ...STAFF });
    const both = await admin.patch(`/api/admin/users/${u.id}`, { isAdmin: true, isReadOnly: false, isStaff: true }, token);
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('A Staff user cannot be an admin. Choose Staff or Admin.');
    // A Staff user asked to be an admin without leaving Staff: the same refusal.
    expect((await admin.patch(`/api/admin/users/${u.id}`, { isAdmin: true }, token)).json().message).toBe(
      'A Staff user cannot be an admin. Choose Staff or Admin.',
    );
    const writer = await admin.patch(`/api/admin/users/${u.id}`, { isStaff: true, isReadOnly: false }, token);
    expect(writer.statusCode).toBe(400);
    expect(writer.json().message).toBe('A Staff user is always read-only: send isReadOnly true (or leave it out) with isStaff.');
    expect((await admin.patch(`/api/admin/users/${u.id}`, { isStaff: 'yes' }, token)).statusCode).toBe(400);
    expect(await flags(u.id)).toEqual({ ...STAFF, isActive: true });
    expect(await entries(u.id)).toEqual([]);
  });

  it('keeps an admin who can manage the site: the last one is neither demoted nor deactivated', async () => {
    const business = await createBusiness(t.db, { name: 'Solo Ltd' });
    const site = await createSite(t.db, business.id, { name: 'Solo', subdomain: 'solo-roles' });
    const only = await createUser(t.db, site.id, { email: 'only@solo.example', ...ADMIN });
    // A read-only admin cannot change anything, so it does not count.
    await createUser(t.db, site.id, { email: 'looker@solo.example', isAdmin: true, isReadOnly: true });
    const message = 'only@solo.example is the last admin who can manage Solo. Make another user of the site an admin first.';
    for (const body of [USER, READ_ONLY, STAFF, { isAdmin: true, isReadOnly: true }, { isActive: false }]) {
      const res = await admin.patch(`/api/admin/users/${only.id}`, body, token);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().message).toBe(message);
    }
    expect(await flags(only.id)).toEqual({ ...ADMIN, isActive: true });
    expect(await entries(only.id)).toEqual([]);
    // Other changes of the last admin still go through.
    expect((await admin.patch(`/api/admin/users/${only.id}`, { username: 'only-one', ...ADMIN }, token)).statusCode).toBe(200);

    const second = await createUser(t.db, site.id, { email: 'second@solo.example', ...READ_ONLY });
    expect((await admin.patch(`/api/admin/users/${second.id}`, ADMIN, token)).statusCode).toBe(200);
    expect((await admin.patch(`/api/admin/users/${only.id}`, USER, token)).statusCode).toBe(200);
    expect(await flags(only.id)).toEqual({ ...USER, isActive: true });
    // Now `second` is the last one.
    expect((await admin.patch(`/api/admin/users/${second.id}`, { isActive: false }, token)).statusCode).toBe(409);
  });

  it('counts an admin of the business granted the site, and never an admin of another business', async () => {
    const business = await createBusiness(t.db, { name: 'Granted Ltd' });
    const home = await createSite(t.db, business.id, { name: 'Granted Home', subdomain: 'granted-home' });
    const branch = await createSite(t.db, business.id, { name: 'Granted Branch', subdomain: 'granted-branch' });
    const boss = await createUser(t.db, home.id, { email: 'boss@granted.example', ...ADMIN });
    const local = await createUser(t.db, branch.id, { email: 'local@granted.example', ...ADMIN });
    // Demo's admins (another business) do not keep Granted Branch managed.
    const refused = await admin.patch(`/api/admin/users/${local.id}`, USER, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'local@granted.example is the last admin who can manage Granted Branch. Make another user of the site an admin first.',
    );
    await t.db.insert(userSitePermissions).values({ userId: boss.id, siteId: branch.id });
    expect((await admin.patch(`/api/admin/users/${local.id}`, USER, token)).statusCode).toBe(200);
    // Each entry is in its own business's audit log, not demo's.
    const granted = await admin.get(`/api/admin/businesses/${business.id}/audit`, token);
    expect(granted.json().items.map((e: { entityId: number; action: string }) => [e.entityId, e.action])).toEqual([
      [local.id, 'user.update'],
    ]);
    const demoLog = await admin.get(`/api/admin/businesses/${demo.businessId}/audit`, token);
    expect(demoLog.json().items.some((e: { entityId: number }) => e.entityId === local.id)).toBe(false);
  });

  it('is the super-admin’s alone: a site admin’s session, or none, cannot change a role there', async () => {
    const [viewer] = await t.db.select().from(siteUsers).where(eq(siteUsers.email, 'viewer@demo.example'));
    const cookie = await t.login('admin@demo.example');
    const res = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${viewer.id}`, payload: ADMIN, headers: { cookie } });
    expect([401, 403]).toContain(res.statusCode);
    expect((await admin.patch(`/api/admin/users/${viewer.id}`, ADMIN)).statusCode).toBe(401);
    expect(await flags(viewer.id)).toEqual({ ...READ_ONLY, isActive: true });
  });
});
