/**
 * `npm run db:backup [FILE]`: PGlite (DATA_DIR) → a .tar.gz of the data folder, with the app stopped;
 * PostgreSQL (DATABASE_URL) → a pg_dump custom-format file. Default FILE: backups/hoursight-<time>.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from '../src/server/env';
import { appIsRunning, backupPglite, backupPostgres } from '../src/server/ops/backup';
import { appRoot } from '../src/server/paths';

const root = appRoot(import.meta.url);
const env = parseEnv();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(process.argv[2] ?? path.join(root, 'backups', `hoursight-${stamp}.${env.DATABASE_URL ? 'dump' : 'tar.gz'}`));
mkdirSync(path.dirname(file), { recursive: true });
try {
  if (env.DATABASE_URL) backupPostgres(env.DATABASE_URL, file);
  else {
    if (await appIsRunning(env.PORT)) throw new Error(`the app is running on port ${env.PORT}; stop it first (only one process may open a PGlite folder)`);
    await backupPglite(path.resolve(root, env.DATA_DIR), file);
  }
  console.log(`Backup written to ${file}`);
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
