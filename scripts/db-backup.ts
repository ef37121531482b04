/**
 * `npm run db:backup [FILE]`: PGlite (DATA_DIR) → a .tar.gz of the data folder, taken by the running app
 * when its lock file names a live process, else by opening the folder;
 * PostgreSQL (DATABASE_URL) → a pg_dump custom-format file. Default FILE: backups/hoursight-<time>.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from '../src/server/env';
import { liveAppLock } from '../src/server/ops/app-lock';
import { appIsRunning, backupPglite, backupPostgres, backupThroughApp } from '../src/server/ops/backup';
import { appRoot } from '../src/server/paths';

const root = appRoot(import.meta.url);
const env = parseEnv();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(process.argv[2] ?? path.join(root, 'backups', `hoursight-${stamp}.${env.DATABASE_URL ? 'dump' : 'tar.gz'}`));
mkdirSync(path.dirname(file), { recursive: true });
let how = '';
try {
  if (env.DATABASE_URL) backupPostgres(env.DATABASE_URL, file);
  else {
    const dataDir = path.resolve(root, env.DATA_DIR);
    const lock = liveAppLock(dataDir);
    if (lock) {
      await backupThroughApp(lock, file);
      how = ` (taken by the running app, pid ${lock.pid})`;
    } else if (await appIsRunning(env.PORT))
      throw new Error(`something answers on port ${env.PORT} but ${dataDir} has no live app lock; is DATA_DIR the app's?`);
    else await backupPglite(dataDir, file);
  }
  console.log(`Backup written to ${file}${how}`);
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
