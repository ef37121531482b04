/**
 * Where the write row's time goes: `POST /api/exceptions` at 16 connections on the perf-db bench's site of
 * 300 employees, with the server under V8's sampling profiler (`--cpu-prof`). Run the perf-db bench once
 * first (it leaves its scratch database behind), then `npx tsx scripts/bench/write-profile.ts`. Prints the
 * server's CPU time by package and the functions that used most of it; the profile file is kept for
 * Chrome's DevTools (Performance → Load profile).
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { load } from './load';
import { scratchUrl } from './perf-db-data';
import { BASE, signIn, startServer } from './perf-db-http';

const cores = () => availableParallelism();

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** What a frame is charged to: a package, a part of Node, the app's own code, or V8's own work. */
function ownerOf({ functionName, url }: ProfileNode['callFrame']): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return url.split('/')[0]!;
  return url.includes('/dist/server/') ? 'app (dist/server)' : url;
}

function summarise(profile: Profile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const us = profile.timeDeltas[i] ?? 0;
    total += us;
    const owner = ownerOf(node.callFrame);
    owners.set(owner, (owners.get(owner) ?? 0) + us);
    const name = `${node.callFrame.functionName || '(anonymous)'} ${owner}:${node.callFrame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  });
  const busy = total - (owners.get('(idle)') ?? 0);
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log(`server CPU: ${(busy / 1e6).toFixed(1)} s busy of ${(total / 1e6).toFixed(1)} s sampled`);
  console.log('by owner (share of busy time):');
  for (const [k, v] of top(owners, 16)) if (k !== '(idle)') console.log(`  ${((100 * v) / busy).toFixed(1).padStart(5)} %  ${k}`);
  console.log('functions (self time):');
  for (const [k, v] of top(functions, 25))
    if (!k.startsWith('(idle)')) console.log(`  ${((100 * v) / busy).toFixed(1).padStart(5)} %  ${k}`);
}

/** CPU seconds used so far by the processes `pids` (user + system, from /proc). */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // A process that ended between the listing and the read used nothing more.
    }
  }
  return ticks / 100;
}

/** The machine's busy and total CPU seconds, from /proc/stat. */
function machineSeconds(): { busy: number; total: number } {
  const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = f.map(Number);
  const idle = n[3]! + n[4]!;
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / 100, total: total / 100 };
}

const postgresPids = () =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });

async function main(): Promise<void> {
  const db = new pg.Client({ connectionString: scratchUrl() });
  await db.connect();
  const site = await db.query<{ id: number }>(`select id from sites where subdomain = 'perf-db-300'`);
  if (!site.rows[0]) throw new Error('no perf-db-300 site: run `npx tsx scripts/bench/perf-db.ts` first');
  const siteId = site.rows[0].id;
  const employeeIds = (await db.query<{ id: number }>(`select id from employees where site_id = $1 order by id`, [siteId])).rows.map((r) =>
    Number(r.id),
  );
  const reasonId = Number(
    (
      await db.query<{ id: number }>(
        `select r.id from exception_reasons r join sites s on s.business_id = r.business_id where s.id = $1 order by r.sort_order limit 1`,
        [siteId],
      )
    ).rows[0]!.id,
  );
  await db.end();

  const dir = mkdtempSync(join(tmpdir(), 'hoursight-write-profile-'));
  const server = await startServer(['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  try {
    const cookie = await signIn('admin-300@perf-db.test');
    // Far from the bench's own spans, so repeated runs do not collide with them or with each other.
    let firstN = 100_000 + Math.floor(Math.random() * 1_000_000);
    const today = new Date().toISOString().slice(0, 10);
    for (const duration of [3, 10]) {
      const before = {
        server: cpuSeconds([server.pid!]),
        pg: cpuSeconds(postgresPids()),
        me: cpuSeconds([process.pid]),
        machine: machineSeconds(),
      };
      const r = await load({
        opts: {
          duration,
          url: `${BASE}/api/exceptions`,
          connections: 16,
          method: 'POST',
          headers: { cookie, origin: BASE, 'content-type': 'application/json' },
        },
        writes: { today, employeeIds, reasonId, firstN },
      });
      firstN = r.nextN;
      if (r.non2xx) console.log(`        ${r.non2xx} non-2xx answers`);
      const machine = machineSeconds();
      const wall = (machine.total - before.machine.total) / cores();
      const share = (seconds: number) => `${((100 * seconds) / wall).toFixed(0)} %`;
      console.log(
        `        CPU during the run, % of one core (the machine has ${cores()}): server ${share(cpuSeconds([server.pid!]) - before.server)}, ` +
          `PostgreSQL ${share(cpuSeconds(postgresPids()) - before.pg)}, load generator ${share(cpuSeconds([process.pid]) - before.me)}, ` +
          `whole machine ${share(machine.busy - before.machine.busy)}; load average ${loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')}`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${dir}`);
  console.log(`profile: ${join(dir, file)} (the warm-up and the 10 s run)`);
  summarise(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile);
}

await main();
