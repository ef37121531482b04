/**
 * The embedded database under load (issue 15 item 5, decision 035): the month window the web app reads,
 * `GET /api/calendar`, at 32 connections with autocannon, against the app on PGlite in its worker thread.
 * The row is its p99 latency; the uncached `GET /api/exceptions` of the same window, on the worker thread
 * and on the request thread, is printed beside it for comparison, and so is the CPU each request costs each thread (read from /proc), which,
 * unlike latency, does not depend on what else the machine is running. Runnable alone (`npx tsx scripts/bench/perf-engine.ts [--in-thread]`).
 *
 * Data: the demo business plus, in site `demo`, 300 more employees and two years of their exceptions
 * (one every ~3 weeks each: ~10,000 in history, ~450 overlapping the month asked for).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { buildApp } from '../../src/server/app';
import { SESSION_COOKIE } from '../../src/server/auth/sessions';
import { migrateDatabase, openPglite, type Database } from '../../src/server/db/client';
import { DEMO_PASSWORD, ensureReferenceData, seedDemo } from '../../src/server/seed';
import { createMailer } from '../../src/server/mail/mailer';
import type { BenchResult } from './engine';

const PORT = 3445; // this bench's own port (perf-engine's range 3445–3449)
const CONNECTIONS = 32;
const DURATION_S = 15;
const TARGET_P99_MS = 250;

/** The demo business plus `extra` employees in site `demo`, each with two years of exceptions. */
export async function loadSite(database: Database, extra = 300): Promise<void> {
  await migrateDatabase(database);
  await ensureReferenceData(database.db);
  await seedDemo(database.db, new Date());
  // Set-based inserts: the rows are the workload, not what is measured.
  await database.pglite!.exec(`
    insert into employees (site_id, name, sort_order)
      select s.id, 'Bench employee ' || g, 1000 + g from sites s, generate_series(1, ${Number(extra)}) g where s.subdomain = 'demo';
    insert into employee_contracts (site_id, employee_id, valid_from)
      select e.site_id, e.id, null from employees e where e.name like 'Bench employee %';
    insert into exceptions (site_id, employee_id, reason_id, start_date, end_date, is_full_day, hours)
      select e.site_id, e.id, r.id,
             current_date - 730 + ((e.id * 7 + k * 23) % 730),
             current_date - 730 + ((e.id * 7 + k * 23) % 730) + (k % 4),
             k % 3 <> 0, case when k % 3 = 0 then 2.5 end
      from employees e
      join sites s on s.id = e.site_id and s.subdomain = 'demo'
      cross join generate_series(1, 34) k
      join lateral (select id from exception_reasons x where x.business_id = s.business_id order by x.id limit 1) r on true
      where e.name like 'Bench employee %';
    analyze;
  `);
}

export async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'admin@demo.example', password: DEMO_PASSWORD, siteIdentifier: 'demo' }),
  });
  if (res.status !== 200) throw new Error(`bench login answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('bench login set no session cookie');
  return cookie.split(';')[0];
}

function monthWindow(): { startDate: string; endDate: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  return { startDate: first.toISOString().slice(0, 10), endDate: last.toISOString().slice(0, 10) };
}

export interface LoadFigures {
  p50: number;
  p99: number;
  rps: number;
  rows: number;
  non2xx: number;
  /** CPU per request of the app's busiest threads (the event loop first), from /proc: load-independent. */
  cpuMsPerRequest: number[];
}

/** The app process: PGlite (threaded or not) with the site loaded, listening on PORT; prints "ready". */
async function serve(thread: boolean): Promise<void> {
  const database = await openPglite({ thread });
  const base = `http://127.0.0.1:${PORT}`;
  const mailer = createMailer({
    db: database.db,
    from: 'Bench <bench@hoursight.test>',
    now: () => new Date(),
    log: { info: () => undefined, warn: () => undefined },
  });
  const app = await buildApp({ database, config: { appUrl: base }, mailer, now: () => new Date() }, { logger: false });
  await loadSite(database);
  await app.listen({ port: PORT, host: '127.0.0.1' });
  process.on(
    'SIGTERM',
    () =>
      void app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0)),
  );
  console.log('ready');
}

