/**
 * The HTTP rows of the perf-db bench, against the real server on PostgreSQL (scratch database):
 * - requests the browser makes to draw the month view signed in (Debian's Chromium, playwright-core);
 * - `GET /api/calendar`, one URL of a 12-employee site at 32 connections: every read after the first a cache
 *   hit; its req/s as a share of `GET /api/auth/me` and of a bare `node:http` hello, measured in the same run;
 * - the app's real calendar request at 10, 300 and 1,000 employees while another connection writes (cache
 *   misses, calendar-reads.ts), and the first load (`shell=1`) the same way;
 * - the reply's bytes, the server's resident memory idle and after those reads;
 * - creating exceptions at 16 connections on the site of 300 employees: p99;
 * - then, with minimums set on that site, the coverage assistant's p95 (perf-db-coverage.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chromium } from '@playwright/test';
import { hashPassword } from '../../src/server/auth/passwords';
import type { Database } from '../../src/server/db/client';
import { addDaysStr } from '../../src/shared/domain/dates';
import { BUILT_SERVER, buildIfStale } from '../../tests/built-server';
import { coldRead, heapMb, METRICS_TOKEN, replyBytes, type ColdRead, type ReadSite } from './calendar-reads';
import { createBenchSite, loadDayChanges, loadExceptions, poolOf, scratchUrl } from './perf-db-data';
import { helloRps, load, residentParts, rssMb } from './load';
import { benchSuggest } from './perf-db-coverage';

const PORT = Number(process.env.PERF_DB_PORT ?? 3405);
export const BASE = `http://127.0.0.1:${PORT}`;
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

/** The production build, as `npm start` runs it, on the scratch database; `nodeArgs` go before its own flags. */
export async function startServer(
  nodeArgs = process.env.PERF_DB_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
  databaseUrl = scratchUrl(),
): Promise<ChildProcess> {
  buildIfStale();
  const child = spawn(process.execPath, [...nodeArgs, ...BUILT_SERVER], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(PORT),
      APP_URL: BASE,
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      METRICS_TOKEN,
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

export async function signIn(email: string): Promise<string> {
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

export interface HttpFigures {
  requests: number;
  helloRps: number;
  meRps: number;
  /** One URL of the 12-employee site read again and again: after the first, every reply a cache hit. */
  calendarP99: number;
  calendarRps: number;
  /** Cache-miss reads and first loads at 10, 300 and 1,000 employees (calendar-reads.ts). */
  cold: ColdRead[];
  bytes: { bytes: number; brBytes: number; asObjects: number };
  rssIdleMb: number;
  rssAfterMb: number;
  rssSettledMb: number;
  heapAfter: string;
  heapSettled: string;
  writeP99: number;
  /** `GET /api/coverage/suggest` on the site of 300 employees, after the writes (they run on a site without rules). */
  suggest: Awaited<ReturnType<typeof benchSuggest>>;
  writeErrors: number;
}

/** A site of `staff` employees with a signed-in admin, exceptions at one per employee a month a year either side of today, and day changes. */
async function readSite(database: Database, today: string, staff: number, hash: string) {
  const site = await createBenchSite(database, `perf-db-${staff}`, staff);
  const email = `admin-${staff}@perf-db.test`;
  await poolOf(database).query(`insert into site_users (site_id, email, username, password_hash, is_admin) values ($1, $2, $2, $3, true)`, [
    site.siteId,
    email,
    hash,
  ]);
  await loadExceptions(database, site, staff * 24, addDaysStr(today, -365), addDaysStr(today, 365));
  await loadDayChanges(database, site, today, addDaysStr(today, 730));
  return { site, email };
}

export async function benchHttp(database: Database, today: string): Promise<HttpFigures> {
  const hash = await hashPassword(PASSWORD);
  const sizes = [10, 300, 1000];
  const sites = [];
  for (const staff of sizes) sites.push(await readSite(database, today, staff, hash));
  // The cache-hit row reads a site the size of the demo (12 employees, ~40 exceptions a month), as before.
  const small = await createBenchSite(database, 'perf-db-read', 12);
  await poolOf(database).query(`insert into site_users (site_id, email, username, password_hash, is_admin) values ($1, $2, $2, $3, true)`, [
    small.siteId,
    READ_EMAIL,
    hash,
  ]);
  await loadExceptions(database, small, 960, addDaysStr(today, -365), addDaysStr(today, 365));
  await poolOf(database).query('analyze');
  // The loads above (and a previous bench's dropped database) leave dirty pages behind: write them out now,
  // so the checkpointer's I/O does not land in the middle of the runs.
  await poolOf(database).query('checkpoint');
  const server = await startServer();
  try {
    const rssIdleMb = rssMb(server.pid!);
    const cookies = [];
    for (const s of sites) cookies.push(await signIn(s.email));
    const readCookie = await signIn(READ_EMAIL);
    const writer = { site: sites[1].site, cookie: cookies[1] };
    const requests = await countMonthViewRequests(writer.cookie);
    const headers = { cookie: readCookie };
    await load({ opts: { url: `${BASE}/api/auth/me`, connections: 32, duration: 3, headers } }); // warm-up
    const me = await load({ opts: { url: `${BASE}/api/auth/me`, connections: 32, headers } });
    const hello = await helloRps(PORT + 1);
    const w = { startDate: addDaysStr(today, -45), endDate: addDaysStr(today, 60) };
    const calendar = await load({
      opts: { url: `${BASE}/api/calendar?startDate=${w.startDate}&endDate=${w.endDate}`, connections: 32, headers },
    });
    // Resident memory after each phase, to tell which one grows it (issue 33's memory item).
    const phase = async (name: string) =>
      console.log(`        server memory after ${name}: ${rssMb(server.pid!)} MB, ${await heapMb(BASE)}; ${residentParts(server.pid!)}`);
    await phase('the one-URL cache-hit row');
    const bytes = await replyBytes(BASE, writer.cookie, today);
    const cold: ColdRead[] = [];
    const readSites: ReadSite[] = [];
    for (const [i, s] of sites.entries()) {
      const readSite: ReadSite = {
        label: `${sizes[i]} employees`,
        employees: sizes[i],
        cookie: cookies[i],
        writes: { today, employeeIds: s.site.employeeIds, reasonId: s.site.reasonIds[0], firstN: 0 },
        marks: { url: scratchUrl(), siteId: s.site.siteId },
      };
      readSites.push(readSite);
      await coldRead(BASE, readSite, today, false, 3); // warm-up: the route's code compiled, the site's pages in memory
      cold.push(await coldRead(BASE, readSite, today, false));
      cold.push(await coldRead(BASE, readSite, today, true));
      await phase(`the ${readSite.label} rows`);
    }
    // The same site as a busy one is: people creating exceptions through the API on four connections.
    const { marks: _marks, ...viaApi } = readSites[1];
    cold.push(await coldRead(BASE, { ...viaApi, label: '300 employees, API writes' }, today, false));
    const rssAfterMb = rssMb(server.pid!);
    const heapAfter = await heapMb(BASE);
    // Left alone for 10 s, V8 gives back the heap the runs grew (its memory reducer works on idle).
    await new Promise((r) => setTimeout(r, 10_000));
    const rssSettledMb = rssMb(server.pid!);
    console.log(`        server memory 10 s after the runs: ${rssSettledMb} MB; ${residentParts(server.pid!)}`);
    const heapSettled = await heapMb(BASE);
    let n = 0;
    const writeOnce = async (duration = 10) => {
      const r = await load({
        opts: {
          duration,
          url: `${BASE}/api/exceptions`,
          connections: 16,
          method: 'POST',
          headers: { cookie: writer.cookie, origin: BASE, 'content-type': 'application/json' },
        },
        writes: { today, employeeIds: writer.site.employeeIds, reasonId: writer.site.reasonIds[0], firstN: 10_000 + n },
      });
      n = r.nextN - 10_000;
      return r;
    };
    // Three runs, the median p99: on this two-core virtual machine one run's p99 moves by a quarter from
    // run to run. Each run adds its rows, so later runs write to a fuller site.
    // A warm-up first, as for the reads: each pooled connection prepares its statements on first use.
    await writeOnce(3);
    const writes = [await writeOnce(), await writeOnce(), await writeOnce()];
    const write = [...writes].sort((a, b) => a.p99 - b.p99)[1];
    const suggest = await benchSuggest(writer.cookie, writer.site, today);
    return {
      suggest,
      requests,
      helloRps: hello,
      meRps: me.rps,
      calendarP99: calendar.p99,
      calendarRps: calendar.rps,
      cold,
      bytes,
      rssIdleMb,
      rssAfterMb,
      rssSettledMb,
      heapAfter,
      heapSettled,
      writeP99: write.p99,
      writeErrors: writes.reduce((sum, r) => sum + r.non2xx, 0),
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}
