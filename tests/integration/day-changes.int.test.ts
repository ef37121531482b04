import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayChanges } from '../../src/server/db/schema';
import { addDaysStr } from '../../src/shared/domain/dates';
import { createEmployee, createException, createHoliday, createSite, createTeam, dayChangeRows } from '../factories';
import { startTestApp, type TestApp } from './harness';

/*
 * Pinned clock: Wednesday 13 March 2030, 10:00 UTC. One employee, 7.6 h Monday–Friday at 100%, so a
 * weekday's default hours are 7.6 and a weekend's 0.
 */
const NOW = new Date('2030-03-13T10:00:00Z');
const TODAY = '2030-03-13';
const d = (n: number) => addDaysStr(TODAY, n);
const PASSWORD = 'day-changes-pass';

let t: TestApp;
let siteId: number;
let siteB: number;
let writerName: string;
let writer: string;
let viewer: string;
let employeeId: number;
let annualId: number;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  const team = await createTeam(t.db, PASSWORD);
  siteId = team.site.id;
  writerName = team.writer.username;
  annualId = team.reasons[0].id;
  ({ id: employeeId } = await createEmployee(t.db, siteId, { name: 'Solo' }));
  siteB = (await createSite(t.db, team.business.id)).id;
  await createEmployee(t.db, siteB, { name: 'Other site' });
  writer = await t.login(team.writer.email, PASSWORD);
  viewer = await t.login(team.viewer.email, PASSWORD);
});
afterAll(() => t?.close());

const rowAt = async (site: number, date: string) =>
  (
    await t.db
      .select()
      .from(dayChanges)
      .where(and(eq(dayChanges.siteId, site), eq(dayChanges.date, date)))
  )[0];
const allRows = () => t.db.select().from(dayChanges).orderBy(asc(dayChanges.siteId), asc(dayChanges.date));
const setRow = (date: string, values: Partial<typeof dayChanges.$inferInsert>, site = siteId) =>
  t.db
    .insert(dayChanges)
    .values({ siteId: site, date, defaultHours: 7.6, currentHours: 7.6, ...values })
    .onConflictDoUpdate({ target: [dayChanges.siteId, dayChanges.date], set: values });

