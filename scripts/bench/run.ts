/**
 * `npm run bench`: every performance target of the product, measured here and reported as a table.
 * Targets are checked here, never as timed assertions in the test suite. Exits 1 when one is missed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { BenchResult } from './engine';
import { machineYardstick } from './machine';
import { benchPerfDb } from './perf-db';
import { benchPerfWeb } from './perf-web';

type Bench = { name: string; load: () => Promise<() => Promise<BenchResult>> };

const benches: Bench[] = [
  { name: 'engine', load: async () => (await import('./engine')).benchEngine },
  { name: 'render', load: async () => (await import('./render')).benchRender },
  // 1,000 employees: the first draw, and the main thread's CPU per scrolled frame (decision 090).
  { name: 'wallchart', load: async () => (await import('./wallchart-draw')).benchWallchart },
  { name: 'reports-pdf', load: async () => (await import('./reports')).benchReportPdf },
  { name: 'reports-hours', load: async () => (await import('./reports')).benchHoursReport },
  { name: 'pglite-month-window', load: async () => (await import('./perf-engine')).benchPgliteMonthWindow },
  // The demo site at 12 and 100 employees on the real calendar request, every read a cache miss.
  { name: 'pglite-cold', load: async () => (await import('./pglite-cold')).benchPgliteCold },
  { name: 'import', load: async () => (await import('./feeds')).benchImport },
  { name: 'live', load: async () => (await import('./live')).benchLive },
  // Two built servers on one PostgreSQL database: a write through one is in the next read through the other.
  { name: 'read-your-writes', load: async () => (await import('./read-your-writes')).benchReadYourWrites },
  // The capacity forecast (decision 100): 50 sites × 250 employees × 56 days on PostgreSQL, and one site's chart drawn.
  { name: 'capacity', load: async () => (await import('./capacity')).benchCapacity },
  { name: 'capacity-chart', load: async () => (await import('./capacity-draw')).benchCapacityChart },
];

/**
 * Minutes long: the whole npm test, timed. It runs last: it keeps both cores busy for minutes and leaves a
 * load average of about 9 behind it, and the database rows measured in that tail read the server's memory
 * and the write row's p99 under the test suite's load rather than the app's own (decision 077).
 */
const testRun: Bench = { name: 'npm-test', load: async () => (await import('./test-run')).benchTestRun };

async function main() {
  const only = process.argv.slice(2);
  const results: BenchResult[] = [];
  const machine = machineYardstick();
  console.log(
    `INFO  machine yardstick (a fixed workload, no target; compare across runs): median ${machine.medianMs} ms of ${machine.runs.join(', ')}`,
  );
  const runBench = async (bench: Bench) => {
    if (only.length && !only.includes(bench.name)) return;
    const run = await bench.load();
    const result = await run();
    results.push(result);
    console.log(
      `${result.pass ? 'PASS' : 'FAIL'}  ${result.name}: ${result.summary ?? `median ${result.medianMs.toFixed(2)} ms (target ≤ ${result.targetMs} ms)`}`,
    );
  };
  for (const bench of benches) await runBench(bench);
  if (!only.length || only.includes('perf-db')) results.push(...(await benchPerfDb()));
  const web = !only.length || only.includes('perf-web') ? await benchPerfWeb() : { pass: true };
  await runBench(testRun);
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    'bench-results/latest.json',
    JSON.stringify({ at: new Date().toISOString(), machineYardstickMs: machine.medianMs, results }, null, 2),
  );
  if (results.some((r) => !r.pass) || !web.pass) process.exit(1);
}

void main();
