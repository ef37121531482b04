import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayChanges, leaveRequests, siteSettings } from '../../src/server/db/schema';
import {
  createEmployee,
  createException,
  createHoliday,
  createNote,
  createSite,
  createSiteReason,
  createTeam,
  grantSite,
} from '../factories';
import { startTestApp, type TestApp } from './harness';
import { eq } from 'drizzle-orm';
import { ZCalendarResponse } from '../../src/shared/contracts/calendar-bundle';
import { ZCalendarWire } from '../../src/shared/contracts/calendar-wire';
import { calendarLists } from '../calendar-reply';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const NOW = new Date('2030-03-13T10:00:00Z');
const PASSWORD = 'bundle-pass';

let t: TestApp;
let writer: string;
let ids: Record<string, number>;
let siteId: number;
let otherSiteId: number;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  const team = await createTeam(t.db, PASSWORD);
  siteId = team.site.id;
  writer = await t.login(team.writer.email, PASSWORD);
  const other = await createSite(t.db, team.business.id, { name: 'Other', subdomain: `other-${siteId}` });
  otherSiteId = other.id;
  await grantSite(t.db, team.writer.id, other.id);
  const ann = await createEmployee(t.db, siteId, {
    name: 'Ann',
    efficiency: 90,
    sortOrder: 1,
    mondayHours: 8,
    saturdayHours: 0,
    sundayHours: 0,
  });
  const bob = await createEmployee(t.db, siteId, { name: 'Bob', sortOrder: 0 });
  const theirs = await createEmployee(t.db, other.id, { name: 'Theirs' });
  const leave = team.reasons.find((r) => r.name === 'Annual Leave')!;
  const local = await createSiteReason(t.db, siteId, { name: 'Site Only', color: '#123456', sortOrder: 99 });
  // Inside, cut by the window start, wholly before, and one of the other site on the same days.
  const inside = await createException(t.db, {
    siteId,
    employeeId: ann.id,
    reasonId: leave.id,
    startDate: '2030-03-10',
    endDate: '2030-03-11',
  });
  const cut = await createException(t.db, {
    siteId,
    employeeId: bob.id,
    reasonId: local.id,
    startDate: '2030-02-25',
    endDate: '2030-03-02',
    isFullDay: false,
    hours: 2.5,
  });
  await createException(t.db, { siteId, employeeId: bob.id, reasonId: leave.id, startDate: '2030-02-27', endDate: '2030-02-28' });
  await createException(t.db, { siteId: other.id, employeeId: theirs.id, reasonId: leave.id, startDate: '2030-03-10' });
  const note = await createNote(t.db, { siteId, title: 'Stock take', startDate: '2030-03-31', endDate: '2030-04-02', color: '#10b981' });
  await createNote(t.db, { siteId, title: 'Too late', startDate: '2030-04-01' });
  await createNote(t.db, { siteId: other.id, title: 'Theirs', startDate: '2030-03-05' });
  const holiday = await createHoliday(t.db, siteId, '2030-03-17', 'St Patrick');
  await createHoliday(t.db, other.id, '2030-03-18', 'Theirs');
  await t.db.insert(dayChanges).values([
    { siteId, date: '2030-03-14', defaultHours: 15.6, currentHours: 7.6, lastModified: new Date('2030-03-12T09:00:00Z') },
    { siteId, date: '2030-06-01', defaultHours: 15.6, currentHours: 15.6, lastModified: new Date('2030-03-12T09:00:00Z') },
    { siteId: other.id, date: '2030-03-14', defaultHours: 1, currentHours: 1 },
  ]);
  // Pending requests: one in March, one after it, one decided, one of the other site.
  const asked = { requesterName: 'Ann', reasonId: leave.id };
  const [pendingInMarch] = await t.db
    .insert(leaveRequests)
    .values([
      { ...asked, siteId, employeeId: ann.id, startDate: '2030-03-20', endDate: '2030-03-21' },
      { ...asked, siteId, employeeId: ann.id, startDate: '2030-04-20', endDate: '2030-04-21' },
      { ...asked, siteId, employeeId: bob.id, startDate: '2030-03-25', endDate: '2030-03-25', status: 'declined' },
      { ...asked, siteId: other.id, employeeId: theirs.id, startDate: '2030-03-20', endDate: '2030-03-20' },
    ])
    .returning();
  ids = {
    pendingInMarch: pendingInMarch.id,
    ann: ann.id,
    bob: bob.id,
    leave: leave.id,
    local: local.id,
    inside: inside.id,
    cut: cut.id,
    note: note.id,
    holiday: holiday.id,
  };
});
afterAll(() => t?.close());

const url = (q: string) => `/api/calendar?${q}`;

