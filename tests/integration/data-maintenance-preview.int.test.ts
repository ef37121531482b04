import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiToken } from '../../src/server/auth/api-tokens';
import {
  apiTokens,
  dataManagementSettings,
  dayChanges,
  exceptions,
  mailOutbox,
  notes,
  publicHolidays,
  userSessions,
} from '../../src/server/db/schema';
import { runScheduledMaintenance } from '../../src/server/modules/data-maintenance';
import { createEmployee, createException, createHoliday, createNote, createTeam, createUser } from '../factories';
import { createClock, startTestApp, type TestApp } from './harness';

/**
 * GET /api/data-maintenance/preview (decision 080) on data made here. Today is 2027-01-04; with retention 30
 * the oldest day kept is 2026-12-05, with 120 future days holidays are filled up to 2027-05-04. Site B holds
 * data of every kind before the cut-off too, and must never be counted or touched by site A's preview or run.
 */
const clock = createClock(new Date('2027-01-04T10:00:00Z'));
let t: TestApp;
let a: Awaited<ReturnType<typeof createTeam>>;
let b: Awaited<ReturnType<typeof createTeam>>;
let admin: string;
const PREVIEW = '/api/data-maintenance/preview?retentionDays=30&futureDataDays=120';
const mail = { to: 'a@b.test', subject: 's', text: 't', html: '<p>t</p>' };

async function seedOld(team: typeof a, counts: { exceptions: number; notes: number }) {
  const siteId = team.site.id;
  const emp = await createEmployee(t.db, siteId);
  const reasonId = team.reasons[0].id;
  for (let i = 0; i < counts.exceptions; i++) {
    await createException(t.db, { siteId, employeeId: emp.id, reasonId, startDate: '2026-11-02', endDate: `2026-11-${10 + i}` });
  }
  for (let i = 0; i < counts.notes; i++) await createNote(t.db, { siteId, startDate: '2026-10-01', endDate: `2026-10-0${2 + i}` });
  return emp;
}

/** Every row of the kinds maintenance removes, per kind, for one site (sessions by the site's users). */
async function rowsOf(team: typeof a) {
  const siteId = team.site.id;
  const userIds = [team.admin.id, team.writer.id, team.viewer.id];
  const sessions = await t.db.select().from(userSessions);
  return {
    exceptions: (await t.db.select().from(exceptions).where(eq(exceptions.siteId, siteId))).length,
    notes: (await t.db.select().from(notes).where(eq(notes.siteId, siteId))).length,
    dayChanges: (await t.db.select().from(dayChanges).where(eq(dayChanges.siteId, siteId))).length,
    publicHolidays: (await t.db.select().from(publicHolidays).where(eq(publicHolidays.siteId, siteId))).length,
    sessions: sessions.filter((s) => userIds.includes(s.userId)).length,
    mail: (await t.db.select().from(mailOutbox).where(eq(mailOutbox.siteId, siteId))).length,
  };
}

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  a = await createTeam(t.db);
  b = await createTeam(t.db);
  const siteId = a.site.id;
  const emp = await seedOld(a, { exceptions: 2, notes: 1 });
  // Kept: an exception ending on the cut-off day and one ending later; a note on the cut-off day.
  await createException(t.db, { siteId, employeeId: emp.id, reasonId: a.reasons[0].id, startDate: '2026-11-01', endDate: '2026-12-05' });
  await createException(t.db, { siteId, employeeId: emp.id, reasonId: a.reasons[0].id, startDate: '2026-12-10' });
  await createNote(t.db, { siteId, startDate: '2026-12-05' });
  // Day changes: an authorised one and an open one before the cut-off (go), one on it (stays).
  await t.db.insert(dayChanges).values([
    { siteId, date: '2026-12-01', defaultHours: 7.6, currentHours: 7.6, authorisedHours: 7.6, isAuthorised: true },
    { siteId, date: '2026-12-04', defaultHours: 7.6, currentHours: 0 },
    { siteId, date: '2026-12-05', defaultHours: 7.6, currentHours: 0 },
  ]);
  await createHoliday(t.db, siteId, '2026-11-01', 'Old Day');
  await createHoliday(t.db, siteId, '2027-03-26', 'Good Friday');
  await t.db
    .insert(userSessions)
    .values({ id: 'a-expired', userId: a.writer.id, currentSiteId: siteId, expiresAt: new Date('2027-01-03T00:00:00Z') });
  // Mail of site A: sent before the cut-off (goes); pending before it and logged after it (stay).
  await t.db.insert(mailOutbox).values([
    { ...mail, siteId, status: 'sent', createdAt: new Date('2026-12-01T00:00:00Z') },
    { ...mail, siteId, status: 'pending', createdAt: new Date('2026-12-01T00:00:00Z') },
    { ...mail, siteId, status: 'logged', createdAt: new Date('2026-12-06T00:00:00Z') },
    // No site (a password reset): never counted for a site; a year-old one is the daily job's.
    { ...mail, status: 'sent', createdAt: new Date('2026-12-01T00:00:00Z') },
    { ...mail, status: 'sent', createdAt: new Date('2025-12-01T00:00:00Z') },
  ]);
  await t.db.insert(dataManagementSettings).values({ siteId, holidayCountry: 'GB', holidayState: 'ENG' });

  // Site B: 3 exceptions, 2 notes, 1 day change, 1 holiday, 1 expired session and 1 sent mail, all old.
  await seedOld(b, { exceptions: 3, notes: 2 });
  await t.db.insert(dayChanges).values({ siteId: b.site.id, date: '2026-11-20', defaultHours: 7.6, currentHours: 0 });
  await createHoliday(t.db, b.site.id, '2026-11-01', 'Old Day');
  await t.db
    .insert(userSessions)
    .values({ id: 'b-expired', userId: b.writer.id, currentSiteId: b.site.id, expiresAt: new Date('2027-01-02T00:00:00Z') });
  await t.db.insert(mailOutbox).values({ ...mail, siteId: b.site.id, status: 'sent', createdAt: new Date('2026-11-01T00:00:00Z') });

  admin = await t.login(a.admin.email, 'password123');
});
afterAll(() => t?.close());

