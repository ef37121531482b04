/**
 * Calendar reads as users wait for them (issue 33): the app's real request (the window and day-change
 * window the web app asks for today, `accept-encoding: br, gzip`) at 32 connections while another connection
 * keeps changing the site, so reads find no usable cached reply. The change is either:
 * - `marks`: on PostgreSQL, a database connection gives the site new data versions one after another, with
 *   the function every write's trigger calls (migration 0016): nearly every read then comes after a change
 *   it has not seen, and the writes' own cost stays out of the read figure (the write row measures that);
 * - `api`: exceptions created through `POST /api/exceptions` on four connections, what a busy site does.
 * The server's own counters (`/metrics`) say how many replies came from a stored reply (hits), from a database
 * read already under way when the request came (joined) or from one begun after (misses), and how many windows it
 * read: a row is a cold read only if nearly none of its replies were stored ones.
 */
import { bundleQuery, dataWindow } from '../../src/web/features/calendar/calendar-window';
import pg from 'pg';
import { load } from './load';
import type { WriteBodies } from './load-worker';

export const METRICS_TOKEN = 'bench-metrics-token';
/** Writing connections: enough that nearly every read comes after a write it has not seen. */
const WRITERS = 4;

export interface ReadSite {
  label: string;
  employees: number;
  cookie: string;
  writes: WriteBodies;
  /** Connections writing through the API (4 unless given). */
  writers?: number;
  /** PostgreSQL: change the site's data version from this database connection instead of writing through the API. */
  marks?: { url: string; siteId: number };
}

export interface ColdRead {
  label: string;
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
  /** Share of the replies not answered from a stored reply: read from the database for their request or with it. */
  missShare: number;
  /** Of those, the share that joined a read already under way when the request came (at the version it found). */
  joinedShare: number;
  builds: number;
  writesPerS: number;
  writer: 'marks' | 'api';
}

/** The address the web app asks on opening the calendar today (`shell`: the first load). */
export function calendarPath(today: string, shell: boolean): string {
  const q = bundleQuery(dataWindow(today), today, shell);
  const params = Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined);
  return `/api/calendar?${new URLSearchParams(params)}`;
}

/** The server's V8 heap (used, total) and memory outside it, in MB, from its own /metrics. */
export async function heapMb(base: string): Promise<string> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const mb = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? 0) / 1048576);
  return `heap ${mb('nodejs_heap_size_used_bytes')} of ${mb('nodejs_heap_size_total_bytes')} MB, external ${mb('nodejs_external_memory_bytes')} MB`;
}

async function counters(base: string): Promise<{ hit: number; joined: number; miss: number; builds: number }> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
  return {
    hit: value(/^hoursight_calendar_replies_total\{cache="hit"\} (\d+)/m),
    joined: value(/^hoursight_calendar_replies_total\{cache="joined"\} (\d+)/m),
    miss: value(/^hoursight_calendar_replies_total\{cache="miss"\} (\d+)/m),
    builds: value(/^hoursight_calendar_builds_total (\d+)/m),
  };
}

/** 32 connections read while four others write, for `duration` seconds; `shell`: the first-load request. */
export async function coldRead(base: string, site: ReadSite, today: string, shell: boolean, duration = 10): Promise<ColdRead> {
  const before = await counters(base);
  const headers = { cookie: site.cookie, 'accept-encoding': 'br, gzip' };
  const reading = load({ opts: { url: `${base}${calendarPath(today, shell)}`, connections: 32, duration, headers } }, true);
  const [reads, writes] = await Promise.all([
    reading,
    site.marks ? changeVersions(site.marks, reading) : writeThroughApi(base, site, duration),
  ]);
  if (writes.nextN) site.writes.firstN = writes.nextN;
  const after = await counters(base);
  const [hits, joined, misses] = [after.hit - before.hit, after.joined - before.joined, after.miss - before.miss];
  const replies = Math.max(1, hits + joined + misses);
  const row: ColdRead = {
    label: `${site.label}${shell ? ' first load' : ''}`,
    p50: reads.p50,
    p99: reads.p99,
    rps: reads.rps,
    non2xx: reads.non2xx + writes.non2xx,
    missShare: (misses + joined) / replies,
    joinedShare: joined / replies,
    builds: after.builds - before.builds,
    writesPerS: writes.rps,
    writer: site.marks ? 'marks' : 'api',
  };
  console.log(
    `        ${row.label}: p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.rps} req/s; ${(100 * row.missShare).toFixed(1)}% misses ` +
      `(${(100 * row.joinedShare).toFixed(1)}% joined a read under way), ` +
      `${(row.builds / duration).toFixed(0)} database reads/s, while ${row.writesPerS} ${row.writer === 'marks' ? 'data-version changes/s on a database connection' : `writes/s through the API on ${site.writers ?? WRITERS} connection(s)`}${row.non2xx ? `; ${row.non2xx} non-2xx` : ''}`,
  );
  return row;
}

async function writeThroughApi(base: string, site: ReadSite, duration: number) {
  return load(
    {
      opts: {
        url: `${base}/api/exceptions`,
        connections: site.writers ?? WRITERS,
        duration,
        method: 'POST',
        headers: { cookie: site.cookie, origin: base, 'content-type': 'application/json' },
      },
      writes: site.writes,
    },
    true,
  );
}

/** New data versions for the site, one after another, until `until` settles: what any committed write does to it. */
async function changeVersions(marks: { url: string; siteId: number }, until: Promise<unknown>) {
  const client = new pg.Client({ connectionString: marks.url });
  await client.connect();
  let done = false;
  void until.finally(() => (done = true));
  const started = performance.now();
  let changes = 0;
  try {
    while (!done) {
      await client.query('select hoursight_mark_sites(array[$1]::int[])', [marks.siteId]);
      changes++;
    }
  } finally {
    await client.end();
  }
  return { rps: Math.round((1000 * changes) / (performance.now() - started)), non2xx: 0, nextN: 0 };
}

/** The reply's size: uncompressed, and as the same lists would be as objects (the format before decision 077). */
export async function replyBytes(
  base: string,
  cookie: string,
  today: string,
): Promise<{ bytes: number; brBytes: number; asObjects: number }> {
  const path = calendarPath(today, false);
  const plain = await fetch(`${base}${path}`, { headers: { cookie, 'accept-encoding': 'identity' } });
  const text = await plain.text();
  const { decodeCalendar } = await import('../../src/shared/contracts/calendar-decode');
  const w = dataWindow(today);
  const asObjects = JSON.stringify(decodeCalendar(JSON.parse(text), w)).length;
  // fetch decompresses the body; the header tells what travelled.
  const br = await fetch(`${base}${path}`, { headers: { cookie, 'accept-encoding': 'br' } });
  const brBytes = Number(br.headers.get('content-length'));
  await br.arrayBuffer();
  return { bytes: Buffer.byteLength(text), brBytes, asObjects };
}
