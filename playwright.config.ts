import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3300);
/** Three workers on the 2-core machine: a test often waits (a page's next poll, a server answer), and a third worker fills those pauses (decision 056). */
const WORKERS = Number(process.env.E2E_WORKERS ?? 3);

/**
 * Debian's old headless shell (package chromium-headless-shell): the same Blink and V8 without the full
 * browser's machinery, about a third less CPU per test than `chromium --headless`. The full browser still
 * runs the suite where the shell is not installed.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** End-to-end tests run on Debian's Chromium against the built app: per worker its own port and a fresh data folder. */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Per-port output and data folders let several runs share a machine without clobbering each other.
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: false,
  workers: WORKERS,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    // The production build registers a service worker (decision 093); Playwright cannot route what a worker
    // fetches, so tests run without it, and the installability test allows it for itself.
    serviceWorkers: 'block',
    // Locally a failed test keeps its trace (actions, DOM snapshots, network), without a screencast: recording
    // frames for every test cost about a fifth of the suite's CPU on the 2-core machine. CI keeps no files
    // (a failure is read from the log: the error, its call log and the page's ARIA snapshot), so it records none.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        ...(process.env.XARGS ? process.env.XARGS.split(' ') : []),
      ],
    },
  },
  // No webServer: each worker starts its own app on E2E_PORT + its index (tests/e2e/server.ts).
});
