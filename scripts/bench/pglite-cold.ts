/**
 * The embedded database as users wait for it (issue 33): the demo site at 12 employees and at 100 (the
 * Professional plan's limit), the app on PGlite in its worker thread, the web app's real calendar request at
 * 32 connections while another connection writes (calendar-reads.ts), and the first load (`shell=1`) the
 * same way. Runnable alone: `npx tsx scripts/bench/pglite-cold.ts`.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp } from '../../src/server/app';
import { openPglite } from '../../src/server/db/client';
import { createMailer } from '../../src/server/mail/mailer';
import { coldRead, METRICS_TOKEN, type ColdRead } from './calendar-reads';
import type { BenchResult } from './engine';
import { rssMb } from './load';
import { loadSite, login } from './perf-engine';

const PORT = 3446; // perf-engine's range 3445–3449
const BASE = `http://127.0.0.1:${PORT}`;
const TARGET_P99_MS = 250;
/** The demo site has 12 employees; 88 more make 100. */
const SIZES = [
  { employees: 12, extra: 0 },
  { employees: 100, extra: 88 },
];

async function serve(extra: number): Promise<void> {
  const database = await openPglite({ thread: true });
  const mailer = createMailer({
    db: database.db,
    from: 'Bench <bench@hoursight.test>',
    now: () => new Date(),
    log: { info: () => undefined, warn: () => undefined },
  });
  const app = await buildApp(
    { database, config: { appUrl: BASE, metricsToken: METRICS_TOKEN }, mailer, now: () => new Date() },
    { logger: false },
  );
  await loadSite(database, extra);
  await app.listen({ port: PORT, host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => database.close().then(() => process.exit(0))));
  console.log('ready');
}

async function measure(employees: number, extra: number): Promise<{ read: ColdRead; first: ColdRead; rss: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', String(extra)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => (String(chunk).includes('ready') ? resolve() : undefined));
      child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    const cookie = await login(BASE);
    const get = async <T>(path: string) => (await (await fetch(`${BASE}${path}`, { headers: { cookie } })).json()) as T;
    const staff = await get<Array<{ id: number }>>('/api/employees');
    if (staff.length !== employees) throw new Error(`the demo site has ${staff.length} employees, not ${employees}`);
    const [reason] = await get<Array<{ id: number }>>('/api/exception-reasons');
    const today = new Date().toISOString().slice(0, 10);
    const site = {
      label: `PGlite ${employees} employees`,
      employees,
      cookie,
      // One writer: the embedded database runs one statement at a time, for a site run by a few people.
      writers: 1,
      writes: { today, employeeIds: staff.map((e) => e.id), reasonId: reason.id, firstN: 0 },
    };
    await coldRead(BASE, site, today, false, 3); // warm-up
    const read = await coldRead(BASE, site, today, false);
    const first = await coldRead(BASE, site, today, true);
    return { read, first, rss: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
  }
}

export async function benchPgliteCold(): Promise<BenchResult> {
  const parts: string[] = [];
  let worst = 0;
  let pass = true;
  for (const { employees, extra } of SIZES) {
    const { read, first, rss } = await measure(employees, extra);
    for (const r of [read, first]) {
      worst = Math.max(worst, r.p99);
      pass &&= r.p99 <= TARGET_P99_MS && r.missShare >= 0.9 && r.non2xx === 0;
      parts.push(`${r.label}: p99 ${r.p99} ms, ${r.rps} req/s, ${(100 * r.missShare).toFixed(0)}% misses`);
    }
    parts.push(`server ${rss} MB`);
  }
  return {
    name: 'pglite-cold',
    summary:
      `PGlite (worker thread), the real calendar request at 32 connections while another writes (cache miss), worst p99 ` +
      `${worst} ms (target ≤ ${TARGET_P99_MS} ms, ≥ 90% misses) — ${parts.join('; ')}`,
    medianMs: worst,
    targetMs: TARGET_P99_MS,
    pass,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--serve');
  if (at >= 0) await serve(Number(process.argv[at + 1]));
  else {
    const r = await benchPgliteCold();
    console.log(`${r.pass ? 'PASS' : 'FAIL'}  ${r.summary}`);
  }
}
