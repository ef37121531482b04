/**
 * Compiles the server and its command-line tools to plain ESM in dist/server/ (node_modules stay external,
 * so the bundles are small and native modules load as usual). Each entry is its own file, next to a copy
 * of the migrations and of the PGlite worker, because `db/` finds both beside the running file.
 */
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const entries = {
  main: 'src/server/main.ts',
  'admin-create': 'scripts/admin-create.ts',
  'db-backup': 'scripts/db-backup.ts',
  'db-restore': 'scripts/db-restore.ts',
};

rmSync('dist/server', { recursive: true, force: true });
await Promise.all(
  Object.entries(entries).map(([name, entry]) =>
    build({
      entryPoints: [entry],
      outfile: `dist/server/${name}.js`,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: true,
      logLevel: 'warning',
    }),
  ),
);
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
// The embedded database's thread is started from its own file, found beside the running bundle (decision 035).
cpSync('src/server/db/pglite-worker.mjs', 'dist/server/pglite-worker.mjs');
