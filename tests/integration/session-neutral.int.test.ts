import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isChange } from '../../src/server/auth/access';
import { keepsSessions } from '../../src/server/auth/session-neutral';
import { LIVE_CHANNEL } from '../../src/server/live/pg-bus';
import { addDaysStr } from '../../src/shared/domain/dates';
import { createEmployee, createSiteReason, createTeam } from '../factories';
import { startTestApp, type TestApp } from './harness';

/**
 * The change routes that leave the session cache alone (auth/session-neutral.ts) must never change what a
 * session is read from. The database says when that happens: its triggers (migrations 0010, 0011) NOTIFY a
 * "recheck" for every change to sessions, users, site grants and sites. Each such route is called here and
 * the notifications are read up to a fence sent afterwards (PostgreSQL delivers them in commit order).
 */
const FENCE = 'hoursight_test_fence';
const PASSWORD = 'neutral-pass';
const TODAY = new Date().toISOString().slice(0, 10);
const d = (n: number) => addDaysStr(TODAY, n);

let t: TestApp;
let cookie: string;
let employeeId: number;
let reasonId: number;
const heard: Array<{ channel: string; payload: string }> = [];
let stopListening: () => Promise<void>;

async function listen(): Promise<() => Promise<void>> {
  const pglite = t.database.pglite as PGlite | undefined;
  if (pglite) {
    const off = await Promise.all(
      [LIVE_CHANNEL, FENCE].map((channel) => pglite.listen(channel, (payload) => heard.push({ channel, payload }))),
    );
    return async () => void (await Promise.all(off.map((u) => u())));
  }
  const client = await t.database.pool!.connect();
  client.on('notification', (n) => heard.push({ channel: n.channel, payload: n.payload ?? '' }));
  await client.query(`LISTEN ${LIVE_CHANNEL}`);
  await client.query(`LISTEN ${FENCE}`);
  return async () => {
    await client.query('UNLISTEN *');
    client.release();
  };
}

/** The session re-checks the database announced while `work` ran, read up to a fence sent after it. */
async function rechecksDuring(work: () => Promise<void>): Promise<string[]> {
  heard.length = 0;
  await work();
  const fence = `${Date.now()}-${Math.random()}`;
  const pool = t.database.pool;
  if (pool) await pool.query(`select pg_notify($1, $2)`, [FENCE, fence]);
  else await (t.database.pglite as PGlite).query(`select pg_notify($1, $2)`, [FENCE, fence]);
  await expect.poll(() => heard.some((h) => h.channel === FENCE && h.payload === fence), { timeout: 5000, interval: 5 }).toBe(true);
  return heard.filter((h) => h.channel === LIVE_CHANNEL && (JSON.parse(h.payload) as { t: string }).t === 'recheck').map((h) => h.payload);
}

beforeAll(async () => {
  t = await startTestApp();
  const team = await createTeam(t.db, PASSWORD);
  cookie = await t.login(team.writer.email, PASSWORD);
  ({ id: employeeId } = await createEmployee(t.db, team.site.id));
  ({ id: reasonId } = await createSiteReason(t.db, team.site.id));
  stopListening = await listen();
});
afterAll(async () => {
  await stopListening?.();
  await t?.close();
});

describe('session-neutral change routes', () => {
  const called = new Set<string>();
  const call = async (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', route: string, url: string, body?: unknown) => {
    const res = await t.request(method, url, { cookie, body });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    called.add(`${method} ${route}`);
    return res.json() as { id: number; version: number };
  };

  it('change calendar records without touching sessions, users, grants or sites', async () => {
    const exception = { employeeId, reasonId, startDate: d(3), endDate: d(4), isFullDay: true, hours: null, notes: null };
    const rechecks = await rechecksDuring(async () => {
      const made = await call('POST', '/api/exceptions', '/api/exceptions', exception);
      const moved = await call('PUT', '/api/exceptions/:id', `/api/exceptions/${made.id}`, {
        ...exception,
        startDate: d(5),
        endDate: d(5),
        version: made.version,
      });
      await call('PUT', '/api/absences/:id', `/api/absences/${made.id}`, {
        ...exception,
        startDate: d(6),
        endDate: d(6),
        version: moved.version,
      });
      await call('DELETE', '/api/exceptions/:id', `/api/exceptions/${made.id}`);
      const note = await call('POST', '/api/notes', '/api/notes', { title: 'Stock take', startDate: d(2), color: '#3b82f6' });
      await call('PATCH', '/api/notes/:id', `/api/notes/${note.id}`, { title: 'Stock count', version: note.version });
      await call('DELETE', '/api/notes/:id', `/api/notes/${note.id}`);
      await call('POST', '/api/day-changes/mark', '/api/day-changes/mark', { date: d(7) });
      await call('POST', '/api/day-changes/authorise', '/api/day-changes/authorise', { date: d(7) });
      await call('POST', '/api/day-changes/authorise-multiple', '/api/day-changes/authorise-multiple', { dates: [d(3), d(4)] });
    });
    expect(rechecks).toEqual([]);
  });

  it('the probe hears a change that does touch sessions (a sign-out)', async () => {
    const rechecks = await rechecksDuring(async () => {
      expect((await t.post('/api/auth/logout', undefined, cookie)).statusCode).toBe(200);
    });
    expect(rechecks.length).toBeGreaterThan(0);
  });

  it('every change route the list keeps sessions for was called above', () => {
    const declared = t.app.routeTable.filter((r) => isChange(r.method) && keepsSessions(r.url)).map((r) => `${r.method} ${r.url}`);
    expect(declared.length).toBeGreaterThan(0);
    expect([...called].sort()).toEqual([...new Set(declared)].sort());
  });
});
