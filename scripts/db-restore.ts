/**
 * `npm run db:restore -- FILE [--force]`: restores a backup from `db:backup` into DATA_DIR (PGlite, app
 * stopped) or DATABASE_URL (pg_restore). Refuses a non-empty folder or database unless --force.
 */
import path from 'node:path';
import { parseEnv } from '../src/server/env';
import { liveAppLock } from '../src/server/ops/app-lock';
import { appIsRunning, restorePglite, restorePostgres } from '../src/server/ops/backup';
import { appRoot } from '../src/server/paths';

const root = appRoot(import.meta.url);
const env = parseEnv();
const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run db:restore -- FILE [--force]');
  process.exit(2);
}
try {
  if (env.DATABASE_URL) await restorePostgres(path.resolve(file), env.DATABASE_URL, force);
  else {
    const dataDir = path.resolve(root, env.DATA_DIR);
    const lock = liveAppLock(dataDir);
    if (lock || (await appIsRunning(env.PORT)))
      throw new Error(`the app is running (${lock ? `pid ${lock.pid}, ` : ''}port ${lock?.port ?? env.PORT}); stop it first`);
    await restorePglite(path.resolve(file), dataDir, force);
  }
  console.log(`Restored ${file}`);
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exit(1);
}
