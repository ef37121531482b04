/**
 * Render benchmark: time from data to a painted month grid for a large site (300 employees, 2,000
 * exceptions in view, drawn capped as decision 086 draws them), in Debian Chromium. Builds a small page (render-page/) that mounts the real
 * MonthGrid and model hook, serves it on a loopback port, and takes the median of 15 runs after warm-up.
 * Runnable alone (`npx tsx scripts/bench/render.ts`) or through the bench runner.
 */
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

export interface BenchResult {
  name: string;
  medianMs: number;
  targetMs: 150;
  pass: boolean;
}

const TARGET_MS = 150;
const WARMUP_RUNS = 3;
const MEASURED_RUNS = 15;
const here = path.dirname(fileURLToPath(import.meta.url));

async function buildPage(outDir: string) {
  await build({
    configFile: false,
    root: path.join(here, 'render-page'),
    plugins: [react(), tailwindcss()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serve(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, rel === '/' ? 'index.html' : rel);
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function benchRender(): Promise<BenchResult> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'hoursight-render-bench-'));
  let server: Server | undefined;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    await buildPage(outDir);
    server = await serve(outDir);
    const { port } = server.address() as AddressInfo;
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForSelector('body[data-ready="true"]');
    const run = () => page.evaluate(() => (window as unknown as { __bench: { run: () => Promise<number> } }).__bench.run());
    for (let i = 0; i < WARMUP_RUNS; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < MEASURED_RUNS; i++) times.push(await run());
    times.sort((a, b) => a - b);
    const medianMs = Math.round(times[times.length >> 1] * 100) / 100;
    return {
      name: 'month grid render (300 employees, 2,000 exceptions in view: up to 7 pills a day, then "+N more"; data to painted frame)',
      medianMs,
      targetMs: TARGET_MS,
      pass: medianMs <= TARGET_MS,
    };
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchRender();
  console.log(JSON.stringify(result, null, 2));
  if (!result.pass) process.exitCode = 1;
}