describe('GET /api/data-maintenance/preview', () => {
  it("counts exactly what a run would remove and add on the admin's site only", async () => {
    const res = await t.get(PREVIEW, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      retentionDays: 30,
      futureDataDays: 120,
      today: '2027-01-04',
      keepFrom: '2026-12-05',
      extendTo: '2027-05-04',
      removes: { exceptions: 2, notes: 1, dayChanges: 2, publicHolidays: 1, expiredSessions: 1, sentMail: 1 },
      cleaned: 8,
      // England 2027-01-04..2027-05-04: Good Friday (held), Easter Monday 29 March, Early May bank holiday 3 May.
      extended: 2,
      holidayRegion: { country: 'GB', state: 'ENG' },
    });
  });

  it('deletes, adds and saves nothing', async () => {
    const before = { a: await rowsOf(a), b: await rowsOf(b), all: (await t.db.select().from(mailOutbox)).length };
    await t.get(PREVIEW, admin);
    await t.get('/api/data-maintenance/preview', admin);
    expect({ a: await rowsOf(a), b: await rowsOf(b), all: (await t.db.select().from(mailOutbox)).length }).toEqual(before);
    const [dm] = await t.db.select().from(dataManagementSettings).where(eq(dataManagementSettings.siteId, a.site.id));
    expect(dm).toMatchObject({ lastDataCleanup: null, dataRetentionDays: 365, futureDataDays: 730 });
  });

  it.each([
    ['5', '10000'],
    ['', 'abc'],
    ['30.5', '-40'],
  ])('retention %j and future days %j fall back to 365 and 730, and the answer says so', async (retention, future) => {
    const res = await t.get(`/api/data-maintenance/preview?retentionDays=${retention}&futureDataDays=${future}`, admin);
    expect(res.statusCode).toBe(200);
    // 2027-01-04 − 365 days; + 730 days crosses 29 February 2028.
    expect(res.json()).toMatchObject({ retentionDays: 365, futureDataDays: 730, keepFrom: '2026-01-04', extendTo: '2029-01-03' });
    // A year back nothing of site A has ended yet; only the expired session goes (it is past its own expiry).
    expect(res.json().removes).toEqual({ exceptions: 0, notes: 0, dayChanges: 0, publicHolidays: 0, expiredSessions: 1, sentMail: 0 });
  });

  it('with no days given uses 365 and 730', async () => {
    expect((await t.get('/api/data-maintenance/preview', admin)).json()).toMatchObject({ retentionDays: 365, futureDataDays: 730 });
  });

  it('answers 400 with a message for a day count given twice', async () => {
    const res = await t.get('/api/data-maintenance/preview?retentionDays=30&retentionDays=40', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Retention days/);
  });

  it('refuses a regular and a read-only user exactly as the run does', async () => {
    for (const user of [a.writer, a.viewer]) {
      const cookie = await t.login(user.email, 'password123');
      const preview = await t.get(PREVIEW, cookie);
      const run = await t.post('/api/data-maintenance', { retentionDays: 30, futureDataDays: 120 }, cookie);
      expect(preview.statusCode).toBe(403);
      expect(preview.json()).toEqual({ message: 'Admin access required' });
      expect(run.statusCode).toBe(403);
      expect(run.json()).toEqual(preview.json());
    }
    expect((await t.get(PREVIEW)).statusCode).toBe(401);
    expect((await t.post('/api/data-maintenance', {})).statusCode).toBe(401);
  });

  it("refuses an admin's read-and-write API token, as the run does", async () => {
    const issued = issueApiToken();
    await t.db
      .insert(apiTokens)
      .values({ siteId: a.site.id, createdBy: a.admin.id, name: 'Tool', scope: 'write', tokenHash: issued.hash, prefix: issued.prefix });
    const headers = { authorization: `Bearer ${issued.token}` };
    const preview = await t.request('GET', PREVIEW, { headers });
    const run = await t.request('POST', '/api/data-maintenance', { headers, body: { retentionDays: 30, futureDataDays: 120 } });
    expect(preview.statusCode).toBe(403);
    expect(preview.json()).toEqual({ message: 'Admin access required' });
    expect(run.statusCode).toBe(403);
    expect(run.json()).toEqual(preview.json());
  });

  it('lets a read-only admin look but not run, as every admin route does', async () => {
    const readOnlyAdmin = await createUser(t.db, a.site.id, { isAdmin: true, isReadOnly: true });
    const cookie = await t.login(readOnlyAdmin.email, 'password123');
    expect((await t.get(PREVIEW, cookie)).json()).toMatchObject({ cleaned: 8, extended: 2 });
    const run = await t.post('/api/data-maintenance', { retentionDays: 30, futureDataDays: 120 }, cookie);
    expect(run.statusCode).toBe(403);
    expect(run.json()).toEqual({ message: 'Read-only users cannot make changes.' });
  });

  it("the run then removes per kind exactly the preview's counts, and nothing of site B", async () => {
    const preview = (await t.get(PREVIEW, admin)).json();
    const beforeA = await rowsOf(a);
    const beforeB = await rowsOf(b);
    const run = await t.post('/api/data-maintenance', { retentionDays: 30, futureDataDays: 120 }, admin);
    expect(run.json()).toMatchObject({ cleaned: preview.cleaned, extended: preview.extended });
    const afterA = await rowsOf(a);
    expect({
      exceptions: beforeA.exceptions - afterA.exceptions,
      notes: beforeA.notes - afterA.notes,
      dayChanges: beforeA.dayChanges - afterA.dayChanges,
      // The run also adds the two missing holidays of the region.
      publicHolidays: beforeA.publicHolidays - afterA.publicHolidays + preview.extended,
      sessions: beforeA.sessions - afterA.sessions,
      mail: beforeA.mail - afterA.mail,
    }).toEqual({ exceptions: 2, notes: 1, dayChanges: 2, publicHolidays: 1, sessions: 1, mail: 1 });
    expect(await rowsOf(b)).toEqual(beforeB);
    // Mail without a site is not a site run's.
    expect((await t.db.select().from(mailOutbox).where(isNull(mailOutbox.siteId))).length).toBe(2);
  });

  it('after the run the preview finds nothing left to do', async () => {
    expect((await t.get(PREVIEW, admin)).json()).toMatchObject({
      removes: { exceptions: 0, notes: 0, dayChanges: 0, publicHolidays: 0, expiredSessions: 0, sentMail: 0 },
      cleaned: 0,
      extended: 0,
    });
  });

  it('the daily job removes delivered mail without a site once it is older than 365 days', async () => {
    await runScheduledMaintenance(t.db, clock.now());
    const siteless = await t.db.select().from(mailOutbox).where(isNull(mailOutbox.siteId));
    expect(siteless.map((m) => m.createdAt.toISOString())).toEqual(['2026-12-01T00:00:00.000Z']);
  });
});
