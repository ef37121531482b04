/**
 * `capacity-chart` bench row (decision 100): the Capacity screen's chart of one site, 56 days, drawn by uPlot in
 * Debian Chromium (capacity-page/): from the data in hand to the chart drawn and the frame painted, median and
 * 95th percentile of 25 runs after 3 warm-ups. Target: the 95th percentile at most 100 ms.
 * Runnable alone: `npx tsx scripts/bench/capacity-draw.ts`.
 */
import { pathToFileURL } from 'node:url';
import type { BenchResult } from './engine';
import { withBenchPage } from './bench-page';

const TARGET_MS = 100;
const WARMUP_RUNS = 3;
const MEASURED_RUNS = 25;

type BenchWindow = Window & { __bench: { draw: () => Promise<number> } };
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * p) - 1)];

export async function benchCapacityChart(): Promise<BenchResult> {
  const draws = await withBenchPage('capacity-page', async (page) => {
    const draw = () => page.evaluate(() => (window as unknown as BenchWindow).__bench.draw());
    for (let i = 0; i < WARMUP_RUNS; i++) await draw();
    const out: number[] = [];
    for (let i = 0; i < MEASURED_RUNS; i++) out.push(await draw());
    return out;
  });
  const median = percentile(draws, 0.5);
  const p95 = percentile(draws, 0.95);
  return {
    name: 'capacity-chart',
    medianMs: median,
    targetMs: TARGET_MS,
    pass: p95 <= TARGET_MS,
    summary: `capacity chart, one site × 56 days (uPlot, headless Chromium), data to painted frame: p95 ${p95.toFixed(1)} ms (target ≤ ${TARGET_MS} ms), median ${median.toFixed(1)} ms`,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchCapacityChart();
  console.log(`${r.pass ? 'PASS' : 'FAIL'}  ${r.name}: ${r.summary}`);
  process.exit(r.pass ? 0 : 1);
}
