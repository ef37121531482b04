/**
 * Builds the web app only when dist/web is older than what it is built from, so `npm test` builds once
 * and the e2e step reuses that build (issue 15 item 8).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const OUTPUT = 'dist/web/.vite/manifest.json';
const INPUTS = ['src/web', 'src/shared', 'vite.config.ts', 'scripts/precompress.ts', 'package-lock.json'];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newest(path.join(p, name))), s.mtimeMs);
}

const built = existsSync(OUTPUT) ? statSync(OUTPUT).mtimeMs : 0;
const changed = Math.max(...INPUTS.map(newest));
if (built > changed) {
  console.log('web build is up to date');
} else {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
