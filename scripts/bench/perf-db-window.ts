/**
 * Window reads at any history size (issue 15 item 1): the month window `listExceptions` answers for one
 * site holding 10,000 exceptions, then the same site after 990,000 more older ones are loaded (1,000,000 in
 * all). The windows read return the same rows in both states, so the ratio shows what history costs: a
 * window at the present and one 5 years back, each ≤ 1.5×.
 */
import { performance } from 'node:perf_hooks';
import type { Actor } from '../../src/server/auth/access';
import type { Database } from '../../src/server/db/client';
import { listExceptions } from '../../src/server/modules/calendar/service';
import { addDaysStr } from '../../src/shared/domain/dates';
import { createBenchSite, loadExceptions, poolOf, type BenchSite } from './perf-db-data';

export const RATIO_TARGET = 1.5;
const RUNS = 41;

export function actorOf(site: BenchSite, userId = 0): Actor {
  return {
    sessionId: 'bench',
    userId,
    homeSiteId: site.siteId,
    currentSiteId: site.siteId,
    siteId: site.siteId,
    businessId: site.businessId,
    username: 'bench',
    email: 'bench@example.test',
    isAdmin: true,
    isReadOnly: false,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeWindow(database: Database, actor: Actor, w: { startDate: string; endDate: string }): Promise<{ ms: number; rows: number }> {
  let rows = 0;
  for (let i = 0; i < 5; i++) rows = (await listExceptions(database.db, actor, w)).length;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await listExceptions(database.db, actor, w);
    times.push(performance.now() - t0);
  }
  return { ms: median(times), rows };
}

export interface WindowRatio {
  label: string;
  rows: number;
  smallMs: number;
  largeMs: number;
  ratio: number;
}

/** The calendar's data window (15th of the month before to the 15th two months on) around `day`. */
const windowAround = (day: string) => {
  const [y, m] = day.split('-').map(Number);
  const at = (months: number) => {
    const d = new Date(Date.UTC(y, m - 1 + months, 15));
    return d.toISOString().slice(0, 10);
  };
  return { startDate: at(-1), endDate: at(2) };
};

/**
 * Vacuums and analyses the table after a load, as autovacuum would soon after: timing right after a bulk
 * insert measured autovacuum working beside the query on this two-core machine (a 1.52× once, 0.97× the
 * run before), not what history costs a read.
 */
async function settle(database: Database): Promise<void> {
  await poolOf(database).query('vacuum analyze exceptions');
}

export async function benchWindowRatios(database: Database, today: string): Promise<WindowRatio[]> {
  const site = await createBenchSite(database, 'perf-db-window');
  const actor = actorOf(site);
  const recentFrom = addDaysStr(today, -7 * 365);
  await loadExceptions(database, site, 10_000, recentFrom, addDaysStr(today, 90));
  await settle(database);
  const windows = [
    { label: 'present', w: windowAround(today) },
    { label: '5 years back', w: windowAround(addDaysStr(today, -5 * 365)) },
  ];
  const small = [];
  for (const { w } of windows) small.push(await timeWindow(database, actor, w));
  // Older history only: the windows above return exactly the rows they returned before.
  await loadExceptions(database, site, 990_000, '1935-01-01', addDaysStr(recentFrom, -70));
  await settle(database);
  const out: WindowRatio[] = [];
  for (const [i, { label, w }] of windows.entries()) {
    const large = await timeWindow(database, actor, w);
    if (large.rows !== small[i].rows) throw new Error(`window ${label}: ${small[i].rows} rows at 10k but ${large.rows} at 1M`);
    out.push({ label, rows: large.rows, smallMs: small[i].ms, largeMs: large.ms, ratio: large.ms / small[i].ms });
  }
  return out;
}
