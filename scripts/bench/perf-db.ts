/**
 * perf-db bench rows (issue 15 items 1, 2, 4, 7), on a scratch PostgreSQL database `hoursight_perf_db_bench`
 * (PERF_DB_ADMIN_URL or TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres). Each row
 * prints its figure and its target. Runnable alone: `tsx scripts/bench/perf-db.ts`.
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { BenchResult } from './engine';
import { freshScratchDatabase } from './perf-db-data';
import { SUGGEST_P95_TARGET_MS } from './perf-db-coverage';
import { benchHttp } from './perf-db-http';
import { benchWindowRatios, RATIO_TARGET } from './perf-db-window';

interface Row {
  name: string;
  figure: number;
  target: number;
  /** 'max': the figure must not exceed the target; 'min': it must reach it. */
  kind: 'max' | 'min';
  unit: string;
  detail?: string;
}

/** Resident memory bounds (decision 077): the caches hold bytes by budget, not by count. */
const RSS_IDLE_MB = 200;
const RSS_LOADED_MB = 350;
const RSS_SETTLED_MB = 300;

const show = (r: Row) => `${r.figure.toFixed(r.unit === '' ? 0 : 2)}${r.unit}`;

export async function benchPerfDb(): Promise<BenchResult[]> {
  const today = new Date().toISOString().slice(0, 10);
  const database = await freshScratchDatabase();
  const rows: Row[] = [];
  try {
    const http = await benchHttp(database, today);
    rows.push({ name: 'requests to draw the month view', figure: http.requests, target: 1, kind: 'max', unit: '' });
    const share = (rps: number) => (100 * rps) / http.meRps;
    rows.push({
      name: 'GET /api/calendar p99 at 32 connections (PostgreSQL, cache hit: one URL, 12 employees)',
      figure: http.calendarP99,
      target: 50,
      kind: 'max',
      unit: ' ms',
    });
    rows.push({
      name: 'GET /api/calendar req/s as a share of /api/auth/me (cache hit)',
      figure: share(http.calendarRps),
      target: 80,
      kind: 'min',
      unit: '%',
      detail: `${http.calendarRps.toFixed(0)} vs ${http.meRps.toFixed(0)} req/s; a bare node:http hello ${http.helloRps.toFixed(0)} req/s (/me is ${((100 * http.meRps) / http.helloRps).toFixed(0)}% of it)`,
    });
    // Cold rows: every row must really be cache misses, else it measures a kinder thing than it says.
    const cold = (label: string) => http.cold.find((c) => c.label === label)!;
    for (const c of http.cold) {
      rows.push({
        name: `GET /api/calendar ${c.label} (cache miss: ${c.writer === 'marks' ? 'data version changed continuously' : 'exceptions created on 4 connections'}), share of /api/auth/me`,
        figure: share(c.rps),
        target: c.label === '300 employees' ? 20 : 0,
        kind: 'min',
        unit: '%',
        detail: `${c.rps.toFixed(0)} req/s, p50 ${c.p50} ms, p99 ${c.p99} ms; ${(100 * c.missShare).toFixed(1)}% misses; ${((100 * c.rps) / http.helloRps).toFixed(1)}% of node:http hello`,
      });
      rows.push({
        name: `  … ${c.label}: replies not from a stored reply (a cold read; ${(100 * c.joinedShare).toFixed(0)}% joined a read under way)`,
        figure: 100 * c.missShare,
        // Real writes cost the server more than a version change, so fewer come between two reads.
        target: c.writer === 'marks' ? 90 : 75,
        kind: 'min',
        unit: '%',
      });
    }
    rows.push({
      name: 'GET /api/calendar 300 employees (cache miss), p99 at 32 connections',
      figure: cold('300 employees').p99,
      target: 150,
      kind: 'max',
      unit: ' ms',
    });
    rows.push({
      name: 'GET /api/calendar first load (shell=1, cache miss), 300 employees, p99 at 32 connections',
      figure: cold('300 employees first load').p99,
      target: 150,
      kind: 'max',
      unit: ' ms',
    });
    rows.push({
      name: 'cold read growth, 1,000 vs 10 employees (req/s of 10 ÷ req/s of 1,000)',
      figure: cold('10 employees').rps / cold('1000 employees').rps,
      target: 4,
      kind: 'max',
      unit: '×',
    });
    rows.push({
      name: 'GET /api/calendar reply, 300 employees: bytes as a share of the same lists as objects',
      figure: (100 * http.bytes.bytes) / http.bytes.asObjects,
      target: 25,
      kind: 'max',
      unit: '%',
      detail: `${(http.bytes.bytes / 1024).toFixed(1)} kB (brotli ${(http.bytes.brBytes / 1024).toFixed(1)} kB) vs ${(http.bytes.asObjects / 1024).toFixed(1)} kB`,
    });
    rows.push({ name: 'server resident memory, idle after start', figure: http.rssIdleMb, target: RSS_IDLE_MB, kind: 'max', unit: ' MB' });
    rows.push({
      name: 'server resident memory right after the 10/300/1,000-employee calendar runs',
      figure: http.rssAfterMb,
      target: RSS_LOADED_MB,
      kind: 'max',
      unit: ' MB',
      detail: http.heapAfter,
    });
    rows.push({
      name: '  … and 10 s later, idle',
      figure: http.rssSettledMb,
      target: RSS_SETTLED_MB,
      kind: 'max',
      unit: ' MB',
      detail: http.heapSettled,
    });
    rows.push({
      name: 'POST /api/exceptions p99 at 16 connections, 300 employees (median of 3 runs)',
      figure: http.writeP99,
      target: 50,
      kind: 'max',
      unit: ' ms',
      detail: `${http.writeErrors} non-2xx; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    });
    rows.push({
      name: 'GET /api/coverage/suggest p95, 300 employees, a week short and all 84 ranges weighed (4 connections)',
      figure: http.suggest.p95,
      target: SUGGEST_P95_TARGET_MS,
      kind: 'max',
      unit: ' ms',
      detail: `p50 ${http.suggest.p50.toFixed(1)} ms, ${http.suggest.rps.toFixed(0)} req/s; run alone: tsx scripts/bench/perf-db-coverage.ts`,
    });
    for (const r of await benchWindowRatios(database, today)) {
      rows.push({
        name: `exceptions window ${r.label}: 1M vs 10k history`,
        figure: r.ratio,
        target: RATIO_TARGET,
        kind: 'max',
        unit: '×',
        detail: `${r.largeMs.toFixed(2)} ms vs ${r.smallMs.toFixed(2)} ms, ${r.rows} rows`,
      });
    }
  } finally {
    await database.close();
  }
  return rows.map((r) => {
    const pass = r.kind === 'max' ? r.figure <= r.target : r.figure >= r.target;
    console.log(
      `${pass ? 'PASS' : 'FAIL'}  ${r.name}: ${show(r)} (target ${r.kind === 'max' ? '≤' : '≥'} ${r.target}${r.unit})${r.detail ? ` — ${r.detail}` : ''}`,
    );
    return { name: r.name, medianMs: r.figure, targetMs: r.target, pass };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  void benchPerfDb().then((rows) => process.exit(rows.every((r) => r.pass) ? 0 : 1));
}
