import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { PGliteThread } from './pglite-thread';

export type Schema = typeof schema;
/** Both drivers' databases and transactions satisfy this type, so services take either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database, when it is PGlite (pg-boss and snapshots need it): in its own thread unless opened with `thread: false`. */
  pglite?: PGliteThread | PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the embedded database. By default PGlite runs in a worker thread so that statements do not
 * block the event loop (decision 035); `thread: false` runs it in this thread (benchmarks compare).
 */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File; thread?: boolean } = {}): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client =
    options.thread === false
      ? await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir })
      : await PGliteThread.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  // The thread client has the part of PGlite's API that drizzle's driver calls (query, transaction).
  const db = drizzlePglite({ client: client as PGlite, schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  // Above the 16 writers the bench runs at once, so requests wait on locks, not for a connection.
  // Pipeline mode lets a short transaction send its statements without waiting between them (pipelined.ts).
  const pool = new pg.Pool({ connectionString, max: 20, pipeline: true });
  // numeric comes back as text from pg; drizzle's mode 'number' columns convert, raw queries get numbers too.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite({ dataDir: opts.dataDir });
}

/**
 * Applies the pending migrations, all in one transaction (drizzle's migrator): when one fails none is
 * applied and the schema stays as it was. `folder` lets the upgrade test run an older or broken set.
 */
export async function migrateDatabase(database: Database, folder = migrationsFolder): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: folder });
  } else {
    await migratePg(database.db as never, { migrationsFolder: folder });
  }
}