/** utime + stime of each thread of a process, in ms, by thread id. */
function threadCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      out.set(tid, (Number(fields[11]) + Number(fields[12])) * tick);
    } catch {
      // the thread ended between listing and reading
    }
  }
  return out;
}

/**
 * Starts the app in its own process (autocannon must not share its event loop), loads the site, and
 * runs autocannon against the month window.
 */
export async function measureMonthWindow(thread: boolean, read: 'calendar' | 'exceptions' = 'exceptions'): Promise<LoadFigures> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', ...(thread ? [] : ['--in-thread'])],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => (String(chunk).includes('ready') ? resolve() : undefined));
      child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${PORT}`;
    const cookie = await login(base);
    const w = monthWindow();
    const url = `${base}/api/${read}?startDate=${w.startDate}&endDate=${w.endDate}`;
    const probe = await fetch(url, { headers: { cookie } });
    if (probe.status !== 200) throw new Error(`month window answered ${probe.status}`);
    const body = (await probe.json()) as unknown[] | { exceptions: unknown[] };
    const rows = (Array.isArray(body) ? body : body.exceptions).length;
    const run = (duration: number) => autocannon({ url, connections: CONNECTIONS, duration, headers: { cookie } });
    await run(3); // warm-up: JIT, PGlite's caches
    const before = threadCpu(child.pid!);
    const result = await run(DURATION_S);
    const after = threadCpu(child.pid!);
    const total = result.requests.total || 1;
    const used = [...after].map(([tid, ms]) => ({ main: tid === String(child.pid), ms: ms - (before.get(tid) ?? 0) }));
    used.sort((a, b) => Number(b.main) - Number(a.main) || b.ms - a.ms);
    const cpuMsPerRequest = used.slice(0, 3).map((u) => Math.round((u.ms / total) * 100) / 100);
    return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, rows, non2xx: result.non2xx, cpuMsPerRequest };
  } finally {
    child.kill('SIGTERM');
  }
}

export async function benchPgliteMonthWindow(): Promise<BenchResult> {
  // The row is the read the web app makes for the month (GET /api/calendar, decision 032, cached per
  // decision 049); the uncached single list on both threads is printed beside it.
  const calendar = await measureMonthWindow(true, 'calendar');
  const threaded = await measureMonthWindow(true);
  const inThread = await measureMonthWindow(false);
  const pass = calendar.p99 <= TARGET_P99_MS && calendar.non2xx === 0;
  return {
    name:
      `PGlite (worker thread) month window GET /api/calendar (cache hit: one URL, 312 employees), ${calendar.rows} exceptions, ${CONNECTIONS} connections: p99 ` +
      `[p50 ${calendar.p50} ms, ${Math.round(calendar.rps)} req/s${calendar.non2xx ? `, ${calendar.non2xx} non-2xx` : ''}; ` +
      `uncached GET /api/exceptions: p99 ${threaded.p99} ms, p50 ${threaded.p50} ms, ${Math.round(threaded.rps)} req/s, CPU per request: event loop ${threaded.cpuMsPerRequest[0]} ms, database thread ${threaded.cpuMsPerRequest[1]} ms` +
      `${threaded.non2xx ? `, ${threaded.non2xx} non-2xx` : ''}; the same on the request thread: p99 ${inThread.p99} ms, ${Math.round(inThread.rps)} req/s, ` +
      `event loop ${inThread.cpuMsPerRequest[0]} ms per request]`,
    medianMs: calendar.p99,
    targetMs: TARGET_P99_MS,
    pass,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const thread = !process.argv.includes('--in-thread');
  if (process.argv.includes('--serve')) await serve(thread);
  else console.log(JSON.stringify({ thread, ...(await measureMonthWindow(thread)) }, null, 2));
}
