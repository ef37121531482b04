import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataManagementSettings, employees, sites, siteUsers } from '../../src/server/db/schema';
import { createEmployee, createTeam, dayChangeRows } from '../factories';
import { createClock, startTestApp, type TestApp } from './harness';

/** Settings, sites and public holidays over HTTP: roles, the subdomain rule, tenancy and the day re-check. */

// 1_795_000_123_456 ms is 2026-11-18T09:48:43.456Z: a Wednesday, and the last six digits are 123456.
const clock = createClock(new Date(1_795_000_123_456));
let t: TestApp;
let admin: string;
let user: string;
let viewer: string;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  [admin, user, viewer] = await Promise.all(['admin@demo.example', 'user@demo.example', 'viewer@demo.example'].map((e) => t.login(e)));
});
afterAll(() => t?.close());

const weekend = { siteName: 'Hoursight', saturdayWorkday: false, sundayWorkday: false };

describe('GET/PUT /api/settings', () => {
  it('everyone reads the settings with the data management record', async () => {
    const res = await t.get('/api/settings', viewer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      saturdayWorkday: false,
      sundayWorkday: false,
      saturdayHours: 7.6,
      sundayHours: 7.6,
      businessName: 'Demo Business Ltd',
    });
    expect(res.json().dataManagement).toMatchObject({ dataRetentionDays: 365, futureDataDays: 730, autoCleanupEnabled: true });
  });

  it('a read-only user changes nothing; a regular user may switch weekend days but not rename the company', async () => {
    const current = (await t.get('/api/settings', admin)).json();
    const body = { ...weekend, siteName: current.siteName, businessName: current.businessName, saturdayWorkday: true };
    expect((await t.put('/api/settings', body, viewer)).statusCode).toBe(403);
    const byUser = await t.put('/api/settings', { ...body, businessName: 'Renamed by user' }, user);
    expect(byUser.statusCode).toBe(403);
    expect(byUser.json().message).toBe('Admin access required');
    const ok = await t.put('/api/settings', body, user);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().saturdayWorkday).toBe(true);
    expect((await t.put('/api/settings', { ...body, saturdayWorkday: false }, user)).statusCode).toBe(200);
  });

  it('the admin renames the company for every site and stores data days, invalid ones falling back to 365 and 730', async () => {
    const current = (await t.get('/api/settings', admin)).json();
    const res = await t.put(
      '/api/settings',
      {
        ...weekend,
        siteName: current.siteName,
        businessName: 'Demo Holdings',
        dataRetentionDays: 10,
        futureDataDays: 900,
        autoCleanupEnabled: false,
      },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().businessName).toBe('Demo Holdings');
    expect(res.json().dataManagement).toMatchObject({ dataRetentionDays: 365, futureDataDays: 900, autoCleanupEnabled: false });
    const again = await t.put(
      '/api/settings',
      { ...weekend, siteName: current.siteName, dataRetentionDays: 3651, futureDataDays: 29 },
      admin,
    );
    expect(again.json().dataManagement).toMatchObject({ dataRetentionDays: 365, futureDataDays: 730 });
  });

  it('refuses a blank site name with a message', async () => {
    const res = await t.put('/api/settings', { ...weekend, siteName: '  ' }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Site name is required/);
  });
});

describe('weekend workday re-checks recorded days', () => {
  it('turning Saturday on re-marks an authorised future Saturday whose hours moved', async () => {
    const team = await createTeam(t.db);
    await createEmployee(t.db, team.site.id, { saturdayHours: 6, efficiency: 100 });
    const cookie = await t.login(team.admin.email, 'password123');
    const saturday = '2026-11-21';
    expect((await t.post('/api/day-changes/authorise', { date: saturday }, cookie)).statusCode).toBe(200);
    expect((await dayChangeRows(t.db, team.site.id)).get(saturday)).toMatchObject({ isAuthorised: true, authorisedHours: 0 });

    const res = await t.put('/api/settings', { siteName: 'Hoursight', saturdayWorkday: true, sundayWorkday: false }, cookie);
    expect(res.statusCode).toBe(200);
    expect((await dayChangeRows(t.db, team.site.id)).get(saturday)).toMatchObject({
      isAuthorised: false,
      currentHours: 6,
      authorisedHours: 0,
    });
  });
});

