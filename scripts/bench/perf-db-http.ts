/**
 * The HTTP rows of the perf-db bench, against the real server on PostgreSQL (scratch database):
 * - requests the browser makes to draw the month view signed in (Debian's Chromium, playwright-core);
 * - `GET /api/calendar` (month window) at 32 connections: p99, and its req/s as a share
 *   of `GET /api/auth/me` measured in the same run;
 * - creating exceptions at 16 connections on a site of 300 employees: p99.
 * The reads use a site the size of the demo (12 employees), as the figures did.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { Worker } from 'node:worker_threads';
import { chromium } from '@playwright/test';
import { hashPassword } from '../../src/server/auth/passwords';
import type { Database } from '../../src/server/db/client';
import { addDaysStr } from '../../src/shared/domain/dates';
import { BUILT_SERVER, buildIfStale } from '../../tests/built-server';
import { createBenchSite, loadExceptions, poolOf, scratchUrl, type BenchSite } from './perf-db-data';
import type { LoadRequest, LoadResult } from './load-worker';

const PORT = Number(process.env.PERF_DB_PORT ?? 3405);
const BASE = `http://127.0.0.1:${PORT}`;
const EMAIL = 'bench@perf-db.test';
const READ_EMAIL = 'reader@perf-db.test';
const PASSWORD = 'perf-db-bench-pass';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

async function startServer(): Promise<ChildProcess> {
  // The production build, as `npm start` runs it.
  buildIfStale();
  const child = spawn(process.execPath, [...(process.env.PERF_DB_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...BUILT_SERVER], {
    env: {
      ...process.env,
      DATABASE_URL: scratchUrl(),
      PORT: String(PORT),
      APP_URL: BASE,
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`${BASE}/api/auth/me`).then(
      (r) => r.status === 401,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the bench server did not start');
}

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The /api requests the browser makes from opening `/` signed in until the month grid is drawn and the network is idle. */
async function countMonthViewRequests(cookie: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: BASE }]);
    const page = await context.newPage();
    const seen: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/')) seen.push(path);
    });
    await page.goto(`${BASE}/`, { waitUntil: 'commit' });
    // Drawn: the month grid shows a day's available hours. Later requests (the neighbouring months'
    // prefetch) are listed but not counted.
    await page.locator('[role="grid"] [data-testid="day-hours"]').first().waitFor({ timeout: 30_000 });
    const drawn = seen.length;
    await page.waitForLoadState('networkidle');
    console.log(
      `        month view: ${drawn} request(s) until drawn: ${seen.slice(0, drawn).join(', ')}; after: ${seen.slice(drawn).join(', ') || 'none'}`,
    );
    return drawn;
  } finally {
    await browser.close();
  }
}

const LOAD_WORKER = new URL('./load-worker.ts', import.meta.url).href;

/** One autocannon run (10 s unless given), in its own worker thread (load-worker.ts). */
async function load(request: LoadRequest): Promise<LoadResult> {
  const opts = { duration: 10, ...request.opts };
  const r = await new Promise<LoadResult>((resolve, reject) => {
    // tsx does not hook worker threads: the worker loads the TypeScript module through tsx's API.
    const source = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(LOAD_WORKER)}, ${JSON.stringify(import.meta.url)}))`;
    const worker = new Worker(source, { eval: true, workerData: { ...request, opts } });
    worker.on('message', (m: { loadResult?: LoadResult }) => m.loadResult && resolve(m.loadResult));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the load worker exited (${code}) without a result`)));
  });
  console.log(
    `        ${opts.method ?? 'GET'} ${new URL(opts.url).pathname} ×${opts.connections}: p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.rps} req/s`,
  );
  return r;
}

/**
 * A bare `node:http` hello on the next port, loaded like the app's routes in the same run: the floor every
 * figure is a ratio of (issue 33's bench asks for it beside `/api/auth/me`).
 */
async function helloRps(): Promise<number> {
  const hello = createServer((_req, res) => res.end('hello'));
  await new Promise<void>((resolve) => hello.listen(PORT + 1, '127.0.0.1', resolve));
  try {
    return (await load({ opts: { url: `http://127.0.0.1:${PORT + 1}/`, connections: 32 } })).rps;
  } finally {
    await new Promise((resolve) => hello.close(resolve));
  }
}

