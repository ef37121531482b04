import { spawn } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrateDatabase, migrationsFolder, openPglite, openPostgres, type Database } from '../../src/server/db/client';
import { ensureReferenceData, seedDemo } from '../../src/server/seed';
import { withDatabase } from './shared';
import { BUILT_SERVER } from '../built-server';

/**
 * Upgrades: a database one migration behind, holding the demo business, is brought up to date by the start
 * sequence with every row kept; a migration that fails leaves the schema as it was and the app refuses to
 * start, saying why.
 */
const base = path.resolve(`.test-data/migrations-${process.pid}`);
const postgresUrl = inject('postgresUrl');
const pgName = `hs_migrations${process.env.HS_TEST_DB_SUFFIX ?? ''}_${randomBytes(3).toString('hex')}`;

/** The shipped migrations without the newest one: what the previous release ran. */
function previousRelease(): { folder: string; shipped: number } {
  const folder = path.join(base, 'previous-migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const newest = journal.entries.pop()!;
  rmSync(path.join(folder, `${newest.tag}.sql`));
  writeFileSync(journalFile, JSON.stringify(journal));
  return { folder, shipped: journal.entries.length + 1 };
}

/** Tables dropped on purpose: 0019 replaced the old limiters' logs with rate-limiter-flexible's counters (decision 071). */
const RETIRED_TABLES = ['login_attempts', 'rate_limit_events'];
/**
 * Cache marks, one row per site and database backend (decision 066): a migration that changes calendar data (0034
 * sets types' requestable flag) marks its sites from its own backend, which on PostgreSQL is a new row. Never fewer.
 */
const MARK_TABLES = ['site_data_marks'];
/** Columns moved on purpose: 0020-0021 moved employees' hours into their contract versions (decision 076). */
const MOVED_COLUMNS = [
  'efficiency',
  'monday_hours',
  'tuesday_hours',
  'wednesday_hours',
  'thursday_hours',
  'friday_hours',
  'saturday_hours',
  'sunday_hours',
  'default_hours',
].map((c) => `employees.${c}`);

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

async function schemaAndRows(database: Database) {
  const columns = rowsOf<{ c: string }>(
    await database.db.execute(
      sql`select table_name || '.' || column_name || ':' || data_type as c from information_schema.columns where table_schema = 'public' order by 1`,
    ),
  ).map((r) => r.c);
  const tables = rowsOf<{ t: string }>(
    await database.db.execute(
      sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  const counts: Record<string, number> = {};
  for (const { t } of tables)
    counts[t] = rowsOf<{ n: number }>(await database.db.execute(sql.raw(`select count(*)::int as n from "${t}"`)))[0].n;
  const applied = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0].n;
  return { columns, counts, applied };
}

/**
 * The demo business in a database of the previous schema. Today's seed code writes every column it knows, so
 * it cannot write into an older table: it seeds a fully migrated scratch database, and each table's rows are
 * copied across as JSON, which `json_populate_recordset` reads into the older row type (keys the old table
 * lacks are dropped). Foreign keys are left unchecked during the copy, and the id sequences moved past the rows.
 */
async function seedWithTodaysCode(target: Database) {
  const scratch = await openPglite({ thread: false });
  try {
    await migrateDatabase(scratch);
    await ensureReferenceData(scratch.db);
    await seedDemo(scratch.db, new Date());
    const tables = rowsOf<{ t: string }>(
      await target.db.execute(
        sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      ),
    ).map((r) => r.t);
    await target.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local session_replication_role = replica`));
      for (const t of tables) {
        const [{ rows }] = rowsOf<{ rows: string }>(
          await scratch.db.execute(sql.raw(`select coalesce(json_agg(x), '[]')::text as rows from "${t}" x`)),
        ).map((r) => ({ rows: r.rows }));
        await tx.execute(
          sql`insert into ${sql.identifier(t)} select * from json_populate_recordset(null::${sql.identifier(t)}, ${rows}::json)`,
        );
      }
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence(quote_ident(c.table_name), c.column_name), greatest(1, (xpath('/row/m/text()', query_to_xml(format('select max(%I) as m from %I', c.column_name, c.table_name), false, true, '')))[1]::text::bigint)) from information_schema.columns c where c.table_schema = 'public' and pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) is not null`,
        ),
      );
    });
  } finally {
    await scratch.close();
  }
}

