/**
 * Builds what is older than its sources, and nothing else: the web app (dist/web) and the compiled server
 * (dist/server). `npm test` builds once up front; the integration suite's child servers and every e2e worker
 * then run that build instead of compiling the sources again each (issue 15 item 8).
 *   node scripts/build-if-stale.mjs
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/*
 * Always a production build: this runs inside test runners, and vitest sets NODE_ENV=test, under which Vite
 * bundles React's development build (login 143 kB gzip instead of 81.5). That build then stayed in dist/ for
 * `npm start` to serve and for the bundle budget to fail on.
 */
const env = { ...process.env, NODE_ENV: 'production' };

const PARTS = [
  {
    name: 'web',
    output: 'dist/web/.vite/manifest.json',
    inputs: ['src/web', 'src/shared', 'vite.config.ts', 'scripts/precompress.ts', 'package-lock.json'],
    build: () => execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env }),
  },
  {
    name: 'server',
    output: 'dist/server/main.js',
    inputs: [
      'src/server',
      'src/shared',
      'scripts/build-server.mjs',
      'scripts/admin-create.ts',
      'scripts/db-backup.ts',
      'scripts/db-restore.ts',
      'package-lock.json',
    ],
    build: () => execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit', env }),
  },
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newest(path.join(p, name))), s.mtimeMs);
}

for (const part of PARTS) {
  const built = existsSync(part.output) ? statSync(part.output).mtimeMs : 0;
  if (built > Math.max(...part.inputs.map(newest))) console.log(`${part.name} build is up to date`);
  else part.build();
}