export interface HttpFigures {
  requests: number;
  helloRps: number;
  /** First load of the 300-employee site (`shell=1`, never cached): every read a cache miss. */
  firstLoadP99: number;
  firstLoadRps: number;
  calendarP99: number;
  calendarRps: number;
  meRps: number;
  writeP99: number;
  writeErrors: number;
}

export async function benchHttp(database: Database, today: string): Promise<HttpFigures> {
  const hash = await hashPassword(PASSWORD);
  const addUser = (siteId: number, email: string) =>
    poolOf(database).query(`insert into site_users (site_id, email, username, password_hash, is_admin) values ($1, $2, $2, $3, true)`, [
      siteId,
      email,
      hash,
    ]);
  // Writes: 300 employees, a year either side of today at ~one exception per employee a month.
  const site: BenchSite = await createBenchSite(database, 'perf-db-http');
  await addUser(site.siteId, EMAIL);
  await loadExceptions(database, site, 7_200, addDaysStr(today, -365), addDaysStr(today, 365));
  // Reads: a site the size of the demo (12 employees, ~40 exceptions a month), as the issue measured.
  const readSite = await createBenchSite(database, 'perf-db-read', 12);
  await addUser(readSite.siteId, READ_EMAIL);
  await loadExceptions(database, readSite, 960, addDaysStr(today, -365), addDaysStr(today, 365));
  // The loads above (and a previous bench's dropped database) leave dirty pages behind: write them out now,
  // so the checkpointer's I/O does not land in the middle of the write runs.
  await poolOf(database).query('checkpoint');
  const server = await startServer();
  try {
    const cookie = await signIn(EMAIL);
    const readCookie = await signIn(READ_EMAIL);
    const requests = await countMonthViewRequests(cookie);
    const w = { startDate: addDaysStr(today, -45), endDate: addDaysStr(today, 60) };
    const headers = { cookie: readCookie };
    await load({ opts: { url: `${BASE}/api/auth/me`, connections: 32, duration: 3, headers } }); // warm-up
    const me = await load({ opts: { url: `${BASE}/api/auth/me`, connections: 32, headers } });
    const hello = await helloRps();
    const calendar = await load({
      opts: { url: `${BASE}/api/calendar?startDate=${w.startDate}&endDate=${w.endDate}`, connections: 32, headers },
    });
    // The app's first request on a 300-employee site, as a browser sends it: `shell=1` replies are never
    // cached, so each one is built from the database (issue 33's cold read).
    const firstLoad = await load({
      opts: {
        url: `${BASE}/api/calendar?startDate=${w.startDate}&endDate=${w.endDate}&shell=1`,
        connections: 32,
        headers: { cookie, 'accept-encoding': 'br, gzip' },
      },
    });
    let n = 0;
    const writeOnce = async (duration = 10) => {
      const r = await load({
        opts: {
          duration,
          url: `${BASE}/api/exceptions`,
          connections: 16,
          method: 'POST',
          headers: { cookie, origin: BASE, 'content-type': 'application/json' },
        },
        writes: { today, employeeIds: site.employeeIds, reasonId: site.reasonIds[0], firstN: n },
      });
      n = r.nextN;
      return r;
    };
    // Three runs, the median p99: on this two-core virtual machine one run's p99 moves by a quarter from
    // run to run. Each run adds its rows, so later runs write to a fuller site.
    // A warm-up first, as for the reads: the server's write path is not compiled yet, and each pooled
    // connection prepares its statements on first use.
    await writeOnce(3);
    const writes = [await writeOnce(), await writeOnce(), await writeOnce()];
    const write = [...writes].sort((a, b) => a.p99 - b.p99)[1];
    write.non2xx = writes.reduce((sum, w) => sum + w.non2xx, 0);
    return {
      requests,
      helloRps: hello,
      firstLoadP99: firstLoad.p99,
      firstLoadRps: firstLoad.rps,
      calendarP99: calendar.p99,
      calendarRps: calendar.rps,
      meRps: me.rps,
      writeP99: write.p99,
      writeErrors: write.non2xx,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}
