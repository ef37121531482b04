/**
 * `npm start`: runs the compiled server with plain node, building first only when dist/ is missing or
 * older than the sources (so a second start skips the build and takes about a second).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ENTRY, SERVER_NODE_ARGS } from './server-command.mjs';

const SOURCES = ['src', 'package.json', 'package-lock.json', 'vite.config.ts', 'scripts/build-server.mjs'];
const OUTPUTS = [SERVER_ENTRY, 'dist/web/index.html'];

function newest(p) {
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const e of readdirSync(p)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

const missing = OUTPUTS.some((f) => !existsSync(f));
const stale = !missing && Math.max(...SOURCES.filter(existsSync).map(newest)) > Math.min(...OUTPUTS.map((f) => statSync(f).mtimeMs));
if (missing || stale) {
  console.log(missing ? 'dist/ is missing: building…' : 'sources changed since the last build: building…');
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// A `.env` beside package.json is read when present (see .env.example); variables already set in the
// environment win over the file, as with Node's own --env-file.
const child = spawn(process.execPath, ['--env-file-if-exists=.env', ...SERVER_NODE_ARGS, SERVER_ENTRY], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// Pass stop signals on; the server drains and exits by itself (graceful shutdown), and so do we.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
