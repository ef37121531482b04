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
  /** PostgreSQL: hears every connection failure the pool survived (logs, metrics). */
  onFault?(listener: FaultListener): void;
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

/**
 * How long a request waits for a connection (a free one, or a new one to connect) before answering 503: an
 * unreachable or silent database costs a request this much, not a hang.
 */
export const CONNECT_TIMEOUT_MS = 5_000;
/**
 * A statement with no answer this long is given up and its connection destroyed. A database host that vanished
 * without closing its sockets (a failover, a cut network) would otherwise hold every pooled connection until
 * TCP gave up, many minutes later. No request's statement comes near it; migrations run without it.
 */
export const QUERY_READ_TIMEOUT_MS = 15_000;

/** Called with each connection-level failure (a terminated backend, a reset socket): for logs and metrics. */
export type FaultListener = (err: Error) => void;

export async function openPostgres(connectionString: string, options: { queryTimeoutMs?: number; max?: number } = {}): Promise<Database> {
  // Above the 16 writers the bench runs at once, so requests wait on locks, not for a connection.
  // Pipeline mode lets a short transaction send its statements without waiting between them (pipelined.ts).
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 20,
    pipeline: true,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: options.queryTimeoutMs ?? QUERY_READ_TIMEOUT_MS,
    // Finds a peer that vanished while a connection sat idle in the pool.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  const listeners: FaultListener[] = [];
  const fault = (err: Error) => listeners.forEach((l) => l(err));
  // An idle connection's failure reaches the pool; a checked-out one's reaches only its client, and a client's
  // 'error' with no listener ends the process (a terminated backend between two statements of a transaction).
  // Every client gets a listener for its whole life; the statement in flight fails on its own and answers 503.
  pool.on('error', fault);
  pool.on('connect', (client) => client.on('error', fault));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', pool, onFault: (l) => void listeners.push(l), close: () => pool.end() };
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
    return;
  }
  // A migration may rewrite a large table: no read timeout, on a connection of its own.
  const connectionString = (database.pool!.options as { connectionString: string }).connectionString;
  const own = await openPostgres(connectionString, { queryTimeoutMs: 0, max: 1 });
  try {
    await migratePg(own.db as never, { migrationsFolder: folder });
  } finally {
    await own.close();
  }
}