describe('GET /api/calendar', () => {
  it("answers every list of the window for the current site only, in the separate reads' shapes", async () => {
    const res = await t.get(url('startDate=2030-03-01&endDate=2030-03-31'), writer);
    expect(res.statusCode).toBe(200);
    expect(ZCalendarWire.safeParse(res.json()).error).toBeUndefined();
    const body = calendarLists(url('startDate=2030-03-01&endDate=2030-03-31'), res.json());
    expect(body.employees.map((e: { name: string }) => e.name)).toEqual(['Bob', 'Ann']);
    expect(body.employees[1]).toEqual({
      id: ids.ann,
      siteId,
      name: 'Ann',
      efficiency: 90,
      sortOrder: 1,
      mondayHours: 8,
      tuesdayHours: 7.6,
      wednesdayHours: 7.6,
      thursdayHours: 7.6,
      fridayHours: 7.6,
      saturdayHours: 0,
      sundayHours: 0,
      defaultHours: 8,
      teamId: null,
    });
    expect(body.reasons.at(-1)).toEqual({
      id: ids.local,
      name: 'Site Only',
      color: '#123456',
      isAdditive: false,
      needsTwoApprovals: false,
      countsAgainstAllowance: false,
      isSickness: false,
      isRequestable: true,
      sortOrder: 99,
      scope: 'site',
    });
    expect(body.reasons.find((r: { id: number }) => r.id === ids.leave)).toMatchObject({ name: 'Annual Leave', scope: 'business' });
    expect(body.exceptions).toEqual([
      {
        id: ids.cut,
        siteId,
        employeeId: ids.bob,
        reasonId: ids.local,
        startDate: '2030-02-25',
        endDate: '2030-03-02',
        isFullDay: false,
        hours: 2.5,
        notes: null,
        version: 1,
        employeeName: 'Bob',
        reasonName: 'Site Only',
        reasonColor: '#123456',
        isAdditive: false,
        isRangeStart: false,
        isRangeEnd: true,
      },
      {
        id: ids.inside,
        siteId,
        employeeId: ids.ann,
        reasonId: ids.leave,
        startDate: '2030-03-10',
        endDate: '2030-03-11',
        isFullDay: true,
        hours: null,
        notes: null,
        version: 1,
        employeeName: 'Ann',
        reasonName: 'Annual Leave',
        reasonColor: expect.any(String),
        isAdditive: false,
        isRangeStart: true,
        isRangeEnd: true,
      },
    ]);
    expect(body.notes).toEqual([
      {
        id: ids.note,
        siteId,
        title: 'Stock take',
        description: null,
        startDate: '2030-03-31',
        endDate: '2030-04-02',
        color: '#10b981',
        isFullDay: true,
        version: 1,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updatedAt: expect.any(String),
      },
    ]);
    expect(body.holidays).toEqual([{ id: ids.holiday, name: 'St Patrick', date: '2030-03-17' }]);
    expect(body.dayChanges).toEqual([
      {
        date: '2030-03-14',
        authorised: false,
        defaultHours: 15.6,
        currentHours: 7.6,
        authorisedHours: null,
        authorisedBy: null,
        authorisedAt: null,
        lastModified: '2030-03-12T09:00:00.000Z',
      },
    ]);
    expect(body.settings).toMatchObject({ saturdayWorkday: false, sidebarCategoryOrder: ['employees', 'notes', 'exceptions'] });
    expect(body.shell).toBeUndefined();
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(ZCalendarResponse.safeParse(body).error).toBeUndefined();
  });

  it('sends rows, not objects: exceptions name their employee and type by id, days count from the window start', async () => {
    const wire = (await t.get(url('startDate=2030-03-01&endDate=2030-03-31'), writer)).json();
    expect(Object.keys(wire)).toEqual([
      'format',
      'siteId',
      'day0',
      'reasons',
      'teams',
      'exceptions',
      'notes',
      'holidays',
      'dayChanges',
      'coverage',
      'employees',
      'settings',
    ]);
    expect(wire).toMatchObject({ format: 4, siteId, day0: '2030-03-01' });
    expect(wire.employees).toEqual([
      [ids.bob, 'Bob', 100, 0, [7.6, 7.6, 7.6, 7.6, 7.6, 0, 0], null, null, null],
      [ids.ann, 'Ann', 90, 1, [8, 7.6, 7.6, 7.6, 7.6, 0, 0], null, null, null],
    ]);
    expect(wire.teams).toEqual([]);
    // 25 February to 2 March is days -4 to 1; 10 and 11 March are 9 and 10.
    expect(wire.exceptions).toEqual([
      [ids.cut, ids.bob, ids.local, -4, 1, false, 2.5, null, 1],
      [ids.inside, ids.ann, ids.leave, 9, 10, true, null, null, 1],
    ]);
    expect(wire.dayChanges).toEqual([[13, false, 15.6, 7.6, null, null, null, '2030-03-12T09:00:00.000Z']]);
  });

  it('matches the separate reads of the same window', async () => {
    const q = 'startDate=2030-02-15&endDate=2030-04-15';
    const body = calendarLists(url(q), (await t.get(url(q), writer)).json());
    for (const [key, path] of [
      ['exceptions', 'exceptions'],
      ['notes', 'notes'],
      ['holidays', 'public-holidays'],
      ['dayChanges', 'day-changes'],
    ] as const) {
      expect(body[key], key).toEqual((await t.get(`/api/${path}?${q}`, writer)).json());
    }
    // The list also says where each employee's contract in force starts (decision 076), who signs in as them
    // (091) and the start date only the allowance reads (095); the bundle, which Staff read too, leaves those out.
    const list = (await t.get('/api/employees', writer)).json() as Array<Record<string, unknown>>;
    expect(body.employees).toEqual(list.map(({ contractFrom: _f, contractCount: _c, endDate: _e, userId: _u, startDate: _s, ...e }) => e));
    expect(body.reasons).toEqual((await t.get('/api/exception-reasons', writer)).json());
    // /api/settings also answers the data-management block, which the calendar does not draw.
    const { dataManagement, ...settings } = (await t.get('/api/settings', writer)).json();
    expect(dataManagement).toBeDefined();
    expect(body.settings).toEqual(settings);
  });

  it('reads day changes over their own window when given one', async () => {
    const q = url('startDate=2030-03-01&endDate=2030-03-31&dayChangesStartDate=2030-03-13&dayChangesEndDate=2032-03-13');
    const body = calendarLists(q, (await t.get(q, writer)).json());
    expect(body.dayChanges.map((d: { date: string }) => d.date)).toEqual(['2030-03-14', '2030-06-01']);
    expect(body.holidays).toHaveLength(1);
  });

  it('with shell=1 also answers the user, the sites to switch to and the subscription', async () => {
    const q = url('startDate=2030-03-01&endDate=2030-03-31&shell=1');
    const body = calendarLists(q, (await t.get(q, writer)).json());
    expect(body.shell!.me.site.id).toBe(siteId);
    expect(body.shell!.me.user).toMatchObject({ isAdmin: false, isReadOnly: false });
    expect(body.shell!.sites.map((s: { id: number }) => s.id)).toEqual([siteId, otherSiteId]);
    expect(body.shell!.subscription).toMatchObject({ subscriptionStatus: 'active', isTrialActive: false });
    // The window's pending requests as the requests list answers them, so the month view needs no second request.
    expect(body.shell!.pendingRequests!.map((r: { id: number; startDate: string }) => [r.id, r.startDate])).toEqual([
      [ids.pendingInMarch, '2030-03-20'],
    ]);
    expect(ZCalendarResponse.safeParse(body).error).toBeUndefined();
  });

  it('answers 304 to a matching If-None-Match, and a new tag once anything changes', async () => {
    const q = url('startDate=2030-03-01&endDate=2030-03-31');
    const first = await t.get(q, writer);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"c4\.\d+\.\d+\.full\.[0-9a-f]{32}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({ method: 'GET', url: q, headers: { cookie: writer, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Written straight to the database: the read cache hears of it by NOTIFY (decision 049), at once on
    // PGlite, a moment later over PostgreSQL's listening connection.
    await t.db.update(siteSettings).set({ saturdayWorkday: true }).where(eq(siteSettings.siteId, siteId));
    const read = () => t.app.inject({ method: 'GET', url: q, headers: { cookie: writer, 'if-none-match': etag } });
    await expect.poll(async () => (await read()).statusCode, { timeout: 2000, interval: 20 }).toBe(200);
    const changed = await read();
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().settings.saturdayWorkday).toBe(true);
  });

  it('answers compressed as the client accepts, the same text each way', async () => {
    const q = url('startDate=2030-03-01&endDate=2030-03-31');
    const plain = await t.app.inject({ method: 'GET', url: q, headers: { cookie: writer, 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ method: 'GET', url: q, headers: { cookie: writer, 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ method: 'GET', url: q, headers: { cookie: writer, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('leaves the pending requests out of the window read without the shell', async () => {
    const body = (await t.get(url('startDate=2030-03-01&endDate=2030-03-31'), writer)).json();
    expect(body.shell).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain('2030-03-20');
  });

  it("gives the first load (shell=1) no tag: it is the user's own and never revalidated", async () => {
    const res = await t.get(url('startDate=2030-03-01&endDate=2030-03-31&shell=1'), writer);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
  });

  it.each([
    ['startDate=2030-03-31&endDate=2030-03-01', 'endDate must not be before startDate'],
    ['startDate=2030-01-01&endDate=2033-12-31', 'The date window may span at most 1100 days'],
    ['startDate=2030-03-01&endDate=2030-03-31&dayChangesStartDate=2030-03-01', 'dayChangesStartDate and dayChangesEndDate go together'],
    ['startDate=2030-03-01', 'Date is required'],
  ])('refuses %s with 400 and the message', async (q, message) => {
    const res = await t.get(url(q), writer);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers 401 signed out', async () => {
    const res = await t.get(url('startDate=2030-03-01&endDate=2030-03-31'));
    expect(res.statusCode).toBe(401);
  });
});
