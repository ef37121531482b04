import ICAL from 'ical.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeeds, sites, siteUsers, userSitePermissions } from '../../src/server/db/schema';
import { createEmployee, createException, createHoliday, createNote, createSite, createTeam, createUser, grantSite } from '../factories';
import { createClock, startTestApp, type TestApp } from './harness';

const PASSWORD = 'feeds-pass';
const clock = createClock(new Date('2030-03-13T10:00:00Z'));

let t: TestApp;
let admin: string;
let writer: string;
let viewer: string;
let otherAdmin: string;
let employeeA: number;
let employeeB: number;
let exceptionA: number;
let siteName: string;
let team: Awaited<ReturnType<typeof createTeam>>;
let otherSiteId: number;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  team = await createTeam(t.db, PASSWORD);
  const site = team.site.id;
  siteName = team.site.name;
  const [leave, , training] = team.reasons;
  admin = await t.login(team.admin.email, PASSWORD);
  writer = await t.login(team.writer.email, PASSWORD);
  viewer = await t.login(team.viewer.email, PASSWORD);
  employeeA = (await createEmployee(t.db, site, { name: 'Ann O\'Brien, Jr; "Annie"' })).id;
  employeeB = (await createEmployee(t.db, site, { name: 'Bob Stone' })).id;
  exceptionA = (
    await createException(t.db, {
      siteId: site,
      employeeId: employeeA,
      reasonId: leave.id,
      startDate: '2030-03-20',
      endDate: '2030-03-22',
      notes: 'Line one\nVisiting family, back Monday',
    })
  ).id;
  await createException(t.db, {
    siteId: site,
    employeeId: employeeB,
    reasonId: training.id,
    startDate: '2030-03-31',
    isFullDay: false,
    hours: 3.5,
  });
  // Outside the feed's window (more than a year back): never served.
  await createException(t.db, { siteId: site, employeeId: employeeB, reasonId: leave.id, startDate: '2028-01-03' });
  await createHoliday(t.db, site, '2030-04-19', 'Good Friday');
  await createNote(t.db, {
    siteId: site,
    title: 'Stock take',
    description: 'Warehouse, all hands',
    startDate: '2030-03-25',
    endDate: '2030-03-26',
  });

  const other = await createSite(t.db, team.business.id);
  otherSiteId = other.id;
  const otherUser = await createUser(t.db, other.id, { isAdmin: true, password: PASSWORD });
  otherAdmin = await t.login(otherUser.email, PASSWORD);
  const otherEmployee = await createEmployee(t.db, other.id, { name: 'Somebody Else' });
  await createException(t.db, { siteId: other.id, employeeId: otherEmployee.id, reasonId: leave.id, startDate: '2030-03-20' });
});
afterAll(() => t?.close());

const pathOf = (url: string) => new URL(url).pathname;
const create = async (body: object, cookie = admin) => {
  const res = await t.post('/api/calendar-feeds', body, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; url: string };
};

function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return {
    name: cal.getFirstPropertyValue('x-wr-calname'),
    timezones: cal.getAllSubcomponents('vtimezone').length,
    events: cal.getAllSubcomponents('vevent').map((v) => {
      const start = v.getFirstProperty('dtstart')!;
      const end = v.getFirstProperty('dtend')!;
      const e = new ICAL.Event(v);
      return {
        uid: e.uid,
        summary: e.summary,
        description: e.description ?? null,
        start: e.startDate.toString(),
        end: e.endDate.toString(),
        dateValued: e.startDate.isDate && e.endDate.isDate && start.type === 'date' && end.type === 'date',
        tzid: start.getParameter('tzid') ?? end.getParameter('tzid') ?? null,
      };
    }),
  };
}

