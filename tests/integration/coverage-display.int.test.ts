import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createTeam } from '../factories';
import { startTestApp, type TestApp } from './harness';

/*
 * Decision 099: the coverage rules reach the calendar reply, the day explanation, the hours report and the feed.
 * Today is Wednesday 13 March 2030. One employee, Ann: 8 h on Mondays, 7.6 h Tuesday to Friday, 100 %. From
 * 1 March the site needs 10 h on Mondays (Ann's 8: short 2.0) and 5 h on Wednesdays (7.6: covered); the 20th is
 * closed (0 h needed) and the 21st, a Thursday, needs 12 h (7.6: short 4.4). The override on 10 April lies
 * outside March's window.
 */

const NOW = new Date('2030-03-13T10:00:00Z');
const PASSWORD = 'coverage-pass';
const RULES = {
  validFrom: '2030-03-01',
  weekdays: { monday: 10, wednesday: 5 },
  overrides: [
    { date: '2030-03-20', hours: 0 },
    { date: '2030-03-21', hours: 12 },
    { date: '2030-04-10', hours: 30 },
  ],
};

let t: TestApp;
let admin: string;
let writer: string;
const MARCH = '/api/calendar?startDate=2030-03-01&endDate=2030-03-31';

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  const team = await createTeam(t.db, PASSWORD);
  admin = await t.login(team.admin.email, PASSWORD);
  writer = await t.login(team.writer.email, PASSWORD);
  await createEmployee(t.db, team.site.id, {
    name: 'Ann',
    efficiency: 100,
    mondayHours: 8,
    tuesdayHours: 7.6,
    wednesdayHours: 7.6,
    thursdayHours: 7.6,
    fridayHours: 7.6,
    saturdayHours: 0,
    sundayHours: 0,
  });
});
afterAll(() => t?.close());

describe('the calendar reply carries the coverage rules', () => {
  it('is empty before any rule, and a PUT gives a new tag and the rules: every version, the window’s overrides by day number', async () => {
    const before = await t.get(MARCH, writer);
    expect(before.json().coverage).toEqual([[], []]);
    const etag = before.headers.etag as string;
    const put = await t.put('/api/coverage-rules', RULES, admin);
    expect(put.statusCode, put.body).toBe(200);
    const read = () => t.app.inject({ method: 'GET', url: MARCH, headers: { cookie: writer, 'if-none-match': etag } });
    await expect.poll(async () => (await read()).statusCode, { timeout: 2000, interval: 20 }).toBe(200);
    const after = await read();
    expect(after.headers.etag).not.toBe(etag);
    // 20 March is day 19 of a window starting on the 1st, the 21st day 20; 10 April is outside it.
    expect(after.json().coverage).toEqual([
      [['2030-03-01', [10, null, 5, null, null, null, null]]],
      [
        [19, 0],
        [20, 12],
      ],
    ]);
  });
});

describe('the day explanation', () => {
  it('answers the minimum and the shortfall of the hours shown', async () => {
    const monday = (await t.get('/api/day-explain?date=2030-03-18', writer)).json();
    expect(monday).toMatchObject({ availableHours: 8, shownHours: 8, requiredHours: 10, shortHours: 2 });
    const wednesday = (await t.get('/api/day-explain?date=2030-03-13', writer)).json();
    expect(wednesday).toMatchObject({ shownHours: 7.6, requiredHours: 5, shortHours: 0 });
    const tuesday = (await t.get('/api/day-explain?date=2030-03-19', writer)).json();
    expect(tuesday).toMatchObject({ requiredHours: null, shortHours: 0 });
    // Before the first version there is no minimum.
    const february = (await t.get('/api/day-explain?date=2030-02-25', writer)).json();
    expect(february).toMatchObject({ shownHours: 8, requiredHours: null, shortHours: 0 });
  });
});

describe('the hours report', () => {
  it('appends Required hours and Shortfall to each day, blank where there is no minimum', async () => {
    const res = await t.post('/api/reports/csv', { startDate: '2030-03-18', endDate: '2030-03-21', reportType: 'hours' }, writer);
    expect(res.statusCode).toBe(200);
    const lines = res.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Site,Date,Day,Available hours,Default hours,Difference,Authorisation,Authorised hours,Required hours,Shortfall');
    expect(lines.slice(1).map((l) => l.split(',').slice(1, 4).concat(l.split(',').slice(-2)))).toEqual([
      ['2030-03-18', 'Working day', '8', '10', '2'],
      ['2030-03-19', 'Working day', '7.6', '', ''],
      ['2030-03-20', 'Working day', '7.6', '0', '0'],
      ['2030-03-21', 'Working day', '7.6', '12', '4.4'],
    ]);
  });

  it('shows the two columns in the preview', async () => {
    const res = await t.post('/api/report-preview', { startDate: '2030-03-18', endDate: '2030-03-18', reportType: 'hours' }, writer);
    const html = res.json().content as string;
    expect(html).toMatch(/Authorisation<\/th><th[^>]*>Required<\/th><th[^>]*>Shortfall<\/th>/);
    expect(html).toMatch(/2030-03-18 Mon<\/td>.*<td[^>]*>10.0<\/td><td[^>]*>2.0<\/td><\/tr>/);
  });
});

describe('the calendar feed', () => {
  const events = (text: string) =>
    new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => ({
      uid: String(v.getFirstPropertyValue('uid')),
      summary: String(v.getFirstPropertyValue('summary')),
      start: String(v.getFirstPropertyValue('dtstart')),
    }));

  it('lists the days under the minimum from today on as all-day events when asked with ?shortfalls=1', async () => {
    const created = await t.post('/api/calendar-feeds', { employeeId: null, includeNotes: false }, writer);
    expect(created.statusCode, created.body).toBe(201);
    const path = new URL((created.json() as { url: string }).url).pathname;
    const plain = events((await t.get(path, '')).body);
    expect(plain.filter((e) => e.uid.startsWith('shortfall-'))).toEqual([]);

    const res = await t.get(`${path}?shortfalls=1`, '');
    expect(res.statusCode).toBe(200);
    const short = events(res.body).filter((e) => e.uid.startsWith('shortfall-'));
    expect(short.slice(0, 3)).toEqual([
      { uid: 'shortfall-2030-03-18@hoursight', summary: 'Short 2.0 h — required 10.0 h, available 8.0 h', start: '2030-03-18' },
      { uid: 'shortfall-2030-03-21@hoursight', summary: 'Short 4.4 h — required 12.0 h, available 7.6 h', start: '2030-03-21' },
      { uid: 'shortfall-2030-03-25@hoursight', summary: 'Short 2.0 h — required 10.0 h, available 8.0 h', start: '2030-03-25' },
    ]);
    // The past Monday (11 March), today (a covered Wednesday) and the closed 20th are not short; 10 April needs 30 h.
    const uids = short.map((e) => e.uid);
    expect(uids).not.toContain('shortfall-2030-03-11@hoursight');
    expect(uids).toContain('shortfall-2030-04-10@hoursight');
    expect(short.find((e) => e.uid === 'shortfall-2030-04-10@hoursight')!.summary).toBe('Short 22.4 h — required 30.0 h, available 7.6 h');
  });

  it('refuses a shortfalls value it does not know with a 400', async () => {
    const created = await t.post('/api/calendar-feeds', { employeeId: null, includeNotes: false }, writer);
    const path = new URL((created.json() as { url: string }).url).pathname;
    const res = await t.get(`${path}?shortfalls=yes`, '');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'shortfalls must be 1 or 0' });
  });
});
