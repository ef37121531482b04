/**
 * Reads see your own writes on every instance (decision 066): two built servers on one scratch PostgreSQL
 * database, 1,000 write-then-read pairs. Each pair writes through A (an exception created, or the previous
 * one deleted) and, as soon as A has answered, reads the month through B, whose cache holds the window from
 * the pair before. A pair is stale when B's reply does not show the write. Target: 0 stale. Runnable alone:
 * `tsx scripts/bench/read-your-writes.ts`.
 */
import type { TCalendarWire } from '../../src/shared/contracts/calendar-wire';
import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { hashPassword } from '../../src/server/auth/passwords';
import { addDaysStr } from '../../src/shared/domain/dates';
import { BUILT_SERVER, buildIfStale } from '../../tests/built-server';
import type { BenchResult } from './engine';
import { createBenchSite, freshScratchDatabase, poolOf, scratchUrl } from './perf-db-data';

const SCRATCH = 'hoursight_read_your_writes_bench';
const PORTS = [Number(process.env.RYW_PORT ?? 3431), Number(process.env.RYW_PORT ?? 3431) + 1];
const PAIRS = 1_000;
const TARGET_STALE = 0;
const EMAIL = 'writer@read-your-writes.test';
const PASSWORD = 'read-your-writes-bench';

async function startServer(port: number): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, BUILT_SERVER, {
    env: {
      ...process.env,
      DATABASE_URL: scratchUrl(SCRATCH),
      PORT: String(port),
      APP_URL: base,
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error(`the bench server on port ${port} did not start`);
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

export async function benchReadYourWrites(): Promise<BenchResult> {
  buildIfStale();
  const database = await freshScratchDatabase(SCRATCH);
  const servers: ChildProcess[] = [];
  try {
    const site = await createBenchSite(database, 'read-your-writes', 12);
    await poolOf(database).query(
      `insert into site_users (site_id, email, username, password_hash, is_admin) values ($1, $2, $2, $3, true)`,
      [site.siteId, EMAIL, await hashPassword(PASSWORD)],
    );
    for (const port of PORTS) servers.push(await startServer(port));
    const [a, b] = PORTS.map((p) => `http://127.0.0.1:${p}`);
    const login = await fetch(`${a}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const today = new Date().toISOString().slice(0, 10);
    const window = `${b}/api/calendar?startDate=${addDaysStr(today, -3)}&endDate=${addDaysStr(today, 31)}`;
    const shows = async (id: number) => {
      const res = await fetch(window, { headers: { cookie } });
      if (!res.ok) throw new Error(`the read through B answered ${res.status}`);
      // Exception rows lead with their id (decision 077).
      return ((await res.json()) as TCalendarWire).exceptions.some(([exceptionId]) => exceptionId === id);
    };
    const write = async (method: 'POST' | 'DELETE', path: string, body?: unknown) => {
      const res = await fetch(`${a}${path}`, {
        method,
        headers: { cookie, origin: a, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${path} through A answered ${res.status}: ${await res.text()}`);
      return res.json() as Promise<{ id: number }>;
    };
    await shows(0); // B's cache holds the window from here on
    let stale = 0;
    let longestStaleMs = 0;
    let current: number | undefined;
    for (let i = 0; i < PAIRS; i++) {
      let id: number;
      let expected: boolean;
      if (current === undefined) {
        const date = addDaysStr(today, i % 28);
        id = (
          await write('POST', '/api/exceptions', {
            employeeId: site.employeeIds[i % site.employeeIds.length],
            reasonId: site.reasonIds[0],
            startDate: date,
            endDate: date,
            isFullDay: true,
            hours: null,
            notes: null,
          })
        ).id;
        [current, expected] = [id, true];
      } else {
        await write('DELETE', `/api/exceptions/${current}`);
        [id, current, expected] = [current, undefined, false];
      }
      const wrote = performance.now();
      if ((await shows(id)) === expected) continue;
      stale++;
      while ((await shows(id)) !== expected) await new Promise((r) => setTimeout(r, 2));
      longestStaleMs = Math.max(longestStaleMs, performance.now() - wrote);
    }
    const pass = stale <= TARGET_STALE;
    const summary = `${stale} stale of ${PAIRS} write-then-read pairs across two instances (target ≤ ${TARGET_STALE})${stale ? ` — stale for up to ${longestStaleMs.toFixed(0)} ms` : ''}`;
    return { name: 'read-your-writes', medianMs: stale, targetMs: TARGET_STALE, pass, summary };
  } finally {
    for (const s of servers) await stop(s);
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  void benchReadYourWrites().then((r) => {
    console.log(`${r.pass ? 'PASS' : 'FAIL'}  ${r.name}: ${r.summary}`);
    process.exit(r.pass ? 0 : 1);
  });
}
