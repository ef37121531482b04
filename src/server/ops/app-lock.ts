import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The running app's note in its PGlite data folder (decision 045): only one process may open a folder, so
 * `npm run db:backup` reads this to find the app and asks it for the backup instead. The secret is made at
 * each start and readable only by the folder's owner, who could read the data files anyway.
 */
export const APP_LOCK_FILE = 'hoursight-app.json';

export interface AppLock {
  pid: number;
  port: number;
  secret: string;
}

const lockPath = (dataDir: string) => path.join(dataDir, APP_LOCK_FILE);

export function writeAppLock(dataDir: string, port: number): AppLock {
  const lock: AppLock = { pid: process.pid, port, secret: randomBytes(32).toString('base64url') };
  writeFileSync(lockPath(dataDir), JSON.stringify(lock), { mode: 0o600 });
  return lock;
}

export function removeAppLock(dataDir: string, lock: AppLock): void {
  // Only our own: a second app that started after us (and failed to open the folder) must not remove it.
  if (readAppLock(dataDir)?.secret === lock.secret) rmSync(lockPath(dataDir), { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

function readAppLock(dataDir: string): AppLock | undefined {
  if (!existsSync(lockPath(dataDir))) return undefined;
  try {
    const lock = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as Partial<AppLock>;
    if (typeof lock.pid === 'number' && typeof lock.port === 'number' && typeof lock.secret === 'string') return lock as AppLock;
  } catch {
    // A half-written or foreign file: treated as no app.
  }
  return undefined;
}

/** The lock of an app running on this folder now; a lock left by a process that died is ignored. */
export function liveAppLock(dataDir: string): AppLock | undefined {
  const lock = readAppLock(dataDir);
  return lock && alive(lock.pid) ? lock : undefined;
}
