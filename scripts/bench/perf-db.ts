/**
 * perf-db bench rows (issue 15 items 1, 2, 4, 7), on a scratch PostgreSQL database `hoursight_perf_db_bench`
 * (PERF_DB_ADMIN_URL or TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres). Each row
 * prints its figure and its target. Runnable alone: `tsx scripts/bench/perf-db.ts`.
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { BenchResult } from './engine';
import { freshScratchDatabase } from './perf-db-data';
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

const show = (r: Row) => `${r.figure.toFixed(r.unit === '' ? 0 : 2)}${r.unit}`;

export async function benchPerfDb(): Promise<BenchResult[]> {
  const today = new Date().toISOString().slice(0, 10);
  const database = await freshScratchDatabase();
  const rows: Row[] = [];
  try {
    const http = await benchHttp(database, today);
    rows.push({ name: 'requests to draw the month view', figure: http.requests, target: 1, kind: 'max', unit: '' });
    rows.push({
      // One URL, read again and again: after the first request every read is a cache hit (issue 33).
      name: 'GET /api/calendar p99 at 32 connections (PostgreSQL, cache hit: one URL, 12 employees)',
      figure: http.calendarP99,
      target: 50,
      kind: 'max',
      unit: ' ms',
    });
    rows.push({
      name: 'GET /api/calendar req/s as a share of /api/auth/me (cache hit)',
      figure: (100 * http.calendarRps) / http.meRps,
      target: 80,
      kind: 'min',
      unit: '%',
      detail: `${http.calendarRps.toFixed(0)} vs ${http.meRps.toFixed(0)} req/s; a bare node:http hello ${http.helloRps.toFixed(0)} req/s`,
    });
    rows.push({
      name: 'GET /api/calendar first load (shell=1, cache miss), 300 employees, p99 at 32 connections',
      figure: http.firstLoadP99,
      target: 150,
      kind: 'max',
      unit: ' ms',
      detail: `${http.firstLoadRps.toFixed(0)} req/s, ${((100 * http.firstLoadRps) / http.meRps).toFixed(1)}% of /api/auth/me`,
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