const dataDir = path.join(base, 'data');
const open = () => (postgresUrl ? openPostgres(withDatabase(postgresUrl, pgName)) : openPglite({ dataDir }));

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The real start sequence (the built `src/server/main.ts`) on the test database; resolves with its exit code and output. */
function startApp(): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, BUILT_SERVER, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '1',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...(postgresUrl ? { DATABASE_URL: withDatabase(postgresUrl, pgName) } : { DATA_DIR: dataDir, DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (out += b.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

describe('upgrading the database at start', () => {
  afterAll(async () => {
    rmSync(base, { recursive: true, force: true });
    if (postgresUrl) await adminQuery(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
  });

  it(
    'a failed migration leaves the old schema and stops the start with a clear message; fixed, the upgrade keeps every row',
    { timeout: 180_000 },
    async () => {
      rmSync(base, { recursive: true, force: true });
      if (postgresUrl) await adminQuery(`CREATE DATABASE ${pgName}`);
      const previous = previousRelease();

      // The previous release's database, with the demo business in it.
      let database = await open();
      await migrateDatabase(database, previous.folder);
      await seedWithTodaysCode(database);
      const before = await schemaAndRows(database);
      expect(before.applied).toBe(previous.shipped - 1);
      expect(before.counts.site_users).toBeGreaterThanOrEqual(3);
      // Something in this database makes the upgrade fail part way: recording the new migration is refused
      // after its statements ran, so only an all-or-nothing upgrade leaves the schema untouched.
      await database.db.execute(
        sql.raw(
          `create function refuse_upgrade() returns trigger language plpgsql as $$ begin raise exception 'upgrade refused by the test'; end $$`,
        ),
      );
      await database.db.execute(
        sql.raw(
          `create trigger refuse_upgrade before insert on drizzle.__drizzle_migrations for each row execute function refuse_upgrade()`,
        ),
      );
      await database.close();

      const refused = await startApp();
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('Database upgrade failed, so Hoursight did not start: ');
      expect(refused.out).toContain('upgrade refused by the test');
      expect(refused.out).toContain('No migration was applied: the database is unchanged');
      expect(refused.out).not.toContain('Hoursight is running');

      database = await open();
      try {
        expect(await schemaAndRows(database)).toEqual(before);
        await database.db.execute(sql.raw(`drop trigger refuse_upgrade on drizzle.__drizzle_migrations`));
        await database.db.execute(sql.raw(`drop function refuse_upgrade()`));
        // The start sequence's upgrade, now that nothing stands in its way.
        await migrateDatabase(database);
        const after = await schemaAndRows(database);
        expect(after.applied).toBe(previous.shipped);
        // Every table that was there keeps its rows, but those a migration removes on purpose; tables the
        // newest migration adds may be new and empty.
        const kept = Object.keys(before.counts).filter((name) => !RETIRED_TABLES.includes(name) && !MARK_TABLES.includes(name));
        for (const name of MARK_TABLES) expect(after.counts[name]).toBeGreaterThanOrEqual(before.counts[name]);
        expect(Object.fromEntries(kept.map((name) => [name, after.counts[name]]))).toEqual(
          Object.fromEntries(kept.map((name) => [name, before.counts[name]])),
        );
        const keptColumns = before.columns.filter(
          (c) => !RETIRED_TABLES.includes(c.split('.')[0]) && !MOVED_COLUMNS.includes(c.split(':')[0]),
        );
        expect(after.columns).toEqual(expect.arrayContaining(keptColumns));
        expect(after.columns.length).toBeGreaterThanOrEqual(keptColumns.length);
      } finally {
        await database.close();
      }
    },
  );
});