describe('sites', () => {
  let created: { id: number; name: string; subdomain: string };

  it('only an admin adds a site', async () => {
    expect((await t.post('/api/sites', { name: 'Nope' }, user)).statusCode).toBe(403);
    expect((await t.post('/api/sites', { name: 'Nope' }, viewer)).statusCode).toBe(403);
  });

  it('derives the identifier by the spec rule, lists the site at once and gives it defaults and the starter types', async () => {
    const res = await t.post('/api/sites', { name: '  North & East -- Team! ' }, admin);
    expect(res.statusCode).toBe(201);
    created = res.json();
    expect(created).toEqual({ id: expect.any(Number), name: 'North & East -- Team!', subdomain: 'north-east-team-123456' });
    expect((await t.get('/api/sites', admin)).json().map((s: { subdomain: string }) => s.subdomain)).toContain('north-east-team-123456');

    expect((await t.post('/api/switch-site', { siteId: created.id }, admin)).statusCode).toBe(200);
    const settings = (await t.get('/api/settings', admin)).json();
    expect(settings).toMatchObject({ siteName: 'North & East -- Team!', saturdayWorkday: false, sundayWorkday: false, saturdayHours: 7.6 });
    const types = (await t.get('/api/exception-reasons', admin)).json().map((r: { name: string }) => r.name);
    expect(types).toContain('Annual Leave');
    // It joins the demo site's plan (the demo sites are on Professional: 100 employees, 5 sites), not the column defaults.
    const [row] = await t.db.select().from(sites).where(eq(sites.id, created.id));
    expect({ planType: row.planType, maxEmployees: row.maxEmployees, maxSites: row.maxSites }).toEqual({
      planType: 'professional',
      maxEmployees: 100,
      maxSites: 5,
    });
    await t.post('/api/switch-site', { siteId: (await t.db.select().from(sites).where(eq(sites.subdomain, 'demo')))[0].id }, admin);
  });

  it('requires a name, and refuses reserved and taken identifiers', async () => {
    const blank = await t.post('/api/sites', { name: '   ' }, admin);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please enter a team name');
    const reserved = await t.post('/api/sites', { name: 'Admin', subdomain: 'admin' }, admin);
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().message).toBe('That site identifier is reserved. Please choose another.');
    const taken = await t.post('/api/sites', { name: 'Demo again', subdomain: 'Demo-North' }, admin);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('That site identifier is already taken. Please choose another.');
    // The same name in the same millisecond derives the same identifier: taken.
    const same = await t.post('/api/sites', { name: 'north east team' }, admin);
    expect(same.statusCode).toBe(409);
  });

  it('renames with a non-empty name only', async () => {
    expect((await t.put(`/api/sites/${created.id}/name`, { name: '' }, admin)).json().message).toBe('Please enter a valid team name');
    const res = await t.put(`/api/sites/${created.id}/name`, { name: 'North East' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, name: 'North East', subdomain: 'north-east-team-123456' });
    expect((await t.put(`/api/sites/${created.id}/name`, { name: 'X' }, user)).statusCode).toBe(403);
  });

  it('never deletes the current site; deleting another removes its users and data', async () => {
    const [demo] = await t.db.select().from(sites).where(eq(sites.subdomain, 'demo'));
    const current = await t.del(`/api/sites/${demo.id}`, admin);
    expect(current.statusCode).toBe(400);
    expect(current.json().message).toBe('You cannot delete the site you are signed in to. Switch to another site first.');

    await t.db.insert(siteUsers).values({ siteId: created.id, email: 'gone@demo.example', username: 'gone', passwordHash: 'x' });
    await createEmployee(t.db, created.id);
    const res = await t.del(`/api/sites/${created.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(sites).where(eq(sites.id, created.id))).toEqual([]);
    expect(await t.db.select().from(siteUsers).where(eq(siteUsers.siteId, created.id))).toEqual([]);
    expect(await t.db.select().from(employees).where(eq(employees.siteId, created.id))).toEqual([]);
    expect((await t.get('/api/sites', admin)).json().map((s: { id: number }) => s.id)).not.toContain(created.id);
  });

  it("another business's site ids answer 404 on every site route, exactly like a missing id", async () => {
    const other = await createTeam(t.db);
    const routes = [
      (id: number) => t.put(`/api/sites/${id}/name`, { name: 'Hijacked' }, admin),
      (id: number) => t.del(`/api/sites/${id}`, admin),
      (id: number) => t.post('/api/switch-site', { siteId: id }, admin),
    ];
    for (const call of routes) {
      const foreign = await call(other.site.id);
      const missing = await call(2_000_000_000);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).toBe(missing.body);
    }
    expect((await t.db.select().from(sites).where(eq(sites.id, other.site.id)))[0].name).toBe(other.site.name);
  });
});

describe('public holidays', () => {
  it('requires both name and date with the spec message and refuses a duplicate', async () => {
    for (const body of [{ name: '', date: '2026-12-28' }, { name: 'Staff Day', date: '' }, {}]) {
      const res = await t.post('/api/public-holidays', body, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Missing information: Please provide both a name and date for the holiday.');
    }
    expect((await t.post('/api/public-holidays', { name: 'Staff Day', date: '2026-12-29' }, admin)).statusCode).toBe(201);
    const dup = await t.post('/api/public-holidays', { name: 'Staff Day', date: '2026-12-29' }, admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A holiday with this name already exists on that date.');
    expect((await t.post('/api/public-holidays', { name: 'Staff Day', date: '2026-12-30' }, viewer)).statusCode).toBe(403);
  });

  it('adding a holiday re-marks an authorised day; deleting it gives the hours back', async () => {
    const team = await createTeam(t.db);
    await createEmployee(t.db, team.site.id, { mondayHours: 8, efficiency: 100 });
    const cookie = await t.login(team.admin.email, 'password123');
    const monday = '2026-11-30';
    await t.post('/api/day-changes/authorise', { date: monday }, cookie);
    expect((await dayChangeRows(t.db, team.site.id)).get(monday)).toMatchObject({ isAuthorised: true, authorisedHours: 8 });

    const added = await t.post('/api/public-holidays', { name: 'Founders Day', date: monday }, cookie);
    expect(added.statusCode).toBe(201);
    expect((await dayChangeRows(t.db, team.site.id)).get(monday)).toMatchObject({
      isAuthorised: false,
      currentHours: 0,
      authorisedHours: 8,
    });

    expect((await t.del(`/api/public-holidays/${added.json().id}`, cookie)).statusCode).toBe(200);
    expect((await dayChangeRows(t.db, team.site.id)).get(monday)).toMatchObject({ isAuthorised: false, currentHours: 8 });
    // Another business's holiday id is not found.
    expect((await t.del(`/api/public-holidays/${added.json().id}`, admin)).statusCode).toBe(404);
  });

  it('imports the chosen holidays of a region, skips those already there and remembers the region', async () => {
    const team = await createTeam(t.db);
    const cookie = await t.login(team.admin.email, 'password123');
    const states = (await t.get('/api/holiday-catalogue/states?country=GB', cookie)).json();
    expect(states).toContainEqual({ code: 'SCT', name: 'Scotland' });
    const list = (await t.get('/api/holiday-catalogue/holidays?country=GB&state=SCT&year=2027', cookie)).json();
    expect(list).toContainEqual({ date: '2027-01-02', name: 'January 2nd', type: 'public', exists: false });
    expect(list).toContainEqual({ date: '2027-11-30', name: 'St Andrew’s Day', type: 'public', exists: false });

    await t.post('/api/public-holidays', { name: 'St Andrew’s Day', date: '2027-11-30' }, cookie);
    const chosen = [
      { date: '2027-01-02', name: 'January 2nd' },
      { date: '2027-11-30', name: 'St Andrew’s Day' },
    ];
    const res = await t.post('/api/public-holidays/import', { country: 'GB', state: 'SCT', holidays: chosen }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ imported: 1, skipped: 1 });
    const held = (await t.get('/api/public-holidays?startDate=2027-01-01&endDate=2027-12-31', cookie)).json();
    expect(held.map((h: { date: string; name: string }) => `${h.date} ${h.name}`)).toEqual([
      '2027-01-02 January 2nd',
      '2027-11-30 St Andrew’s Day',
    ]);
    const [dm] = await t.db.select().from(dataManagementSettings).where(eq(dataManagementSettings.siteId, team.site.id));
    expect(dm).toMatchObject({ holidayCountry: 'GB', holidayState: 'SCT' });
    expect((await t.get('/api/holiday-catalogue/holidays?country=ZZ&year=2027', cookie)).statusCode).toBe(404);
  });
});
