import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3300);
const baseURL = `http://localhost:${PORT}`;

/** End-to-end tests run on Debian's Chromium against the built app on its own port and a fresh data folder. */
export default defineConfig({
  testDir: 'tests/e2e',
  // Per-port output and data folders let several runs share a machine without clobbering each other.
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: false,
  workers: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  // TRUST_PROXY=loopback: the runner stands where a local reverse proxy would, so a spec that registers many
  // businesses can name distinct client addresses in X-Forwarded-For instead of sharing one address's limit.
  webServer: {
    command: `rm -rf .test-data/e2e-${PORT} && DATA_DIR=.test-data/e2e-${PORT} TRUST_PROXY=loopback PORT=${PORT} APP_URL=${baseURL} NODE_ENV=production npx tsx src/server/main.ts`,
    // /api/auth/me answers 401 once the server is up, which Playwright counts as ready.
    url: `${baseURL}/api/auth/me`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
