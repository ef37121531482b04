/**
 * Load runs for the HTTP bench rows: autocannon in a worker thread of its own (load-worker.ts), and a bare
 * `node:http` hello measured the same way, the floor every figure is a ratio of.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Worker } from 'node:worker_threads';
import type { LoadRequest, LoadResult } from './load-worker';

const LOAD_WORKER = new URL('./load-worker.ts', import.meta.url).href;

/** One autocannon run (10 s unless given), in its own worker thread. `quiet`: no line printed. */
export async function load(request: LoadRequest, quiet = false): Promise<LoadResult> {
  const opts = { duration: 10, ...request.opts };
  const r = await new Promise<LoadResult>((resolve, reject) => {
    // tsx does not hook worker threads: the worker loads the TypeScript module through tsx's API.
    const source = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(LOAD_WORKER)}, ${JSON.stringify(import.meta.url)}))`;
    const worker = new Worker(source, { eval: true, workerData: { ...request, opts } });
    worker.on('message', (m: { loadResult?: LoadResult }) => m.loadResult && resolve(m.loadResult));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the load worker exited (${code}) without a result`)));
  });
  if (!quiet) {
    const path = new URL(opts.url).pathname;
    console.log(`        ${opts.method ?? 'GET'} ${path} ×${opts.connections}: p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.rps} req/s`);
  }
  return r;
}

/** A bare `node:http` hello on `port`, loaded at 32 connections like the app's routes in the same run. */
export async function helloRps(port: number): Promise<number> {
  const hello = createServer((_req, res) => res.end('hello'));
  await new Promise<void>((resolve) => hello.listen(port, '127.0.0.1', resolve));
  try {
    return (await load({ opts: { url: `http://127.0.0.1:${port}/`, connections: 32 } })).rps;
  } finally {
    await new Promise((resolve) => hello.close(resolve));
  }
}

/** A process's resident memory, in MB, from /proc. */
export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
}

/**
 * Where a process's resident memory outside V8 lives, from /proc/<pid>/smaps: glibc's main heap (`[heap]`)
 * and its thread arenas (anonymous mappings inside a 64 MB-aligned reservation, one per thread that
 * allocated). V8's own pages are mapped anonymously too, so the rest is reported as one figure.
 */
export function residentParts(pid: number): string {
  const kb = { heap: 0, arenas: 0, other: 0 };
  let arenaCount = 0;
  let current: keyof typeof kb | null = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const map = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (map) {
      const [start, end, name] = [BigInt(`0x${map[1]}`), BigInt(`0x${map[2]}`), map[3]!.trim()];
      const arena = !name && start % 0x4000000n === 0n && end - start <= 0x4000000n;
      current = name === '[heap]' ? 'heap' : arena ? 'arenas' : name ? null : 'other';
      if (arena) arenaCount++;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && current) kb[current] += Number(rss[1]);
  }
  const mb = (k: number) => Math.round(k / 1024);
  return `malloc heap ${mb(kb.heap)} MB, ${arenaCount} thread arenas ${mb(kb.arenas)} MB, other anonymous ${mb(kb.other)} MB`;
}
