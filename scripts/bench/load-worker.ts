/**
 * One autocannon run in a worker thread of its own, for the HTTP rows of the perf-db bench. The bench
 * process has by then run the other benches and holds their heap; a load generator sharing that heap would
 * count the bench's own garbage collections as the server's latency. A worker has a heap of its own.
 */
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { addDaysStr } from '../../src/shared/domain/dates';

/** The exceptions a write run creates: the n-th request's body is a function of n alone. */
export interface WriteBodies {
  today: string;
  employeeIds: number[];
  reasonId: number;
  /** The n of the first request: runs continue where the previous one stopped, so each writes new spans. */
  firstN: number;
}

export interface LoadRequest {
  opts: Omit<autocannon.Options, 'requests'>;
  writes?: WriteBodies;
}

export interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
  /** The n after the last request sent. */
  nextN: number;
}

function writeRequests(w: WriteBodies, counter: { n: number }): autocannon.Request[] {
  return [
    {
      setupRequest: (req) => {
        const n = ++counter.n;
        // Planners spread over the year: consecutive requests (the 16 in flight) land 119 days apart
        // (7919 is prime to 300, so every day is used), not on neighbouring days that all share locks.
        const startDate = addDaysStr(w.today, 1 + ((n * 7919) % 300));
        const body = {
          employeeId: w.employeeIds[(n * 7) % w.employeeIds.length],
          reasonId: w.reasonId,
          startDate,
          endDate: addDaysStr(startDate, n % 3),
          isFullDay: true,
          hours: null,
          notes: null,
        };
        return { ...req, body: JSON.stringify(body) };
      },
    },
  ];
}

/** Parts of autocannon's API that its type package leaves out: a worker's raw result and its aggregation. */
type RawResult = autocannon.Result & { totalCompletedRequests: number };
const { aggregateResult } = autocannon as unknown as { aggregateResult(results: RawResult[], opts: autocannon.Options): autocannon.Result };

async function main() {
  const { opts, writes } = workerData as LoadRequest;
  const counter = { n: writes?.firstN ?? 0 };
  const run = { ...opts, ...(writes ? { requests: writeRequests(writes, counter) } : {}) };
  // In a worker thread autocannon answers its raw histograms, for the caller to aggregate.
  const raw = (await autocannon(run)) as RawResult;
  const r = aggregateResult([raw], run);
  // Completed requests over the run's length: the aggregate's per-second figures stay empty for a worker's result.
  const rps = Math.round((100 * raw.totalCompletedRequests) / raw.duration) / 100;
  const result: LoadResult = { p50: r.latency.p50, p99: r.latency.p99, rps, non2xx: r.non2xx + r.errors, nextN: counter.n };
  // Tagged: autocannon posts messages of its own when it runs in a worker thread.
  parentPort!.postMessage({ loadResult: result });
}

void main();
