import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, bugReports, sites, siteUsers, stripeSubscriptions, userSessions } from '../../src/server/db/schema';
import { createBusiness, createEmployee, createSite, createUser } from '../factories';
import { startTestApp, type TestApp } from './harness';
import { adminClient } from './super-admin-helpers';

let t: TestApp;
let admin: ReturnType<typeof adminClient>;
let token: string;
let demo: typeof sites.$inferSelect;
let north: typeof sites.$inferSelect;
let northUser: typeof siteUsers.$inferSelect;

beforeAll(async () => {
  t = await startTestApp();
  admin = adminClient(t);
  token = await admin.login();
  [demo] = await t.db.select().from(sites).where(eq(sites.subdomain, 'demo'));
  [north] = await t.db.select().from(sites).where(eq(sites.subdomain, 'demo-north'));
  northUser = await createUser(t.db, north.id, { email: 'north.staff@demo.example', password: 'north-pass' });
});
afterAll(() => t?.close());

const audit = async (entityId: number) => t.db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, entityId));

describe('reading the platform', () => {
  it('lists businesses a page at a time with their counts', async () => {
    const res = await admin.get('/api/admin/businesses?q=demo%20bus&page=1&pageSize=10', token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(1);
    // The demo sites are active without any payment reference: not paid (decision 062).
    expect(body.items[0]).toMatchObject({ name: 'Demo Business Ltd', siteCount: 2, activeSites: 2, paidSites: 0, userCount: 5 });
    const page2 = await admin.get('/api/admin/businesses?page=2&pageSize=1', token);
    expect(page2.json().items).toHaveLength(0);
    expect((await admin.get('/api/admin/businesses?pageSize=1000', token)).statusCode).toBe(400);
  });

  it('shows a business in detail (spec §3 fields)', async () => {
    const res = await admin.get(`/api/admin/businesses/${demo.businessId}`, token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Demo Business Ltd', totalSites: 2, activeSites: 2, totalUsers: 5, adminUsers: 1 });
    expect(body.sites.map((s: { subdomain: string }) => s.subdomain).sort()).toEqual(['demo', 'demo-north']);
    expect(body.users.find((u: { email: string }) => u.email === 'viewer@demo.example')).toMatchObject({
      username: 'viewer',
      siteName: 'Demo',
    });
    expect((await admin.get('/api/admin/businesses/999999', token)).statusCode).toBe(404);
  });

  it('lists users with username and site name', async () => {
    const res = await admin.get('/api/admin/users?q=north.staff', token);
    expect(res.json().items).toEqual([
      expect.objectContaining({ email: 'north.staff@demo.example', username: 'north.staff', siteName: 'Demo North' }),
    ]);
  });

  it('searches by part of a name and part of an e-mail', async () => {
    const byName = await admin.get('/api/admin/search?q=mo%20busi', token);
    expect(byName.statusCode).toBe(200);
    expect(byName.json().businesses.map((b: { name: string }) => b.name)).toEqual(['Demo Business Ltd']);
    const byEmail = await admin.get('/api/admin/search?q=VIEWER@demo&type=users', token);
    expect(byEmail.json().users.map((u: { email: string }) => u.email)).toEqual(['viewer@demo.example']);
    expect(byEmail.json().businesses).toEqual([]);
    const sitesOnly = await admin.get('/api/admin/search?q=north&type=sites', token);
    expect(sitesOnly.json().sites.map((s: { subdomain: string }) => s.subdomain)).toEqual(['demo-north']);
    const wildcard = await admin.get('/api/admin/search?q=%25', token);
    expect(wildcard.json()).toEqual({ businesses: [], sites: [], users: [] });
    expect((await admin.get('/api/admin/search?q=', token)).statusCode).toBe(400);
    expect((await admin.get('/api/admin/search?q=demo&type=employees', token)).statusCode).toBe(400);
  });

  it('gives overview stats', async () => {
    const res = await admin.get('/api/admin/stats', token);
    expect(res.json()).toMatchObject({ businesses: 1, sites: 2, activeSites: 2, paidSites: 0, users: 5, trialsEndingSoon: 0 });
  });
});

describe('editing sites', () => {
  it('changes the plan and enterprise fields, and logs before and after', async () => {
    const res = await admin.patch(
      `/api/admin/sites/${north.id}`,
      {
        planType: 'enterprise',
        billingModel: 'enterprise_managed',
        enterpriseContactEmail: 'Accounts@North.example',
        hidePaymentControls: true,
        externalBillingReference: 'PO-1234',
        accountingNotes: 'Invoiced yearly',
      },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(sites).where(eq(sites.id, north.id));
    expect(row).toMatchObject({
      planType: 'enterprise',
      billingModel: 'enterprise_managed',
      enterpriseContactEmail: 'accounts@north.example',
      hidePaymentControls: true,
      externalBillingReference: 'PO-1234',
      accountingNotes: 'Invoiced yearly',
    });
    // The plan brings its limits: Enterprise is unlimited, with every feature.
    expect(row).toMatchObject({ maxEmployees: -1, maxSites: -1 });
    expect(JSON.parse(row.featuresEnabled)).toEqual([
      'basic_calendar',
      'employee_management',
      'basic_reports',
      'email_notifications',
      'advanced_reports',
      'multi_site',
      'api_access',
    ]);
    const [entry] = await audit(north.id);
    expect(entry).toMatchObject({
      superAdminEmail: 'superadmin@demo.example',
      businessId: demo.businessId,
      entity: 'site',
      action: 'site.update',
    });
    expect(entry.before).toMatchObject({ planType: 'professional', billingModel: 'self_service' });
    expect(entry.after).toMatchObject({ planType: 'enterprise', billingModel: 'enterprise_managed' });
  });

  it('validates: registration’s subdomain rules, known statuses, a taken subdomain, an empty body', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ subdomain: 'has space' }, 400, 'Site identifier cannot contain spaces'],
      [{ subdomain: 'admin' }, 400, 'That site identifier is reserved. Please choose another.'],
      [{ subdomain: '-edge' }, 400, 'Site identifier cannot start or end with a hyphen'],
      [{ subdomain: 'demo' }, 409, 'That site identifier is already taken. Please choose another.'],
      [{ subscriptionStatus: 'free' }, 400, 'Unknown subscription status'],
      [{ name: '   ' }, 400, 'Site name is required'],
      [{ enterpriseContactEmail: 'not-mail' }, 400, 'Enterprise contact must be a valid email'],
      [{}, 400, 'Nothing to update'],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin.patch(`/api/admin/sites/${north.id}`, body, token);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await admin.patch('/api/admin/sites/999999', { name: 'X' }, token)).statusCode).toBe(404);
  });

  it('accepts inactive and cancelled from the site editor', async () => {
    expect((await admin.patch(`/api/admin/sites/${north.id}`, { subscriptionStatus: 'cancelled' }, token)).statusCode).toBe(200);
    expect((await admin.patch(`/api/admin/sites/${north.id}`, { subscriptionStatus: 'inactive' }, token)).statusCode).toBe(200);
    const [row] = await t.db.select().from(sites).where(eq(sites.id, north.id));
    expect(row.subscriptionStatus).toBe('inactive');
  });

  it('a suspended site refuses its users’ sign-in with a clear message and ends their sessions; re-activation lets them back', async () => {
    const cookie = await t.login('north.staff@demo.example', 'north-pass');
    const adminCookie = await t.login('admin@demo.example');
    expect((await t.post('/api/switch-site', { siteId: north.id }, adminCookie)).statusCode).toBe(200);

    const off = await admin.patch(`/api/admin/sites/${north.id}/toggle-status`, {}, token);
    expect(off.json()).toEqual({ isActive: false });
    expect((await t.get('/api/auth/me', cookie)).statusCode).toBe(401);
    expect(await t.db.select().from(userSessions).where(eq(userSessions.userId, northUser.id))).toHaveLength(0);
    // The demo admin, whose home is another site, stays signed in but is moved off the suspended one.
    const adminMe = await t.get('/api/auth/me', adminCookie);
    expect(adminMe.statusCode).toBe(200);
    expect(adminMe.json().site.subdomain).toBe('demo');

    const refused = await t.post('/api/auth/login', { email: 'north.staff@demo.example', password: 'north-pass' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This site has been suspended. Please contact support.');
    // A wrong password learns nothing about the suspension.
    const wrong = await t.post('/api/auth/login', { email: 'north.staff@demo.example', password: 'wrong-pass' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password');

    const on = await admin.patch(`/api/admin/sites/${north.id}/toggle-status`, {}, token);
    expect(on.json()).toEqual({ isActive: true });
    await t.login('north.staff@demo.example', 'north-pass');
    expect((await audit(north.id)).map((e) => e.action)).toEqual(expect.arrayContaining(['site.suspend', 'site.reactivate']));
  });

  it('creates a site for a business', async () => {
    const res = await admin.post(`/api/admin/businesses/${demo.businessId}/sites`, { name: 'Demo South', subdomain: 'Demo-South' }, token);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(sites).where(eq(sites.id, res.json().id));
    expect(row).toMatchObject({ businessId: demo.businessId, subdomain: 'demo-south', subscriptionStatus: 'trial' });
    expect(
      (await admin.post(`/api/admin/businesses/${demo.businessId}/sites`, { name: 'Again', subdomain: 'demo-south' }, token)).statusCode,
    ).toBe(409);
  });
});

describe('editing users', () => {
  it('a password set by the super-admin ends the user’s sessions and works for sign-in', async () => {
    const cookie = await t.login('north.staff@demo.example', 'north-pass');
    const res = await admin.patch(`/api/admin/users/${northUser.id}`, { newPassword: 'fresh-pass-1' }, token);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.get('/api/auth/me', cookie)).statusCode).toBe(401);
    await t.login('north.staff@demo.example', 'fresh-pass-1');
    const [entry] = (await audit(northUser.id)).filter((e) => e.action === 'user.update');
    expect(JSON.stringify(entry)).not.toContain('fresh-pass-1');
  });

  it('reset-password does the same', async () => {
    const cookie = await t.login('north.staff@demo.example', 'fresh-pass-1');
    expect((await admin.post(`/api/admin/users/${northUser.id}/reset-password`, { newPassword: 'abc' }, token)).statusCode).toBe(400);
    expect((await admin.post(`/api/admin/users/${northUser.id}/reset-password`, { newPassword: 'fresh-pass-2' }, token)).statusCode).toBe(
      200,
    );
    expect((await t.get('/api/auth/me', cookie)).statusCode).toBe(401);
    await t.login('north.staff@demo.example', 'fresh-pass-2');
  });

  it('edits username, e-mail and roles; refuses a duplicate e-mail in the same site and a bad e-mail', async () => {
    const ok = await admin.patch(
      `/api/admin/users/${northUser.id}`,
      { username: 'northie', email: 'Northie@demo.example', isAdmin: true },
      token,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await t.db.select().from(siteUsers).where(eq(siteUsers.id, northUser.id));
    expect(row).toMatchObject({ username: 'northie', email: 'northie@demo.example', isAdmin: true });
    const other = await createUser(t.db, north.id, { email: 'taken@demo.example' });
    const dup = await admin.patch(`/api/admin/users/${other.id}`, { email: 'northie@demo.example' }, token);
    expect(dup.statusCode).toBe(409);
    expect((await admin.patch(`/api/admin/users/${other.id}`, { email: 'nope' }, token)).json().message).toBe('Valid email required');
    expect((await admin.patch(`/api/admin/users/${other.id}`, { isAdmin: 'yes' }, token)).statusCode).toBe(400);
  });

  it('deactivating a user ends their sessions', async () => {
    const cookie = await t.login('northie@demo.example', 'fresh-pass-2');
    expect((await admin.patch(`/api/admin/users/${northUser.id}`, { isActive: false }, token)).statusCode).toBe(200);
    expect((await t.get('/api/auth/me', cookie)).statusCode).toBe(401);
  });

  it('shows the business’s audit log, newest first', async () => {
    const res = await admin.get(`/api/admin/businesses/${demo.businessId}/audit`, token);
    expect(res.statusCode).toBe(200);
    const actions = res.json().items.map((e: { action: string }) => e.action);
    expect(actions[0]).toBe('user.update');
    expect(actions).toContain('user.reset_password');
    expect(actions).toContain('site.create');
    expect(actions.at(-1)).toBe('site.update');
  });
});

describe('bug reports', () => {
  it('lists stored reports with their status and changes it', async () => {
    const cookie = await t.login('user@demo.example');
    expect((await t.post('/api/bug-report', { subject: 'Grid flickers', details: 'On Mondays' }, cookie)).statusCode).toBe(200);
    const list = await admin.get('/api/admin/bug-reports', token);
    expect(list.json().items[0]).toMatchObject({
      subject: 'Grid flickers',
      status: 'open',
      siteName: 'Demo',
      userEmail: 'user@demo.example',
    });
    const id = list.json().items[0].id;
    expect((await admin.patch(`/api/admin/bug-reports/${id}`, { status: 'closed' }, token)).statusCode).toBe(200);
    expect((await admin.patch(`/api/admin/bug-reports/${id}`, { status: 'gone' }, token)).statusCode).toBe(400);
    const [row] = await t.db.select().from(bugReports).where(eq(bugReports.id, id));
    expect(row.status).toBe('closed');
    expect((await admin.get('/api/admin/bug-reports?status=open', token)).json().total).toBe(0);
  });
});

describe('plans set in the portal (decision 062)', () => {
  it('refuses a plan whose limits the business already exceeds, naming the limit, and changes nothing', async () => {
    // Demo, Demo North and the Demo South created above.
    const sites2 = await admin.patch(`/api/admin/sites/${demo.id}`, { planType: 'starter' }, token);
    expect(sites2.statusCode).toBe(409);
    expect(sites2.json().message).toBe(
      'Your business has 3 sites and the Starter plan allows 1 site. Delete 2 sites before changing to Starter.',
    );

    const business = await createBusiness(t.db, { name: 'Crowded Ltd' });
    const crowded = await createSite(t.db, business.id, { planType: 'professional' });
    for (let i = 0; i < 26; i++) await createEmployee(t.db, crowded.id);
    const staff = await admin.patch(`/api/admin/sites/${crowded.id}`, { planType: 'starter', accountingNotes: 'downgrade' }, token);
    expect(staff.statusCode).toBe(409);
    expect(staff.json().message).toBe(
      'This site has 26 employees and the Starter plan allows up to 25. Remove 1 employee before changing to Starter.',
    );
    const [row] = await t.db.select().from(sites).where(eq(sites.id, crowded.id));
    expect(row).toMatchObject({ planType: 'professional', maxEmployees: 100, accountingNotes: null });
    // Audit rows of this site only: a user can have the same id.
    expect((await audit(crowded.id)).filter((e) => e.entity === 'site')).toEqual([]);
  });

  it('a plan that fits brings its limits down with it; re-sending the current plan keeps the site’s own', async () => {
    const business = await createBusiness(t.db, { name: 'Shrinking Ltd' });
    const site = await createSite(t.db, business.id, { planType: 'professional' });
    expect((await admin.patch(`/api/admin/sites/${site.id}`, { planType: 'starter' }, token)).statusCode).toBe(200);
    const [starter] = await t.db.select().from(sites).where(eq(sites.id, site.id));
    expect(starter).toMatchObject({ planType: 'starter', maxEmployees: 25, maxSites: 1 });
    await t.db.update(sites).set({ maxEmployees: 40 }).where(eq(sites.id, site.id));
    expect((await admin.patch(`/api/admin/sites/${site.id}`, { planType: 'starter', name: 'Shrunk' }, token)).statusCode).toBe(200);
    const [kept] = await t.db.select().from(sites).where(eq(sites.id, site.id));
    expect(kept).toMatchObject({ name: 'Shrunk', maxEmployees: 40 });
  });

  it('counts as paid only active sites with a payment reference: a paid Stripe subscription or an external billing reference', async () => {
    const before = (await admin.get('/api/admin/stats', token)).json().paidSites;
    const business = await createBusiness(t.db, { name: 'Payers Mixed Ltd' });
    await createSite(t.db, business.id, { subscriptionStatus: 'active' });
    const paid = await createSite(t.db, business.id, { subscriptionStatus: 'active', stripeSubscriptionId: 'sub_paid_mixed' });
    const unpaid = await createSite(t.db, business.id, { subscriptionStatus: 'active', stripeSubscriptionId: 'sub_unpaid_mixed' });
    const ended = await createSite(t.db, business.id, { subscriptionStatus: 'active', stripeSubscriptionId: 'sub_ended_mixed' });
    await createSite(t.db, business.id, { subscriptionStatus: 'active', externalBillingReference: 'PO-77' });
    await createSite(t.db, business.id, { subscriptionStatus: 'trial', externalBillingReference: 'PO-78' });
    const at = new Date('2030-01-01T00:00:00Z');
    await t.db.insert(stripeSubscriptions).values([
      { id: 'sub_paid_mixed', siteId: paid.id, lastEventAt: at, lastEventId: 'evt_a', state: 'active', paid: true },
      { id: 'sub_unpaid_mixed', siteId: unpaid.id, lastEventAt: at, lastEventId: 'evt_b', state: 'incomplete' },
      { id: 'sub_ended_mixed', siteId: ended.id, lastEventAt: at, lastEventId: 'evt_c', state: 'canceled', paid: true, ended: true },
    ]);
    const list = await admin.get('/api/admin/businesses?q=payers%20mixed', token);
    expect(list.json().items[0]).toMatchObject({ siteCount: 6, paidSites: 2 });
    expect((await admin.get('/api/admin/stats', token)).json().paidSites - before).toBe(2);
  });
});
