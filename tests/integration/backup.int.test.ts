import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPglite, type Database } from '../../src/server/db/client';
import { APP_LOCK_FILE } from '../../src/server/ops/app-lock';
import { backupPglite, backupPostgres, restorePglite, restorePostgres } from '../../src/server/ops/backup';
import { DEMO_PASSWORD } from './harness';
import { TEMPLATE_DATABASE, withDatabase } from './shared';
import { BUILT_SERVER } from '../built-server';

/** A backup restored elsewhere holds the same rows, table by table, as the original. */
const base = path.resolve(`.test-data/backup-${process.pid}`);

/** Row count and an order-independent checksum of every row's text, for every table. */
const FINGERPRINT_TABLES = `select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`;
const fingerprintOf = (name: string) =>
  `select count(*)::int as n, coalesce(sum(hashtext(t::text)::bigint), 0)::text as sum from ${name} t`;

async function tableFingerprints(query: <R>(text: string) => Promise<R[]>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { name } of await query<{ name: string }>(FINGERPRINT_TABLES)) {
    const [r] = await query<{ n: number; sum: string }>(fingerprintOf(name));
    out[name] = `${r.n}:${r.sum}`;
  }
  return out;
}
const pgliteQuery =
  (database: Database) =>
  async <R>(text: string) =>
    (await database.pglite!.query<R>(text)).rows;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function seededFolder(dir: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  const seeded = await openPglite({ dataDir: dir, loadDataDir: new Blob([readFileSync(inject('pgliteSnapshotPath'))]) });
  await seeded.close();
}

/** `npm run db:backup` as an operator runs it (through tsx, as the package script does). */
function runBackupScript(env: Record<string, string>, file: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-backup.ts', file], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('backup and restore (PGlite)', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(base, { recursive: true, force: true });
  });

  it(
    'restores the demo database into a fresh folder with identical tables, and refuses a non-empty one',
    { timeout: 120_000 },
    async () => {
      if (inject('postgresUrl')) return; // PostgreSQL: see the pg_dump test below
      const original = path.join(base, 'original');
      const restored = path.join(base, 'restored');
      const file = path.join(base, 'backup.tar.gz');
      await seededFolder(original);
      const seeded = await openPglite({ dataDir: original });
      const before = await tableFingerprints(pgliteQuery(seeded));
      await seeded.close();
      expect(Number(before['public.site_users'].split(':')[0])).toBeGreaterThanOrEqual(3); // admin@, user@, viewer@

      await backupPglite(original, file);
      await restorePglite(file, restored, false);
      const copy = await openPglite({ dataDir: restored });
      try {
        expect(await tableFingerprints(pgliteQuery(copy))).toEqual(before);
      } finally {
        await copy.close();
      }

      const occupied = path.join(base, 'occupied');
      mkdirSync(occupied, { recursive: true });
      writeFileSync(path.join(occupied, 'something'), 'x');
      await expect(restorePglite(file, occupied, false)).rejects.toThrow(`${occupied} is not empty; pass --force to replace it`);
      await restorePglite(file, occupied, true);
    },
  );

  it('db:backup asks the running app for the backup through its lock file, and ignores a stale lock', { timeout: 180_000 }, async () => {
    if (inject('postgresUrl')) return;
    const dataDir = path.join(base, 'live');
    await seededFolder(dataDir);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, BUILT_SERVER, {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: url,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on('data', (b: Buffer) => b.toString().includes('Hoursight is running') && resolve());
      child!.on('exit', (code) => reject(new Error(`server exited with ${code} before it was ready`)));
    });
    const lockFile = path.join(dataDir, APP_LOCK_FILE);
    const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number; port: number; secret: string };
    expect({ pid: lock.pid, port: lock.port }).toEqual({ pid: child.pid, port });

    // The route is a 404 without this start's secret.
    expect((await fetch(`${url}/ops/backup`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${url}/ops/backup`, { method: 'POST', headers: { authorization: 'Bearer wrong' } })).status).toBe(404);

    // A write acknowledged before the backup is in it.
    const headers = { 'content-type': 'application/json', origin: url };
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'admin@demo.example', password: DEMO_PASSWORD }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const note = await fetch(`${url}/api/notes`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify({ title: 'before the backup', description: '', startDate: '2026-12-01', color: '#3b82f6' }),
    });
    expect(note.status).toBe(201);

    const file = path.join(base, 'live.tar.gz');
    const backup = runBackupScript({ DATA_DIR: dataDir, PORT: String(port) }, file);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain(`Backup written to ${file} (taken by the running app, pid ${child.pid})`);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false); // removed at a clean stop

    const restored = path.join(base, 'live-restored');
    await restorePglite(file, restored, false);
    expect(existsSync(path.join(restored, APP_LOCK_FILE))).toBe(false);
    const copy = await openPglite({ dataDir: restored });
    try {
      const { rows } = await copy.pglite!.query<{ title: string }>(`select title from notes where title = 'before the backup'`);
      expect(rows).toEqual([{ title: 'before the backup' }]);
    } finally {
      await copy.close();
    }

    // A lock left by a process that died (here: one that already exited) is ignored: the folder is opened directly.
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    writeFileSync(lockFile, JSON.stringify({ pid: Number(dead.stdout.trim()), port, secret: 'stale' }));
    const direct = runBackupScript({ DATA_DIR: dataDir, PORT: String(port) }, path.join(base, 'direct.tar.gz'));
    expect(direct.stderr).toBe('');
    expect(direct.status).toBe(0);
    expect(direct.stdout).not.toContain('running app');
  });
});

describe('backup and restore (PostgreSQL)', () => {
  const url = inject('postgresUrl');
  const suffix = `${process.env.HS_TEST_DB_SUFFIX ?? ''}_${randomBytes(3).toString('hex')}`;
  const source = `hs_backup_src${suffix}`;
  const target = `hs_backup_dst${suffix}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const fingerprints = async (db: string) => {
    const client = new pg.Client({ connectionString: withDatabase(url, db) });
    await client.connect();
    try {
      return await tableFingerprints(async <R>(text: string) => (await client.query(text)).rows as R[]);
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    if (!url) return;
    await admin(`DROP DATABASE IF EXISTS ${source} WITH (FORCE)`);
    await admin(`DROP DATABASE IF EXISTS ${target} WITH (FORCE)`);
    rmSync(base, { recursive: true, force: true });
  });

  it(
    'pg_dump (custom format) of the demo database restores into a fresh database with identical tables',
    { timeout: 120_000 },
    async () => {
      if (!url) return; // PGlite: see above
      await admin(`CREATE DATABASE ${source} TEMPLATE ${TEMPLATE_DATABASE}`);
      await admin(`CREATE DATABASE ${target}`);
      const before = await fingerprints(source);
      expect(Number(before['public.site_users'].split(':')[0])).toBeGreaterThanOrEqual(3);

      mkdirSync(base, { recursive: true });
      const file = path.join(base, 'pg.dump');
      backupPostgres(withDatabase(url, source), file);
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP'); // custom format's signature
      await restorePostgres(file, withDatabase(url, target), false);
      expect(await fingerprints(target)).toEqual(before);

      await expect(restorePostgres(file, withDatabase(url, target), false)).rejects.toThrow(
        'the database already has tables; pass --force to replace them',
      );
    },
  );
});
