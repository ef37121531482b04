import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/**
 * Gives a busy spell's memory back once it ends (decision 102).
 *
 * Under load V8 grows its heap into the room the server starts with (decision 061), and its ordinary major
 * collections free the pages they empty into a pool kept for reuse, not to the system: after large calendar
 * reads the process held 440 MB with a heap of 120 MB, and still did ten seconds later. Only a collection of
 * the "last resort" flavour compacts and hands pooled pages back. So, once a second: when the event loop was
 * nearly idle and resident memory has grown well past what the last such collection left, start one. It runs
 * in a task of its own (50 to 150 ms), only while no one is waiting.
 */

export interface IdleCollectorOptions {
  /** Event-loop utilisation (0..1) over the last tick at or under which the server counts as idle. */
  idleUtilisation: number;
  /** Growth of resident memory, in bytes, since the last collection left it, worth a collection. */
  growthBytes: number;
}

export const IDLE_COLLECTION: IdleCollectorOptions = { idleUtilisation: 0.05, growthBytes: 64 * 1024 * 1024 };

export interface IdleReading {
  /** Event-loop utilisation since the previous reading. */
  utilisation: number;
  /** Resident memory now, in bytes. */
  residentBytes: number;
}

/**
 * The decision alone, free of clocks and of V8: `tick` takes a reading and answers whether to collect now.
 * `collected` records the resident memory a collection left behind.
 */
export function idleCollectionPolicy(options: IdleCollectorOptions = IDLE_COLLECTION) {
  let baseline = Number.POSITIVE_INFINITY;
  return {
    tick(reading: IdleReading): boolean {
      // Growth is measured from the lowest reading since the last collection (the first one, before it).
      baseline = Math.min(baseline, reading.residentBytes);
      return reading.utilisation <= options.idleUtilisation && reading.residentBytes - baseline >= options.growthBytes;
    },
    collected(residentBytes: number): void {
      // What a collection cannot give back (the C library's heap, say) becomes the new floor, so an idle
      // server does not collect again and again for memory it cannot free.
      baseline = residentBytes;
    },
  };
}

type GcFunction = (options: { type: 'major'; execution: 'async'; flavor: 'last-resort' }) => Promise<void>;

const gcFunction = (): GcFunction | undefined => {
  const gc = (globalThis as { gc?: GcFunction }).gc;
  return typeof gc === 'function' ? gc : undefined;
};

/**
 * One collection now, for the end of start-up: migrations, the demo's seeding and module loading leave 20 to 40 MB
 * of garbage that no request would otherwise collect before the first busy spell. A no-op without `--expose-gc`.
 */
export async function collectAfterStart(): Promise<void> {
  await gcFunction()?.({ type: 'major', execution: 'async', flavor: 'last-resort' });
}

/**
 * Starts the once-a-second check. Needs node's `--expose-gc` (scripts/server-command.mjs gives it); without
 * it the check does not start and `started` is false, so the caller can say so.
 */
export function startIdleCollection(
  onCollect: (freedBytes: number) => void,
  options = IDLE_COLLECTION,
): { started: boolean; stop(): void } {
  const gc = gcFunction();
  if (!gc) return { started: false, stop: () => undefined };
  const policy = idleCollectionPolicy(options);
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  let running = false;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const utilisation = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    const residentBytes = process.memoryUsage.rss();
    if (running || !policy.tick({ utilisation, residentBytes })) return;
    running = true;
    gc({ type: 'major', execution: 'async', flavor: 'last-resort' })
      .then(() => {
        const after = process.memoryUsage.rss();
        policy.collected(after);
        onCollect(Math.max(0, residentBytes - after));
      })
      .catch(() => undefined)
      .finally(() => {
        running = false;
      });
  }, 1000);
  timer.unref();
  return { started: true, stop: () => clearInterval(timer) };
}
