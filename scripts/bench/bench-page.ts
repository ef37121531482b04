/**
 * The harness of the page benchmarks (render.ts, wallchart-draw.ts): builds a small Vite page from a folder
 * beside this file, serves it on a loopback port, opens it in Debian Chromium at 1440 × 900 once it says it is
 * ready (`body[data-ready="true"]`), runs `measure` on it, and removes everything afterwards.
 */
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
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

/** `pageFolder`: the page's folder under scripts/bench (e.g. `render-page`). */
export async function withBenchPage<T>(pageFolder: string, measure: (page: Page) => Promise<T>): Promise<T> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), `hoursight-${pageFolder}-`));
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
    await build({
      configFile: false,
      root: path.join(here, pageFolder),
      plugins: [react(), tailwindcss()],
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
    server = await serve(outDir);
    const { port } = server.address() as AddressInfo;
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForSelector('body[data-ready="true"]');
    return await measure(page);
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    rmSync(outDir, { recursive: true, force: true });
  }
}
