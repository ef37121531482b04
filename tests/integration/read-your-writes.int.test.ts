import { calendarLists } from '../calendar-reply';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { App } from '../../src/server/http/types';
import { createEmployee, createSite, createTeam, createUser } from '../factories';
import { APP_URL, startTestApp, type TestApp } from './harness';

/**
 * Reads see every write committed before them (decision 066), on every instance: a cached calendar window is
 * answered only while its site's data version is unchanged, so neither a late nor a lost announcement on the
 * live bus can leave a reader, the writer included, with an old reply.
 */
const PASSWORD = 'read-your-writes-pass';
const WINDOW = '/api/calendar?startDate=2032-03-01&endDate=2032-03-31';

let t: TestApp;
let writer: string;
let siblingReader: string;
let siteId: number;
let annId: number;
let reasonId: number;
let businessReasonId: number;

beforeAll(async () => {
  t = await startTestApp();
  const team = await createTeam(t.db, PASSWORD);
  siteId = team.site.id;
  writer = await t.login(team.writer.email, PASSWORD);
  annId = (await createEmployee(t.db, siteId, { name: 'Fresh Ann' })).id;
  reasonId = team.reasons[0].id;
  businessReasonId = team.reasons[1].id;
  const sibling = await createSite(t.db, team.business.id, { subdomain: `fresh-sibling-${siteId}` });
  const siblingUser = await createUser(t.db, sibling.id, { password: PASSWORD });
  siblingReader = await t.login(siblingUser.email, PASSWORD);
});
afterAll(() => t?.close());

const calendar = async (cookie: string, app: App = t.app) => {
  const res = await app.inject({ method: 'GET', url: WINDOW, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return calendarLists(WINDOW, res.json());
};

/** A change whose route would announce it: the database's triggers send no NOTIFY (decision 059), and no announcement follows. */
const unannounced = (change: ReturnType<typeof sql>) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('hoursight.announced_by_route', 'on', true)`);
    return (await tx.execute(change)) as unknown as { rows: Array<Record<string, unknown>> };
  });

const secondInstance = async () => {
  const second = await buildApp({ database: t.database, config: { appUrl: APP_URL }, mailer: t.mailer, now: () => new Date() });
  await second.ready();
  return second;
};

describe('reads see your own writes', () => {
  it("a business-wide exception type changed without an announcement is in every site's next cached read", async () => {
    const name = async (cookie: string) => (await calendar(cookie)).reasons.find((r) => r.id === businessReasonId)?.name;
    const before = await name(writer);
    expect(await name(siblingReader)).toBe(before);
    expect(await name(writer)).toBe(before); // both windows are cached now
    await unannounced(sql`update exception_reasons set name = 'Renamed For Everyone' where id = ${businessReasonId}`);
    expect(await name(writer)).toBe('Renamed For Everyone');
    expect(await name(siblingReader)).toBe('Renamed For Everyone');
  });

  it("an exception written without an announcement is in the next read of another instance's cache (PostgreSQL)", async () => {
    if (t.database.kind !== 'postgres') return; // PGlite is one process: there is no other instance
    const second = await secondInstance();
    try {
      const ids = async () => (await calendar(writer, second)).exceptions.map((e) => e.id);
      await ids();
      await ids(); // cached on the second instance
      const { rows } = await unannounced(sql`insert into exceptions (site_id, employee_id, reason_id, start_date, end_date, is_full_day)
        values (${siteId}, ${annId}, ${reasonId}, '2032-03-09', '2032-03-09', true) returning id`);
      expect(await ids()).toContain(rows[0].id);
    } finally {
      await second.close();
    }
  });

  it('every write through one instance is in the read made at once through another (PostgreSQL)', async () => {
    if (t.database.kind !== 'postgres') return;
    const second = await secondInstance();
    const stale: string[] = [];
    try {
      await calendar(writer, second);
      for (let i = 0; i < 40; i++) {
        const date = `2032-03-${String(1 + (i % 28)).padStart(2, '0')}`;
        const created = await t.post(
          '/api/exceptions',
          { employeeId: annId, reasonId, startDate: date, endDate: date, isFullDay: true, hours: null, notes: null },
          writer,
        );
        expect(created.statusCode).toBe(201);
        const { id } = created.json() as { id: number };
        if (!(await calendar(writer, second)).exceptions.some((e) => e.id === id)) stale.push(`created ${id}`);
        expect((await t.del(`/api/exceptions/${id}`, writer)).statusCode).toBe(200);
        if ((await calendar(writer, second)).exceptions.some((e) => e.id === id)) stale.push(`deleted ${id}`);
      }
    } finally {
      await second.close();
    }
    expect(stale).toEqual([]);
  });
});
