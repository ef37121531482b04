import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../../src/server/db/client';
import { BUILT_SERVER } from '../built-server';
import { DEMO_PASSWORD, TEMPLATE_DATABASE, withDatabase } from './shared';

/**
 * Issue 46 item 7: the built server (on a PGlite folder made from the seeded snapshot, or on a copy of the
 * PostgreSQL template) is killed with SIGKILL in the middle of a burst of concurrent writes, three times, and
 * started again on the same data each time. Every write it had acknowledged (a 201 with its id) must be there
 * after the restart, read back through the API, and the day ledger must hold a row for each acknowledged
 * exception's date that agrees with the hours the server computes afresh from the stored exceptions.
 */

/** How many of a round's writes are acknowledged before the kill: a different point in each round. */
const KILL_AFTER = [20, 45, 30];
const WRITERS = 12;
const REQUEST_TIMEOUT_MS = 20_000;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
// One "now" for the whole test, so a run across midnight still reads back the days it wrote.
const START = Date.now();
const day = (offset: number) => new Date(START + offset * 86_400_000).toISOString().slice(0, 10);
/** Far ahead, away from the demo's own rows; each round its own 30 days. */
const roundDay = (round: number, i: number) => day(400 + round * 40 + (i % 30));

async function admin(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
}

async function start(env: Record<string, string | undefined>): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, BUILT_SERVER, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (b: Buffer) => {
      output += b.toString();
      if (output.includes('Hoursight is running')) resolve();
    });
    child.stderr!.on('data', (b: Buffer) => (output += b.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before it was ready:\n${output.slice(-3000)}`)));
  });
  return { child, base, exited };
}

/** A signed-in client of one server process. */
async function client(base: string) {
  const json = { 'content-type': 'application/json', origin: base };
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'admin@demo.example', password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const headers = {
    ...json,
    cookie: login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
  const send = (method: string, url: string, body?: unknown) =>
    fetch(`${base}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  const get = async <T>(url: string): Promise<T> => {
    const res = await send('GET', url);
    expect(res.status, `GET ${url}`).toBe(200);
    return (await res.json()) as T;
  };
  return { send, get };
}
type Client = Awaited<ReturnType<typeof client>>;

interface Acknowledged {
  notes: number[];
  exceptions: Array<{ id: number; date: string }>;
}

/** Concurrent writers until `killAfter` writes are acknowledged; then SIGKILL, with the writers' requests in flight. */
async function burstAndKill(
  server: Server,
  c: Client,
  round: number,
  killAfter: number,
  target: { employees: number[]; reasonId: number },
) {
  const acked: Acknowledged = { notes: [], exceptions: [] };
  const refused: Record<string, number> = {};
  let killed = false;
  let n = 0;
  const kill = () => {
    if (killed) return;
    killed = true;
    server.child.kill('SIGKILL');
  };
  const writer = async () => {
    while (!killed) {
      const i = n++;
      const date = roundDay(round, i);
      const note = i % 3 === 0;
      const body = note
        ? { title: `kill-9 round ${round} #${i}`, startDate: date, color: '#3b82f6' }
        : // Extra hours never leave the site short, so no coverage rule refuses one.
          {
            employeeId: target.employees[i % target.employees.length],
            reasonId: target.reasonId,
            startDate: date,
            endDate: date,
            isFullDay: false,
            hours: 0.5,
            notes: null,
          };
      try {
        const res = await c.send('POST', note ? '/api/notes' : '/api/exceptions', body);
        if (res.status !== 201) {
          refused[res.status] = (refused[res.status] ?? 0) + 1;
          await res.body?.cancel();
          // Writes refused for another reason would never reach the kill: end the burst, and the test fails on them.
          if (refused[res.status] >= 20) kill();
          continue;
        }
        // Acknowledged only once the whole answer, with its id, has arrived.
        const { id } = (await res.json()) as { id: number };
        if (note) acked.notes.push(id);
        else acked.exceptions.push({ id, date });
        if (acked.notes.length + acked.exceptions.length >= killAfter) kill();
      } catch {
        // No answer, or no whole answer: the process died with the request in flight. Not acknowledged.
        refused['no answer'] = (refused['no answer'] ?? 0) + 1;
        // Died before the kill: end the burst; the exit check below says how it ended.
        if (server.child.exitCode !== null) killed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  const code = await server.exited;
  expect(server.child.signalCode ?? code).toBe('SIGKILL');
  return { acked, refused };
}

describe('kill -9 during a burst of writes', () => {
  const postgresUrl = inject('postgresUrl');
  const dataDir = path.resolve(`.test-data/kill-9-${process.pid}`);
  const database = `hs_kill9_${inject('runId')}`;
  let server: Server | undefined;

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
    if (postgresUrl) await admin(postgresUrl, `drop database if exists ${database} with (force)`).catch(() => undefined);
  });

  it('loses no acknowledged write and leaves the day ledger consistent, three kills over', { timeout: 180_000 }, async () => {
    let env: Record<string, string | undefined>;
    if (postgresUrl) {
      await admin(postgresUrl, `create database ${database} template ${TEMPLATE_DATABASE}`);
      env = { DATABASE_URL: withDatabase(postgresUrl, database) };
    } else {
      rmSync(dataDir, { recursive: true, force: true });
      const seeded = await openPglite({ dataDir, loadDataDir: new Blob([readFileSync(inject('pgliteSnapshotPath'))]) });
      await seeded.close();
      env = { DATA_DIR: dataDir, DATABASE_URL: undefined };
    }

    server = await start(env);
    let c = await client(server.base);
    const employees = (await c.get<Array<{ id: number }>>('/api/employees')).map((e) => e.id);
    const additive = (await c.get<Array<{ id: number; isAdditive: boolean }>>('/api/exception-reasons')).find((r) => r.isAdditive);
    expect(employees.length).toBeGreaterThan(0);
    expect(additive).toBeDefined();

    const all: Acknowledged = { notes: [], exceptions: [] };
    const figures: string[] = [];
    for (let round = 0; round < KILL_AFTER.length; round++) {
      const { acked, refused } = await burstAndKill(server, c, round, KILL_AFTER[round], { employees, reasonId: additive!.id });
      // Nothing but the kill may refuse a write: no 500, no 503, no validation error.
      expect(Object.keys(refused).filter((k) => k !== 'no answer')).toEqual([]);
      all.notes.push(...acked.notes);
      all.exceptions.push(...acked.exceptions);

      server = await start(env);
      c = await client(server.base);
      const [from, to] = [roundDay(0, 0), roundDay(KILL_AFTER.length - 1, 29)];
      const notes = new Set((await c.get<Array<{ id: number }>>(`/api/notes?startDate=${from}&endDate=${to}`)).map((x) => x.id));
      const exceptions = new Set((await c.get<Array<{ id: number }>>(`/api/exceptions?startDate=${from}&endDate=${to}`)).map((x) => x.id));
      expect(
        all.notes.filter((id) => !notes.has(id)),
        'acknowledged notes missing after kill -9',
      ).toEqual([]);
      expect(
        all.exceptions.filter((x) => !exceptions.has(x.id)),
        'acknowledged exceptions missing after kill -9',
      ).toEqual([]);

      // The ledger: a row for every date of an acknowledged exception, holding what the stored exceptions make.
      const ledger = new Map(
        (await c.get<Array<{ date: string; currentHours: number }>>(`/api/day-changes?startDate=${from}&endDate=${to}`)).map((r) => [
          r.date,
          r,
        ]),
      );
      const dates = [...new Set(acked.exceptions.map((x) => x.date))].sort();
      for (const date of dates) {
        expect(ledger.has(date), `no day_changes row for ${date}`).toBe(true);
        const fresh = await c.get<{ availableHours: number }>(`/api/day-explain?date=${date}`);
        expect([date, ledger.get(date)!.currentHours]).toEqual([date, fresh.availableHours]);
      }
      figures.push(
        `kill ${round + 1}: ${acked.notes.length} notes and ${acked.exceptions.length} exceptions acknowledged ` +
          `(${refused['no answer'] ?? 0} writes cut off), all stored after restart; ledger rows checked for ${dates.length} dates`,
      );
    }
    console.log(`kill -9 (${postgresUrl ? 'PostgreSQL' : 'PGlite'}):\n  ${figures.join('\n  ')}`);

    // After three kills the server still stops cleanly.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
