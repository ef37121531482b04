import { calendarLists } from '../calendar-reply';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createEmployee, createSite, createTeam, grantSite } from '../factories';
import { APP_URL, startTestApp, type TestApp } from './harness';

/**
 * The calendar read's cache (decision 049): a window read twice is answered from memory, and any change to
 * the site's data, through the API on this instance, straight in the database, or through another instance,
 * is seen at the next read (on another instance: once the NOTIFY arrives, well within a second).
 */
const PASSWORD = 'cache-pass';
const WINDOW = '/api/calendar?startDate=2031-05-01&endDate=2031-05-31';

let t: TestApp;
let writer: string;
let otherWriter: string;
let siteId: number;
let otherSiteId: number;
let annId: number;
let reasonId: number;

beforeAll(async () => {
  t = await startTestApp();
  const team = await createTeam(t.db, PASSWORD);
  siteId = team.site.id;
  writer = await t.login(team.writer.email, PASSWORD);
  annId = (await createEmployee(t.db, siteId, { name: 'Cached Ann' })).id;
  reasonId = team.reasons[0].id;
  const other = await createTeam(t.db, PASSWORD);
  otherSiteId = other.site.id;
  otherWriter = await t.login(other.writer.email, PASSWORD);
  await createEmployee(t.db, otherSiteId, { name: 'Other Site Olga' });
  const sibling = await createSite(t.db, team.business.id, { name: 'Sibling', subdomain: `sibling-${siteId}` });
  await grantSite(t.db, team.writer.id, sibling.id);
});
afterAll(() => t?.close());

