import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';

/**
 * A fixed piece of work timed on this machine: no target, only a yardstick. The bench's figures are absolute
 * times, and the 2-core machines this project runs on differ from day to day (the same engine code measured
 * 1.6 ms one week and 2.2–3.4 ms on a slower machine); comparing this figure tells whether a change between
 * two bench runs came from the code or from the machine. Hashing and a JSON round trip: native code and the
 * same V8 paths every run, so the figure does not move with the JIT's choices.
 */
export function machineYardstick(): { medianMs: number; runs: number[] } {
  const chunk = Buffer.alloc(1 << 20, 7);
  const rows = Array.from({ length: 100_000 }, (_, i) => ({ id: i, date: '2025-07-07', hours: i / 10, name: `Employee ${i}` }));
  const runs: number[] = [];
  let sink = 0;
  for (let r = 0; r < 3; r++) {
    const t0 = performance.now();
    const hash = createHash('sha256');
    for (let i = 0; i < 256; i++) hash.update(chunk);
    sink += hash.digest()[0];
    for (let i = 0; i < 5; i++) sink += (JSON.parse(JSON.stringify(rows)) as unknown[]).length;
    runs.push(Math.round(performance.now() - t0));
  }
  if (sink < 0) throw new Error('unreachable: keeps the work observable');
  return { medianMs: [...runs].sort((a, b) => a - b)[1], runs };
}
