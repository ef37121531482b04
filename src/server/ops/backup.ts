import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { APP_LOCK_FILE, type AppLock } from './app-lock';

/**
 * Backups (decision 030). PGlite: the data folder dumped as one gzipped tar by PGlite itself; only one process
 * may open a folder, so this runs while the app is stopped. PostgreSQL: pg_dump in custom format, restored
 * with pg_restore; safe while the app runs (pg_dump reads one consistent snapshot).
 */

export async function backupPglite(dataDir: string, file: string): Promise<void> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`${dataDir} is not a database folder`);
  const db = await PGlite.create({ dataDir });
  try {
    const dump = await db.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
}

/** Asks the app running on this machine (found through its lock file) for the dump of its data folder. */
export async function backupThroughApp(lock: AppLock, file: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${lock.port}/ops/backup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${lock.secret}` },
  });
  if (!res.ok)
    throw new Error(`the running app (pid ${lock.pid}, port ${lock.port}) refused the backup: ${res.status} ${await res.text()}`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
}

export async function restorePglite(file: string, dataDir: string, force: boolean): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    if (!force) throw new Error(`${dataDir} is not empty; pass --force to replace it`);
    rmSync(dataDir, { recursive: true, force: true });
  }
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir, loadDataDir: new Blob([readFileSync(file)]) });
  await db.close();
  // A backup taken through the app holds that app's lock file; it describes a process that is not this one.
  rmSync(path.join(dataDir, APP_LOCK_FILE), { force: true });
}

function run(cmd: string, args: string[]): void {
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.error) throw new Error(`${cmd} could not run (${result.error.message}); install the PostgreSQL client tools`);
  if (result.status !== 0) throw new Error(`${cmd} failed with exit code ${result.status}`);
}

export function backupPostgres(databaseUrl: string, file: string): void {
  run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${databaseUrl}`]);
}

export async function restorePostgres(file: string, databaseUrl: string, force: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    );
    if (rows[0].n > 0 && !force) throw new Error('the database already has tables; pass --force to replace them');
  } finally {
    await client.end();
  }
  run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${databaseUrl}`, file]);
}

/** True when something answers /healthz on the app's port: the PGlite folder is then in use. */
export async function appIsRunning(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}