const names = async (cookie: string, app = t.app) => {
  const res = await app.inject({ method: 'GET', url: WINDOW, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return calendarLists(WINDOW, res.json())
    .employees.map((e) => e.name)
    .sort();
};

const exceptionIds = async (cookie: string, app = t.app) => {
  const res = await app.inject({ method: 'GET', url: WINDOW, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return calendarLists(WINDOW, res.json()).exceptions.map((e) => e.id);
};

describe('calendar read cache', () => {
  it('two sites reading the same window each get their own data', async () => {
    expect(await names(writer)).toContain('Cached Ann');
    const theirs = await names(otherWriter);
    expect(theirs).toContain('Other Site Olga');
    expect(theirs).not.toContain('Cached Ann');
    expect(await names(writer)).not.toContain('Other Site Olga');
  });

  it('a change through the API shows at the very next read', async () => {
    expect(await names(writer)).not.toContain('Hired Via API');
    const created = await t.post(
      '/api/employees',
      {
        name: 'Hired Via API',
        efficiency: 100,
        mondayHours: 7.6,
        tuesdayHours: 7.6,
        wednesdayHours: 7.6,
        thursdayHours: 7.6,
        fridayHours: 7.6,
        saturdayHours: 0,
        sundayHours: 0,
      },
      writer,
    );
    expect(created.statusCode).toBe(201);
    expect(await names(writer)).toContain('Hired Via API');
  });

  it('a change written straight to the database shows once its NOTIFY arrives', async () => {
    expect(await names(writer)).not.toContain('Hired By Script');
    await t.db.execute(sql`insert into employees (site_id, name) values (${siteId}, 'Hired By Script')`);
    await expect.poll(() => names(writer), { timeout: 2000, interval: 20 }).toContain('Hired By Script');
  });

  it("keeps employee rows between reads only while the site's staff is unchanged: a contract edit shows at once", async () => {
    const monday = async () => {
      const res = await t.app.inject({ method: 'GET', url: WINDOW, headers: { cookie: writer } });
      return calendarLists(WINDOW, res.json()).employees.find((e) => e.id === annId)?.mondayHours;
    };
    expect(await monday()).toBe(7.6);
    // An exception changes the window's data but not the staff: the kept employee rows are reused.
    await t.db.execute(sql`insert into exceptions (site_id, employee_id, reason_id, start_date, end_date, is_full_day)
      values (${siteId}, ${annId}, ${reasonId}, '2031-05-06', '2031-05-06', true)`);
    await expect.poll(async () => (await exceptionIds(writer)).length, { timeout: 2000, interval: 20 }).toBeGreaterThan(0);
    expect(await monday()).toBe(7.6);
    // Straight to the contract, no route involved: the staff version moves with it (migration 0020).
    await t.db.execute(sql`update employee_contracts set monday_hours = 3.5 where employee_id = ${annId}`);
    await expect.poll(monday, { timeout: 2000, interval: 20 }).toBe(3.5);
  });

  it('a change on another site leaves nothing stale here, and a change here shows there only if it is theirs', async () => {
    expect(await names(otherWriter)).not.toContain('Hired By Script');
    await t.db.execute(sql`update employees set name = 'Renamed Olga' where site_id = ${otherSiteId}`);
    await expect.poll(() => names(otherWriter), { timeout: 2000, interval: 20 }).toContain('Renamed Olga');
    expect(await names(writer)).not.toContain('Renamed Olga');
  });

  it("a change through one instance reaches another instance's cached read within a second (PostgreSQL)", async () => {
    if (t.database.kind !== 'postgres') return; // PGlite is one process: there is no other instance
    const second = await buildApp({ database: t.database, config: { appUrl: APP_URL }, mailer: t.mailer, now: () => new Date() });
    await second.ready();
    try {
      expect(await names(writer, second)).not.toContain('Hired On First');
      expect(await names(writer, second)).not.toContain('Hired On First'); // cached on the second instance
      const created = await t.post(
        '/api/employees',
        {
          name: 'Hired On First',
          efficiency: 100,
          mondayHours: 7.6,
          tuesdayHours: 7.6,
          wednesdayHours: 7.6,
          thursdayHours: 7.6,
          fridayHours: 7.6,
          saturdayHours: 0,
          sundayHours: 0,
        },
        writer,
      );
      expect(created.statusCode).toBe(201);
      const started = Date.now();
      await expect.poll(() => names(writer, second), { timeout: 1000, interval: 5 }).toContain('Hired On First');
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await second.close();
    }
  });
  // Exception writes keep the database's triggers quiet (decision 059): the route's own announcement is
  // what empties the other instance's cache, on create, move and delete alike.
  it("an exception placed, moved and removed through one instance reaches another instance's cached read within a second (PostgreSQL)", async () => {
    if (t.database.kind !== 'postgres') return; // PGlite is one process: there is no other instance
    const second = await buildApp({ database: t.database, config: { appUrl: APP_URL }, mailer: t.mailer, now: () => new Date() });
    await second.ready();
    try {
      const before = await exceptionIds(writer, second);
      expect(await exceptionIds(writer, second)).toEqual(before); // cached on the second instance
      const created = await t.post(
        '/api/exceptions',
        { employeeId: annId, reasonId, startDate: '2031-05-12', endDate: '2031-05-12', isFullDay: true, hours: null, notes: null },
        writer,
      );
      expect(created.statusCode).toBe(201);
      const { id, version } = created.json() as { id: number; version: number };
      await expect.poll(() => exceptionIds(writer, second), { timeout: 1000, interval: 5 }).toContain(id);
      const startDates = async () =>
        calendarLists(WINDOW, (await second.inject({ method: 'GET', url: WINDOW, headers: { cookie: writer } })).json()).exceptions.map(
          (e) => e.startDate,
        );
      const moved = await t.put(
        `/api/exceptions/${id}`,
        { employeeId: annId, reasonId, startDate: '2031-05-19', endDate: '2031-05-19', isFullDay: true, hours: null, notes: null, version },
        writer,
      );
      expect(moved.statusCode).toBe(200);
      await expect.poll(startDates, { timeout: 1000, interval: 5 }).toContain('2031-05-19');
      expect((await t.del(`/api/exceptions/${id}`, writer)).statusCode).toBe(200);
      await expect.poll(() => exceptionIds(writer, second), { timeout: 1000, interval: 5 }).not.toContain(id);
    } finally {
      await second.close();
    }
  });
});
