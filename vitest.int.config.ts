import { defineConfig } from 'vitest/config';

/**
 * API integration tests: the app built with buildApp(deps) and called through app.inject.
 * The global setup migrates and seeds one database per run (a PGlite snapshot, or a PostgreSQL template
 * database when TEST_DATABASE_URL is set); each test file then gets its own copy through the harness.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.int.test.ts', 'tests/integration/**/*.int.test.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    environment: 'node',
    globalSetup: ['tests/integration/global-setup.ts'],
    hookTimeout: 60_000,
    testTimeout: 30_000,
    teardownTimeout: 30_000,
    pool: 'forks',
    isolate: false,
    // Two cores: two files at a time, each with its own database copy. `npm test` runs one (INT_WORKERS=1),
    // beside the end-to-end suite (scripts/test-all.mjs).
    maxWorkers: Number(process.env.INT_WORKERS ?? 2),
  },
});