describe('site feed', () => {
  let url: string;
  beforeAll(async () => {
    ({ url } = await create({ employeeId: null, includeNotes: false }));
  });

  it('is a long secret URL outside /api, stored only as a hash', async () => {
    expect(url).toMatch(/^http:\/\/localhost:3000\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    const token = pathOf(url).slice('/feeds/'.length, -'.ics'.length);
    const rows = await t.db.select({ hash: calendarFeeds.tokenHash }).from(calendarFeeds);
    expect(rows.some((r) => r.hash.includes(token))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
  });

  it('serves every exception of the site and the holidays as all-day DATE events without notes', async () => {
    const res = await t.get(pathOf(url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const cal = parse(res.body);
    expect(cal.name).toBe(`${siteName} — Hoursight`);
    expect(cal.timezones).toBe(0);
    expect(cal.events).toEqual([
      {
        uid: `exception-${exceptionA}@hoursight`,
        summary: 'Ann O\'Brien, Jr; "Annie" — Annual Leave',
        description: null,
        start: '2030-03-20',
        end: '2030-03-23',
        dateValued: true,
        tzid: null,
      },
      {
        uid: expect.stringMatching(/^exception-\d+@hoursight$/),
        summary: 'Bob Stone — Training (3.5 h)',
        description: null,
        start: '2030-03-31',
        end: '2030-04-01',
        dateValued: true,
        tzid: null,
      },
      {
        uid: expect.stringMatching(/^holiday-\d+@hoursight$/),
        summary: 'Good Friday',
        description: null,
        start: '2030-04-19',
        end: '2030-04-20',
        dateValued: true,
        tzid: null,
      },
    ]);
    // Commas and semicolons in text are escaped on the wire, and come back whole after parsing.
    expect(res.body).toContain('SUMMARY:Ann O\'Brien\\, Jr\\; "Annie" — Annual Leave');
    expect(res.body).toContain('DTSTART;VALUE=DATE:20300320');
  });

  it('answers 304 to its ETag and to its Last-Modified, and 200 again once the data changed', async () => {
    const first = await t.get(pathOf(url));
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    const byTag = await t.request('GET', pathOf(url), { headers: { 'if-none-match': etag } });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    const byDate = await t.request('GET', pathOf(url), { headers: { 'if-modified-since': lastModified } });
    expect(byDate.statusCode).toBe(304);

    clock.advance(60_000);
    const del = await t.del(`/api/exceptions/${exceptionA}`, admin);
    expect(del.statusCode).toBe(200);
    const after = await t.request('GET', pathOf(url), { headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(Date.parse(String(after.headers['last-modified']))).toBe(Date.parse(lastModified) + 60_000);
    expect(parse(after.body).events.map((e) => e.uid)).not.toContain(`exception-${exceptionA}@hoursight`);
    const sinceOld = await t.request('GET', pathOf(url), { headers: { 'if-modified-since': lastModified } });
    expect(sinceOld.statusCode).toBe(200);
  });
});

describe('employee feed with notes', () => {
  it('serves only that employee, with exception notes and the site notes; the same UID as the site feed', async () => {
    const { url } = await create({ employeeId: employeeB, includeNotes: true });
    const cal = parse((await t.get(pathOf(url))).body);
    expect(cal.events.map((e) => e.summary)).toEqual(['Bob Stone — Training (3.5 h)', 'Good Friday', 'Stock take']);
    expect(cal.events[2]).toMatchObject({
      description: 'Warehouse, all hands',
      start: '2030-03-25',
      end: '2030-03-27',
      dateValued: true,
      tzid: null,
    });
    expect(cal.name).toBe(`Bob Stone (${siteName}) — Hoursight`);
  });

  it('carries exception notes, line breaks and commas intact', async () => {
    const { url } = await create({ employeeId: employeeA, includeNotes: true });
    const created = await t.post(
      '/api/exceptions',
      {
        employeeId: employeeA,
        reasonId: (await t.get('/api/exception-reasons', admin)).json()[2].id,
        startDate: '2030-05-06',
        endDate: '2030-05-06',
        isFullDay: true,
        hours: null,
        notes: 'Course, day 1;\nbring laptop',
      },
      admin,
    );
    expect(created.statusCode, created.body).toBe(201);
    const cal = parse((await t.get(pathOf(url))).body);
    expect(cal.events.find((e) => e.uid === `exception-${created.json().id}@hoursight`)).toMatchObject({
      summary: 'Ann O\'Brien, Jr; "Annie" — Training',
      description: 'Course, day 1;\nbring laptop',
      start: '2030-05-06',
      end: '2030-05-07',
    });
  });
});

describe('who may do what', () => {
  it('a regular user may make a site feed, not an employee feed; a read-only user neither', async () => {
    await create({ employeeId: null, includeNotes: false }, writer);
    const employeeFeed = await t.post('/api/calendar-feeds', { employeeId: employeeA }, writer);
    expect(employeeFeed.statusCode).toBe(403);
    expect(employeeFeed.json()).toEqual({ message: 'Only admins can create a feed for one employee' });
    expect((await t.post('/api/calendar-feeds', {}, viewer)).statusCode).toBe(403);
  });

  it('a regular user lists only their own feeds; an admin lists all of the site', async () => {
    const mine = (await t.get('/api/calendar-feeds', writer)).json() as Array<{ employeeId: number | null }>;
    expect(mine).toHaveLength(1);
    expect(mine[0].employeeId).toBeNull();
    const all = (await t.get('/api/calendar-feeds', admin)).json() as unknown[];
    expect(all.length).toBe(4);
  });

  it('an employee of another site is not found; another site sees none of these feeds and cannot revoke them', async () => {
    const other = await t.get('/api/calendar-feeds', otherAdmin);
    expect(other.json()).toEqual([]);
    const [feed] = (await t.get('/api/calendar-feeds', admin)).json() as Array<{ id: number }>;
    expect((await t.del(`/api/calendar-feeds/${feed.id}`, otherAdmin)).json()).toEqual({ message: 'Calendar feed not found' });
    expect((await t.post(`/api/calendar-feeds/${feed.id}/renew`, {}, otherAdmin)).statusCode).toBe(404);
    const foreignEmployee = await t.post('/api/calendar-feeds', { employeeId: employeeA }, otherAdmin);
    expect(foreignEmployee.statusCode).toBe(404);
  });

  it("a feed never shows another site's exceptions", async () => {
    const { url } = await create({ employeeId: null, includeNotes: true }, otherAdmin);
    const cal = parse((await t.get(pathOf(url))).body);
    expect(cal.events.map((e) => e.summary)).toEqual(['Somebody Else — Annual Leave']);
  });
});

describe('revoke and renew', () => {
  it('a renewed feed answers at its new URL only; a revoked one is 404', async () => {
    const feed = await create({ employeeId: null, includeNotes: false });
    expect((await t.get(pathOf(feed.url))).statusCode).toBe(200);
    const renewed = await t.post(`/api/calendar-feeds/${feed.id}/renew`, {}, admin);
    expect(renewed.statusCode).toBe(200);
    const newUrl = renewed.json().url as string;
    expect(newUrl).not.toBe(feed.url);
    expect((await t.get(pathOf(feed.url))).statusCode).toBe(404);
    expect((await t.get(pathOf(newUrl))).statusCode).toBe(200);

    // Not theirs: a regular user cannot revoke an admin's feed, and is told no more than for a missing one.
    expect((await t.del(`/api/calendar-feeds/${feed.id}`, writer)).json()).toEqual({ message: 'Calendar feed not found' });
    const revoked = await t.del(`/api/calendar-feeds/${feed.id}`, admin);
    expect(revoked.json()).toEqual({ message: 'Calendar feed revoked' });
    const gone = await t.get(pathOf(newUrl));
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Calendar feed not found' });
    const owner = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
    expect(owner).toEqual([]);
  });

  it('an unknown token or a path without .ics is 404', async () => {
    expect((await t.get('/feeds/not-a-real-token.ics')).statusCode).toBe(404);
    expect((await t.get('/feeds/abc')).statusCode).toBe(404);
  });
});

describe('a feed lives on its creator’s right (decision 063)', () => {
  const status = async (url: string) => (await t.get(pathOf(url))).statusCode;
  const listed = async (cookie: string) =>
    (await t.get('/api/calendar-feeds', cookie)).json() as Array<{
      id: number;
      createdBy: string | null;
      active: boolean;
      canManage: boolean;
    }>;

  it('stops when its creator is deactivated, and serves again when they are reactivated', async () => {
    const person = await createUser(t.db, team.site.id, { password: PASSWORD });
    const feed = await create({ employeeId: null, includeNotes: true }, await t.login(person.email, PASSWORD));
    expect(await status(feed.url)).toBe(200);
    await t.db.update(siteUsers).set({ isActive: false }).where(eq(siteUsers.id, person.id));
    const stopped = await t.get(pathOf(feed.url));
    expect(stopped.statusCode).toBe(404);
    expect(stopped.json()).toEqual({ message: 'Calendar feed not found' });
    expect((await listed(admin)).find((f) => f.id === feed.id)).toMatchObject({ createdBy: person.username, active: false });
    await t.db.update(siteUsers).set({ isActive: true }).where(eq(siteUsers.id, person.id));
    expect(await status(feed.url)).toBe(200);
  });

  it('stops when its creator loses the site it was made on', async () => {
    const visitor = await createUser(t.db, team.site.id, { password: PASSWORD });
    await grantSite(t.db, visitor.id, otherSiteId);
    const cookie = await t.login(visitor.email, PASSWORD);
    expect((await t.post('/api/switch-site', { siteId: otherSiteId }, cookie)).statusCode).toBe(200);
    const feed = await create({ employeeId: null, includeNotes: true }, cookie);
    expect(await status(feed.url)).toBe(200);
    await t.db
      .delete(userSitePermissions)
      .where(and(eq(userSitePermissions.userId, visitor.id), eq(userSitePermissions.siteId, otherSiteId)));
    expect(await status(feed.url)).toBe(404);
  });

  it("stops an employee's feed when its creator is no longer an admin", async () => {
    const boss = await createUser(t.db, team.site.id, { password: PASSWORD, isAdmin: true });
    const feed = await create({ employeeId: employeeB, includeNotes: false }, await t.login(boss.email, PASSWORD));
    expect(await status(feed.url)).toBe(200);
    await t.db.update(siteUsers).set({ isAdmin: false }).where(eq(siteUsers.id, boss.id));
    expect(await status(feed.url)).toBe(404);
  });

  it('stops when its creator is deleted or its site deactivated', async () => {
    const person = await createUser(t.db, team.site.id, { password: PASSWORD });
    const feed = await create({ employeeId: null, includeNotes: false }, await t.login(person.email, PASSWORD));
    await t.db.update(calendarFeeds).set({ createdBy: null }).where(eq(calendarFeeds.id, feed.id));
    expect(await status(feed.url)).toBe(404);
    const otherFeed = await create({ employeeId: null, includeNotes: false }, otherAdmin);
    await t.db.update(sites).set({ isActive: false }).where(eq(sites.id, otherSiteId));
    expect(await status(otherFeed.url)).toBe(404);
    await t.db.update(sites).set({ isActive: true }).where(eq(sites.id, otherSiteId));
  });

  it('a regular user renews and revokes their own feed, and cannot touch anyone else’s', async () => {
    const person = await createUser(t.db, team.site.id, { password: PASSWORD });
    const cookie = await t.login(person.email, PASSWORD);
    const own = await create({ employeeId: null, includeNotes: true }, cookie);
    const writersFeed = await create({ employeeId: null, includeNotes: false }, writer);
    expect((await listed(cookie)).map((f) => [f.id, f.canManage])).toEqual([[own.id, true]]);
    const renewed = await t.post(`/api/calendar-feeds/${own.id}/renew`, {}, cookie);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(await status(own.url)).toBe(404);
    expect((await t.post(`/api/calendar-feeds/${writersFeed.id}/renew`, {}, cookie)).json()).toEqual({
      message: 'Calendar feed not found',
    });
    expect((await t.del(`/api/calendar-feeds/${writersFeed.id}`, cookie)).statusCode).toBe(404);
    expect(await status(writersFeed.url)).toBe(200);
    const revoked = await t.del(`/api/calendar-feeds/${own.id}`, cookie);
    expect(revoked.json()).toEqual({ message: 'Calendar feed revoked' });
    expect(await status(renewed.json().url)).toBe(404);
  });

  it('a read-only user may revoke a feed they made before becoming read-only, not renew it', async () => {
    const person = await createUser(t.db, team.site.id, { password: PASSWORD });
    const cookie = await t.login(person.email, PASSWORD);
    const own = await create({ employeeId: null, includeNotes: true }, cookie);
    await t.db.update(siteUsers).set({ isReadOnly: true }).where(eq(siteUsers.id, person.id));
    const readOnly = await t.login(person.email, PASSWORD);
    expect((await t.post(`/api/calendar-feeds/${own.id}/renew`, {}, readOnly)).statusCode).toBe(403);
    expect((await t.del(`/api/calendar-feeds/${own.id}`, readOnly)).statusCode).toBe(200);
    expect(await status(own.url)).toBe(404);
  });

  it("an admin sees every feed of the site with its creator, and revokes another user's", async () => {
    const person = await createUser(t.db, team.site.id, { password: PASSWORD, username: 'feed-maker' });
    const feed = await create({ employeeId: null, includeNotes: true }, await t.login(person.email, PASSWORD));
    expect((await listed(admin)).find((f) => f.id === feed.id)).toMatchObject({ createdBy: 'feed-maker', active: true, canManage: true });
    const revoked = await t.del(`/api/calendar-feeds/${feed.id}`, admin);
    expect(revoked.statusCode).toBe(200);
    expect(await status(feed.url)).toBe(404);
    expect((await listed(admin)).map((f) => f.id)).not.toContain(feed.id);
  });
});
