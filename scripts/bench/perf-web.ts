/**
 * Web performance rows of `npm run bench` (issue 15 item 3, decisions 033 and 034): Lighthouse desktop
 * performance for the calendar (signed in), the sign-in page and the employees page, median of 3 runs each
 * in Debian's Chromium against the production build served by the real server; and the gzip size of the
 * JavaScript each route loads (scripts/bundle-size.mjs). Runnable alone: `npx tsx scripts/bench/perf-web.ts`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3425);
const BASE = `http://localhost:${PORT}`;
const RUNS = 3;
const SCORE_TARGET = 98;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = [
  { name: 'calendar', path: '/', signedIn: true },
  { name: 'login', path: '/login', signedIn: false },
  { name: 'employees', path: '/employees', signedIn: true },
];

interface SizeRow {
  route: string;
  kb: number;
  budgetKb: number;
  targetKb: number;
  files: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function startApp(): Promise<() => void> {
  const dataDir = `.test-data/bench-web-${PORT}`;
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), APP_URL: BASE, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const stop = () => void child.kill('SIGTERM');
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/auth/me`)).status === 401) return stop;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(`app on ${BASE} did not start`);
}

async function signIn(): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ email: 'admin@demo.example', password: 'hoursight-demo' }),
  });
  if (res.status !== 200) throw new Error(`demo sign-in answered ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('hs_session='));
  if (!cookie) throw new Error('demo sign-in set no session cookie');
  return cookie.split(';')[0];
}

async function lighthouseScore(
  url: string,
  cookie: string | undefined,
  port: number,
): Promise<{ score: number; lcp: number; tbt: number }> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: cookie ? { Cookie: cookie } : undefined },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  return {
    score: Math.round((categories.performance.score ?? 0) * 100),
    lcp: audits['largest-contentful-paint'].numericValue ?? NaN,
    tbt: audits['total-blocking-time'].numericValue ?? NaN,
  };
}

function bundleSizes(): SizeRow[] {
  let out: string;
  try {
    out = execFileSync('node', ['scripts/bundle-size.mjs', '--json'], { encoding: 'utf8' });
  } catch (err) {
    // Over budget exits 1 but still printed the rows.
    out = String((err as { stdout?: string }).stdout ?? '');
  }
  return JSON.parse(out.split('\n')[0]) as SizeRow[];
}

export async function benchPerfWeb(): Promise<{ pass: boolean }> {
  execFileSync('node', ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
  let pass = true;
  for (const row of bundleSizes()) {
    const ok = row.kb <= row.targetKb && row.kb <= row.budgetKb;
    pass &&= ok;
    console.log(
      `${ok ? 'PASS' : 'FAIL'}  JS gzip, ${row.route}: ${row.kb} kB in ${row.files} files (target ≤ ${row.targetKb} kB; CI budget ${row.budgetKb} kB)`,
    );
  }

  const stop = await startApp();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const cookie = await signIn();
    for (const page of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++)
        runs.push(await lighthouseScore(`${BASE}${page.path}`, page.signedIn ? cookie : undefined, chrome.port));
      const score = median(runs.map((r) => r.score));
      const ok = score >= SCORE_TARGET;
      pass &&= ok;
      console.log(
        `${ok ? 'PASS' : 'FAIL'}  Lighthouse desktop, ${page.name}: median ${score} of [${runs.map((r) => r.score).join(', ')}], ` +
          `LCP ${Math.round(median(runs.map((r) => r.lcp)))} ms, TBT ${Math.round(median(runs.map((r) => r.tbt)))} ms (target ≥ ${SCORE_TARGET})`,
      );
    }
  } finally {
    await chrome.kill();
    stop();
  }
  return { pass };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchPerfWeb().then(
    (r) => process.exit(r.pass ? 0 : 1),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
