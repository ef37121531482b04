import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataManagementSettings,
  dayChanges,
  exceptions,
  mailOutbox,
  notes,
  publicHolidays,
  userSessions,
} from '../../src/server/db/schema';
import { runScheduledMaintenance } from '../../src/server/modules/data-maintenance';
import { createEmployee, createException, createHoliday, createNote, createTeam } from '../factories';
import { createClock, startTestApp, type TestApp } from './harness';

/**
 * POST /api/data-maintenance on data made here. Today is 2027-01-04; with retention 30 the cut-off is
 * 2026-12-05 (rows ending before it go), with 120 future days the horizon is 2027-05-04.
 */
const clock = createClock(new Date('2027-01-04T10:00:00Z'));
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let cookie: string;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  team = await createTeam(t.db);
  const siteId = team.site.id;
  const emp = await createEmployee(t.db, siteId);
  const reasonId = team.reasons[0].id;
  // Exceptions: one ended 2026-12-04 (goes); one ends on the cut-off day and one later (stay).
  await createException(t.db, { siteId, employeeId: emp.id, reasonId, startDate: '2026-12-01', endDate: '2026-12-04' });
  await createException(t.db, { siteId, employeeId: emp.id, reasonId, startDate: '2026-11-01', endDate: '2026-12-05' });
  await createException(t.db, { siteId, employeeId: emp.id, reasonId, startDate: '2026-12-10' });
  // Notes: one in October (goes), one on the cut-off day (stays).
  await createNote(t.db, { siteId, startDate: '2026-10-01', endDate: '2026-10-02' });
  await createNote(t.db, { siteId, startDate: '2026-12-05' });
  // Day changes: two before the cut-off (go), one on it (stays).
  await t.db
    .insert(dayChanges)
    .values(['2026-12-01', '2026-12-04', '2026-12-05'].map((date) => ({ siteId, date, defaultHours: 7.6, currentHours: 7.6 })));
  // A holiday before the cut-off (goes); Good Friday 2027 already held (not extended again).
  await createHoliday(t.db, siteId, '2026-11-01', 'Old Day');
  await createHoliday(t.db, siteId, '2027-03-26', 'Good Friday');
  // One expired session of this site's user (goes).
  await t.db
    .insert(userSessions)
    .values({ id: 'expired-session', userId: team.writer.id, currentSiteId: siteId, expiresAt: new Date('2027-01-03T00:00:00Z') });
  // The site's mail: sent before the cut-off (goes); pending before it and logged after it (stay).
  const mail = { to: 'a@b.test', subject: 's', text: 't', html: '<p>t</p>' };
  await t.db.insert(mailOutbox).values([
    { ...mail, siteId, status: 'sent', createdAt: new Date('2026-12-01T00:00:00Z') },
    { ...mail, siteId, status: 'pending', createdAt: new Date('2026-12-01T00:00:00Z') },
    { ...mail, siteId, status: 'logged', createdAt: new Date('2026-12-06T00:00:00Z') },
  ]);
  await t.db.insert(dataManagementSettings).values({ siteId, holidayCountry: 'GB', holidayState: 'ENG' });
  cookie = await t.login(team.admin.email, 'password123');
});
afterAll(() => t?.close());

describe('POST /api/data-maintenance', () => {
  it('is for admins only', async () => {
    const writer = await t.login(team.writer.email, 'password123');
    expect((await t.post('/api/data-maintenance', { retentionDays: 30, futureDataDays: 120 }, writer)).statusCode).toBe(403);
  });

  it('cleans exactly what ended before the cut-off and fills the remembered region up to the horizon', async () => {
    const res = await t.post('/api/data-maintenance', { retentionDays: 30, futureDataDays: 120 }, cookie);
    expect(res.statusCode).toBe(200);
    // 1 exception + 1 note + 2 day changes + 1 holiday + 1 session + 1 mail.
    // England 2027-01-04..2027-05-04: Good Friday (held), Easter Monday 29 March, Early May bank holiday 3 May.
    expect(res.json()).toEqual({ cleaned: 7, extended: 2, lastDataCleanup: '2027-01-04T10:00:00.000Z' });

    const siteId = team.site.id;
    expect((await t.db.select().from(exceptions).where(eq(exceptions.siteId, siteId))).map((e) => e.endDate).sort()).toEqual([
      '2026-12-05',
      '2026-12-10',
    ]);
    expect((await t.db.select().from(notes).where(eq(notes.siteId, siteId))).map((n) => n.endDate)).toEqual(['2026-12-05']);
    expect(
      (await t.db.select().from(publicHolidays).where(eq(publicHolidays.siteId, siteId))).map((h) => `${h.date} ${h.name}`).sort(),
    ).toEqual(['2027-03-26 Good Friday', '2027-03-29 Easter Monday', '2027-05-03 Early May bank holiday']);
    expect((await t.db.select().from(mailOutbox)).map((m) => m.status).sort()).toEqual(['logged', 'pending']);
    const settings = (await t.get('/api/settings', cookie)).json();
    expect(settings.dataManagement).toMatchObject({
      dataRetentionDays: 30,
      futureDataDays: 120,
      lastDataCleanup: '2027-01-04T10:00:00.000Z',
    });
  });

  it('a second run finds nothing to do', async () => {
    const res = await t.post('/api/data-maintenance', { retentionDays: 30, futureDataDays: 120 }, cookie);
    expect(res.json()).toMatchObject({ cleaned: 0, extended: 0 });
  });

  it('an invalid number of days falls back to 365 and 730', async () => {
    const res = await t.post('/api/data-maintenance', { retentionDays: 'abc', futureDataDays: 5000 }, cookie);
    expect(res.statusCode).toBe(200);
    const settings = (await t.get('/api/settings', cookie)).json();
    expect(settings.dataManagement).toMatchObject({ dataRetentionDays: 365, futureDataDays: 730 });
  });

  it('the daily job runs every site with auto cleanup on and skips those with it off', async () => {
    await t.db.update(dataManagementSettings).set({ autoCleanupEnabled: false }).where(eq(dataManagementSettings.siteId, team.site.id));
    clock.advance(24 * 3600_000);
    await runScheduledMaintenance(t.db, clock.now());
    const [mine] = await t.db.select().from(dataManagementSettings).where(eq(dataManagementSettings.siteId, team.site.id));
    expect(mine.lastDataCleanup?.toISOString()).toBe('2027-01-04T10:00:00.000Z');
    // Every other site (the demo sites had no record: on by default) ran at the new time.
    const others = await t.db.select().from(dataManagementSettings).where(eq(dataManagementSettings.autoCleanupEnabled, true));
    expect(others.length).toBeGreaterThanOrEqual(2);
    expect(others.every((o) => o.lastDataCleanup?.toISOString() === '2027-01-05T10:00:00.000Z')).toBe(true);
  });
});