describe('POST /api/day-changes/mark', () => {
  it('creates an unauthorised row with the engine’s hours', async () => {
    await createException(t.db, { siteId, employeeId, reasonId: annualId, startDate: d(1), isFullDay: false, hours: 2 }); // Thursday
    const res = await t.post('/api/day-changes/mark', { date: d(1) }, writer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      date: d(1),
      authorised: false,
      defaultHours: 7.6,
      currentHours: 5.6,
      authorisedHours: null,
      authorisedBy: null,
      authorisedAt: null,
      lastModified: NOW.toISOString(),
    });
    expect(await rowAt(siteId, d(1))).toMatchObject({ isAuthorised: false, defaultHours: 7.6, currentHours: 5.6 });
  });

  it('sets an authorised day unauthorised again, keeping the last authorisation as its record', async () => {
    expect((await t.post('/api/day-changes/authorise', { date: d(2) }, writer)).statusCode).toBe(200);
    const res = await t.post('/api/day-changes/mark', { date: d(2) }, writer);
    expect(res.json()).toMatchObject({
      date: d(2),
      authorised: false,
      currentHours: 7.6,
      authorisedHours: 7.6,
      authorisedBy: writerName,
      authorisedAt: NOW.toISOString(),
    });
  });

  it('validates the date', async () => {
    for (const [payload, message] of [
      [{}, 'Date is required'],
      [{ date: '13/03/2030' }, 'Date must be in yyyy-MM-dd format'],
      [{ date: '2030-02-29' }, 'Date is not a real calendar day'],
    ] as const) {
      const res = await t.post('/api/day-changes/mark', payload, writer);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('POST /api/day-changes/authorise', () => {
  it('creates the row from the engine when the day has none, storing who, when and the authorised hours', async () => {
    await createException(t.db, { siteId, employeeId, reasonId: annualId, startDate: d(5), isFullDay: false, hours: 3 }); // Monday
    expect(await rowAt(siteId, d(5))).toBeUndefined();
    const res = await t.post('/api/day-changes/authorise', { date: d(5) }, writer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      date: d(5),
      authorised: true,
      defaultHours: 7.6,
      currentHours: 4.6,
      authorisedHours: 4.6,
      authorisedBy: writerName,
      authorisedAt: NOW.toISOString(),
      lastModified: NOW.toISOString(),
    });
    const row = await rowAt(siteId, d(5));
    expect(row).toMatchObject({ isAuthorised: true, authorisedHours: 4.6, currentHours: 4.6 });
    expect(row.authorisedAt?.toISOString()).toBe(NOW.toISOString());
  });

  it('authorises a marked day with the hours as they are now, leaving last_modified alone', async () => {
    const modified = new Date('2030-03-12T08:00:00Z');
    await setRow(d(6), { currentHours: 1, defaultHours: 1, isAuthorised: false, lastModified: modified });
    const res = await t.post('/api/day-changes/authorise', { date: d(6) }, writer);
    expect(res.json()).toMatchObject({
      authorised: true,
      defaultHours: 7.6,
      currentHours: 7.6,
      authorisedHours: 7.6,
      lastModified: modified.toISOString(),
    });
  });

  it('touches only the current site', async () => {
    await setRow(d(8), { isAuthorised: false }, siteB);
    const before = await rowAt(siteB, d(8));
    expect((await t.post('/api/day-changes/authorise', { date: d(8) }, writer)).statusCode).toBe(200);
    expect(await rowAt(siteB, d(8))).toEqual(before);
    expect(await rowAt(siteId, d(8))).toMatchObject({ isAuthorised: true });
  });
});

describe('POST /api/day-changes/authorise-multiple', () => {
  it('authorises only changed, unauthorised days and answers their count', async () => {
    const base = 21; // Wednesday 3 April 2030 onwards
    const changedA = d(base); // Wednesday
    const changedB = d(base + 1); // Thursday
    const today = TODAY; // today counts as not past
    const past = d(-1);
    const holiday = d(base + 2); // Friday, made a holiday
    const weekend = d(base + 3); // Saturday: nobody works, 0 default hours
    const authorised = d(base + 5); // Monday, already authorised
    const noRow = d(base + 6); // Tuesday without any row: nothing changed
    await createHoliday(t.db, siteId, holiday, 'Test Holiday');
    for (const date of [changedA, changedB, today, past, holiday, weekend]) {
      expect((await t.post('/api/day-changes/mark', { date }, writer)).statusCode).toBe(200);
    }
    await setRow(authorised, { isAuthorised: true, authorisedHours: 7.6 });
    const authorisedBefore = await rowAt(siteId, authorised);

    const res = await t.post(
      '/api/day-changes/authorise-multiple',
      { dates: [changedA, changedB, today, past, holiday, weekend, authorised, noRow, changedA] },
      writer,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 3, dates: [today, changedA, changedB] });

    const rows = await dayChangeRows(t.db, siteId);
    for (const date of [changedA, changedB, today]) {
      expect(rows.get(date)).toMatchObject({ isAuthorised: true, authorisedHours: 7.6, currentHours: 7.6 });
      expect(rows.get(date)!.authorisedAt?.toISOString()).toBe(NOW.toISOString());
    }
    expect(rows.get(past)).toMatchObject({ isAuthorised: false, authorisedHours: null });
    expect(rows.get(holiday)).toMatchObject({ isAuthorised: false, defaultHours: 0, currentHours: 0 });
    expect(rows.get(weekend)).toMatchObject({ isAuthorised: false, defaultHours: 0 });
    expect(rows.get(authorised)).toEqual(authorisedBefore);
    expect(rows.has(noRow)).toBe(false);

    // Nothing left to authorise: the count is 0.
    const again = await t.post(
      '/api/day-changes/authorise-multiple',
      { dates: [changedA, changedB, today, past, holiday, weekend] },
      writer,
    );
    expect(again.json()).toEqual({ count: 0, dates: [] });
    expect((await t.post('/api/day-changes/authorise-multiple', { dates: [] }, writer)).json()).toEqual({ count: 0, dates: [] });
  });

  it('judges each day by the engine’s hours now, not the stored ones', async () => {
    const date = d(30); // Friday 12 April
    await setRow(date, { isAuthorised: false, defaultHours: 0, currentHours: 0 }); // written before a second employee joined
    await createEmployee(t.db, siteId, { name: 'Temp' });
    const res = await t.post('/api/day-changes/authorise-multiple', { dates: [date] }, writer);
    expect(res.json()).toEqual({ count: 1, dates: [date] });
    expect(await rowAt(siteId, date)).toMatchObject({ isAuthorised: true, defaultHours: 15.2, currentHours: 15.2, authorisedHours: 15.2 });
  });

  it('validates the list', async () => {
    for (const [payload, message] of [
      [{}, 'dates must be a list of yyyy-MM-dd dates'],
      [{ dates: '2030-03-14' }, 'dates must be a list of yyyy-MM-dd dates'],
      [{ dates: ['2030-03-14', 'tomorrow'] }, 'Date must be in yyyy-MM-dd format'],
    ] as const) {
      const res = await t.post('/api/day-changes/authorise-multiple', payload, writer);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('roles', () => {
  it('the read-only user gets 403 on every day-change write, and nothing changes', async () => {
    const before = await allRows();
    for (const [url, payload] of [
      ['/api/day-changes/mark', { date: d(3) }],
      ['/api/day-changes/authorise', { date: d(3) }],
      ['/api/day-changes/authorise-multiple', { dates: [d(1), d(3)] }],
      ['/api/day-changes/authorise-multiple', {}],
    ] as const) {
      const res = await t.post(url, payload, viewer);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Read-only users cannot make changes.' });
    }
    expect(await allRows()).toEqual(before);
    expect((await t.get(`/api/day-changes?startDate=${d(0)}&endDate=${d(40)}`, viewer)).statusCode).toBe(200);
  });

  it.each(['/api/day-changes/mark', '/api/day-changes/authorise', '/api/day-changes/authorise-multiple'])(
    'signed out, POST %s answers 401',
    async (url) => {
      const before = await allRows();
      const res = await t.post(url, { date: d(1), dates: [d(1)] });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Not authenticated' });
      expect(await allRows()).toEqual(before);
    },
  );
});
